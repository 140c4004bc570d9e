// Package mapping holds typed index mapping definitions, so an index creation
// needs no raw maps:
//
//	m := &mapping.Mappings{
//		Dynamic: "strict",
//		Properties: map[string]mapping.Property{
//			"title":    &mapping.Text{Analyzer: "english", Fields: map[string]mapping.Property{"raw": &mapping.Keyword{}}},
//			"price":    &mapping.ScaledFloat{ScalingFactor: 100},
//			"client":   &mapping.IP{},
//			"location": &mapping.GeoPoint{},
//		},
//	}
//	_, err := client.Indices.Create(ctx, "shop", &indices.CreateRequest{Mappings: m}, nil)
//
// Each field type is a struct whose zero-valued options are left out, so
// the server applies its defaults. RawProperty covers anything not modelled.
//
// Derived fields (OpenSearch 2.15+) are computed at search time by a script
// that emits their values; define them in Mappings.Derived or in a search
// request's Derived:
//
//	m.Derived = map[string]*mapping.DerivedField{
//		"domain": mapping.Derived(mapping.DerivedKeyword, "emit(params._source['email'].splitOnToken('@')[1])"),
//	}
package mapping

import (
	"encoding/json"
	"errors"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// Mappings is the "mappings" object of an index.
type Mappings struct {
	Dynamic            string            `json:"dynamic,omitempty"` // true, false, strict, runtime
	DateDetection      *bool             `json:"date_detection,omitempty"`
	NumericDetection   *bool             `json:"numeric_detection,omitempty"`
	DynamicDateFormats []string          `json:"dynamic_date_formats,omitempty"`
	DynamicTemplates   []DynamicTemplate `json:"dynamic_templates,omitempty"`
	Source             *SourceField      `json:"_source,omitempty"`
	Routing            *RoutingField     `json:"_routing,omitempty"`
	Meta               map[string]any    `json:"_meta,omitempty"`
	// Derived are fields computed at search time (derived.go).
	Derived    map[string]*DerivedField `json:"derived,omitempty"`
	Properties map[string]Property      `json:"properties,omitempty"`
}

// SourceField is the _source metadata field.
type SourceField struct {
	Enabled *bool `json:"enabled,omitempty"`
}

// RoutingField is the _routing metadata field.
type RoutingField struct {
	Required *bool `json:"required,omitempty"`
}

// Property is one field definition. Every type in this package implements
// it, and so does RawProperty.
type Property interface {
	json.Marshaler
	// FieldType is the mapping type name ("text", "ip", ...).
	FieldType() string
}

// RawProperty is a field definition given as a map, for options or types
// this package does not model; it must hold "type" unless it is an object.
type RawProperty map[string]any

// MarshalJSON renders the map.
func (r RawProperty) MarshalJSON() ([]byte, error) { return jsonx.Marshal(map[string]any(r)) }

// FieldType returns the map's "type" ("object" when absent).
func (r RawProperty) FieldType() string {
	if t, ok := r["type"].(string); ok {
		return t
	}
	return "object"
}

// DynamicTemplate maps new fields whose name, path or detected type match
// (the first matching template wins). Mapping may use "{name}" and
// "{dynamic_type}" in its values.
type DynamicTemplate struct {
	Name             string
	Match            string
	Unmatch          string
	PathMatch        string
	PathUnmatch      string
	MatchMappingType string // object, string, long, double, boolean, date, binary or *
	MatchPattern     string // simple (default) or regex
	Mapping          Property
}

// MarshalJSON renders {"<name>": {"match": ..., "mapping": {...}}}.
func (t DynamicTemplate) MarshalJSON() ([]byte, error) {
	if t.Name == "" {
		return nil, errors.New("mapping: a dynamic template needs a name")
	}
	if t.Mapping == nil {
		return nil, errors.New("mapping: dynamic template " + t.Name + " needs a mapping")
	}
	return jsonx.Marshal(map[string]any{t.Name: struct {
		Match            string   `json:"match,omitempty"`
		Unmatch          string   `json:"unmatch,omitempty"`
		PathMatch        string   `json:"path_match,omitempty"`
		PathUnmatch      string   `json:"path_unmatch,omitempty"`
		MatchMappingType string   `json:"match_mapping_type,omitempty"`
		MatchPattern     string   `json:"match_pattern,omitempty"`
		Mapping          Property `json:"mapping"`
	}{t.Match, t.Unmatch, t.PathMatch, t.PathUnmatch, t.MatchMappingType, t.MatchPattern, t.Mapping}})
}

// typed renders v (a struct of options) with "type" first.
func typed(typ string, v any) ([]byte, error) {
	b, err := jsonx.Marshal(v)
	if err != nil {
		return nil, err
	}
	t, _ := jsonx.Marshal(typ)
	out := append([]byte(`{"type":`), t...)
	if len(b) > 2 { // more than "{}"
		out = append(out, ',')
		out = append(out, b[1:]...)
		return out, nil
	}
	return append(out, '}'), nil
}
