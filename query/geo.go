package query

import "errors"

// GeoPoint is a point on the earth; it marshals as {"lat": ..., "lon": ...}.
type GeoPoint struct {
	Lat float64 `json:"lat"`
	Lon float64 `json:"lon"`
}

// GeoOptions are the options the geo queries share (embedded in each).
type GeoOptions struct {
	ValidationMethod string   // STRICT (default), IGNORE_MALFORMED or COERCE
	IgnoreUnmapped   *bool    // true: an unmapped field matches nothing instead of failing
	Boost            *float64 // default 1
	Name             string
}

func (o *GeoOptions) members(out orderedObject) orderedObject {
	if o.ValidationMethod != "" {
		out = append(out, member{"validation_method", o.ValidationMethod})
	}
	if o.IgnoreUnmapped != nil {
		out = append(out, member{"ignore_unmapped", *o.IgnoreUnmapped})
	}
	if o.Boost != nil {
		out = append(out, member{"boost", *o.Boost})
	}
	if o.Name != "" {
		out = append(out, member{"_name", o.Name})
	}
	return out
}

// GeoDistanceQuery matches geo_point values within Distance of Point:
// {"geo_distance": {"distance": "12km", "<field>": {"lat": .., "lon": ..}}}.
type GeoDistanceQuery struct {
	Field        string
	Point        GeoPoint
	Distance     string // "12km", "500m", "3mi"; a bare number is meters
	DistanceType string // arc (default) or plane
	GeoOptions
}

// GeoDistance returns a geo_distance query.
func GeoDistance(field string, point GeoPoint, distance string) *GeoDistanceQuery {
	return &GeoDistanceQuery{Field: field, Point: point, Distance: distance}
}

// WithBoost sets the boost.
func (q *GeoDistanceQuery) WithBoost(b float64) *GeoDistanceQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *GeoDistanceQuery) WithName(name string) *GeoDistanceQuery { q.Name = name; return q }

// MarshalJSON renders the geo_distance query.
func (q *GeoDistanceQuery) MarshalJSON() ([]byte, error) {
	if q.Field == "" {
		return nil, errMissingField("geo_distance")
	}
	if q.Distance == "" {
		return nil, errors.New("query: geo_distance needs a distance")
	}
	o := orderedObject{{"distance", q.Distance}, {q.Field, q.Point}}
	if q.DistanceType != "" {
		o = append(o, member{"distance_type", q.DistanceType})
	}
	return wrap("geo_distance", q.members(o))
}

// GeoBoundingBoxQuery matches geo_point values inside a box (a box whose
// left edge is east of its right edge spans the dateline):
// {"geo_bounding_box": {"<field>": {"top_left": .., "bottom_right": ..}}}.
type GeoBoundingBoxQuery struct {
	Field       string
	TopLeft     GeoPoint
	BottomRight GeoPoint
	GeoOptions
}

// GeoBoundingBox returns a geo_bounding_box query.
func GeoBoundingBox(field string, topLeft, bottomRight GeoPoint) *GeoBoundingBoxQuery {
	return &GeoBoundingBoxQuery{Field: field, TopLeft: topLeft, BottomRight: bottomRight}
}

// WithName sets _name.
func (q *GeoBoundingBoxQuery) WithName(name string) *GeoBoundingBoxQuery { q.Name = name; return q }

// MarshalJSON renders the geo_bounding_box query.
func (q *GeoBoundingBoxQuery) MarshalJSON() ([]byte, error) {
	if q.Field == "" {
		return nil, errMissingField("geo_bounding_box")
	}
	box := orderedObject{{"top_left", q.TopLeft}, {"bottom_right", q.BottomRight}}
	return wrap("geo_bounding_box", q.members(orderedObject{{q.Field, box}}))
}

// GeoPolygonQuery matches geo_point values inside a polygon (at least three
// points; the ring closes itself): {"geo_polygon": {"<field>": {"points": [...]}}}.
type GeoPolygonQuery struct {
	Field  string
	Points []GeoPoint
	GeoOptions
}

// GeoPolygon returns a geo_polygon query.
func GeoPolygon(field string, points ...GeoPoint) *GeoPolygonQuery {
	return &GeoPolygonQuery{Field: field, Points: points}
}

// MarshalJSON renders the geo_polygon query.
func (q *GeoPolygonQuery) MarshalJSON() ([]byte, error) {
	if q.Field == "" {
		return nil, errMissingField("geo_polygon")
	}
	if len(q.Points) < 3 {
		return nil, errors.New("query: geo_polygon needs at least three points")
	}
	return wrap("geo_polygon", q.members(orderedObject{{q.Field, orderedObject{{"points", q.Points}}}}))
}
