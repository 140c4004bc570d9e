// Package mapping models index mappings: explicit field definitions, dynamic
// mapping of new fields as OpenSearch 2.x does it, document parsing into
// indexable values (each nested object its own document, Parsed.Nested, with
// include_in_parent / include_in_root copies), and rendering for GET _mapping.
package mapping

import (
	"sort"

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
	return DefaultDateFormat
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
	if len(f.Multi) > 0 {
		o = append(o, jsonout.Field{Key: "fields", Value: renderProps(f.Multi)})
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
