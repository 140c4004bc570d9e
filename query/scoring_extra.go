package query

import (
	"encoding/base64"
	"errors"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// BoostingQuery keeps Positive's matches and multiplies the score of those
// Negative also matches by NegativeBoost (0 to 1 demotes them):
// {"boosting": {"positive": .., "negative": .., "negative_boost": 0.5}}.
type BoostingQuery struct {
	Positive      Query
	Negative      Query
	NegativeBoost float64
	Boost         *float64
	Name          string
}

// Boosting returns a boosting query.
func Boosting(positive, negative Query, negativeBoost float64) *BoostingQuery {
	return &BoostingQuery{Positive: positive, Negative: negative, NegativeBoost: negativeBoost}
}

// MarshalJSON renders the boosting query.
func (q *BoostingQuery) MarshalJSON() ([]byte, error) {
	if isNil(q.Positive) || isNil(q.Negative) {
		return nil, errors.New("query: boosting needs a positive and a negative query")
	}
	if q.NegativeBoost < 0 {
		return nil, errors.New("query: boosting needs a negative_boost of at least 0")
	}
	return wrap("boosting", struct {
		Positive      Query    `json:"positive"`
		Negative      Query    `json:"negative"`
		NegativeBoost float64  `json:"negative_boost"`
		Boost         *float64 `json:"boost,omitempty"`
		Name          string   `json:"_name,omitempty"`
	}{q.Positive, q.Negative, q.NegativeBoost, q.Boost, q.Name})
}

// MatchBoolPrefixQuery analyses Text into terms and matches them as term
// clauses, the last one as a prefix (search-as-you-type input):
// {"match_bool_prefix": {"<field>": {"query": ..}}}.
type MatchBoolPrefixQuery struct {
	Field              string
	Text               string
	Analyzer           string
	Operator           string // or (default), and
	MinimumShouldMatch string
	Fuzziness          string
	PrefixLength       *int
	MaxExpansions      *int
	Boost              *float64
	Name               string
}

// MatchBoolPrefix returns a match_bool_prefix query.
func MatchBoolPrefix(field, text string) *MatchBoolPrefixQuery {
	return &MatchBoolPrefixQuery{Field: field, Text: text}
}

// WithOperator sets the operator ("and" or "or").
func (q *MatchBoolPrefixQuery) WithOperator(op string) *MatchBoolPrefixQuery {
	q.Operator = op
	return q
}

// MarshalJSON renders the match_bool_prefix query.
func (q *MatchBoolPrefixQuery) MarshalJSON() ([]byte, error) {
	var msm, fuzz *intOrString
	if q.MinimumShouldMatch != "" {
		v := intOrString(q.MinimumShouldMatch)
		msm = &v
	}
	if q.Fuzziness != "" {
		v := intOrString(q.Fuzziness)
		fuzz = &v
	}
	return wrapField("match_bool_prefix", q.Field, struct {
		Query              string       `json:"query"`
		Analyzer           string       `json:"analyzer,omitempty"`
		Operator           string       `json:"operator,omitempty"`
		MinimumShouldMatch *intOrString `json:"minimum_should_match,omitempty"`
		Fuzziness          *intOrString `json:"fuzziness,omitempty"`
		PrefixLength       *int         `json:"prefix_length,omitempty"`
		MaxExpansions      *int         `json:"max_expansions,omitempty"`
		Boost              *float64     `json:"boost,omitempty"`
		Name               string       `json:"_name,omitempty"`
	}{q.Text, q.Analyzer, q.Operator, msm, fuzz, q.PrefixLength, q.MaxExpansions, q.Boost, q.Name})
}

// DistanceFeatureQuery scores documents by how close a date, date_nanos or
// geo_point field is to Origin: boost * pivot / (pivot + distance).
// Origin is a date (math) string such as "now" or a GeoPoint; Pivot a time
// value ("7d") for dates or a distance ("1km") for points.
type DistanceFeatureQuery struct {
	Field  string
	Origin any
	Pivot  string
	Boost  *float64
	Name   string
}

// DistanceFeature returns a distance_feature query.
func DistanceFeature(field string, origin any, pivot string) *DistanceFeatureQuery {
	return &DistanceFeatureQuery{Field: field, Origin: origin, Pivot: pivot}
}

// MarshalJSON renders the distance_feature query.
func (q *DistanceFeatureQuery) MarshalJSON() ([]byte, error) {
	if q.Field == "" {
		return nil, errMissingField("distance_feature")
	}
	if q.Origin == nil || q.Pivot == "" {
		return nil, errors.New("query: distance_feature needs an origin and a pivot")
	}
	return wrap("distance_feature", struct {
		Field  string   `json:"field"`
		Origin any      `json:"origin"`
		Pivot  string   `json:"pivot"`
		Boost  *float64 `json:"boost,omitempty"`
		Name   string   `json:"_name,omitempty"`
	}{q.Field, q.Origin, q.Pivot, q.Boost, q.Name})
}

// WrapperQuery sends a query base64-encoded: {"wrapper": {"query": "<base64>"}}.
type WrapperQuery struct {
	Query Query
}

// Wrapper returns a wrapper query around q.
func Wrapper(q Query) *WrapperQuery { return &WrapperQuery{Query: q} }

// MarshalJSON renders the wrapper query.
func (q *WrapperQuery) MarshalJSON() ([]byte, error) {
	if isNil(q.Query) {
		return nil, errors.New("query: wrapper needs a query")
	}
	inner, err := jsonx.Marshal(q.Query)
	if err != nil {
		return nil, err
	}
	return wrap("wrapper", struct {
		Query string `json:"query"`
	}{base64.StdEncoding.EncodeToString(inner)})
}

// TermsSetQuery matches documents holding at least as many of Terms as the
// number in their MinimumShouldMatchField (or computed by
// MinimumShouldMatchScript, which sees params.num_terms):
// {"terms_set": {"<field>": {"terms": [...], "minimum_should_match_field": ..}}}.
type TermsSetQuery struct {
	Field                    string
	Terms                    []any
	MinimumShouldMatchField  string
	MinimumShouldMatchScript any // a *types.Script or its JSON form
	Boost                    *float64
	Name                     string
}

// TermsSet returns a terms_set query whose required count is read from
// msmField.
func TermsSet(field string, msmField string, terms ...any) *TermsSetQuery {
	return &TermsSetQuery{Field: field, Terms: terms, MinimumShouldMatchField: msmField}
}

// MarshalJSON renders the terms_set query.
func (q *TermsSetQuery) MarshalJSON() ([]byte, error) {
	if (q.MinimumShouldMatchField == "") == (q.MinimumShouldMatchScript == nil) {
		return nil, errors.New("query: terms_set needs exactly one of minimum_should_match_field and minimum_should_match_script")
	}
	terms := q.Terms
	if terms == nil {
		terms = []any{}
	}
	return wrapField("terms_set", q.Field, struct {
		Terms  []any    `json:"terms"`
		Field  string   `json:"minimum_should_match_field,omitempty"`
		Script any      `json:"minimum_should_match_script,omitempty"`
		Boost  *float64 `json:"boost,omitempty"`
		Name   string   `json:"_name,omitempty"`
	}{terms, q.MinimumShouldMatchField, q.MinimumShouldMatchScript, q.Boost, q.Name})
}

// RankFeatureQuery scores documents by a rank_feature field (or a feature
// of a rank_features field, "topics.sports") through one function:
// saturation (the default), log, sigmoid or linear.
type RankFeatureQuery struct {
	Field    string
	Function string   // saturation, log, sigmoid, linear ("" is saturation with the default pivot)
	Pivot    *float64 // saturation and sigmoid
	Factor   float64  // log: scaling_factor
	Exponent float64  // sigmoid
	Boost    *float64
	Name     string
}

// RankFeature returns a rank_feature query with the default saturation.
func RankFeature(field string) *RankFeatureQuery { return &RankFeatureQuery{Field: field} }

// Saturation scores S / (S + pivot).
func (q *RankFeatureQuery) Saturation(pivot float64) *RankFeatureQuery {
	q.Function, q.Pivot = "saturation", &pivot
	return q
}

// Log scores log(scalingFactor + S).
func (q *RankFeatureQuery) Log(scalingFactor float64) *RankFeatureQuery {
	q.Function, q.Factor = "log", scalingFactor
	return q
}

// Sigmoid scores S^exp / (S^exp + pivot^exp).
func (q *RankFeatureQuery) Sigmoid(pivot, exponent float64) *RankFeatureQuery {
	q.Function, q.Pivot, q.Exponent = "sigmoid", &pivot, exponent
	return q
}

// Linear scores S.
func (q *RankFeatureQuery) Linear() *RankFeatureQuery { q.Function = "linear"; return q }

// MarshalJSON renders the rank_feature query.
func (q *RankFeatureQuery) MarshalJSON() ([]byte, error) {
	if q.Field == "" {
		return nil, errMissingField("rank_feature")
	}
	o := orderedObject{{"field", q.Field}}
	switch q.Function {
	case "":
	case "saturation":
		fn := orderedObject{}
		if q.Pivot != nil {
			fn = append(fn, member{"pivot", *q.Pivot})
		}
		o = append(o, member{"saturation", fn})
	case "log":
		o = append(o, member{"log", orderedObject{{"scaling_factor", q.Factor}}})
	case "sigmoid":
		if q.Pivot == nil {
			return nil, errors.New("query: rank_feature sigmoid needs a pivot")
		}
		o = append(o, member{"sigmoid", orderedObject{{"pivot", *q.Pivot}, {"exponent", q.Exponent}}})
	case "linear":
		o = append(o, member{"linear", orderedObject{}})
	default:
		return nil, errors.New("query: unknown rank_feature function [" + q.Function + "]")
	}
	if q.Boost != nil {
		o = append(o, member{"boost", *q.Boost})
	}
	if q.Name != "" {
		o = append(o, member{"_name", q.Name})
	}
	return wrap("rank_feature", o)
}
