package query

import "encoding/base64"

// TermQuery matches documents whose field holds exactly Value (not analyzed):
// {"term": {"<field>": {"value": ..., "boost": ..., "case_insensitive": ...}}}.
type TermQuery struct {
	Field           string
	Value           any
	CaseInsensitive *bool
	Boost           *float64
	Name            string // _name, reported in matched_queries
}

// Term returns a term query on field.
func Term(field string, value any) *TermQuery { return &TermQuery{Field: field, Value: value} }

// WithBoost sets the boost.
func (q *TermQuery) WithBoost(b float64) *TermQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *TermQuery) WithName(name string) *TermQuery { q.Name = name; return q }

// MarshalJSON renders the long form of the term query.
func (q *TermQuery) MarshalJSON() ([]byte, error) {
	return wrapField("term", q.Field, struct {
		Value           any      `json:"value"`
		CaseInsensitive *bool    `json:"case_insensitive,omitempty"`
		Boost           *float64 `json:"boost,omitempty"`
		Name            string   `json:"_name,omitempty"`
	}{q.Value, q.CaseInsensitive, q.Boost, q.Name})
}

// TermsQuery matches documents whose field holds any of Values:
// {"terms": {"<field>": [...], "boost": ...}}.
type TermsQuery struct {
	Field  string
	Values []any
	// ValueType is "bitmap" when Values is one base64 serialized Roaring
	// bitmap of the integers to match (see TermsBitmap); "" is the default.
	ValueType string
	Boost     *float64
	Name      string
}

// TermsBitmap returns a terms query matching the integers of a serialized
// 32-bit Roaring bitmap (the portable format the Roaring libraries write)
// on an integer field: value_type bitmap.
func TermsBitmap(field string, serialized []byte) *TermsQuery {
	return &TermsQuery{Field: field, Values: []any{base64.StdEncoding.EncodeToString(serialized)}, ValueType: "bitmap"}
}

// Terms returns a terms query on field.
func Terms(field string, values ...any) *TermsQuery {
	return &TermsQuery{Field: field, Values: values}
}

// WithBoost sets the boost.
func (q *TermsQuery) WithBoost(b float64) *TermsQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *TermsQuery) WithName(name string) *TermsQuery { q.Name = name; return q }

// MarshalJSON renders {"terms": {"<field>": [...], "boost": b, "_name": n}}.
func (q *TermsQuery) MarshalJSON() ([]byte, error) {
	if q.Field == "" {
		return nil, errMissingField("terms")
	}
	values := q.Values
	if values == nil {
		values = []any{}
	}
	body := orderedObject{{q.Field, values}}
	if q.Boost != nil {
		body = append(body, member{"boost", *q.Boost})
	}
	if q.Name != "" {
		body = append(body, member{"_name", q.Name})
	}
	if q.ValueType != "" {
		body = append(body, member{"value_type", q.ValueType})
	}
	return wrap("terms", body)
}

// RangeQuery matches values within bounds; it works on numbers, dates (with Format, TimeZone
// and date math such as "now-1d/d") and strings:
// {"range": {"<field>": {"gte": ..., "lt": ..., "format": ..., "time_zone": ..., "relation": ..., "boost": ...}}}.
type RangeQuery struct {
	Field    string
	GT       any
	GTE      any
	LT       any
	LTE      any
	Format   string // date format for the bounds, e.g. "dd/MM/yyyy||yyyy"
	TimeZone string // "+01:00" or "Europe/Paris"
	Relation string // for range fields: INTERSECTS (default), CONTAINS, WITHIN
	Boost    *float64
	Name     string
}

// Range returns a range query on field; add bounds with Gt, Gte, Lt and Lte.
func Range(field string) *RangeQuery { return &RangeQuery{Field: field} }

// Gt sets the exclusive lower bound.
func (q *RangeQuery) Gt(v any) *RangeQuery { q.GT = v; return q }

// Gte sets the inclusive lower bound.
func (q *RangeQuery) Gte(v any) *RangeQuery { q.GTE = v; return q }

// Lt sets the exclusive upper bound.
func (q *RangeQuery) Lt(v any) *RangeQuery { q.LT = v; return q }

// Lte sets the inclusive upper bound.
func (q *RangeQuery) Lte(v any) *RangeQuery { q.LTE = v; return q }

// WithFormat sets the date format the bounds are written in.
func (q *RangeQuery) WithFormat(format string) *RangeQuery { q.Format = format; return q }

// WithTimeZone sets the time zone of date bounds.
func (q *RangeQuery) WithTimeZone(tz string) *RangeQuery { q.TimeZone = tz; return q }

// WithBoost sets the boost.
func (q *RangeQuery) WithBoost(b float64) *RangeQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *RangeQuery) WithName(name string) *RangeQuery { q.Name = name; return q }

// MarshalJSON renders the range query.
func (q *RangeQuery) MarshalJSON() ([]byte, error) {
	return wrapField("range", q.Field, struct {
		GT       any      `json:"gt,omitempty"`
		GTE      any      `json:"gte,omitempty"`
		LT       any      `json:"lt,omitempty"`
		LTE      any      `json:"lte,omitempty"`
		Format   string   `json:"format,omitempty"`
		TimeZone string   `json:"time_zone,omitempty"`
		Relation string   `json:"relation,omitempty"`
		Boost    *float64 `json:"boost,omitempty"`
		Name     string   `json:"_name,omitempty"`
	}{q.GT, q.GTE, q.LT, q.LTE, q.Format, q.TimeZone, q.Relation, q.Boost, q.Name})
}

// ExistsQuery matches documents with a non-null value in Field: {"exists": {"field": ...}}.
type ExistsQuery struct {
	Field string
	Boost *float64
	Name  string
}

// Exists returns an exists query.
func Exists(field string) *ExistsQuery { return &ExistsQuery{Field: field} }

// WithBoost sets the boost.
func (q *ExistsQuery) WithBoost(b float64) *ExistsQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *ExistsQuery) WithName(name string) *ExistsQuery { q.Name = name; return q }

// MarshalJSON renders the exists query.
func (q *ExistsQuery) MarshalJSON() ([]byte, error) {
	if q.Field == "" {
		return nil, errMissingField("exists")
	}
	return wrap("exists", struct {
		Field string   `json:"field"`
		Boost *float64 `json:"boost,omitempty"`
		Name  string   `json:"_name,omitempty"`
	}{q.Field, q.Boost, q.Name})
}

// IDsQuery matches documents by _id: {"ids": {"values": [...]}}.
type IDsQuery struct {
	Values []string
	Boost  *float64
	Name   string
}

// IDs returns an ids query.
func IDs(ids ...string) *IDsQuery { return &IDsQuery{Values: ids} }

// WithBoost sets the boost.
func (q *IDsQuery) WithBoost(b float64) *IDsQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *IDsQuery) WithName(name string) *IDsQuery { q.Name = name; return q }

// MarshalJSON renders the ids query.
func (q *IDsQuery) MarshalJSON() ([]byte, error) {
	values := q.Values
	if values == nil {
		values = []string{}
	}
	return wrap("ids", struct {
		Values []string `json:"values"`
		Boost  *float64 `json:"boost,omitempty"`
		Name   string   `json:"_name,omitempty"`
	}{values, q.Boost, q.Name})
}

// PrefixQuery matches terms that start with Value:
// {"prefix": {"<field>": {"value": ..., "case_insensitive": ..., "rewrite": ..., "boost": ...}}}.
type PrefixQuery struct {
	Field           string
	Value           string
	CaseInsensitive *bool
	Rewrite         string
	Boost           *float64
	Name            string
}

// Prefix returns a prefix query.
func Prefix(field, value string) *PrefixQuery { return &PrefixQuery{Field: field, Value: value} }

// WithBoost sets the boost.
func (q *PrefixQuery) WithBoost(b float64) *PrefixQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *PrefixQuery) WithName(name string) *PrefixQuery { q.Name = name; return q }

// MarshalJSON renders the prefix query.
func (q *PrefixQuery) MarshalJSON() ([]byte, error) {
	return wrapField("prefix", q.Field, multiTermBody{Value: q.Value, CaseInsensitive: q.CaseInsensitive,
		Rewrite: q.Rewrite, Boost: q.Boost, Name: q.Name})
}

// WildcardQuery matches terms against a pattern with * and ?:
// {"wildcard": {"<field>": {"value": ..., "case_insensitive": ..., "rewrite": ..., "boost": ...}}}.
type WildcardQuery struct {
	Field           string
	Value           string
	CaseInsensitive *bool
	Rewrite         string
	Boost           *float64
	Name            string
}

// Wildcard returns a wildcard query.
func Wildcard(field, pattern string) *WildcardQuery {
	return &WildcardQuery{Field: field, Value: pattern}
}

// WithBoost sets the boost.
func (q *WildcardQuery) WithBoost(b float64) *WildcardQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *WildcardQuery) WithName(name string) *WildcardQuery { q.Name = name; return q }

// MarshalJSON renders the wildcard query.
func (q *WildcardQuery) MarshalJSON() ([]byte, error) {
	return wrapField("wildcard", q.Field, multiTermBody{Value: q.Value, CaseInsensitive: q.CaseInsensitive,
		Rewrite: q.Rewrite, Boost: q.Boost, Name: q.Name})
}

// RegexpQuery matches terms against a Lucene regular expression:
// {"regexp": {"<field>": {"value": ..., "flags": ..., "case_insensitive": ..., "max_determinized_states": ...}}}.
type RegexpQuery struct {
	Field                 string
	Value                 string
	Flags                 string // e.g. "ALL", "COMPLEMENT|INTERVAL"
	CaseInsensitive       *bool
	MaxDeterminizedStates *int
	Rewrite               string
	Boost                 *float64
	Name                  string
}

// Regexp returns a regexp query.
func Regexp(field, pattern string) *RegexpQuery { return &RegexpQuery{Field: field, Value: pattern} }

// WithBoost sets the boost.
func (q *RegexpQuery) WithBoost(b float64) *RegexpQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *RegexpQuery) WithName(name string) *RegexpQuery { q.Name = name; return q }

// MarshalJSON renders the regexp query.
func (q *RegexpQuery) MarshalJSON() ([]byte, error) {
	return wrapField("regexp", q.Field, struct {
		Value                 string   `json:"value"`
		Flags                 string   `json:"flags,omitempty"`
		CaseInsensitive       *bool    `json:"case_insensitive,omitempty"`
		MaxDeterminizedStates *int     `json:"max_determinized_states,omitempty"`
		Rewrite               string   `json:"rewrite,omitempty"`
		Boost                 *float64 `json:"boost,omitempty"`
		Name                  string   `json:"_name,omitempty"`
	}{q.Value, q.Flags, q.CaseInsensitive, q.MaxDeterminizedStates, q.Rewrite, q.Boost, q.Name})
}

// FuzzyQuery matches terms within an edit distance of Value:
// {"fuzzy": {"<field>": {"value": ..., "fuzziness": ..., "prefix_length": ..., "max_expansions": ..., "transpositions": ...}}}.
type FuzzyQuery struct {
	Field          string
	Value          any
	Fuzziness      string // "AUTO", "AUTO:3,6", "0", "1", "2"
	PrefixLength   *int
	MaxExpansions  *int
	Transpositions *bool
	Rewrite        string
	Boost          *float64
	Name           string
}

// Fuzzy returns a fuzzy query.
func Fuzzy(field string, value any) *FuzzyQuery { return &FuzzyQuery{Field: field, Value: value} }

// WithFuzziness sets the allowed edit distance.
func (q *FuzzyQuery) WithFuzziness(f string) *FuzzyQuery { q.Fuzziness = f; return q }

// WithBoost sets the boost.
func (q *FuzzyQuery) WithBoost(b float64) *FuzzyQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *FuzzyQuery) WithName(name string) *FuzzyQuery { q.Name = name; return q }

// MarshalJSON renders the fuzzy query.
func (q *FuzzyQuery) MarshalJSON() ([]byte, error) {
	return wrapField("fuzzy", q.Field, struct {
		Value          any         `json:"value"`
		Fuzziness      intOrString `json:"fuzziness,omitempty"`
		PrefixLength   *int        `json:"prefix_length,omitempty"`
		MaxExpansions  *int        `json:"max_expansions,omitempty"`
		Transpositions *bool       `json:"transpositions,omitempty"`
		Rewrite        string      `json:"rewrite,omitempty"`
		Boost          *float64    `json:"boost,omitempty"`
		Name           string      `json:"_name,omitempty"`
	}{q.Value, intOrString(q.Fuzziness), q.PrefixLength, q.MaxExpansions, q.Transpositions, q.Rewrite, q.Boost, q.Name})
}

// multiTermBody is the shared body of prefix and wildcard.
type multiTermBody struct {
	Value           string   `json:"value"`
	CaseInsensitive *bool    `json:"case_insensitive,omitempty"`
	Rewrite         string   `json:"rewrite,omitempty"`
	Boost           *float64 `json:"boost,omitempty"`
	Name            string   `json:"_name,omitempty"`
}
