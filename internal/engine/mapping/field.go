// Package mapping models index mappings: explicit field definitions, dynamic
// mapping of new fields as OpenSearch 2.x does it, document parsing into
// indexable values (each nested object its own document, Parsed.Nested, with
// include_in_parent / include_in_root copies), and rendering for GET _mapping.
package mapping

import (
	"sort"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// Field types the fake supports.
const (
	TypeText    = "text"
	TypeKeyword = "keyword"
	TypeLong    = "long"
	TypeInteger = "integer"
	TypeShort   = "short"
	TypeByte    = "byte"
	TypeDouble  = "double"
	TypeFloat   = "float"
	TypeBoolean = "boolean"
	TypeDate    = "date"
	TypeObject  = "object"
	TypeNested  = "nested"

	TypeIP              = "ip"
	TypeScaledFloat     = "scaled_float"
	TypeHalfFloat       = "half_float"
	TypeUnsignedLong    = "unsigned_long"
	TypeDateNanos       = "date_nanos"
	TypeBinary          = "binary"
	TypeAlias           = "alias"
	TypeConstantKeyword = "constant_keyword"
	TypeWildcard        = "wildcard"
	TypeMatchOnlyText   = "match_only_text"
	TypeTokenCount      = "token_count"
	TypeGeoPoint        = "geo_point"
	TypeSearchAsYouType = "search_as_you_type"
	TypeFlatObject      = "flat_object"
	TypeRankFeature     = "rank_feature"
	TypeRankFeatures    = "rank_features"
)

// paramOrder is the order each type prints its parameters (the order of the
// mapper builder's parameter list); "fields" and "copy_to" always come last.
var paramOrder = map[string][]string{
	TypeText:    {"index", "store", "index_options", "norms", "term_vector", "similarity", "analyzer", "search_analyzer", "search_quote_analyzer", "eager_global_ordinals", "index_phrases", "index_prefixes", "fielddata", "position_increment_gap", "boost", "meta"},
	TypeKeyword: {"index", "doc_values", "store", "null_value", "eager_global_ordinals", "ignore_above", "index_options", "norms", "similarity", "normalizer", "split_queries_on_whitespace", "boost", "meta"},
	TypeLong:    numberParams, TypeInteger: numberParams, TypeShort: numberParams, TypeByte: numberParams,
	TypeDouble: numberParams, TypeFloat: numberParams,
	TypeBoolean: {"doc_values", "index", "store", "null_value", "boost", "meta"},
	TypeDate:    {"index", "doc_values", "store", "format", "locale", "null_value", "ignore_malformed", "boost", "meta"},
	TypeObject:  {"dynamic", "enabled"},
	TypeNested:  {"include_in_parent", "include_in_root", "dynamic", "enabled"}, // only true includes are kept (nested_docs.go)

	TypeKNNVector: knnParams, // knn_vector.go

	TypeCompletion: {"analyzer", "search_analyzer", "preserve_separators", "preserve_position_increments", "max_input_length", "contexts", "meta"},

	TypeIP:              {"index", "doc_values", "store", "ignore_malformed", "null_value", "boost", "meta"},
	TypeScaledFloat:     {"index", "doc_values", "store", "ignore_malformed", "meta", "scaling_factor", "coerce", "null_value", "boost"},
	TypeHalfFloat:       numberParams,
	TypeUnsignedLong:    numberParams,
	TypeDateNanos:       {"index", "doc_values", "store", "format", "locale", "null_value", "ignore_malformed", "boost", "meta"},
	TypeBinary:          {"meta", "store", "doc_values"},
	TypeAlias:           {"path"},
	TypeConstantKeyword: {"value"},
	TypeWildcard:        {"ignore_above", "normalizer", "null_value", "doc_values"},
	TypeMatchOnlyText:   {"index", "store", "analyzer", "search_analyzer", "search_quote_analyzer", "position_increment_gap", "boost", "meta"},
	TypeTokenCount:      {"index", "doc_values", "store", "analyzer", "null_value", "enable_position_increments", "boost", "meta"},
	TypeGeoPoint:        {"index", "doc_values", "store", "ignore_malformed", "ignore_z_value", "null_value", "meta"},
	TypeGeoShape:        {"index", "doc_values", "store", "ignore_malformed", "ignore_z_value", "coerce", "orientation", "meta"},

	TypeSearchAsYouType: {"index", "store", "max_shingle_size", "analyzer", "search_analyzer", "search_quote_analyzer", "index_options", "norms", "term_vector", "similarity", "boost", "meta"},

	TypeFlatObject:  {},
	TypeJoin:        {"eager_global_ordinals", "relations"},
	TypeRankFeature: {"positive_score_impact", "meta"}, TypeRankFeatures: {"positive_score_impact", "meta"},

	TypeIntegerRange: rangeParams, TypeLongRange: rangeParams, TypeFloatRange: rangeParams,
	TypeDoubleRange: rangeParams, TypeIPRange: rangeParams,
	TypeDateRange: {"index", "doc_values", "store", "coerce", "format", "locale", "boost", "meta"},
}

var numberParams = []string{"index", "doc_values", "store", "ignore_malformed", "coerce", "null_value", "boost", "meta"}

// DefaultDateFormat is the format of a date field that does not name one.
const DefaultDateFormat = "strict_date_optional_time||epoch_millis"

// Field is one mapped field (or object).
type Field struct {
	Name   string // leaf name
	Path   string // full dotted path
	Type   string
	Params map[string]any    // explicit parameters, rendered in paramOrder
	Props  map[string]*Field // object and nested sub-fields
	Multi  map[string]*Field // multi-fields ("fields")
	CopyTo []string
	// Hidden marks a subfield the type adds itself (search_as_you_type's
	// _2gram, _3gram, _index_prefix): searchable, never printed.
	Hidden bool
	// Shingle is the shingle size of a search_as_you_type subfield (0 for
	// other fields); Prefix marks its _index_prefix subfield.
	Shingle int
	Prefix  bool
	// Join is the definition of a join field (join.go), nil otherwise.
	Join *JoinSpec
	// Derived, on a field a search resolved from a derived definition
	// (WithSearchFields), is that definition: the field has no indexed
	// values of its own.
	Derived *DerivedField
}

// IsObject reports whether the field holds sub-fields.
func (f *Field) IsObject() bool { return f.Type == TypeObject || f.Type == TypeNested }

// IgnoreAbove returns ignore_above, or 0 when unset.
func (f *Field) IgnoreAbove() int {
	if v, ok := f.Params["ignore_above"].(int); ok {
		return v
	}
	return 0
}

// Analyzer returns the index analyzer name ("standard" by default).
func (f *Field) Analyzer() string {
	if v, ok := f.Params["analyzer"].(string); ok {
		return v
	}
	return "standard"
}

// DateFormat returns the date format of a date field.
func (f *Field) DateFormat() string {
	if v, ok := f.Params["format"].(string); ok {
		return v
	}
	if f.Type == TypeDateNanos {
		return DefaultDateNanosFormat
	}
	if f.Type == TypeDateRange {
		return DefaultDateFormat
	}
	return DefaultDateFormat
}

// DefaultDateNanosFormat is the format of a date_nanos field that does not name one.
const DefaultDateNanosFormat = "strict_date_optional_time_nanos||epoch_millis"

// AliasPath returns the target of an alias field.
func (f *Field) AliasPath() string {
	v, _ := f.Params["path"].(string)
	return v
}

// ConstantValue returns the value of a constant_keyword field.
func (f *Field) ConstantValue() string {
	v, _ := f.Params["value"].(string)
	return v
}

// Dynamic returns the object's dynamic setting ("" = inherit).
func (f *Field) Dynamic() string {
	if v, ok := f.Params["dynamic"].(string); ok {
		return v
	}
	return ""
}

func (f *Field) clone() *Field {
	c := *f
	if f.Params != nil {
		c.Params = make(map[string]any, len(f.Params))
		for k, v := range f.Params {
			c.Params[k] = v
		}
	}
	c.Props = cloneMap(f.Props)
	c.Multi = cloneMap(f.Multi)
	return &c
}

func cloneMap(m map[string]*Field) map[string]*Field {
	if m == nil {
		return nil
	}
	out := make(map[string]*Field, len(m))
	for k, v := range m {
		out[k] = v.clone()
	}
	return out
}

// render writes the field as GET _mapping prints it.
func (f *Field) render() jsonout.Object {
	o := jsonout.Object{}
	if f.Type != TypeObject {
		o = append(o, jsonout.Field{Key: "type", Value: f.Type})
	}
	for _, p := range paramOrder[f.Type] {
		if v, ok := f.Params[p]; ok {
			o = append(o, jsonout.Field{Key: p, Value: v})
		}
	}
	if visible := visibleFields(f.Multi); len(visible) > 0 {
		o = append(o, jsonout.Field{Key: "fields", Value: renderProps(visible)})
	}
	if len(f.CopyTo) > 0 {
		o = append(o, jsonout.Field{Key: "copy_to", Value: f.CopyTo})
	}
	if f.IsObject() && len(f.Props) > 0 {
		o = append(o, jsonout.Field{Key: "properties", Value: renderProps(f.Props)})
	}
	return o
}

// renderProps prints sub-fields sorted by name, as ObjectMapper does.
func renderProps(m map[string]*Field) jsonout.Object {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	o := make(jsonout.Object, 0, len(names))
	for _, n := range names {
		o = append(o, jsonout.Field{Key: n, Value: m[n].render()})
	}
	return o
}

// visibleFields drops the hidden subfields a type adds itself.
func visibleFields(m map[string]*Field) map[string]*Field {
	hidden := false
	for _, f := range m {
		hidden = hidden || f.Hidden
	}
	if !hidden {
		return m
	}
	out := make(map[string]*Field, len(m))
	for k, f := range m {
		if !f.Hidden {
			out[k] = f
		}
	}
	return out
}

// addSearchAsYouTypeFields adds the shingle and prefix subfields of a
// search_as_you_type field.
func addSearchAsYouTypeFields(f *Field) *apierr.Error {
	max := 3
	if v, ok := f.Params["max_shingle_size"].(int); ok {
		if v < 2 || v > 4 {
			return apierr.MapperParsing("[max_shingle_size] must be at least [2] and at most [4], got [%d]", v)
		}
		max = v
	}
	if f.Multi == nil {
		f.Multi = map[string]*Field{}
	}
	sub := func(name string) *Field {
		p := map[string]any{}
		for _, k := range []string{"analyzer", "search_analyzer", "search_quote_analyzer", "similarity"} {
			if v, ok := f.Params[k]; ok {
				p[k] = v
			}
		}
		return &Field{Name: name, Path: f.Path + "." + name, Type: TypeText, Params: p, Hidden: true}
	}
	for n := 2; n <= max; n++ {
		name := "_" + strconv.Itoa(n) + "gram"
		sf := sub(name)
		sf.Shingle = n
		f.Multi[name] = sf
	}
	pf := sub("_index_prefix")
	pf.Shingle, pf.Prefix = max, true
	f.Multi["_index_prefix"] = pf
	return nil
}
