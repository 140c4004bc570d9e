package aggs

import (
	"errors"

	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// TermsAggregation groups documents by the values of a field (or script):
// {"terms": {"field": ..., "size": ..., "order": ...}}. Result: *TermsAggregate.
type TermsAggregation struct {
	ValuesSource
	Size                  *int          `json:"size,omitempty"`       // buckets returned (10)
	ShardSize             *int          `json:"shard_size,omitempty"` // buckets per shard (size*1.5+10)
	MinDocCount           *int64        `json:"min_doc_count,omitempty"`
	ShardMinDocCount      *int64        `json:"shard_min_doc_count,omitempty"`
	Order                 Orders        `json:"order,omitempty"`   // default _count desc, then _key asc
	Include               any           `json:"include,omitempty"` // a regexp string, a list of values, or {"partition":p,"num_partitions":n}
	Exclude               any           `json:"exclude,omitempty"` // a regexp string or a list of values
	ExecutionHint         ExecutionHint `json:"execution_hint,omitempty"`
	CollectMode           CollectMode   `json:"collect_mode,omitempty"`
	ShowTermDocCountError *bool         `json:"show_term_doc_count_error,omitempty"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// Terms returns a terms aggregation on field.
func Terms(field string) *TermsAggregation {
	return &TermsAggregation{ValuesSource: ValuesSource{Field: field}}
}

// WithSize sets the number of buckets returned.
func (a *TermsAggregation) WithSize(n int) *TermsAggregation { a.Size = &n; return a }

// WithOrder sets the bucket order keys, most significant first.
func (a *TermsAggregation) WithOrder(o ...Order) *TermsAggregation { a.Order = o; return a }

// WithMinDocCount sets the minimum document count of a returned bucket.
func (a *TermsAggregation) WithMinDocCount(n int64) *TermsAggregation { a.MinDocCount = &n; return a }

// MarshalJSON renders the aggregation.
func (a *TermsAggregation) MarshalJSON() ([]byte, error) {
	type body TermsAggregation
	return render("terms", (*body)(a), a.Meta, a.Aggs)
}

// MultiTermsSource is one of the fields of a multi_terms aggregation.
type MultiTermsSource struct {
	Field     string `json:"field,omitempty"`
	Missing   any    `json:"missing,omitempty"`
	ValueType string `json:"value_type,omitempty"`
	Format    string `json:"format,omitempty"`
}

// MultiTermsAggregation groups documents by the combination of several
// fields' values: {"multi_terms": {"terms": [{"field": ...}, ...]}}.
// Result: *MultiTermsAggregate.
type MultiTermsAggregation struct {
	Terms            []MultiTermsSource `json:"terms"`
	Size             *int               `json:"size,omitempty"`
	ShardSize        *int               `json:"shard_size,omitempty"`
	MinDocCount      *int64             `json:"min_doc_count,omitempty"`
	ShardMinDocCount *int64             `json:"shard_min_doc_count,omitempty"`
	Order            Orders             `json:"order,omitempty"`
	CollectMode      CollectMode        `json:"collect_mode,omitempty"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// MultiTerms returns a multi_terms aggregation on fields (two or more).
func MultiTerms(fields ...string) *MultiTermsAggregation {
	a := &MultiTermsAggregation{}
	for _, f := range fields {
		a.Terms = append(a.Terms, MultiTermsSource{Field: f})
	}
	return a
}

// WithSize sets the number of buckets returned.
func (a *MultiTermsAggregation) WithSize(n int) *MultiTermsAggregation { a.Size = &n; return a }

// WithOrder sets the bucket order keys.
func (a *MultiTermsAggregation) WithOrder(o ...Order) *MultiTermsAggregation {
	a.Order = o
	return a
}

// MarshalJSON renders the aggregation.
func (a *MultiTermsAggregation) MarshalJSON() ([]byte, error) {
	if len(a.Terms) < 2 {
		return nil, errors.New("aggs: multi_terms needs at least two terms sources")
	}
	type body MultiTermsAggregation
	return render("multi_terms", (*body)(a), a.Meta, a.Aggs)
}

// Significance is the options of the mutual_information, chi_square and gnd
// significance heuristics.
type Significance struct {
	IncludeNegatives     *bool `json:"include_negatives,omitempty"` // not for gnd
	BackgroundIsSuperset *bool `json:"background_is_superset,omitempty"`
}

// SignificantTermsAggregation finds terms unusually frequent in the matching
// documents compared with the whole index: {"significant_terms": {...}}. Set
// at most one heuristic (JLH is the default). Result: *SignificantTermsAggregate.
type SignificantTermsAggregation struct {
	ValuesSource
	Size              *int           `json:"size,omitempty"`
	ShardSize         *int           `json:"shard_size,omitempty"`
	MinDocCount       *int64         `json:"min_doc_count,omitempty"`
	ShardMinDocCount  *int64         `json:"shard_min_doc_count,omitempty"`
	BackgroundFilter  query.Query    `json:"background_filter,omitempty"`
	Include           any            `json:"include,omitempty"`
	Exclude           any            `json:"exclude,omitempty"`
	ExecutionHint     ExecutionHint  `json:"execution_hint,omitempty"`
	JLH               *struct{}      `json:"jlh,omitempty"`
	MutualInformation *Significance  `json:"mutual_information,omitempty"`
	ChiSquare         *Significance  `json:"chi_square,omitempty"`
	GND               *Significance  `json:"gnd,omitempty"`
	Percentage        *struct{}      `json:"percentage,omitempty"`
	ScriptHeuristic   *ScriptOptions `json:"script_heuristic,omitempty"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// SignificantTerms returns a significant_terms aggregation on field.
func SignificantTerms(field string) *SignificantTermsAggregation {
	return &SignificantTermsAggregation{ValuesSource: ValuesSource{Field: field}}
}

// WithSize sets the number of buckets returned.
func (a *SignificantTermsAggregation) WithSize(n int) *SignificantTermsAggregation {
	a.Size = &n
	return a
}

// MarshalJSON renders the aggregation.
func (a *SignificantTermsAggregation) MarshalJSON() ([]byte, error) {
	type body SignificantTermsAggregation
	return render("significant_terms", (*body)(a), a.Meta, a.Aggs)
}

// RareTermsAggregation finds the terms of a field that occur in at most
// MaxDocCount documents: {"rare_terms": {"field": ..., "max_doc_count": ...}}.
// Result: *TermsAggregate (types srareterms, lrareterms).
type RareTermsAggregation struct {
	ValuesSource
	MaxDocCount *int64   `json:"max_doc_count,omitempty"` // 1
	Precision   *float64 `json:"precision,omitempty"`     // cuckoo filter precision (0.001)
	Include     any      `json:"include,omitempty"`
	Exclude     any      `json:"exclude,omitempty"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// RareTerms returns a rare_terms aggregation on field.
func RareTerms(field string) *RareTermsAggregation {
	return &RareTermsAggregation{ValuesSource: ValuesSource{Field: field}}
}

// WithMaxDocCount sets the largest document count of a rare term.
func (a *RareTermsAggregation) WithMaxDocCount(n int64) *RareTermsAggregation {
	a.MaxDocCount = &n
	return a
}

// MarshalJSON renders the aggregation.
func (a *RareTermsAggregation) MarshalJSON() ([]byte, error) {
	type body RareTermsAggregation
	return render("rare_terms", (*body)(a), a.Meta, a.Aggs)
}

// SamplerAggregation limits its sub-aggregations to the best-scoring
// ShardSize documents of each shard: {"sampler": {"shard_size": ...}}.
// Result: *SingleBucketAggregate.
type SamplerAggregation struct {
	ShardSize *int `json:"shard_size,omitempty"` // 100

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// Sampler returns a sampler aggregation keeping shardSize documents per shard
// (0 leaves the server's default).
func Sampler(shardSize int) *SamplerAggregation {
	a := &SamplerAggregation{}
	if shardSize > 0 {
		a.ShardSize = &shardSize
	}
	return a
}

// MarshalJSON renders the aggregation.
func (a *SamplerAggregation) MarshalJSON() ([]byte, error) {
	type body SamplerAggregation
	return render("sampler", (*body)(a), a.Meta, a.Aggs)
}

// ScriptOptions holds a script option of an aggregation.
type ScriptOptions struct {
	Script *types.Script `json:"script"`
}
