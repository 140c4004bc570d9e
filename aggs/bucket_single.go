package aggs

import (
	"errors"
	"sort"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/query"
)

// FilterAggregation is one bucket of the documents matching Query:
// {"filter": <query>}. Result: *SingleBucketAggregate.
type FilterAggregation struct {
	Query query.Query

	Aggs Aggs
	Meta map[string]any
}

// Filter returns a filter aggregation.
func Filter(q query.Query) *FilterAggregation { return &FilterAggregation{Query: q} }

// MarshalJSON renders the aggregation.
func (a *FilterAggregation) MarshalJSON() ([]byte, error) {
	if a.Query == nil {
		return nil, errors.New("aggs: filter needs a query")
	}
	return render("filter", a.Query, a.Meta, a.Aggs)
}

// FiltersAggregation is one bucket per query: named buckets (Filters, the
// answer keyed by name) or anonymous ones (Anonymous, the answer a list in
// request order). OtherBucket adds a bucket of the documents no query matched.
// Result: *FiltersAggregate.
type FiltersAggregation struct {
	Filters        map[string]query.Query
	Anonymous      []query.Query
	OtherBucket    *bool
	OtherBucketKey string
	Keyed          *bool // named filters only: false answers a list that keeps the keys

	Aggs Aggs
	Meta map[string]any
}

// Filters returns a filters aggregation with named buckets.
func Filters(filters map[string]query.Query) *FiltersAggregation {
	return &FiltersAggregation{Filters: filters}
}

// AnonymousFilters returns a filters aggregation with one unnamed bucket per
// query, in order.
func AnonymousFilters(qs ...query.Query) *FiltersAggregation {
	return &FiltersAggregation{Anonymous: qs}
}

// WithOtherBucket adds the bucket of unmatched documents, under key (empty:
// the server's "_other_").
func (a *FiltersAggregation) WithOtherBucket(key string) *FiltersAggregation {
	t := true
	a.OtherBucket, a.OtherBucketKey = &t, key
	return a
}

// MarshalJSON renders the aggregation.
func (a *FiltersAggregation) MarshalJSON() ([]byte, error) {
	if (len(a.Filters) == 0) == (len(a.Anonymous) == 0) {
		return nil, errors.New("aggs: filters needs either named or anonymous filters")
	}
	var filters any = a.Anonymous
	if len(a.Filters) > 0 {
		named, err := namedQueries("filters", a.Filters)
		if err != nil {
			return nil, err
		}
		filters = named
	}
	for i, q := range a.Anonymous {
		if q == nil {
			return nil, errors.New("aggs: filters: anonymous filter " + strconv.Itoa(i) + " is nil")
		}
	}
	return render("filters", struct {
		Filters        any    `json:"filters"`
		OtherBucket    *bool  `json:"other_bucket,omitempty"`
		OtherBucketKey string `json:"other_bucket_key,omitempty"`
		Keyed          *bool  `json:"keyed,omitempty"`
	}{filters, a.OtherBucket, a.OtherBucketKey, a.Keyed}, a.Meta, a.Aggs)
}

// namedQueries renders a map of named queries in name order, refusing nil ones.
func namedQueries(kind string, qs map[string]query.Query) (rawObject, error) {
	names := make([]string, 0, len(qs))
	for n := range qs {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make(rawObject, 0, len(names))
	for _, n := range names {
		if qs[n] == nil {
			return nil, errors.New("aggs: " + kind + ": filter " + strconv.Quote(n) + " is nil")
		}
		out = append(out, rawMember{n, qs[n]})
	}
	return out, nil
}

// rawMember is one key of a rawObject.
type rawMember struct {
	key   string
	value any
}

// rawObject marshals as a JSON object whose keys keep the slice order.
type rawObject []rawMember

// MarshalJSON renders the members in order.
func (o rawObject) MarshalJSON() ([]byte, error) {
	out := []byte{'{'}
	for i, m := range o {
		if i > 0 {
			out = append(out, ',')
		}
		out = strconv.AppendQuote(out, m.key)
		out = append(out, ':')
		v, err := jsonx.Marshal(m.value)
		if err != nil {
			return nil, err
		}
		out = append(out, v...)
	}
	return append(out, '}'), nil
}

// AdjacencyMatrixAggregation is one bucket per filter and per pair of
// filters that intersect: {"adjacency_matrix": {"filters": {...}}}.
// Result: *AdjacencyMatrixAggregate.
type AdjacencyMatrixAggregation struct {
	Filters   map[string]query.Query
	Separator string // between the two names of an intersection ("&")

	Aggs Aggs
	Meta map[string]any
}

// AdjacencyMatrix returns an adjacency_matrix aggregation.
func AdjacencyMatrix(filters map[string]query.Query) *AdjacencyMatrixAggregation {
	return &AdjacencyMatrixAggregation{Filters: filters}
}

// MarshalJSON renders the aggregation.
func (a *AdjacencyMatrixAggregation) MarshalJSON() ([]byte, error) {
	if len(a.Filters) == 0 {
		return nil, errors.New("aggs: adjacency_matrix needs filters")
	}
	named, err := namedQueries("adjacency_matrix", a.Filters)
	if err != nil {
		return nil, err
	}
	return render("adjacency_matrix", struct {
		Filters   rawObject `json:"filters"`
		Separator string    `json:"separator,omitempty"`
	}{named, a.Separator}, a.Meta, a.Aggs)
}

// MissingAggregation is one bucket of the documents without a value for
// Field: {"missing": {"field": ...}}. Result: *SingleBucketAggregate.
type MissingAggregation struct {
	Field string `json:"field"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// Missing returns a missing aggregation on field.
func Missing(field string) *MissingAggregation { return &MissingAggregation{Field: field} }

// MarshalJSON renders the aggregation.
func (a *MissingAggregation) MarshalJSON() ([]byte, error) {
	if a.Field == "" {
		return nil, errors.New("aggs: missing needs a field")
	}
	type body MissingAggregation
	return render("missing", (*body)(a), a.Meta, a.Aggs)
}

// GlobalAggregation is one bucket of every document of the searched indexes,
// whatever the query: {"global": {}}. It must be a top-level aggregation.
// Result: *SingleBucketAggregate.
type GlobalAggregation struct {
	Aggs Aggs
	Meta map[string]any
}

// Global returns a global aggregation.
func Global() *GlobalAggregation { return &GlobalAggregation{} }

// MarshalJSON renders the aggregation.
func (a *GlobalAggregation) MarshalJSON() ([]byte, error) {
	return render("global", struct{}{}, a.Meta, a.Aggs)
}

// NestedAggregation aggregates the nested documents at Path:
// {"nested": {"path": ...}}. Result: *SingleBucketAggregate.
type NestedAggregation struct {
	Path string `json:"path"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// Nested returns a nested aggregation on path.
func Nested(path string) *NestedAggregation { return &NestedAggregation{Path: path} }

// MarshalJSON renders the aggregation.
func (a *NestedAggregation) MarshalJSON() ([]byte, error) {
	if a.Path == "" {
		return nil, errors.New("aggs: nested needs a path")
	}
	type body NestedAggregation
	return render("nested", (*body)(a), a.Meta, a.Aggs)
}

// ReverseNestedAggregation, inside a nested aggregation, goes back to the
// parent documents (Path empty: the root): {"reverse_nested": {}}.
// Result: *SingleBucketAggregate.
type ReverseNestedAggregation struct {
	Path string `json:"path,omitempty"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// ReverseNested returns a reverse_nested aggregation to path ("" for the root).
func ReverseNested(path string) *ReverseNestedAggregation {
	return &ReverseNestedAggregation{Path: path}
}

// MarshalJSON renders the aggregation.
func (a *ReverseNestedAggregation) MarshalJSON() ([]byte, error) {
	type body ReverseNestedAggregation
	return render("reverse_nested", (*body)(a), a.Meta, a.Aggs)
}
