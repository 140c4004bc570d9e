package query

import "errors"

// SpanQuery is a query that matches spans of positions: the clauses of
// span_near, span_or, span_not, span_first, span_containing, span_within
// and field_masking_span must be span queries.
type SpanQuery interface {
	Query
	spanQuery()
}

// SpanTermQuery matches a term (not analysed) at its positions:
// {"span_term": {"<field>": {"value": ..., "boost": ...}}}.
type SpanTermQuery struct {
	Field string
	Value string
	Boost *float64
	Name  string
}

// SpanTerm returns a span_term query.
func SpanTerm(field, value string) *SpanTermQuery { return &SpanTermQuery{Field: field, Value: value} }

func (*SpanTermQuery) spanQuery() {}

// WithBoost sets the boost.
func (q *SpanTermQuery) WithBoost(b float64) *SpanTermQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *SpanTermQuery) WithName(name string) *SpanTermQuery { q.Name = name; return q }

// MarshalJSON renders the span_term query.
func (q *SpanTermQuery) MarshalJSON() ([]byte, error) {
	return wrapField("span_term", q.Field, struct {
		Value string   `json:"value"`
		Boost *float64 `json:"boost,omitempty"`
		Name  string   `json:"_name,omitempty"`
	}{q.Value, q.Boost, q.Name})
}

// SpanNearQuery matches its clauses' spans within Slop positions of each
// other, in order when InOrder: {"span_near": {"clauses": [...], "slop": ..., "in_order": ...}}.
type SpanNearQuery struct {
	Clauses []SpanQuery
	Slop    int
	InOrder *bool
	Boost   *float64
	Name    string
}

// SpanNear returns a span_near query.
func SpanNear(slop int, inOrder bool, clauses ...SpanQuery) *SpanNearQuery {
	return &SpanNearQuery{Clauses: clauses, Slop: slop, InOrder: &inOrder}
}

func (*SpanNearQuery) spanQuery() {}

// MarshalJSON renders the span_near query.
func (q *SpanNearQuery) MarshalJSON() ([]byte, error) {
	if err := checkSpans("span_near", q.Clauses...); err != nil {
		return nil, err
	}
	return wrap("span_near", struct {
		Clauses []SpanQuery `json:"clauses"`
		Slop    int         `json:"slop"`
		InOrder *bool       `json:"in_order,omitempty"`
		Boost   *float64    `json:"boost,omitempty"`
		Name    string      `json:"_name,omitempty"`
	}{q.Clauses, q.Slop, q.InOrder, q.Boost, q.Name})
}

// SpanOrQuery matches the spans of any clause: {"span_or": {"clauses": [...]}}.
type SpanOrQuery struct {
	Clauses []SpanQuery
	Boost   *float64
	Name    string
}

// SpanOr returns a span_or query.
func SpanOr(clauses ...SpanQuery) *SpanOrQuery { return &SpanOrQuery{Clauses: clauses} }

func (*SpanOrQuery) spanQuery() {}

// MarshalJSON renders the span_or query.
func (q *SpanOrQuery) MarshalJSON() ([]byte, error) {
	if err := checkSpans("span_or", q.Clauses...); err != nil {
		return nil, err
	}
	return wrap("span_or", struct {
		Clauses []SpanQuery `json:"clauses"`
		Boost   *float64    `json:"boost,omitempty"`
		Name    string      `json:"_name,omitempty"`
	}{q.Clauses, q.Boost, q.Name})
}

// SpanNotQuery matches Include's spans that no Exclude span comes within
// Pre positions before or Post after (Dist sets both):
// {"span_not": {"include": ..., "exclude": ..., "pre": ..., "post": ...}}.
type SpanNotQuery struct {
	Include, Exclude SpanQuery
	Pre, Post, Dist  *int
	Boost            *float64
	Name             string
}

// SpanNot returns a span_not query.
func SpanNot(include, exclude SpanQuery) *SpanNotQuery {
	return &SpanNotQuery{Include: include, Exclude: exclude}
}

func (*SpanNotQuery) spanQuery() {}

// MarshalJSON renders the span_not query.
func (q *SpanNotQuery) MarshalJSON() ([]byte, error) {
	if err := checkSpans("span_not", q.Include, q.Exclude); err != nil {
		return nil, err
	}
	return wrap("span_not", struct {
		Include SpanQuery `json:"include"`
		Exclude SpanQuery `json:"exclude"`
		Pre     *int      `json:"pre,omitempty"`
		Post    *int      `json:"post,omitempty"`
		Dist    *int      `json:"dist,omitempty"`
		Boost   *float64  `json:"boost,omitempty"`
		Name    string    `json:"_name,omitempty"`
	}{q.Include, q.Exclude, q.Pre, q.Post, q.Dist, q.Boost, q.Name})
}

// SpanFirstQuery matches Match's spans that end by position End:
// {"span_first": {"match": ..., "end": ...}}.
type SpanFirstQuery struct {
	Match SpanQuery
	End   int
	Boost *float64
	Name  string
}

// SpanFirst returns a span_first query.
func SpanFirst(match SpanQuery, end int) *SpanFirstQuery {
	return &SpanFirstQuery{Match: match, End: end}
}

func (*SpanFirstQuery) spanQuery() {}

// MarshalJSON renders the span_first query.
func (q *SpanFirstQuery) MarshalJSON() ([]byte, error) {
	if err := checkSpans("span_first", q.Match); err != nil {
		return nil, err
	}
	return wrap("span_first", struct {
		Match SpanQuery `json:"match"`
		End   int       `json:"end"`
		Boost *float64  `json:"boost,omitempty"`
		Name  string    `json:"_name,omitempty"`
	}{q.Match, q.End, q.Boost, q.Name})
}

// SpanContainingQuery matches Big's spans that contain a Little span
// ({"span_containing": ...}); as Within, Little's spans inside a Big span
// ({"span_within": ...}).
type SpanContainingQuery struct {
	Big, Little SpanQuery
	Within      bool
	Boost       *float64
	Name        string
}

// SpanContaining returns a span_containing query.
func SpanContaining(big, little SpanQuery) *SpanContainingQuery {
	return &SpanContainingQuery{Big: big, Little: little}
}

// SpanWithin returns a span_within query.
func SpanWithin(big, little SpanQuery) *SpanContainingQuery {
	return &SpanContainingQuery{Big: big, Little: little, Within: true}
}

func (*SpanContainingQuery) spanQuery() {}

// MarshalJSON renders the span_containing or span_within query.
func (q *SpanContainingQuery) MarshalJSON() ([]byte, error) {
	name := "span_containing"
	if q.Within {
		name = "span_within"
	}
	if err := checkSpans(name, q.Big, q.Little); err != nil {
		return nil, err
	}
	return wrap(name, struct {
		Big    SpanQuery `json:"big"`
		Little SpanQuery `json:"little"`
		Boost  *float64  `json:"boost,omitempty"`
		Name   string    `json:"_name,omitempty"`
	}{q.Big, q.Little, q.Boost, q.Name})
}

// SpanMultiQuery turns a multi-term query (prefix, wildcard, regexp, fuzzy)
// into a span query: {"span_multi": {"match": ...}}.
type SpanMultiQuery struct {
	Match Query
	Boost *float64
	Name  string
}

// SpanMulti returns a span_multi query.
func SpanMulti(match Query) *SpanMultiQuery { return &SpanMultiQuery{Match: match} }

func (*SpanMultiQuery) spanQuery() {}

// MarshalJSON renders the span_multi query.
func (q *SpanMultiQuery) MarshalJSON() ([]byte, error) {
	if isNil(q.Match) {
		return nil, errors.New("query: span_multi needs a match query")
	}
	return wrap("span_multi", struct {
		Match Query    `json:"match"`
		Boost *float64 `json:"boost,omitempty"`
		Name  string   `json:"_name,omitempty"`
	}{q.Match, q.Boost, q.Name})
}

// FieldMaskingSpanQuery presents a span query on another field as one on
// Field, so span_near can combine them: {"field_masking_span": {"query": ..., "field": ...}}.
type FieldMaskingSpanQuery struct {
	Query SpanQuery
	Field string
	Boost *float64
	Name  string
}

// FieldMaskingSpan returns a field_masking_span query.
func FieldMaskingSpan(q SpanQuery, field string) *FieldMaskingSpanQuery {
	return &FieldMaskingSpanQuery{Query: q, Field: field}
}

func (*FieldMaskingSpanQuery) spanQuery() {}

// MarshalJSON renders the field_masking_span query.
func (q *FieldMaskingSpanQuery) MarshalJSON() ([]byte, error) {
	if q.Field == "" {
		return nil, errMissingField("field_masking_span")
	}
	if err := checkSpans("field_masking_span", q.Query); err != nil {
		return nil, err
	}
	return wrap("field_masking_span", struct {
		Query SpanQuery `json:"query"`
		Field string    `json:"field"`
		Boost *float64  `json:"boost,omitempty"`
		Name  string    `json:"_name,omitempty"`
	}{q.Query, q.Field, q.Boost, q.Name})
}

// checkSpans refuses a missing clause before any request.
func checkSpans(name string, clauses ...SpanQuery) error {
	if len(clauses) == 0 {
		return errors.New("query: " + name + " needs clauses")
	}
	for _, c := range clauses {
		if isNil(c) {
			return errors.New("query: nil clause in " + name)
		}
	}
	return nil
}
