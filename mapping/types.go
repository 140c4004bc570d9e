package mapping

import "errors"

// Text is an analysed full-text field.
type Text struct {
	Analyzer             string              `json:"analyzer,omitempty"`
	SearchAnalyzer       string              `json:"search_analyzer,omitempty"`
	SearchQuoteAnalyzer  string              `json:"search_quote_analyzer,omitempty"`
	Index                *bool               `json:"index,omitempty"`
	Store                *bool               `json:"store,omitempty"`
	Norms                *bool               `json:"norms,omitempty"`
	Fielddata            *bool               `json:"fielddata,omitempty"`
	IndexPhrases         *bool               `json:"index_phrases,omitempty"`
	IndexOptions         string              `json:"index_options,omitempty"` // docs, freqs, positions, offsets
	TermVector           string              `json:"term_vector,omitempty"`
	Similarity           string              `json:"similarity,omitempty"`
	PositionIncrementGap *int                `json:"position_increment_gap,omitempty"`
	Fields               map[string]Property `json:"fields,omitempty"`
	CopyTo               []string            `json:"copy_to,omitempty"`
	Meta                 map[string]string   `json:"meta,omitempty"`
}

// FieldType returns "text".
func (*Text) FieldType() string { return "text" }

// MarshalJSON renders the definition.
func (p *Text) MarshalJSON() ([]byte, error) { type t Text; return typed(p.FieldType(), (*t)(p)) }

// Keyword is an exact-value field.
type Keyword struct {
	IgnoreAbove              *int                `json:"ignore_above,omitempty"`
	Normalizer               string              `json:"normalizer,omitempty"`
	NullValue                *string             `json:"null_value,omitempty"`
	Index                    *bool               `json:"index,omitempty"`
	Store                    *bool               `json:"store,omitempty"`
	DocValues                *bool               `json:"doc_values,omitempty"`
	EagerGlobalOrdinals      *bool               `json:"eager_global_ordinals,omitempty"`
	SplitQueriesOnWhitespace *bool               `json:"split_queries_on_whitespace,omitempty"`
	Fields                   map[string]Property `json:"fields,omitempty"`
	CopyTo                   []string            `json:"copy_to,omitempty"`
	Meta                     map[string]string   `json:"meta,omitempty"`
}

// FieldType returns "keyword".
func (*Keyword) FieldType() string { return "keyword" }

// MarshalJSON renders the definition.
func (p *Keyword) MarshalJSON() ([]byte, error) { type t Keyword; return typed(p.FieldType(), (*t)(p)) }

// Number types.
const (
	Long         = "long"
	Integer      = "integer"
	Short        = "short"
	Byte         = "byte"
	Double       = "double"
	Float        = "float"
	HalfFloat    = "half_float"
	UnsignedLong = "unsigned_long"
)

// Number is a numeric field of Type long, integer, short, byte, double,
// float, half_float or unsigned_long.
type Number struct {
	Type            string              `json:"-"`
	Coerce          *bool               `json:"coerce,omitempty"`
	IgnoreMalformed *bool               `json:"ignore_malformed,omitempty"`
	NullValue       any                 `json:"null_value,omitempty"`
	Index           *bool               `json:"index,omitempty"`
	Store           *bool               `json:"store,omitempty"`
	DocValues       *bool               `json:"doc_values,omitempty"`
	Fields          map[string]Property `json:"fields,omitempty"`
	CopyTo          []string            `json:"copy_to,omitempty"`
	Meta            map[string]string   `json:"meta,omitempty"`
}

// FieldType returns the number type.
func (p *Number) FieldType() string { return p.Type }

// MarshalJSON renders the definition.
func (p *Number) MarshalJSON() ([]byte, error) {
	switch p.Type {
	case Long, Integer, Short, Byte, Double, Float, HalfFloat, UnsignedLong:
	default:
		return nil, errors.New("mapping: unknown number type [" + p.Type + "]")
	}
	type t Number
	return typed(p.Type, (*t)(p))
}

// ScaledFloat stores a float as a long: round(value * ScalingFactor).
type ScaledFloat struct {
	ScalingFactor   float64           `json:"scaling_factor"`
	Coerce          *bool             `json:"coerce,omitempty"`
	IgnoreMalformed *bool             `json:"ignore_malformed,omitempty"`
	NullValue       *float64          `json:"null_value,omitempty"`
	Index           *bool             `json:"index,omitempty"`
	Store           *bool             `json:"store,omitempty"`
	DocValues       *bool             `json:"doc_values,omitempty"`
	CopyTo          []string          `json:"copy_to,omitempty"`
	Meta            map[string]string `json:"meta,omitempty"`
}

// FieldType returns "scaled_float".
func (*ScaledFloat) FieldType() string { return "scaled_float" }

// MarshalJSON renders the definition.
func (p *ScaledFloat) MarshalJSON() ([]byte, error) {
	if p.ScalingFactor <= 0 {
		return nil, errors.New("mapping: scaled_float needs a positive scaling_factor")
	}
	type t ScaledFloat
	return typed(p.FieldType(), (*t)(p))
}

// Date is a date field (Nanos: date_nanos, nanosecond resolution).
type Date struct {
	Nanos           bool              `json:"-"`
	Format          string            `json:"format,omitempty"`
	Locale          string            `json:"locale,omitempty"`
	NullValue       string            `json:"null_value,omitempty"`
	IgnoreMalformed *bool             `json:"ignore_malformed,omitempty"`
	Index           *bool             `json:"index,omitempty"`
	Store           *bool             `json:"store,omitempty"`
	DocValues       *bool             `json:"doc_values,omitempty"`
	CopyTo          []string          `json:"copy_to,omitempty"`
	Meta            map[string]string `json:"meta,omitempty"`
}

// FieldType returns "date" or "date_nanos".
func (p *Date) FieldType() string {
	if p.Nanos {
		return "date_nanos"
	}
	return "date"
}

// MarshalJSON renders the definition.
func (p *Date) MarshalJSON() ([]byte, error) { type t Date; return typed(p.FieldType(), (*t)(p)) }

// Boolean is a true/false field.
type Boolean struct {
	NullValue *bool             `json:"null_value,omitempty"`
	Index     *bool             `json:"index,omitempty"`
	Store     *bool             `json:"store,omitempty"`
	DocValues *bool             `json:"doc_values,omitempty"`
	Meta      map[string]string `json:"meta,omitempty"`
}

// FieldType returns "boolean".
func (*Boolean) FieldType() string { return "boolean" }

// MarshalJSON renders the definition.
func (p *Boolean) MarshalJSON() ([]byte, error) { type t Boolean; return typed(p.FieldType(), (*t)(p)) }

// Binary holds base64 values, not searchable.
type Binary struct {
	Store     *bool             `json:"store,omitempty"`
	DocValues *bool             `json:"doc_values,omitempty"`
	Meta      map[string]string `json:"meta,omitempty"`
}

// FieldType returns "binary".
func (*Binary) FieldType() string { return "binary" }

// MarshalJSON renders the definition.
func (p *Binary) MarshalJSON() ([]byte, error) { type t Binary; return typed(p.FieldType(), (*t)(p)) }

// IP holds IPv4 and IPv6 addresses (term queries take CIDR blocks).
type IP struct {
	NullValue       string            `json:"null_value,omitempty"`
	IgnoreMalformed *bool             `json:"ignore_malformed,omitempty"`
	Index           *bool             `json:"index,omitempty"`
	Store           *bool             `json:"store,omitempty"`
	DocValues       *bool             `json:"doc_values,omitempty"`
	Meta            map[string]string `json:"meta,omitempty"`
}

// FieldType returns "ip".
func (*IP) FieldType() string { return "ip" }

// MarshalJSON renders the definition.
func (p *IP) MarshalJSON() ([]byte, error) { type t IP; return typed(p.FieldType(), (*t)(p)) }

// GeoPoint holds latitude/longitude points.
type GeoPoint struct {
	IgnoreMalformed *bool             `json:"ignore_malformed,omitempty"`
	IgnoreZValue    *bool             `json:"ignore_z_value,omitempty"`
	NullValue       any               `json:"null_value,omitempty"`
	Meta            map[string]string `json:"meta,omitempty"`
}

// FieldType returns "geo_point".
func (*GeoPoint) FieldType() string { return "geo_point" }

// MarshalJSON renders the definition.
func (p *GeoPoint) MarshalJSON() ([]byte, error) {
	type t GeoPoint
	return typed(p.FieldType(), (*t)(p))
}

// GeoShape holds GeoJSON or WKT shapes.
type GeoShape struct {
	Index           *bool  `json:"index,omitempty"`
	DocValues       *bool  `json:"doc_values,omitempty"`
	Orientation     string `json:"orientation,omitempty"` // right/ccw/counterclockwise or left/cw/clockwise
	IgnoreMalformed *bool  `json:"ignore_malformed,omitempty"`
	IgnoreZValue    *bool  `json:"ignore_z_value,omitempty"`
	Coerce          *bool  `json:"coerce,omitempty"`
}

// FieldType returns "geo_shape".
func (*GeoShape) FieldType() string { return "geo_shape" }

// MarshalJSON renders the definition.
func (p *GeoShape) MarshalJSON() ([]byte, error) {
	type t GeoShape
	return typed(p.FieldType(), (*t)(p))
}
