package mapping

import "github.com/clustersearch/clustersearch-go/types"

// Types a derived field may have (OpenSearch 2.15+).
const (
	DerivedKeyword  = "keyword"
	DerivedText     = "text"
	DerivedLong     = "long"
	DerivedDouble   = "double"
	DerivedFloat    = "float"
	DerivedBoolean  = "boolean"
	DerivedDate     = "date"
	DerivedIP       = "ip"
	DerivedGeoPoint = "geo_point"
	DerivedObject   = "object"
)

// DerivedField is a field computed at search time: a Painless script reads
// the document (params._source, doc) and calls emit(value) once per value,
// or emit(lat, lon) for a geo_point. It can be queried, aggregated,
// fetched with the fields option and highlighted, but it has no doc
// values: sorting on it sees no values. Put it in Mappings.Derived, or in
// a search request's Derived for that search only (the request's wins).
type DerivedField struct {
	Type   string        `json:"type"` // one of the Derived* constants
	Script *types.Script `json:"script,omitempty"`
	// Properties gives explicit types to an object field's sub-fields
	// (name -> type); the others are inferred from the first document
	// that has them.
	Properties map[string]string `json:"properties,omitempty"`
	// PrefilterField names a text field the same query also runs on, to
	// skip documents before the script runs.
	PrefilterField string `json:"prefilter_field,omitempty"`
	// Format is the date format fetched date values are shown in.
	Format string `json:"format,omitempty"`
	// IgnoreMalformed skips values that cannot be read as Type (and
	// object values that are not JSON) instead of failing the search.
	IgnoreMalformed *bool `json:"ignore_malformed,omitempty"`
}

// Derived returns a derived field of a type whose values an inline
// Painless script emits.
func Derived(typ, painless string) *DerivedField {
	return &DerivedField{Type: typ, Script: &types.Script{Source: painless}}
}
