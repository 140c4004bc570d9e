package query

import (
	"errors"

	"github.com/clustersearch/clustersearch-go/types"
)

// ScriptQuery keeps the documents for which a script returns true (filter context, every
// match scores Boost): {"script": {"script": ..., "boost": ..., "_name": ...}}. The script
// reads fields through doc['field'] and its params.
type ScriptQuery struct {
	Script *types.Script
	Boost  *float64
	Name   string
}

// Script returns a script query.
func Script(s *types.Script) *ScriptQuery { return &ScriptQuery{Script: s} }

// WithBoost sets the boost (the score of every match).
func (q *ScriptQuery) WithBoost(b float64) *ScriptQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *ScriptQuery) WithName(name string) *ScriptQuery { q.Name = name; return q }

// MarshalJSON renders the script query.
func (q *ScriptQuery) MarshalJSON() ([]byte, error) {
	if q.Script == nil {
		return nil, errors.New("query: script query needs a script")
	}
	return wrap("script", struct {
		Script *types.Script `json:"script"`
		Boost  *float64      `json:"boost,omitempty"`
		Name   string        `json:"_name,omitempty"`
	}{q.Script, q.Boost, q.Name})
}

// ScriptScoreQuery scores the matches of Query with a script, which sees the query's score
// as _score: {"script_score": {"query": ..., "script": ..., "min_score": ..., "boost": ...}}.
// Scores must not be negative; MinScore drops the matches scoring less.
type ScriptScoreQuery struct {
	Query    Query
	Script   *types.Script
	MinScore *float64
	Boost    *float64
	Name     string
}

// ScriptScoreOf returns a script_score query scoring q's matches with s (ScriptScore is
// function_score's script function).
func ScriptScoreOf(q Query, s *types.Script) *ScriptScoreQuery {
	return &ScriptScoreQuery{Query: q, Script: s}
}

// WithMinScore sets min_score.
func (q *ScriptScoreQuery) WithMinScore(m float64) *ScriptScoreQuery { q.MinScore = &m; return q }

// WithBoost sets the boost, which multiplies the script's score.
func (q *ScriptScoreQuery) WithBoost(b float64) *ScriptScoreQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *ScriptScoreQuery) WithName(name string) *ScriptScoreQuery { q.Name = name; return q }

// MarshalJSON renders the script_score query.
func (q *ScriptScoreQuery) MarshalJSON() ([]byte, error) {
	if isNil(q.Query) {
		return nil, errors.New("query: script_score needs a query")
	}
	if q.Script == nil {
		return nil, errors.New("query: script_score needs a script")
	}
	return wrap("script_score", struct {
		Query    Query         `json:"query"`
		Script   *types.Script `json:"script"`
		MinScore *float64      `json:"min_score,omitempty"`
		Boost    *float64      `json:"boost,omitempty"`
		Name     string        `json:"_name,omitempty"`
	}{q.Query, q.Script, q.MinScore, q.Boost, q.Name})
}

// ScriptScoreFunction returns a function_score function scoring filter's matches (every
// document when filter is nil) with a script: {"filter": ..., "script_score": {"script": ...}}.
func ScriptScoreFunction(filter Query, s *types.Script) ScoreFunction {
	return ScoreFunction{Filter: filter, ScriptScore: &ScriptScore{Script: s}}
}
