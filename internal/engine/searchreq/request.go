package searchreq

import (
	"bytes"
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/aggs"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/urlparams"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Spec is a parsed search request (URL parameters and body). Its zero
// value is no request: Parse sets the defaults (size 10, totals tracked up
// to 10,000).
type Spec struct {
	Query            dsl.Query
	From, Size       int
	Sort             []search.Sort
	Source           search.SourceFilter
	TrackTotal       int  // the count cap: -1 off, math.MaxInt32 exact
	TrackTotalSet    bool // track_total_hits was given
	TotalAsInt       bool // rest_total_hits_as_int
	TrackScores      bool
	MinScore         *float32
	TerminateAfter   int
	Explain          bool
	Version          bool
	SeqNo            bool
	SearchAfter      []any
	DFS              bool
	Scroll           bool
	PIT              *PITSearch    // the body's "pit", nil without one
	DocValues        []FieldFormat // docvalue_fields
	FetchFields      []FieldFormat // fields
	StoredFields     []string      // nil: not given
	PostFilter       dsl.Query
	Highlight        *search.Highlight
	ShardsPref       map[int]bool     // preference=_shards:..., nil for all
	NoPartial        bool             // allow_partial_search_results=false
	Collapse         string           // collapse.field
	Slice            *search.Slice    // nil: not sliced
	ScriptFieldCount int              // how many script_fields
	Rescore          []dsl.Rescore    // the rescorers, in order
	IndexBoosts      []IndexBoost     // indices_boost, in request order
	Inner            *InnerHits       // inner hits of nested queries and collapse (inner_hits.go)
	Suggest          *SuggestSpec     // the suggest section (suggest.go)
	Aggs             *aggs.Tree       // the aggregations (nil for none)
	TypedKeys        bool             // typed_keys: aggregation names carry their type
	NamedScores      bool             // include_named_queries_score: matched_queries with scores
	Profile          bool             // profile: the shards' timings are reported
	Human            bool             // human: the profile's times also print in units
	Cancel           search.Canceller // the task the search runs as (nil: none)
	Facts            *Facts           // what the search recorded as it ran; nil for none

	ScriptFields []search.ScriptField             // script_fields
	Derived      map[string]*mapping.DerivedField // the body's derived fields
	DerivedErr   *apierr.Error                    // why they could not be read
	SourceGiven  bool                             // _source was asked for explicitly (body or URL)
	Warn         func(string)                     // receives the search's deprecation warnings (nil: none)

	// TopHits are the aggregations' top_hits definitions with their
	// rendering options (top_hits.go).
	TopHits map[*search.TopHitsDef]*Spec
}

// APIError converts a parser error (an *xcontent.Error) into the API
// error; other errors pass through.
func APIError(err error) error {
	if xe, ok := err.(*xcontent.Error); ok {
		return apierr.FromXContent(xe)
	}
	return err
}

// Parse reads a search body and the URL parameters into a spec, as
// RestSearchAction.parseSearchRequest does: the body first, then the
// parameters, which win over it. body may be nil. On a parameter error the
// spec read so far comes back with the error.
//
// warn receives the deprecation warnings the request earns (nil: none are
// kept); the spec keeps it for the warnings of the search itself. onBody,
// when set, sees the parsed body before the parser takes its "pit" out
// (task descriptions are built from it); it is not kept.
func Parse(p urlparams.Params, body []byte, warn func(string), onBody func(*xcontent.Value)) (*Spec, error) {
	s := &Spec{Size: 10, TrackTotal: 10000, Warn: warn, Human: p.Human(), Facts: &Facts{}}
	if warn == nil {
		warn = func(string) {}
	}
	s.Facts.Spec = s
	var parsed *xcontent.Value
	defer func() { s.Facts.SuggestOnly = suggestOnlyOf(parsed, p) }()
	if len(bytes.TrimSpace(body)) > 0 {
		v, err := xcontent.Parse(body)
		if err != nil {
			return nil, APIError(err)
		}
		parsed = v
		if onBody != nil {
			onBody(v)
		}
		if err := s.TakePIT(v); err != nil {
			return nil, err
		}
		if err := s.ParseBody(v); err != nil {
			return nil, err
		}
	}
	if err := s.ApplyParams(p); err != nil {
		return s, err
	}
	if err := s.prepareNested(warn); err != nil {
		return s, err
	}
	// Deprecations are sent when the shards build the query.
	for _, q := range append([]dsl.Query{s.Query, s.PostFilter}, s.RescoreQueries()...) {
		for _, w := range search.Warnings(q) {
			warn(w)
		}
	}
	return s, nil
}

func unknownKey(m *xcontent.Member) *apierr.Error { return search.UnknownKey(m) }

// ParsingAt is a ParsingException at a token's location (line and col in
// the error's metadata).
func ParsingAt(line, col int, reason string) *apierr.Error {
	return &apierr.Error{Status: 400, Type: apierr.TypeParsing, Reason: reason, Meta: []apierr.Meta{{Key: "line", Value: line}, {Key: "col", Value: col}}}
}

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
			s.StoredFields = []string{}
			if val.Kind == xcontent.String {
				s.StoredFields = append(s.StoredFields, val.Str)
			} else {
				for _, it := range val.Items {
					s.StoredFields = append(s.StoredFields, it.Text())
				}
			}
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

// ApplyParams applies the URL parameters, which win over the body.
func (s *Spec) ApplyParams(p urlparams.Params) error {
	var err error
	if s.TypedKeys, err = p.Bool("typed_keys", false); err != nil {
		return err
	}
	if s.NamedScores, err = p.Bool("include_named_queries_score", false); err != nil {
		return err
	}
	if q, ok := p.Param("q"); ok {
		u := dsl.URLQuery{Q: q, DF: p["df"], Analyzer: p["analyzer"], AnalyzeWildcard: p["analyze_wildcard"],
			Lenient: p["lenient"], DefaultOperator: p["default_operator"]}
		qs, qerr := dsl.QueryStringFromURL(u)
		if qerr != nil {
			return APIError(qerr)
		}
		s.Query = qs
	}
	if _, ok := p.Param("from"); ok {
		n, e := p.Int("from", 0)
		if e != nil {
			return e
		}
		s.From = int(n)
	}
	if _, ok := p.Param("size"); ok {
		n, e := p.Int("size", 10)
		if e != nil {
			return e
		}
		s.Size = int(n)
	}
	if v, ok := p.Param("sort"); ok && v != "" {
		s.Sort = nil
		for _, part := range strings.Split(v, ",") {
			field, order, _ := strings.Cut(part, ":")
			so := sortFor(field, "")
			if order != "" {
				if err := setOrder(&so, order); err != nil {
					return err
				}
			}
			s.Sort = append(s.Sort, so)
		}
	}
	if p.Has("_source") || p.Has("_source_includes") || p.Has("_source_excludes") {
		s.SourceGiven = true
		if s.Source, err = SourceParams(p); err != nil {
			return err
		}
	}
	if v, ok := p.Param("track_total_hits"); ok {
		switch v {
		case "true", "":
			s.TrackTotal = math.MaxInt32
		case "false":
			s.TrackTotal = -1
		default:
			n, e := strconv.Atoi(v)
			if e != nil {
				return apierr.IllegalArgument("Failed to parse int parameter [track_total_hits] with value [%s]", v)
			}
			s.TrackTotal = n
		}
		s.TrackTotalSet = true
	}
	if s.TrackTotal < -1 {
		return apierr.IllegalArgument("[track_total_hits] parameter must be positive or equals to -1, got %d", s.TrackTotal)
	}
	if s.TotalAsInt, err = p.Bool("rest_total_hits_as_int", false); err != nil {
		return err
	}
	if s.TotalAsInt {
		switch {
		case !s.TrackTotalSet:
			s.TrackTotal = math.MaxInt32
		case s.TrackTotal != -1 && s.TrackTotal != math.MaxInt32:
			return apierr.IllegalArgument("[rest_total_hits_as_int] cannot be used if the tracking of total hits is not accurate, got %d", s.TrackTotal)
		}
	}
	// parseSearchSource reads explain, version and seq_no_primary_term with
	// the Boolean overload (empty: unset) and track_scores with the boolean
	// one (empty: true).
	for name, dst := range map[string]*bool{"explain": &s.Explain, "version": &s.Version, "seq_no_primary_term": &s.SeqNo} {
		if p.Has(name) {
			if *dst, err = p.BoolOrDefault(name, false); err != nil {
				return err
			}
		}
	}
	if p.Has("track_scores") {
		if s.TrackScores, err = p.Bool("track_scores", false); err != nil {
			return err
		}
	}
	if p.Has("terminate_after") {
		n, e := p.Int("terminate_after", 0)
		if e != nil {
			return e
		}
		s.TerminateAfter = int(n)
	}
	if v, ok := p.Param("search_type"); ok {
		switch v {
		case "query_then_fetch":
		case "dfs_query_then_fetch":
			s.DFS = true
		default:
			return apierr.IllegalArgument("No search type for [%s]", v)
		}
	}
	for _, f := range p.List("docvalue_fields") {
		s.DocValues = append(s.DocValues, FieldFormat{Field: f})
	}
	if v, ok := p.Param("stored_fields"); ok {
		s.StoredFields = strings.Split(v, ",")
	}
	if v, ok := p.Param("preference"); ok {
		if err := s.ParsePreference(v); err != nil {
			return err
		}
	}
	if err := s.applySuggestParams(p); err != nil {
		return err
	}
	if p.Has("allow_partial_search_results") {
		allow, err := p.BoolOrDefault("allow_partial_search_results", true)
		if err != nil {
			return err
		}
		s.NoPartial = !allow
	}
	if _, err := p.Duration("timeout", 0); err != nil {
		return err
	}
	if _, err := p.BoolOrDefault("request_cache", false); err != nil {
		return err // RestSearchAction reads it with the Boolean overload
	}
	if s.From < 0 {
		return apierr.IllegalArgument("[from] parameter cannot be negative, found [%d]", s.From)
	}
	if s.Size < 0 {
		return apierr.IllegalArgument("[size] parameter cannot be negative, found [%d]", s.Size)
	}
	s.dropScoreSort()
	if s.SearchAfter != nil {
		// SearchAfterBuilder.buildFieldDoc: a lone descending _score is no
		// sort (dropScoreSort), so it cannot carry a cursor either.
		if len(s.Sort) == 0 {
			return apierr.IllegalArgument("Sort must contain at least one field.")
		}
		if len(s.SearchAfter) != len(s.Sort) {
			return apierr.IllegalArgument("search_after has %d value(s) but sort has %d.", len(s.SearchAfter), len(s.Sort))
		}
		if s.From > 0 {
			return apierr.Validation("[from] parameter must be set to 0 when [search_after] is used")
		}
	}
	return nil
}

// ParseXContent parses a request body, its syntax errors as the API error.
func ParseXContent(body []byte) (*xcontent.Value, error) {
	v, err := xcontent.Parse(body)
	if err != nil {
		return nil, APIError(err)
	}
	return v, nil
}

// FieldFormat is one entry of docvalue_fields or fields.
type FieldFormat struct {
	Field, Format string
}

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

// ParsePreference reads the preference parameter: _shards:a,b (optionally
// followed by |another preference) restricts the shards; the node
// preferences are accepted (one simulated copy per shard); other values are
// custom strings, except unknown ones starting with "_".
func (s *Spec) ParsePreference(v string) error {
	first, _, _ := strings.Cut(v, "|")
	if !strings.HasPrefix(first, "_") {
		return nil
	}
	name, arg, _ := strings.Cut(first, ":")
	switch name {
	case "_shards":
		s.ShardsPref = map[int]bool{}
		for _, p := range strings.Split(arg, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil {
				return apierr.IllegalArgument("no Preference for [%s]", v)
			}
			s.ShardsPref[n] = true
		}
	case "_local", "_only_local", "_prefer_nodes", "_only_nodes":
	default:
		return apierr.IllegalArgument("no Preference for [%s]", name)
	}
	return nil
}

// IndexBoost is one entry of indices_boost: an index expression (name, alias
// or wildcard) and the factor for the indexes it names.
type IndexBoost struct {
	Expr  string
	Boost float32
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
