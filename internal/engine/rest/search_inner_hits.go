package rest

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// innerHitsOpts is one parsed inner_hits object (InnerHitBuilder): its name
// and the search options it applies to its hits, held in a searchSpec so a
// collapse group search can run with them.
type InnerHitsOpts struct {
	Name     string // "" when absent
	Named    bool   // name was given (collapse inner hits without one fail to render)
	Collapse string // the inner collapse field (collapse inner hits only)
	Spec     *searchSpec
}

// innerHits (searchSpec.inner, nil when none) is what a search request's inner hits need: the nested
// definitions handed to the engine, with their rendering options, and the
// collapse inner hits run after the search.
type InnerHits struct {
	Nested      []*search.InnerHitsDef
	Render      map[*search.InnerHitsDef]*InnerHitsOpts
	Collapse    []*InnerHitsOpts
	Expanded    map[*search.Hit][]ExpandedGroup
	CollapseMax int // max_concurrent_group_searches (accepted, no effect)
}

// innerHitsResult is one collapse group's rendered hits under a name.
type ExpandedGroup struct {
	Name string
	Hits any
}

// parseInnerHitsOpts reads an inner_hits object.
func parseInnerHitsOpts(v *xcontent.Value) (*InnerHitsOpts, error) {
	if v.Kind != xcontent.Object {
		return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(v.Line, v.Col)+" [inner_hits] inner_hits doesn't support values of type: "+v.Token())
	}
	o := &InnerHitsOpts{Spec: &searchSpec{Size: 3, TrackTotal: 10000}}
	s := o.Spec
	failed := func(m *xcontent.Member, cause error) error {
		e := apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [inner_hits] failed to parse field ["+m.Key+"]")
		if ce, ok := cause.(*apierr.Error); ok {
			e = e.WithCause(ce)
		}
		return e
	}
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		var err error
		switch m.Key {
		case "name":
			if val.Kind != xcontent.String {
				return nil, failed(m, nil)
			}
			o.Name, o.Named = val.Str, true
		case "ignore_unmapped":
			_, err = boolOf(m) // the nested query's own ignore_unmapped wins
		case "from", "size":
			n, ierr := intOf(m)
			if ierr != nil {
				return nil, failed(m, ierr)
			}
			if n < 0 {
				return nil, failed(m, apierr.IllegalArgument("illegal %s value, at least 0 or higher", m.Key))
			}
			if m.Key == "from" {
				s.From = n
			} else {
				s.Size = n
			}
		case "explain":
			s.Explain, err = boolOf(m)
		case "version":
			s.Version, err = boolOf(m)
		case "seq_no_primary_term":
			s.SeqNo, err = boolOf(m)
		case "track_scores":
			s.TrackScores, err = boolOf(m)
		case "stored_fields":
			s.StoredFields = []string{}
			if val.Kind == xcontent.String {
				s.StoredFields = append(s.StoredFields, val.Str)
			} else {
				for _, it := range val.Items {
					s.StoredFields = append(s.StoredFields, it.Text())
				}
			}
		case "docvalue_fields":
			s.DocValues, err = parseFieldFormats(m)
		case "fields":
			s.FetchFields, err = parseFieldFormats(m)
		case "script_fields":
			if e := innerScriptFieldsKind(val); e != nil {
				return nil, e
			}
			s.ScriptFields, err = search.ParseScriptFields(val)
		case "sort":
			s.Sort, err = parseSortValue(val)
		case "_source":
			s.Source, err = parseSourceValue(val)
		case "highlight":
			s.Highlight, err = search.ParseHighlight(val)
		case "collapse":
			if val.Kind != xcontent.Object || len(val.Members) != 1 || val.Members[0].Key != "field" || val.Members[0].Value.Kind != xcontent.String {
				return nil, failed(m, &apierr.Error{Status: 400, Type: apierr.TypeParsing, Reason: "Invalid token in the inner collapse",
					Meta: []apierr.Meta{{Key: "line", Value: val.Line}, {Key: "col", Value: val.Col}}})
			}
			o.Collapse = val.Members[0].Value.Str
		default:
			return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [inner_hits] unknown field ["+m.Key+"]")
		}
		if err != nil {
			// ObjectParser reports a failing field parser under its name.
			return nil, failed(m, err)
		}
	}
	return o, nil
}

// prepareNested sends the deprecation warnings of legacy nested sorts and
// collects the query's inner hits.
func (s *searchSpec) prepareNested(r *Request) error {
	for _, w := range search.NestedSortWarnings(s.Sort) {
		r.Warn(w)
	}
	return s.ExtractInnerHits()
}

// extractInnerHits collects the inner_hits of the query's nested queries as
// InnerHitContextBuilder.extractInnerHits does: through the compound
// queries, and below a nested query only when it has inner hits itself.
func (s *searchSpec) ExtractInnerHits() error {
	if s.Query == nil {
		return nil
	}
	st := s.innerState()
	defs, err := search.ExtractInnerHits(s.Query, func(raw *xcontent.Value) (*search.InnerHitsDef, error) {
		return innerHitsDef(raw, st)
	})
	if err != nil {
		return err
	}
	st.Nested = defs
	return nil
}

func (s *searchSpec) innerState() *InnerHits {
	if s.Inner == nil {
		s.Inner = &InnerHits{Render: map[*search.InnerHitsDef]*InnerHitsOpts{}}
	}
	return s.Inner
}

// innerHitsDef parses an inner_hits object into the engine's definition,
// keeping its rendering options.
func innerHitsDef(raw *xcontent.Value, st *InnerHits) (*search.InnerHitsDef, error) {
	o, err := parseInnerHitsOpts(raw)
	if err != nil {
		return nil, err
	}
	def := &search.InnerHitsDef{Name: o.Name, From: o.Spec.From, Size: o.Spec.Size, Sort: o.Spec.Sort,
		TrackScores: o.Spec.TrackScores, Explain: o.Spec.Explain, SeqNoPrimaryTerm: o.Spec.SeqNo, Highlight: o.Spec.Highlight}
	for _, f := range o.Spec.DocValues {
		def.DocValueFields = append(def.DocValueFields, f.Field)
	}
	def.ScriptFields = o.Spec.ScriptFields
	st.Render[def] = o
	return def, nil
}

// renderInnerHits is a hit's inner_hits object: its nested inner hits and
// its collapse groups, keyed by name in the order of the HashMap OpenSearch
// keeps them in; nil when there are none.
func (b *Backend) renderInnerHits(h *search.Hit, spec *searchSpec) jsonout.Object {
	if spec.Inner == nil {
		return nil
	}
	var out jsonout.Object
	for i := range h.InnerHits {
		out = append(out, b.renderNestedInnerHits(h, &h.InnerHits[i], spec.Inner, spec.TotalAsInt))
	}
	for _, g := range spec.Inner.Expanded[h] {
		// A collapse group replaces a nested entry of the same name, as
		// ExpandSearchPhase puts it into the same map.
		f := jsonout.Field{Key: g.Name, Value: jsonout.Object{{Key: "hits", Value: g.Hits}}}
		if i := slices.IndexFunc(out, func(x jsonout.Field) bool { return x.Key == g.Name }); i >= 0 {
			out[i] = f
		} else {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return search.HashOrdered(out)
}

// renderNestedInnerHits renders one definition's inner hits of a hit.
func (b *Backend) renderNestedInnerHits(h *search.Hit, ih *search.InnerHits, st *InnerHits, totalAsInt bool) jsonout.Field {
	hits := jsonout.Object{}
	if totalAsInt {
		hits = append(hits, jsonout.Field{Key: "total", Value: ih.Total})
	} else {
		hits = append(hits, jsonout.Field{Key: "total", Value: jsonout.Object{{Key: "value", Value: ih.Total}, {Key: "relation", Value: "eq"}}})
	}
	hits = append(hits, jsonout.Field{Key: "max_score", Value: scoreOrNull(ih.MaxScore)})
	list := make([]any, 0, len(ih.Hits))
	o := st.Render[ih.Def]
	for i := range ih.Hits {
		if jh := ih.Hits[i].Join; jh != nil {
			// A parent-join inner hit is a document of the hit's shard.
			hit := *jh
			hit.Target = h.Target
			list = append(list, b.renderHit(&hit, o.Spec))
			continue
		}
		list = append(list, b.renderNestedInnerHit(h, &ih.Hits[i], o, st, totalAsInt))
	}
	hits = append(hits, jsonout.Field{Key: "hits", Value: list})
	return jsonout.Field{Key: ih.Def.Key(), Value: jsonout.Object{{Key: "hits", Value: hits}}}
}

// renderNestedInnerHit renders one nested document as SearchHit does: the
// root's index and id, the _nested identity, and the nested object as
// _source (filtered with full paths, in HashMap order as the fetch phase
// rebuilds it).
func (b *Backend) renderNestedInnerHit(h *search.Hit, ih *search.InnerHit, o *InnerHitsOpts, st *InnerHits, totalAsInt bool) jsonout.Object {
	spec := o.Spec
	out := make(jsonout.Object, 0, 10)
	if ih.Explanation != nil {
		out = append(out, jsonout.Field{Key: "_shard", Value: "[" + h.Target.Index.Name + "][" + strconv.Itoa(h.Target.Shard) + "]"},
			jsonout.Field{Key: "_node", Value: b.nodeOf(h.Target.Shard)})
	}
	out = append(out, jsonout.Field{Key: "_index", Value: h.Target.Index.Name}, jsonout.Field{Key: "_id", Value: h.Doc.ID},
		jsonout.Field{Key: "_nested", Value: search.NestedIdentity(ih.Nested)})
	if spec.Version {
		out = append(out, jsonout.Field{Key: "_version", Value: h.Doc.Version})
	}
	out = append(out, jsonout.Field{Key: "_score", Value: scoreOrNull(ih.Score)})
	wrapped := search.WrapNested(ih.Source, ih.Nested)
	// With _source disabled in the mapping there is no source to cut the
	// nested object from.
	if m := h.Target.Index.Mapping(); spec.WantsSource() && !spec.Source.Disabled && (m == nil || m.SourceEnabled == nil || *m.SourceEnabled) {
		out = append(out, jsonout.Field{Key: "_source", Value: search.NestedSource(wrapped, ih.Nested, spec.Source)})
	}
	if len(ih.DocValues) > 0 || len(ih.ScriptFields) > 0 || len(spec.FetchFields) > 0 || len(spec.StoredFields) > 0 {
		src, _ := jsonout.Marshal(wrapped)
		fh := &search.Hit{Target: h.Target, Doc: shard.Doc{Source: src}, DocValues: ih.DocValues, ScriptFields: ih.ScriptFields}
		if fields := hitFields(fh, spec); len(fields) > 0 {
			out = append(out, jsonout.Field{Key: "fields", Value: fields})
		}
	}
	if len(ih.Highlight) > 0 {
		hl := make(jsonout.Object, 0, len(ih.Highlight))
		for _, f := range ih.Highlight {
			hl = append(hl, jsonout.Field{Key: f.Field, Value: f.Fragments})
		}
		out = append(out, jsonout.Field{Key: "highlight", Value: search.HashOrdered(hl)})
	}
	if ih.SortValues != nil {
		out = append(out, jsonout.Field{Key: "sort", Value: ih.SortValues})
	}
	if ih.Explanation != nil {
		out = append(out, jsonout.Field{Key: "_explanation", Value: json.RawMessage(ih.Explanation.AppendJSON(nil))})
	}
	if len(ih.InnerHits) > 0 {
		var inner jsonout.Object
		for i := range ih.InnerHits {
			inner = append(inner, b.renderNestedInnerHits(h, &ih.InnerHits[i], st, totalAsInt))
		}
		out = append(out, jsonout.Field{Key: "inner_hits", Value: search.HashOrdered(inner)})
	}
	return out
}

// applyInnerHits hands the nested inner hits to the engine request (a
// scroll's later pages fetch them as its first page does).
func (s *searchSpec) ApplyInnerHits(req *search.Request) *apierr.Error {
	if s.Inner == nil || len(s.Inner.Nested) == 0 {
		return nil
	}
	req.InnerHits = s.Inner.Nested
	return nil
}
