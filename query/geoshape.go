package query

import "errors"

// GeoShapeQuery matches geo_shape (or geo_point) values that relate to a
// shape: {"geo_shape": {"<field>": {"shape": .., "relation": ..}}}. Give
// either Shape (a GeoJSON object such as a map, or a WKT string) or
// Indexed (a shape stored in another document).
type GeoShapeQuery struct {
	Field    string
	Shape    any
	Indexed  *IndexedShape
	Relation string // intersects (default), disjoint, within, contains
	// IgnoreUnmapped: an unmapped field matches nothing instead of failing.
	IgnoreUnmapped *bool
	Boost          *float64
	Name           string
}

// IndexedShape names a shape stored in a document: the field at Path
// (default "shape") of document ID in Index (default "shapes").
type IndexedShape struct {
	Index   string `json:"index,omitempty"`
	ID      string `json:"id"`
	Path    string `json:"path,omitempty"`
	Routing string `json:"routing,omitempty"`
}

// GeoShape returns a geo_shape query for an inline shape: a GeoJSON value
// (map or struct) or a WKT string.
func GeoShape(field string, shape any) *GeoShapeQuery {
	return &GeoShapeQuery{Field: field, Shape: shape}
}

// GeoShapeIndexed returns a geo_shape query for a shape stored in a document.
func GeoShapeIndexed(field string, shape IndexedShape) *GeoShapeQuery {
	return &GeoShapeQuery{Field: field, Indexed: &shape}
}

// WithRelation sets the relation.
func (q *GeoShapeQuery) WithRelation(r string) *GeoShapeQuery { q.Relation = r; return q }

// WithBoost sets the boost.
func (q *GeoShapeQuery) WithBoost(b float64) *GeoShapeQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *GeoShapeQuery) WithName(name string) *GeoShapeQuery { q.Name = name; return q }

// Envelope is a GeoJSON envelope from its top-left and bottom-right corners.
func Envelope(topLeft, bottomRight GeoPoint) map[string]any {
	return map[string]any{"type": "envelope", "coordinates": [][2]float64{{topLeft.Lon, topLeft.Lat}, {bottomRight.Lon, bottomRight.Lat}}}
}

// MarshalJSON renders the geo_shape query.
func (q *GeoShapeQuery) MarshalJSON() ([]byte, error) {
	if q.Field == "" {
		return nil, errMissingField("geo_shape")
	}
	var inner orderedObject
	switch {
	case q.Shape != nil && q.Indexed != nil:
		return nil, errors.New("query: geo_shape takes a shape or an indexed shape, not both")
	case q.Shape != nil:
		inner = append(inner, member{"shape", q.Shape})
	case q.Indexed != nil:
		if q.Indexed.ID == "" {
			return nil, errors.New("query: geo_shape indexed shape needs an id")
		}
		inner = append(inner, member{"indexed_shape", q.Indexed})
	default:
		return nil, errors.New("query: geo_shape needs a shape or an indexed shape")
	}
	if q.Relation != "" {
		inner = append(inner, member{"relation", q.Relation})
	}
	o := orderedObject{{q.Field, inner}}
	if q.IgnoreUnmapped != nil {
		o = append(o, member{"ignore_unmapped", *q.IgnoreUnmapped})
	}
	if q.Boost != nil {
		o = append(o, member{"boost", *q.Boost})
	}
	if q.Name != "" {
		o = append(o, member{"_name", q.Name})
	}
	return wrap("geo_shape", o)
}
