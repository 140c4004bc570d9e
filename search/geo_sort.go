package search

import (
	"errors"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// GeoDistanceSort are the options of a _geo_distance sort: the distance of
// a geo_point field to Points (the smallest, by default, when a document or
// the sort has several). Documents without a point sort as Infinity.
type GeoDistanceSort struct {
	Points         []query.GeoPoint
	Unit           string // m (default), km, mi, ft, yd, in, cm, mm, nmi
	Mode           string // min, max, avg, median
	DistanceType   string // arc (default) or plane
	IgnoreUnmapped *bool
}

// SortByGeoDistance sorts by the distance of a geo_point field to points,
// in unit ("" for meters), order "asc" or "desc". Hit.Sort holds the
// distances as float64.
func SortByGeoDistance(field, unit string, order types.SortOrder, points ...query.GeoPoint) Sort {
	return Sort{Field: field, Order: order, GeoDistance: &GeoDistanceSort{Points: points, Unit: unit}}
}

// marshalGeo renders {"_geo_distance": {"<field>": [points], "order": ..., "unit": ..., ...}}.
func (s Sort) marshalGeo() ([]byte, error) {
	g := s.GeoDistance
	if s.Field == "" {
		return nil, errors.New("search: a _geo_distance sort needs a field")
	}
	if len(g.Points) == 0 {
		return nil, errors.New("search: a _geo_distance sort needs at least one point")
	}
	pts, err := jsonx.Marshal(g.Points)
	if err != nil {
		return nil, err
	}
	quote := func(v string) []byte { b, _ := jsonx.Marshal(v); return b }
	out := []byte(`{"_geo_distance":{`)
	out = append(out, quote(s.Field)...)
	out = append(out, ':')
	out = append(out, pts...)
	add := func(k, v string) {
		if v != "" {
			out = append(out, ',')
			out = append(out, quote(k)...)
			out = append(out, ':')
			out = append(out, quote(v)...)
		}
	}
	add("order", string(s.Order))
	add("unit", g.Unit)
	add("mode", g.Mode)
	add("distance_type", g.DistanceType)
	if g.IgnoreUnmapped != nil {
		out = append(out, `,"ignore_unmapped":`...)
		out = strconv.AppendBool(out, *g.IgnoreUnmapped)
	}
	return append(out, "}}"...), nil
}
