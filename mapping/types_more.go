package mapping

import (
	"errors"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// Object groups sub-fields (flattened into the parent document).
type Object struct {
	Properties map[string]Property `json:"properties,omitempty"`
	Dynamic    string              `json:"dynamic,omitempty"`
	Enabled    *bool               `json:"enabled,omitempty"`
}

// FieldType returns "object".
func (*Object) FieldType() string { return "object" }

// MarshalJSON renders the definition ("type" is implied by properties).
func (p *Object) MarshalJSON() ([]byte, error) { type t Object; return jsonx.Marshal((*t)(p)) }

// Nested indexes each object of an array as its own hidden document.
type Nested struct {
	Properties      map[string]Property `json:"properties,omitempty"`
	Dynamic         string              `json:"dynamic,omitempty"`
	IncludeInParent *bool               `json:"include_in_parent,omitempty"`
	IncludeInRoot   *bool               `json:"include_in_root,omitempty"`
}

// FieldType returns "nested".
func (*Nested) FieldType() string { return "nested" }

// MarshalJSON renders the definition.
func (p *Nested) MarshalJSON() ([]byte, error) { type t Nested; return typed(p.FieldType(), (*t)(p)) }

// Alias is another name for the field at Path.
type Alias struct {
	Path string `json:"path"`
}

// FieldType returns "alias".
func (*Alias) FieldType() string { return "alias" }

// MarshalJSON renders the definition.
func (p *Alias) MarshalJSON() ([]byte, error) {
	if p.Path == "" {
		return nil, errors.New("mapping: an alias needs a path")
	}
	type t Alias
	return typed(p.FieldType(), (*t)(p))
}

// ConstantKeyword has the same Value in every document of the index.
type ConstantKeyword struct {
	Value string `json:"value"`
}

// FieldType returns "constant_keyword".
func (*ConstantKeyword) FieldType() string { return "constant_keyword" }

// MarshalJSON renders the definition.
func (p *ConstantKeyword) MarshalJSON() ([]byte, error) {
	type t ConstantKeyword
	return typed(p.FieldType(), (*t)(p))
}

// Wildcard is a keyword-like field for wildcard and regexp searches.
type Wildcard struct {
	IgnoreAbove *int    `json:"ignore_above,omitempty"`
	Normalizer  string  `json:"normalizer,omitempty"`
	NullValue   *string `json:"null_value,omitempty"`
	DocValues   *bool   `json:"doc_values,omitempty"`
}

// FieldType returns "wildcard".
func (*Wildcard) FieldType() string { return "wildcard" }

// MarshalJSON renders the definition.
func (p *Wildcard) MarshalJSON() ([]byte, error) {
	type t Wildcard
	return typed(p.FieldType(), (*t)(p))
}

// MatchOnlyText is text without frequencies, positions or norms.
type MatchOnlyText struct {
	Analyzer       string              `json:"analyzer,omitempty"`
	SearchAnalyzer string              `json:"search_analyzer,omitempty"`
	Fields         map[string]Property `json:"fields,omitempty"`
	Meta           map[string]string   `json:"meta,omitempty"`
}

// FieldType returns "match_only_text".
func (*MatchOnlyText) FieldType() string { return "match_only_text" }

// MarshalJSON renders the definition.
func (p *MatchOnlyText) MarshalJSON() ([]byte, error) {
	type t MatchOnlyText
	return typed(p.FieldType(), (*t)(p))
}

// TokenCount indexes the number of tokens Analyzer makes of the value.
type TokenCount struct {
	Analyzer                 string `json:"analyzer"`
	EnablePositionIncrements *bool  `json:"enable_position_increments,omitempty"`
	NullValue                *int   `json:"null_value,omitempty"`
	Index                    *bool  `json:"index,omitempty"`
	Store                    *bool  `json:"store,omitempty"`
	DocValues                *bool  `json:"doc_values,omitempty"`
}

// FieldType returns "token_count".
func (*TokenCount) FieldType() string { return "token_count" }

// MarshalJSON renders the definition.
func (p *TokenCount) MarshalJSON() ([]byte, error) {
	if p.Analyzer == "" {
		return nil, errors.New("mapping: token_count needs an analyzer")
	}
	type t TokenCount
	return typed(p.FieldType(), (*t)(p))
}

// SearchAsYouType is text with shingle and prefix subfields for
// as-you-type completion (query with multi_match type bool_prefix).
type SearchAsYouType struct {
	Analyzer       string              `json:"analyzer,omitempty"`
	SearchAnalyzer string              `json:"search_analyzer,omitempty"`
	MaxShingleSize *int                `json:"max_shingle_size,omitempty"` // 2 to 4, default 3
	Fields         map[string]Property `json:"fields,omitempty"`
}

// FieldType returns "search_as_you_type".
func (*SearchAsYouType) FieldType() string { return "search_as_you_type" }

// MarshalJSON renders the definition.
func (p *SearchAsYouType) MarshalJSON() ([]byte, error) {
	type t SearchAsYouType
	return typed(p.FieldType(), (*t)(p))
}

// FlatObject indexes a whole JSON object as keyword values.
type FlatObject struct{}

// FieldType returns "flat_object".
func (*FlatObject) FieldType() string { return "flat_object" }

// MarshalJSON renders the definition.
func (p *FlatObject) MarshalJSON() ([]byte, error) { return typed(p.FieldType(), struct{}{}) }

// Range types.
const (
	IntegerRange = "integer_range"
	LongRange    = "long_range"
	FloatRange   = "float_range"
	DoubleRange  = "double_range"
	DateRange    = "date_range"
	IPRange      = "ip_range"
)

// Range holds ranges ({"gte": .., "lt": ..}) of Type integer_range,
// long_range, float_range, double_range, date_range or ip_range.
type Range struct {
	Type      string `json:"-"`
	Format    string `json:"format,omitempty"` // date_range only
	Coerce    *bool  `json:"coerce,omitempty"`
	Index     *bool  `json:"index,omitempty"`
	Store     *bool  `json:"store,omitempty"`
	DocValues *bool  `json:"doc_values,omitempty"`
}

// FieldType returns the range type.
func (p *Range) FieldType() string { return p.Type }

// MarshalJSON renders the definition.
func (p *Range) MarshalJSON() ([]byte, error) {
	switch p.Type {
	case IntegerRange, LongRange, FloatRange, DoubleRange, DateRange, IPRange:
	default:
		return nil, errors.New("mapping: unknown range type [" + p.Type + "]")
	}
	type t Range
	return typed(p.Type, (*t)(p))
}

// Completion serves the completion suggester.
type Completion struct {
	Analyzer                   string           `json:"analyzer,omitempty"`
	SearchAnalyzer             string           `json:"search_analyzer,omitempty"`
	PreserveSeparators         *bool            `json:"preserve_separators,omitempty"`
	PreservePositionIncrements *bool            `json:"preserve_position_increments,omitempty"`
	MaxInputLength             *int             `json:"max_input_length,omitempty"`
	Contexts                   []map[string]any `json:"contexts,omitempty"`
}

// FieldType returns "completion".
func (*Completion) FieldType() string { return "completion" }

// MarshalJSON renders the definition.
func (p *Completion) MarshalJSON() ([]byte, error) {
	type t Completion
	return typed(p.FieldType(), (*t)(p))
}

// RankFeature holds a positive number that rank_feature queries score by.
type RankFeature struct {
	PositiveScoreImpact *bool `json:"positive_score_impact,omitempty"`
}

// FieldType returns "rank_feature".
func (*RankFeature) FieldType() string { return "rank_feature" }

// MarshalJSON renders the definition.
func (p *RankFeature) MarshalJSON() ([]byte, error) {
	type t RankFeature
	return typed(p.FieldType(), (*t)(p))
}

// Join relates parent and child documents of one index: Relations maps a
// parent name to its child names.
type Join struct {
	Relations           map[string][]string `json:"relations"`
	EagerGlobalOrdinals *bool               `json:"eager_global_ordinals,omitempty"`
}

// FieldType returns "join".
func (*Join) FieldType() string { return "join" }

// MarshalJSON renders the definition.
func (p *Join) MarshalJSON() ([]byte, error) {
	if len(p.Relations) == 0 {
		return nil, errors.New("mapping: a join field needs relations")
	}
	type t Join
	return typed(p.FieldType(), (*t)(p))
}
