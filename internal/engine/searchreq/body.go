package searchreq

import (
	"math"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/aggs"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// ParseBody reads a search body (SearchSourceBuilder.parseXContent) into s,
// over what s already holds.
func (s *Spec) ParseBody(v *xcontent.Value) error {
	if v.Kind != xcontent.Object {
		return apierr.New(apierr.TypeParsing, "Expected [START_OBJECT] but found ["+v.Token()+"]")
	}
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		var err error
		switch m.Key {
		case "query":
			q, perr := dsl.Parse(val)
			if perr != nil {
				return APIError(perr)
			}
			s.Query = q
		case "from":
			s.From, err = intOf(m)
		case "size":
			s.Size, err = intOf(m)
		case "sort":
			s.Sort, err = parseSortValue(val)
		case "_source":
			s.Source, err = parseSourceValue(val)
			s.SourceGiven = true
		case "track_total_hits":
			switch val.Kind {
			case xcontent.Bool:
				s.TrackTotal = map[bool]int{true: math.MaxInt32, false: -1}[val.Bool]
			default:
				s.TrackTotal, err = intOf(m)
			}
			s.TrackTotalSet = true
		case "track_scores":
			s.TrackScores, err = boolOf(m)
		case "min_score":
			f, ok := val.Float64()
			if !ok {
				return unknownKey(m)
			}
			f32 := float32(f)
			s.MinScore = &f32
		case "terminate_after":
			s.TerminateAfter, err = intOf(m)
		case "explain":
			s.Explain, err = boolOf(m)
		case "version":
			s.Version, err = boolOf(m)
		case "seq_no_primary_term":
			s.SeqNo, err = boolOf(m)
		case "search_after":
			if val.Kind != xcontent.Array {
				return unknownKey(m)
			}
			s.SearchAfter = []any{}
			for j := range val.Items {
				it := &val.Items[j]
				switch it.Kind {
				case xcontent.Number:
					if n, ok := it.Int64(); ok && it.IsInteger() {
						s.SearchAfter = append(s.SearchAfter, n)
					} else if u, err := strconv.ParseUint(it.Str, 10, 64); err == nil && it.IsInteger() {
						s.SearchAfter = append(s.SearchAfter, u) // an unsigned_long value above 2^63-1
					} else {
						f, _ := it.Float64()
						s.SearchAfter = append(s.SearchAfter, f)
					}
				case xcontent.Null:
					s.SearchAfter = append(s.SearchAfter, nil)
				case xcontent.Bool:
					s.SearchAfter = append(s.SearchAfter, it.Bool)
				case xcontent.String:
					s.SearchAfter = append(s.SearchAfter, it.Text())
				default:
					return &apierr.Error{Status: 400, Type: apierr.TypeParsing,
						Reason: "Expected [VALUE_STRING] or [VALUE_NUMBER] or [VALUE_BOOLEAN] or [VALUE_NULL] but found [" + it.Token() + "] inside search_after.",
						Meta:   []apierr.Meta{{Key: "line", Value: it.Line}, {Key: "col", Value: it.Col}}}
				}
			}
		case "timeout":
			if _, terr := settings.ParseTimeValue(val.Text(), "timeout"); terr != nil {
				return terr
			}
		case "stats", "track_scores_default":
		case "indices_boost":
			s.IndexBoosts = nil
			items := val.Items
			if val.Kind == xcontent.Object {
				items = []xcontent.Value{*val} // the older {"index": boost} form
			}
			for _, item := range items {
				for _, ib := range item.Members {
					f, ok := ib.Value.Float64()
					if !ok {
						return apierr.New(apierr.TypeParsing, "Expected [VALUE_NUMBER] in ["+m.Key+"] but found ["+ib.Value.Token()+"]")
					}
					s.IndexBoosts = append(s.IndexBoosts, IndexBoost{Expr: ib.Key, Boost: float32(f)})
				}
			}
		case "docvalue_fields":
			s.DocValues, err = parseFieldFormats(m)
		case "fields":
			s.FetchFields, err = parseFieldFormats(m)
		case "stored_fields":
			s.StoredFields = storedFieldNames(val)
		case "post_filter":
			q, perr := dsl.Parse(val)
			if perr != nil {
				return APIError(perr)
			}
			s.PostFilter = q
		case "profile":
			s.Profile, err = boolOf(m)
		case "aggs", "aggregations":
			var aerr *apierr.Error
			if s.Aggs, aerr = aggs.Parse(val, s.Warn); aerr != nil {
				return aerr
			}
			err = s.compileTopHits()
		case "highlight":
			s.Highlight, err = search.ParseHighlight(val)
		case "derived":
			if val.Kind != xcontent.Object {
				return unknownKey(m)
			}
			// A bad definition fails each shard, where OpenSearch's
			// derived field resolver parses it.
			s.Derived, s.DerivedErr = parseDerivedSection(val)
		case "script_fields":
			s.ScriptFieldCount = len(val.Members)
			s.ScriptFields, err = search.ParseScriptFields(val)
		case "rescore":
			s.Rescore, err = parseRescore(m)
		case "collapse":
			if val.Kind != xcontent.Object {
				return unknownKey(m)
			}
			for _, cm := range val.Members {
				switch cm.Key {
				case "field":
					s.Collapse = cm.Value.Text()
				case "inner_hits", "max_concurrent_group_searches":
					if err := s.parseCollapseInnerHits(&cm); err != nil {
						return err
					}
				default:
					return apierr.New(apierr.TypeXContentParse, xcontent.Loc(cm.Line, cm.Col)+" [collapse] unknown field ["+cm.Key+"]")
				}
			}
			if s.Collapse == "" {
				return apierr.New(apierr.TypeXContentParse, xcontent.Loc(val.EndLine, val.EndCol)+" Required [field]")
			}
		case "slice":
			if s.Slice, err = search.ParseSlice(val); err != nil {
				return err
			}
		case "suggest":
			err = s.parseSuggest(m)
		case "pit", "ext", "runtime_mappings", "search_pipeline":
			return apierr.Unsupported("the search option [" + m.Key + "]")
		default:
			return unknownKey(m)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func intOf(m *xcontent.Member) (int, error) { return search.BodyInt(m) }

func boolOf(m *xcontent.Member) (bool, error) { return search.BodyBool(m) }

// parseSourceValue reads the body's _source: bool, string, array or
// {includes, excludes}.
func parseSourceValue(v *xcontent.Value) (search.SourceFilter, error) {
	var f search.SourceFilter
	list := func(x *xcontent.Value) []string {
		if x.Kind == xcontent.String {
			return []string{x.Str}
		}
		var out []string
		for _, it := range x.Items {
			out = append(out, it.Text())
		}
		return out
	}
	switch v.Kind {
	case xcontent.Bool:
		f.Disabled = !v.Bool
	case xcontent.String, xcontent.Array:
		f.Includes = list(v)
	case xcontent.Object:
		for _, m := range v.Members {
			switch m.Key {
			case "includes", "include":
				f.Includes = list(&m.Value)
			case "excludes", "exclude":
				f.Excludes = list(&m.Value)
			default:
				return f, apierr.New(apierr.TypeParsing, "Unknown key for a "+m.Value.Token()+" in ["+m.Key+"].")
			}
		}
	default:
		return f, apierr.New(apierr.TypeParsing, "Unknown key for a "+v.Token()+" in [_source].")
	}
	return f, nil
}

// parseSortValue reads the body's sort.
func parseSortValue(v *xcontent.Value) ([]search.Sort, error) {
	var out []search.Sort
	one := func(x *xcontent.Value) error {
		switch x.Kind {
		case xcontent.String:
			out = append(out, sortFor(x.Str, ""))
			return nil
		case xcontent.Object:
			for _, m := range x.Members {
				if m.Key == "_geo_distance" || m.Key == "_geoDistance" {
					gs, err := search.ParseGeoSort(&m.Value)
					if err != nil {
						return err
					}
					out = append(out, gs)
					continue
				}
				if m.Key == "_script" {
					ss, err := search.ParseScriptSort(&m.Value)
					if err != nil {
						return err
					}
					out = append(out, ss)
					continue
				}
				s := sortFor(m.Key, "")
				switch m.Value.Kind {
				case xcontent.String:
					if err := setOrder(&s, m.Value.Str); err != nil {
						return err
					}
				case xcontent.Object:
					for _, o := range m.Value.Members {
						switch o.Key {
						case "order":
							if err := setOrder(&s, o.Value.Text()); err != nil {
								return apierr.New(apierr.TypeXContentParse, xcontent.Loc(o.Line, o.Col)+" [field_sort] failed to parse field [order]").WithCause(err.(*apierr.Error))
							}
						case "missing":
							s.Missing = o.Value.Text()
						case "mode":
							s.Mode = o.Value.Text()
						case "unmapped_type":
							s.UnmappedType = o.Value.Text()
						case "format", "numeric_type":
						case "nested", "nested_path", "nested_filter":
							if err := search.ParseNestedSortOption(&s, &o); err != nil {
								return err
							}
						default:
							return apierr.New(apierr.TypeXContentParse, xcontent.Loc(o.Line, o.Col)+" [field_sort] unknown field ["+o.Key+"]")
						}
					}
				}
				out = append(out, s)
			}
			return nil
		}
		return apierr.New(apierr.TypeParsing, "unexpected token ["+x.Token()+"] in sort")
	}
	if v.Kind == xcontent.Array {
		for i := range v.Items {
			if err := one(&v.Items[i]); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return out, one(v)
}

func sortFor(field, order string) search.Sort {
	switch field {
	case "_score":
		return search.Sort{Kind: search.SortScore, Desc: true}
	case "_doc":
		return search.Sort{Kind: search.SortDoc}
	}
	return search.Sort{Field: field}
}

func setOrder(s *search.Sort, order string) error { return s.SetOrder(order) }

// parseFieldFormats reads ["f", {"field": "g", "format": "..."}].
func parseFieldFormats(m *xcontent.Member) ([]FieldFormat, error) {
	v := &m.Value
	items := []xcontent.Value{*v}
	if v.Kind == xcontent.Array {
		items = v.Items
	}
	out := []FieldFormat{}
	for i := range items {
		it := &items[i]
		switch it.Kind {
		case xcontent.String:
			out = append(out, FieldFormat{Field: it.Str})
		case xcontent.Object:
			var ff FieldFormat
			for _, fm := range it.Members {
				switch fm.Key {
				case "field":
					ff.Field = fm.Value.Text()
				case "format":
					ff.Format = fm.Value.Text()
				case "include_unmapped":
				default:
					return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(fm.Line, fm.Col)+" [field_and_format] unknown field ["+fm.Key+"]")
				}
			}
			if ff.Format == "use_field_mapping" {
				ff.Format = ""
			}
			out = append(out, ff)
		default:
			return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(it.Line, it.Col)+" ["+m.Key+"] failed to parse field ["+m.Key+"]")
		}
	}
	return out, nil
}

// parseDerivedSection reads the body's derived fields as the mapping's
// derived section is read.
func parseDerivedSection(v *xcontent.Value) (map[string]*mapping.DerivedField, *apierr.Error) {
	doc, err := jsonout.Decode(v.AppendJSON(nil))
	if err != nil {
		return nil, apierr.New(apierr.TypeParsing, err.Error())
	}
	return mapping.ParseDerived(doc)
}

// storedFieldNames reads stored_fields, one name or an array of them; the
// list is never nil, so "stored_fields": [] still turns _source off.
func storedFieldNames(val *xcontent.Value) []string {
	if val.Kind == xcontent.String {
		return []string{val.Str}
	}
	names := []string{}
	for _, it := range val.Items {
		names = append(names, it.Text())
	}
	return names
}
