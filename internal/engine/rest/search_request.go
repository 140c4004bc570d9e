package rest

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
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// searchSpec is a parsed search request (URL parameters and body).
type searchSpec struct {
	query          dsl.Query
	from, size     int
	sort           []search.Sort
	source         search.SourceFilter
	trackTotal     int  // the count cap: -1 off, math.MaxInt32 exact
	trackTotalSet  bool // track_total_hits was given
	totalAsInt     bool
	trackScores    bool
	minScore       *float32
	terminateAfter int
	explain        bool
	version        bool
	seqNo          bool
	searchAfter    []any
	dfs            bool
	scroll         bool
	pit            *pitSearch    // the body's "pit", nil without one
	docValues      []fieldFormat // docvalue_fields
	fetchFields    []fieldFormat // fields
	storedFields   []string      // nil: not given
	postFilter     dsl.Query
	highlight      *search.Highlight
	shardsPref     map[int]bool  // preference=_shards:..., nil for all
	noPartial      bool          // allow_partial_search_results=false
	collapse       string        // collapse.field
	slice          *search.Slice // nil: not sliced
	scriptFields   int           // how many script_fields
	rescore        []dsl.Rescore // the rescorers, in order
	indexBoosts    []indexBoost  // in request order; resolved per search by resolveIndexBoosts
	inner          *innerHits    // inner_hits of nested queries (search_inner_hits.go)
	suggest        *suggestSpec  // the suggest section (search_suggest.go)
	aggs           *aggs.Tree    // the aggregations (nil for none)
	typedKeys      bool          // typed_keys: aggregation names carry their type
	namedScores    bool          // include_named_queries_score: matched_queries with scores
	profile        bool          // profile: the shards' timings are reported
	human          bool          // human: the profile's times also print in units
	run            *searchRun    // the task the search runs as (search_task.go)
	facts          *searchFacts  // what the search recorded as it ran (facts.go); nil for none

	scriptDefs  []search.ScriptField             // script_fields
	derived     map[string]*mapping.DerivedField // the body's derived fields
	derivedErr  *apierr.Error                    // why they could not be read
	sourceGiven bool                             // _source was asked for explicitly (body or URL)
	warn        func(string)                     // adds a Warning header (the request's Warn)

	// topHits are the aggregations' top_hits definitions with their
	// rendering options (search_top_hits.go).
	topHits map[*search.TopHitsDef]*searchSpec
}

// xerr converts a parser error into the API error.
func xerr(err error) error {
	if xe, ok := err.(*xcontent.Error); ok {
		return xToAPI(xe)
	}
	return err
}

func xToAPI(e *xcontent.Error) *apierr.Error {
	if e == nil {
		return nil
	}
	out := &apierr.Error{Status: e.Status, Type: e.Type, Reason: e.Reason}
	if out.Status == 0 {
		out.Status = apierr.StatusOf(e.Type)
	}
	if e.Line > 0 {
		out.Meta = []apierr.Meta{{Key: "line", Value: e.Line}, {Key: "col", Value: e.Col}}
	}
	out.Cause = xToAPI(e.CausedBy)
	return out
}

// parseSearch reads a search body and the URL parameters into a spec. body
// may be nil.
func parseSearch(r *Request, body []byte) (*searchSpec, error) {
	s := &searchSpec{size: 10, trackTotal: 10000, warn: r.Warn, human: r.Human(), facts: &searchFacts{}}
	s.facts.spec = s
	var parsed *xcontent.Value
	defer func() { s.facts.suggestOnly = suggestOnlyOf(parsed, r.Params) }()
	if len(bytes.TrimSpace(body)) > 0 {
		v, err := xcontent.Parse(body)
		if err != nil {
			return nil, xerr(err)
		}
		parsed = v
		if r.Op == "search" {
			describeParsedBody(r, v)
		}
		if err := s.takePIT(v); err != nil {
			return nil, err
		}
		if err := s.parseBody(v); err != nil {
			return nil, err
		}
	}
	if err := s.applyParams(r); err != nil {
		return s, err
	}
	if err := s.prepareNested(r); err != nil {
		return s, err
	}
	// Deprecations are sent when the shards build the query.
	for _, q := range append([]dsl.Query{s.query, s.postFilter}, s.rescoreQueries()...) {
		for _, w := range search.Warnings(q) {
			r.Warn(w)
		}
	}
	return s, nil
}

func unknownKey(m *xcontent.Member) *apierr.Error { return search.UnknownKey(m) }

// parsingAt is a ParsingException at a token's location (line and col in
// the error's metadata).
func parsingAt(line, col int, reason string) *apierr.Error {
	return &apierr.Error{Status: 400, Type: apierr.TypeParsing, Reason: reason, Meta: []apierr.Meta{{Key: "line", Value: line}, {Key: "col", Value: col}}}
}

func (s *searchSpec) parseBody(v *xcontent.Value) error {
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
				return xerr(perr)
			}
			s.query = q
		case "from":
			s.from, err = intOf(m)
		case "size":
			s.size, err = intOf(m)
		case "sort":
			s.sort, err = parseSortValue(val)
		case "_source":
			s.source, err = parseSourceValue(val)
			s.sourceGiven = true
		case "track_total_hits":
			switch val.Kind {
			case xcontent.Bool:
				s.trackTotal = map[bool]int{true: math.MaxInt32, false: -1}[val.Bool]
			default:
				s.trackTotal, err = intOf(m)
			}
			s.trackTotalSet = true
		case "track_scores":
			s.trackScores, err = boolOf(m)
		case "min_score":
			f, ok := val.Float64()
			if !ok {
				return unknownKey(m)
			}
			f32 := float32(f)
			s.minScore = &f32
		case "terminate_after":
			s.terminateAfter, err = intOf(m)
		case "explain":
			s.explain, err = boolOf(m)
		case "version":
			s.version, err = boolOf(m)
		case "seq_no_primary_term":
			s.seqNo, err = boolOf(m)
		case "search_after":
			if val.Kind != xcontent.Array {
				return unknownKey(m)
			}
			s.searchAfter = []any{}
			for j := range val.Items {
				it := &val.Items[j]
				switch it.Kind {
				case xcontent.Number:
					if n, ok := it.Int64(); ok && it.IsInteger() {
						s.searchAfter = append(s.searchAfter, n)
					} else if u, err := strconv.ParseUint(it.Str, 10, 64); err == nil && it.IsInteger() {
						s.searchAfter = append(s.searchAfter, u) // an unsigned_long value above 2^63-1
					} else {
						f, _ := it.Float64()
						s.searchAfter = append(s.searchAfter, f)
					}
				case xcontent.Null:
					s.searchAfter = append(s.searchAfter, nil)
				case xcontent.Bool:
					s.searchAfter = append(s.searchAfter, it.Bool)
				case xcontent.String:
					s.searchAfter = append(s.searchAfter, it.Text())
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
			s.indexBoosts = nil
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
					s.indexBoosts = append(s.indexBoosts, indexBoost{expr: ib.Key, boost: float32(f)})
				}
			}
		case "docvalue_fields":
			s.docValues, err = parseFieldFormats(m)
		case "fields":
			s.fetchFields, err = parseFieldFormats(m)
		case "stored_fields":
			s.storedFields = []string{}
			if val.Kind == xcontent.String {
				s.storedFields = append(s.storedFields, val.Str)
			} else {
				for _, it := range val.Items {
					s.storedFields = append(s.storedFields, it.Text())
				}
			}
		case "post_filter":
			q, perr := dsl.Parse(val)
			if perr != nil {
				return xerr(perr)
			}
			s.postFilter = q
		case "profile":
			s.profile, err = boolOf(m)
		case "aggs", "aggregations":
			var aerr *apierr.Error
			if s.aggs, aerr = aggs.Parse(val, s.warn); aerr != nil {
				return aerr
			}
			err = s.compileTopHits()
		case "highlight":
			s.highlight, err = search.ParseHighlight(val)
		case "derived":
			if val.Kind != xcontent.Object {
				return unknownKey(m)
			}
			// A bad definition fails each shard, where OpenSearch's
			// derived field resolver parses it.
			s.derived, s.derivedErr = parseDerivedSection(val)
		case "script_fields":
			s.scriptFields = len(val.Members)
			s.scriptDefs, err = search.ParseScriptFields(val)
		case "rescore":
			s.rescore, err = parseRescore(m)
		case "collapse":
			if val.Kind != xcontent.Object {
				return unknownKey(m)
			}
			for _, cm := range val.Members {
				switch cm.Key {
				case "field":
					s.collapse = cm.Value.Text()
				case "inner_hits", "max_concurrent_group_searches":
					if err := s.parseCollapseInnerHits(&cm); err != nil {
						return err
					}
				default:
					return apierr.New(apierr.TypeXContentParse, xcontent.Loc(cm.Line, cm.Col)+" [collapse] unknown field ["+cm.Key+"]")
				}
			}
			if s.collapse == "" {
				return apierr.New(apierr.TypeXContentParse, xcontent.Loc(val.EndLine, val.EndCol)+" Required [field]")
			}
		case "slice":
			if s.slice, err = search.ParseSlice(val); err != nil {
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

// applyParams applies the URL parameters, which win over the body.
func (s *searchSpec) applyParams(r *Request) error {
	var err error
	if s.typedKeys, err = r.Bool("typed_keys", false); err != nil {
		return err
	}
	if s.namedScores, err = r.Bool("include_named_queries_score", false); err != nil {
		return err
	}
	if q, ok := r.Param("q"); ok {
		u := dsl.URLQuery{Q: q, DF: r.Params["df"], Analyzer: r.Params["analyzer"], AnalyzeWildcard: r.Params["analyze_wildcard"],
			Lenient: r.Params["lenient"], DefaultOperator: r.Params["default_operator"]}
		qs, qerr := dsl.QueryStringFromURL(u)
		if qerr != nil {
			return xerr(qerr)
		}
		s.query = qs
	}
	if _, ok := r.Param("from"); ok {
		n, e := r.Int("from", 0)
		if e != nil {
			return e
		}
		s.from = int(n)
	}
	if _, ok := r.Param("size"); ok {
		n, e := r.Int("size", 10)
		if e != nil {
			return e
		}
		s.size = int(n)
	}
	if v, ok := r.Param("sort"); ok && v != "" {
		s.sort = nil
		for _, part := range strings.Split(v, ",") {
			field, order, _ := strings.Cut(part, ":")
			so := sortFor(field, "")
			if order != "" {
				if err := setOrder(&so, order); err != nil {
					return err
				}
			}
			s.sort = append(s.sort, so)
		}
	}
	if hasParam(r, "_source") || hasParam(r, "_source_includes") || hasParam(r, "_source_excludes") {
		s.sourceGiven = true
		if s.source, err = sourceFilterFromParams(r); err != nil {
			return err
		}
	}
	if v, ok := r.Param("track_total_hits"); ok {
		switch v {
		case "true", "":
			s.trackTotal = math.MaxInt32
		case "false":
			s.trackTotal = -1
		default:
			n, e := strconv.Atoi(v)
			if e != nil {
				return apierr.IllegalArgument("Failed to parse int parameter [track_total_hits] with value [%s]", v)
			}
			s.trackTotal = n
		}
		s.trackTotalSet = true
	}
	if s.trackTotal < -1 {
		return apierr.IllegalArgument("[track_total_hits] parameter must be positive or equals to -1, got %d", s.trackTotal)
	}
	if s.totalAsInt, err = r.Bool("rest_total_hits_as_int", false); err != nil {
		return err
	}
	if s.totalAsInt {
		switch {
		case !s.trackTotalSet:
			s.trackTotal = math.MaxInt32
		case s.trackTotal != -1 && s.trackTotal != math.MaxInt32:
			return apierr.IllegalArgument("[rest_total_hits_as_int] cannot be used if the tracking of total hits is not accurate, got %d", s.trackTotal)
		}
	}
	// parseSearchSource reads explain, version and seq_no_primary_term with
	// the Boolean overload (empty: unset) and track_scores with the boolean
	// one (empty: true).
	for name, dst := range map[string]*bool{"explain": &s.explain, "version": &s.version, "seq_no_primary_term": &s.seqNo} {
		if hasParam(r, name) {
			if *dst, err = r.BoolOrDefault(name, false); err != nil {
				return err
			}
		}
	}
	if hasParam(r, "track_scores") {
		if s.trackScores, err = r.Bool("track_scores", false); err != nil {
			return err
		}
	}
	if hasParam(r, "terminate_after") {
		n, e := r.Int("terminate_after", 0)
		if e != nil {
			return e
		}
		s.terminateAfter = int(n)
	}
	if v, ok := r.Param("search_type"); ok {
		switch v {
		case "query_then_fetch":
		case "dfs_query_then_fetch":
			s.dfs = true
		default:
			return apierr.IllegalArgument("No search type for [%s]", v)
		}
	}
	for _, f := range r.List("docvalue_fields") {
		s.docValues = append(s.docValues, fieldFormat{field: f})
	}
	if v, ok := r.Param("stored_fields"); ok {
		s.storedFields = strings.Split(v, ",")
	}
	if v, ok := r.Param("preference"); ok {
		if err := s.parsePreference(v); err != nil {
			return err
		}
	}
	if err := s.applySuggestParams(r); err != nil {
		return err
	}
	if hasParam(r, "allow_partial_search_results") {
		allow, err := r.BoolOrDefault("allow_partial_search_results", true)
		if err != nil {
			return err
		}
		s.noPartial = !allow
	}
	if _, err := r.Duration("timeout", 0); err != nil {
		return err
	}
	if _, err := r.BoolOrDefault("request_cache", false); err != nil {
		return err // RestSearchAction reads it with the Boolean overload
	}
	if s.from < 0 {
		return apierr.IllegalArgument("[from] parameter cannot be negative, found [%d]", s.from)
	}
	if s.size < 0 {
		return apierr.IllegalArgument("[size] parameter cannot be negative, found [%d]", s.size)
	}
	s.dropScoreSort()
	if s.searchAfter != nil {
		// SearchAfterBuilder.buildFieldDoc: a lone descending _score is no
		// sort (dropScoreSort), so it cannot carry a cursor either.
		if len(s.sort) == 0 {
			return apierr.IllegalArgument("Sort must contain at least one field.")
		}
		if len(s.searchAfter) != len(s.sort) {
			return apierr.IllegalArgument("search_after has %d value(s) but sort has %d.", len(s.searchAfter), len(s.sort))
		}
		if s.from > 0 {
			return apierr.Validation("[from] parameter must be set to 0 when [search_after] is used")
		}
	}
	return nil
}

func parseXContent(body []byte) (*xcontent.Value, error) {
	v, err := xcontent.Parse(body)
	if err != nil {
		return nil, xerr(err)
	}
	return v, nil
}

// fieldFormat is one entry of docvalue_fields or fields.
type fieldFormat struct {
	field, format string
}

// parseFieldFormats reads ["f", {"field": "g", "format": "..."}].
func parseFieldFormats(m *xcontent.Member) ([]fieldFormat, error) {
	v := &m.Value
	items := []xcontent.Value{*v}
	if v.Kind == xcontent.Array {
		items = v.Items
	}
	out := []fieldFormat{}
	for i := range items {
		it := &items[i]
		switch it.Kind {
		case xcontent.String:
			out = append(out, fieldFormat{field: it.Str})
		case xcontent.Object:
			var ff fieldFormat
			for _, fm := range it.Members {
				switch fm.Key {
				case "field":
					ff.field = fm.Value.Text()
				case "format":
					ff.format = fm.Value.Text()
				case "include_unmapped":
				default:
					return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(fm.Line, fm.Col)+" [field_and_format] unknown field ["+fm.Key+"]")
				}
			}
			if ff.format == "use_field_mapping" {
				ff.format = ""
			}
			out = append(out, ff)
		default:
			return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(it.Line, it.Col)+" ["+m.Key+"] failed to parse field ["+m.Key+"]")
		}
	}
	return out, nil
}

// parsePreference reads the preference parameter: _shards:a,b (optionally
// followed by |another preference) restricts the shards; the node
// preferences are accepted (one simulated copy per shard); other values are
// custom strings, except unknown ones starting with "_".
func (s *searchSpec) parsePreference(v string) error {
	first, _, _ := strings.Cut(v, "|")
	if !strings.HasPrefix(first, "_") {
		return nil
	}
	name, arg, _ := strings.Cut(first, ":")
	switch name {
	case "_shards":
		s.shardsPref = map[int]bool{}
		for _, p := range strings.Split(arg, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil {
				return apierr.IllegalArgument("no Preference for [%s]", v)
			}
			s.shardsPref[n] = true
		}
	case "_local", "_only_local", "_prefer_nodes", "_only_nodes":
	default:
		return apierr.IllegalArgument("no Preference for [%s]", name)
	}
	return nil
}

// indexBoost is one entry of indices_boost: an index expression (name, alias
// or wildcard) and the factor for the indexes it names.
type indexBoost struct {
	expr  string
	boost float32
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
