package aggs

import "errors"

// IPRange is one range of an ip_range aggregation: From inclusive and To
// exclusive as addresses ("" for an open end), or Mask, a CIDR block
// ("10.0.0.0/8") whose key defaults to the mask itself.
type IPRange struct {
	Key  string `json:"key,omitempty"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	Mask string `json:"mask,omitempty"`
}

// IPBetween returns the range [from, to) of addresses; either may be "".
func IPBetween(from, to string) IPRange { return IPRange{From: from, To: to} }

// IPMask returns the range of a CIDR block.
func IPMask(cidr string) IPRange { return IPRange{Mask: cidr} }

// WithKey names the range's bucket.
func (r IPRange) WithKey(key string) IPRange { r.Key = key; return r }

// IPRangeAggregation buckets ip fields by address ranges:
// {"ip_range": {"field": ..., "ranges": [...]}}. Result: *RangeAggregate,
// whose bounds are in FromAsString and ToAsString.
type IPRangeAggregation struct {
	Field   string    `json:"field,omitempty"`
	Missing string    `json:"missing,omitempty"`
	Ranges  []IPRange `json:"ranges"`
	Keyed   *bool     `json:"keyed,omitempty"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// IPRangeOf returns an ip_range aggregation on field.
func IPRangeOf(field string, ranges ...IPRange) *IPRangeAggregation {
	return &IPRangeAggregation{Field: field, Ranges: ranges}
}

// WithKeyed answers the buckets as an object keyed by range key.
func (a *IPRangeAggregation) WithKeyed(k bool) *IPRangeAggregation { a.Keyed = &k; return a }

// Sub adds a sub-aggregation.
func (a *IPRangeAggregation) Sub(name string, sub Aggregation) *IPRangeAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// MarshalJSON renders the aggregation.
func (a *IPRangeAggregation) MarshalJSON() ([]byte, error) {
	if len(a.Ranges) == 0 {
		return nil, errors.New("aggs: ip_range needs at least one range")
	}
	type body IPRangeAggregation
	return render("ip_range", (*body)(a), a.Meta, a.Aggs)
}

// GeoPoint is a latitude and longitude, written as {"lat": .., "lon": ..}.
type GeoPoint struct {
	Lat float64 `json:"lat"`
	Lon float64 `json:"lon"`
}

// DistanceUnit is a unit of a geo_distance aggregation's ranges.
type DistanceUnit string

// The distance units OpenSearch accepts (DistanceUnit).
const (
	Meters        DistanceUnit = "m"
	Kilometers    DistanceUnit = "km"
	Miles         DistanceUnit = "mi"
	Yards         DistanceUnit = "yd"
	Feet          DistanceUnit = "ft"
	Inches        DistanceUnit = "in"
	Centimeters   DistanceUnit = "cm"
	Millimeters   DistanceUnit = "mm"
	NauticalMiles DistanceUnit = "nmi"
)

// GeoDistanceAggregation buckets geo_point values by their distance from an
// origin: {"geo_distance": {"field": ..., "origin": ..., "ranges": [...]}}.
// Ranges reuse Range (Between, Below, From); a range without From starts
// at 0. Result: *RangeAggregate.
type GeoDistanceAggregation struct {
	Field        string       `json:"field,omitempty"`
	Origin       any          `json:"origin"` // a GeoPoint, "lat,lon", a geohash or [lon, lat]
	Ranges       []Range      `json:"ranges"`
	Unit         DistanceUnit `json:"unit,omitempty"`
	DistanceType string       `json:"distance_type,omitempty"` // "arc" (default) or "plane"
	Keyed        *bool        `json:"keyed,omitempty"`
	Missing      any          `json:"missing,omitempty"` // a point for documents without one

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// GeoDistanceOf returns a geo_distance aggregation on field around origin.
func GeoDistanceOf(field string, origin any, ranges ...Range) *GeoDistanceAggregation {
	return &GeoDistanceAggregation{Field: field, Origin: origin, Ranges: ranges}
}

// WithUnit sets the unit of the ranges (meters by default).
func (a *GeoDistanceAggregation) WithUnit(u DistanceUnit) *GeoDistanceAggregation {
	a.Unit = u
	return a
}

// WithPlane measures plane distances (faster, less accurate far away)
// instead of arc ones.
func (a *GeoDistanceAggregation) WithPlane() *GeoDistanceAggregation {
	a.DistanceType = "plane"
	return a
}

// WithKeyed answers the buckets as an object keyed by range key.
func (a *GeoDistanceAggregation) WithKeyed(k bool) *GeoDistanceAggregation { a.Keyed = &k; return a }

// Sub adds a sub-aggregation.
func (a *GeoDistanceAggregation) Sub(name string, sub Aggregation) *GeoDistanceAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// MarshalJSON renders the aggregation.
func (a *GeoDistanceAggregation) MarshalJSON() ([]byte, error) {
	if a.Origin == nil {
		return nil, errors.New("aggs: geo_distance needs an origin")
	}
	if len(a.Ranges) == 0 {
		return nil, errors.New("aggs: geo_distance needs at least one range")
	}
	type body GeoDistanceAggregation
	return render("geo_distance", (*body)(a), a.Meta, a.Aggs)
}

// GeoBox is a bounding box by its corners.
type GeoBox struct {
	TopLeft     GeoPoint `json:"top_left"`
	BottomRight GeoPoint `json:"bottom_right"`
}

// GeoGridAggregation buckets geo_point values by cell: geohash_grid cells
// (precision 1..12, default 5, or a distance string such as "10km") or
// geotile_grid map tiles (precision 0..29, default 7). Buckets come most
// documents first. Result: *GeoGridAggregate.
type GeoGridAggregation struct {
	kind      string
	Field     string  `json:"field,omitempty"`
	Precision any     `json:"precision,omitempty"` // an int, or for geohash_grid a distance string
	Size      *int    `json:"size,omitempty"`
	ShardSize *int    `json:"shard_size,omitempty"`
	Bounds    *GeoBox `json:"bounds,omitempty"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// GeohashGrid returns a geohash_grid aggregation on field.
func GeohashGrid(field string) *GeoGridAggregation {
	return &GeoGridAggregation{kind: "geohash_grid", Field: field}
}

// GeotileGrid returns a geotile_grid aggregation on field.
func GeotileGrid(field string) *GeoGridAggregation {
	return &GeoGridAggregation{kind: "geotile_grid", Field: field}
}

// WithPrecision sets the cell precision: an int, or for geohash_grid a
// distance ("5km") that picks the level.
func (a *GeoGridAggregation) WithPrecision(p any) *GeoGridAggregation { a.Precision = p; return a }

// WithSize sets how many cells come back (10,000 by default).
func (a *GeoGridAggregation) WithSize(n int) *GeoGridAggregation { a.Size = &n; return a }

// WithShardSize sets how many cells each shard returns.
func (a *GeoGridAggregation) WithShardSize(n int) *GeoGridAggregation { a.ShardSize = &n; return a }

// WithBounds keeps only the points inside a box.
func (a *GeoGridAggregation) WithBounds(b GeoBox) *GeoGridAggregation { a.Bounds = &b; return a }

// Sub adds a sub-aggregation.
func (a *GeoGridAggregation) Sub(name string, sub Aggregation) *GeoGridAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// MarshalJSON renders the aggregation.
func (a *GeoGridAggregation) MarshalJSON() ([]byte, error) {
	kind := a.kind
	if kind == "" {
		kind = "geohash_grid"
	}
	type body GeoGridAggregation
	return render(kind, (*body)(a), a.Meta, a.Aggs)
}

// GeoBoundsAggregation is the box around a geo_point field's values:
// {"geo_bounds": {"field": ..., "wrap_longitude": ...}}. Result:
// *GeoBoundsAggregate.
type GeoBoundsAggregation struct {
	Field         string `json:"field,omitempty"`
	Missing       any    `json:"missing,omitempty"`
	WrapLongitude *bool  `json:"wrap_longitude,omitempty"`

	Meta map[string]any `json:"-"`
}

// GeoBoundsOf returns a geo_bounds aggregation on field.
func GeoBoundsOf(field string) *GeoBoundsAggregation { return &GeoBoundsAggregation{Field: field} }

// WithWrapLongitude sets whether the box may cross the antimeridian (true
// by default).
func (a *GeoBoundsAggregation) WithWrapLongitude(w bool) *GeoBoundsAggregation {
	a.WrapLongitude = &w
	return a
}

// MarshalJSON renders the aggregation.
func (a *GeoBoundsAggregation) MarshalJSON() ([]byte, error) {
	type body GeoBoundsAggregation
	return render("geo_bounds", (*body)(a), a.Meta, nil)
}

// GeoCentroidAggregation is the centroid of a geo_point field's values:
// {"geo_centroid": {"field": ...}}. Result: *GeoCentroidAggregate.
type GeoCentroidAggregation struct {
	Field   string `json:"field,omitempty"`
	Missing any    `json:"missing,omitempty"`

	Meta map[string]any `json:"-"`
}

// GeoCentroidOf returns a geo_centroid aggregation on field.
func GeoCentroidOf(field string) *GeoCentroidAggregation {
	return &GeoCentroidAggregation{Field: field}
}

// MarshalJSON renders the aggregation.
func (a *GeoCentroidAggregation) MarshalJSON() ([]byte, error) {
	type body GeoCentroidAggregation
	return render("geo_centroid", (*body)(a), a.Meta, nil)
}

// MatrixStatsAggregation computes, over the documents that have every field,
// each field's count, mean, variance, skewness and kurtosis and each pair's
// covariance and correlation: {"matrix_stats": {"fields": [...]}}. Result:
// *MatrixStatsAggregate.
type MatrixStatsAggregation struct {
	Fields  []string       `json:"fields"`
	Mode    string         `json:"mode,omitempty"`    // how a multi-valued field gives one value: avg (default), min, max, sum, median
	Missing map[string]any `json:"missing,omitempty"` // per field, the value of documents without one

	Meta map[string]any `json:"-"`
}

// MatrixStats returns a matrix_stats aggregation over fields.
func MatrixStats(fields ...string) *MatrixStatsAggregation {
	return &MatrixStatsAggregation{Fields: fields}
}

// WithMode sets how a multi-valued field gives one value per document.
func (a *MatrixStatsAggregation) WithMode(mode string) *MatrixStatsAggregation {
	a.Mode = mode
	return a
}

// MarshalJSON renders the aggregation.
func (a *MatrixStatsAggregation) MarshalJSON() ([]byte, error) {
	if len(a.Fields) == 0 {
		return nil, errors.New("aggs: matrix_stats needs at least one field")
	}
	type body MatrixStatsAggregation
	return render("matrix_stats", (*body)(a), a.Meta, nil)
}
