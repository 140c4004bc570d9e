package searchreq

import (
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/urlparams"
)

// ApplyParams applies the URL parameters, which win over the body.
func (s *Spec) ApplyParams(p urlparams.Params) error {
	var err error
	if s.TypedKeys, err = p.Bool("typed_keys", false); err != nil {
		return err
	}
	if s.NamedScores, err = p.Bool("include_named_queries_score", false); err != nil {
		return err
	}
	if err := s.parseURLQuery(p); err != nil {
		return err
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

// parseURLQuery reads the q parameter (with df, analyzer, analyze_wildcard,
// lenient and default_operator) as the query_string query that replaces the
// body's query, as search and count both do.
func (s *Spec) parseURLQuery(p urlparams.Params) error {
	q, ok := p.Param("q")
	if !ok {
		return nil
	}
	u := dsl.URLQuery{Q: q, DF: p["df"], Analyzer: p["analyzer"], AnalyzeWildcard: p["analyze_wildcard"],
		Lenient: p["lenient"], DefaultOperator: p["default_operator"]}
	qs, err := dsl.QueryStringFromURL(u)
	if err != nil {
		return APIError(err)
	}
	s.Query = qs
	return nil
}
