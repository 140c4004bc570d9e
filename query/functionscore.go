package query

import (
	"errors"

	"github.com/clustersearch/clustersearch-go/types"
)

// FunctionScoreQuery changes the scores of Query's matches with functions:
// {"function_score": {"query": ..., "functions": [...], "score_mode": ..., "boost_mode": ..., ...}}.
type FunctionScoreQuery struct {
	Query     Query // nil means match_all
	Functions []ScoreFunction
	ScoreMode string // multiply (default), sum, avg, first, max, min
	BoostMode string // multiply (default), replace, sum, avg, max, min
	MaxBoost  *float64
	MinScore  *float64
	Boost     *float64
	Name      string
}

// FunctionScore returns a function_score query over q with the given functions.
func FunctionScore(q Query, fns ...ScoreFunction) *FunctionScoreQuery {
	return &FunctionScoreQuery{Query: q, Functions: fns}
}

// WithScoreMode sets how the function results combine.
func (q *FunctionScoreQuery) WithScoreMode(m string) *FunctionScoreQuery { q.ScoreMode = m; return q }

// WithBoostMode sets how the combined function result merges with the query score.
func (q *FunctionScoreQuery) WithBoostMode(m string) *FunctionScoreQuery { q.BoostMode = m; return q }

// WithBoost sets the boost.
func (q *FunctionScoreQuery) WithBoost(b float64) *FunctionScoreQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *FunctionScoreQuery) WithName(name string) *FunctionScoreQuery { q.Name = name; return q }

// MarshalJSON renders the function_score query.
func (q *FunctionScoreQuery) MarshalJSON() ([]byte, error) {
	var inner Query
	if !isNil(q.Query) {
		inner = q.Query
	}
	return wrap("function_score", struct {
		Query     Query           `json:"query,omitempty"`
		Functions []ScoreFunction `json:"functions,omitempty"`
		ScoreMode string          `json:"score_mode,omitempty"`
		BoostMode string          `json:"boost_mode,omitempty"`
		MaxBoost  *float64        `json:"max_boost,omitempty"`
		MinScore  *float64        `json:"min_score,omitempty"`
		Boost     *float64        `json:"boost,omitempty"`
		Name      string          `json:"_name,omitempty"`
	}{inner, q.Functions, q.ScoreMode, q.BoostMode, q.MaxBoost, q.MinScore, q.Boost, q.Name})
}

// ScoreFunction is one entry of function_score's functions: an optional Filter and Weight
// plus at most one of FieldValueFactor, RandomScore, Decay or ScriptScore.
type ScoreFunction struct {
	Filter           Query
	Weight           *float64
	FieldValueFactor *FieldValueFactor
	RandomScore      *RandomScore
	Decay            *DecayFunction
	ScriptScore      *ScriptScore
}

// ScriptScore scores with a script: script_score {script}.
type ScriptScore struct {
	Script *types.Script `json:"script"`
}

// WeightFunction returns a function that multiplies the score of filter's matches by w.
func WeightFunction(filter Query, w float64) ScoreFunction {
	return ScoreFunction{Filter: filter, Weight: &w}
}

// FieldValueFactor scores by a numeric field: field_value_factor {field, factor, modifier, missing}.
type FieldValueFactor struct {
	Field    string   `json:"field"`
	Factor   *float64 `json:"factor,omitempty"`
	Modifier string   `json:"modifier,omitempty"` // none, log, log1p, log2p, ln, ln1p, ln2p, square, sqrt, reciprocal
	Missing  *float64 `json:"missing,omitempty"`
}

// RandomScore gives reproducible random scores: random_score {seed, field}.
type RandomScore struct {
	Seed  any    `json:"seed,omitempty"`
	Field string `json:"field,omitempty"`
}

// DecayFunction scores by distance from Origin: {"<Kind>": {"<Field>": {origin, scale, offset, decay}}}.
type DecayFunction struct {
	Kind   string // gauss, exp or linear
	Field  string
	Origin any
	Scale  any
	Offset any
	Decay  *float64
	// MultiValueMode picks the value of a multi-valued field: min, max, avg or sum.
	MultiValueMode string
}

// MarshalJSON renders the function object.
func (f ScoreFunction) MarshalJSON() ([]byte, error) {
	var obj orderedObject
	if !isNil(f.Filter) {
		obj = append(obj, member{"filter", f.Filter})
	}
	if f.Weight != nil {
		obj = append(obj, member{"weight", *f.Weight})
	}
	kinds := 0
	if f.FieldValueFactor != nil {
		kinds++
		obj = append(obj, member{"field_value_factor", f.FieldValueFactor})
	}
	if f.RandomScore != nil {
		kinds++
		obj = append(obj, member{"random_score", f.RandomScore})
	}
	if d := f.Decay; d != nil {
		kinds++
		switch d.Kind {
		case "gauss", "exp", "linear":
		default:
			return nil, errors.New("query: decay function kind must be gauss, exp or linear, not " + d.Kind)
		}
		if d.Field == "" {
			return nil, errMissingField(d.Kind)
		}
		placement := orderedObject{{d.Field, struct {
			Origin any      `json:"origin,omitempty"`
			Scale  any      `json:"scale"`
			Offset any      `json:"offset,omitempty"`
			Decay  *float64 `json:"decay,omitempty"`
		}{d.Origin, d.Scale, d.Offset, d.Decay}}}
		if d.MultiValueMode != "" {
			placement = append(placement, member{"multi_value_mode", d.MultiValueMode})
		}
		obj = append(obj, member{d.Kind, placement})
	}
	if f.ScriptScore != nil {
		kinds++
		if f.ScriptScore.Script == nil {
			return nil, errors.New("query: script_score needs a script")
		}
		obj = append(obj, member{"script_score", f.ScriptScore})
	}
	if kinds > 1 {
		return nil, errors.New("query: a score function takes at most one of field_value_factor, random_score, a decay and script_score")
	}
	if kinds == 0 && f.Weight == nil {
		return nil, errors.New("query: a score function needs a weight or a function")
	}
	return obj.MarshalJSON()
}
