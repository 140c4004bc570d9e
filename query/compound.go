package query

import "errors"

// MatchAllQuery matches every document with score Boost (default 1): {"match_all": {}}.
type MatchAllQuery struct {
	Boost *float64
	Name  string
}

// MatchAll returns a match_all query.
func MatchAll() *MatchAllQuery { return &MatchAllQuery{} }

// WithBoost sets the boost.
func (q *MatchAllQuery) WithBoost(b float64) *MatchAllQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *MatchAllQuery) WithName(name string) *MatchAllQuery { q.Name = name; return q }

// MarshalJSON renders the match_all query.
func (q *MatchAllQuery) MarshalJSON() ([]byte, error) {
	return wrap("match_all", boostAndName{q.Boost, q.Name})
}

// MatchNoneQuery matches no document: {"match_none": {}}.
type MatchNoneQuery struct {
	Boost *float64
	Name  string
}

// MatchNone returns a match_none query.
func MatchNone() *MatchNoneQuery { return &MatchNoneQuery{} }

// MarshalJSON renders the match_none query.
func (q *MatchNoneQuery) MarshalJSON() ([]byte, error) {
	return wrap("match_none", boostAndName{q.Boost, q.Name})
}

// WithBoost sets the boost.
func (q *MatchNoneQuery) WithBoost(b float64) *MatchNoneQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *MatchNoneQuery) WithName(name string) *MatchNoneQuery { q.Name = name; return q }

type boostAndName struct {
	Boost *float64 `json:"boost,omitempty"`
	Name  string   `json:"_name,omitempty"`
}

// BoolQuery combines clauses: Must and Filter all match (Filter without scoring), MustNot
// excludes, Should adds score and, without Must or Filter, at least one must match:
// {"bool": {"must": [...], "filter": [...], "should": [...], "must_not": [...], "minimum_should_match": ...}}.
type BoolQuery struct {
	MustClauses        []Query
	FilterClauses      []Query
	ShouldClauses      []Query
	MustNotClauses     []Query
	MinimumShouldMatch string // "1", "-1", "75%", "3<90%"
	AdjustPureNegative *bool  // default true: a bool of only must_not clauses matches all other documents
	Boost              *float64
	Name               string
}

// Bool returns an empty bool query; add clauses with Must, Filter, Should and MustNot.
func Bool() *BoolQuery { return &BoolQuery{} }

// Must adds clauses that must match and score.
func (q *BoolQuery) Must(qs ...Query) *BoolQuery {
	q.MustClauses = append(q.MustClauses, qs...)
	return q
}

// Filter adds clauses that must match without scoring.
func (q *BoolQuery) Filter(qs ...Query) *BoolQuery {
	q.FilterClauses = append(q.FilterClauses, qs...)
	return q
}

// Should adds optional clauses that add score.
func (q *BoolQuery) Should(qs ...Query) *BoolQuery {
	q.ShouldClauses = append(q.ShouldClauses, qs...)
	return q
}

// MustNot adds clauses that exclude matching documents.
func (q *BoolQuery) MustNot(qs ...Query) *BoolQuery {
	q.MustNotClauses = append(q.MustNotClauses, qs...)
	return q
}

// WithMinimumShouldMatch sets how many should clauses must match.
func (q *BoolQuery) WithMinimumShouldMatch(m string) *BoolQuery { q.MinimumShouldMatch = m; return q }

// WithBoost sets the boost.
func (q *BoolQuery) WithBoost(b float64) *BoolQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *BoolQuery) WithName(name string) *BoolQuery { q.Name = name; return q }

// MarshalJSON renders the bool query; clause lists are always arrays.
func (q *BoolQuery) MarshalJSON() ([]byte, error) {
	for _, list := range [][]Query{q.MustClauses, q.FilterClauses, q.ShouldClauses, q.MustNotClauses} {
		if err := checkClauses("bool", list); err != nil {
			return nil, err
		}
	}
	return wrap("bool", struct {
		Must               []Query     `json:"must,omitempty"`
		Filter             []Query     `json:"filter,omitempty"`
		Should             []Query     `json:"should,omitempty"`
		MustNot            []Query     `json:"must_not,omitempty"`
		MinimumShouldMatch intOrString `json:"minimum_should_match,omitempty"`
		AdjustPureNegative *bool       `json:"adjust_pure_negative,omitempty"`
		Boost              *float64    `json:"boost,omitempty"`
		Name               string      `json:"_name,omitempty"`
	}{q.MustClauses, q.FilterClauses, q.ShouldClauses, q.MustNotClauses, intOrString(q.MinimumShouldMatch),
		q.AdjustPureNegative, q.Boost, q.Name})
}

// checkClauses rejects nil clauses, which would otherwise go out as JSON null.
func checkClauses(name string, qs []Query) error {
	for _, c := range qs {
		if isNil(c) {
			return errors.New("query: nil clause in " + name)
		}
	}
	return nil
}

// ConstantScoreQuery wraps a filter and gives every match the score Boost:
// {"constant_score": {"filter": ..., "boost": ...}}.
type ConstantScoreQuery struct {
	Filter Query
	Boost  *float64
	Name   string
}

// ConstantScore returns a constant_score query.
func ConstantScore(filter Query) *ConstantScoreQuery { return &ConstantScoreQuery{Filter: filter} }

// WithBoost sets the boost (the score of every match).
func (q *ConstantScoreQuery) WithBoost(b float64) *ConstantScoreQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *ConstantScoreQuery) WithName(name string) *ConstantScoreQuery { q.Name = name; return q }

// MarshalJSON renders the constant_score query.
func (q *ConstantScoreQuery) MarshalJSON() ([]byte, error) {
	if isNil(q.Filter) {
		return nil, errors.New("query: constant_score needs a filter")
	}
	return wrap("constant_score", struct {
		Filter Query    `json:"filter"`
		Boost  *float64 `json:"boost,omitempty"`
		Name   string   `json:"_name,omitempty"`
	}{q.Filter, q.Boost, q.Name})
}

// DisMaxQuery scores by the best matching clause plus TieBreaker times the others:
// {"dis_max": {"queries": [...], "tie_breaker": ...}}.
type DisMaxQuery struct {
	Queries    []Query
	TieBreaker *float64
	Boost      *float64
	Name       string
}

// DisMax returns a dis_max query.
func DisMax(qs ...Query) *DisMaxQuery { return &DisMaxQuery{Queries: qs} }

// WithTieBreaker sets the tie breaker.
func (q *DisMaxQuery) WithTieBreaker(t float64) *DisMaxQuery { q.TieBreaker = &t; return q }

// WithBoost sets the boost.
func (q *DisMaxQuery) WithBoost(b float64) *DisMaxQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *DisMaxQuery) WithName(name string) *DisMaxQuery { q.Name = name; return q }

// MarshalJSON renders the dis_max query.
func (q *DisMaxQuery) MarshalJSON() ([]byte, error) {
	if err := checkClauses("dis_max", q.Queries); err != nil {
		return nil, err
	}
	queries := q.Queries
	if queries == nil {
		queries = []Query{}
	}
	return wrap("dis_max", struct {
		Queries    []Query  `json:"queries"`
		TieBreaker *float64 `json:"tie_breaker,omitempty"`
		Boost      *float64 `json:"boost,omitempty"`
		Name       string   `json:"_name,omitempty"`
	}{queries, q.TieBreaker, q.Boost, q.Name})
}

// NestedQuery runs Query against each object of a nested field on its own:
// {"nested": {"path": ..., "query": ..., "score_mode": ..., "ignore_unmapped": ..., "inner_hits": ...}}.
type NestedQuery struct {
	Path           string
	Query          Query
	ScoreMode      string // avg (default), max, min, sum, none
	IgnoreUnmapped *bool
	InnerHits      InnerHitsOptions // the matching objects of each hit: a *search.InnerHits
	Boost          *float64
	Name           string
}

// Nested returns a nested query.
func Nested(path string, q Query) *NestedQuery { return &NestedQuery{Path: path, Query: q} }

// WithScoreMode sets how the scores of matching objects combine.
func (q *NestedQuery) WithScoreMode(mode string) *NestedQuery { q.ScoreMode = mode; return q }

// WithInnerHits returns the matching objects of each hit as inner hits
// (Hit.InnerHits, under the options' name or else the path).
func (q *NestedQuery) WithInnerHits(o InnerHitsOptions) *NestedQuery { q.InnerHits = o; return q }

// WithBoost sets the boost.
func (q *NestedQuery) WithBoost(b float64) *NestedQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *NestedQuery) WithName(name string) *NestedQuery { q.Name = name; return q }

// MarshalJSON renders the nested query.
func (q *NestedQuery) MarshalJSON() ([]byte, error) {
	if q.Path == "" || isNil(q.Query) {
		return nil, errors.New("query: nested needs a path and a query")
	}
	return wrap("nested", struct {
		Path           string           `json:"path"`
		Query          Query            `json:"query"`
		ScoreMode      string           `json:"score_mode,omitempty"`
		IgnoreUnmapped *bool            `json:"ignore_unmapped,omitempty"`
		InnerHits      InnerHitsOptions `json:"inner_hits,omitempty"`
		Boost          *float64         `json:"boost,omitempty"`
		Name           string           `json:"_name,omitempty"`
	}{q.Path, q.Query, q.ScoreMode, q.IgnoreUnmapped, q.InnerHits, q.Boost, q.Name})
}
