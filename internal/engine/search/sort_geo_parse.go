package search

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// ParseGeoSort reads {"_geo_distance": {"<field>": <point or points>,
// "order", "unit", "mode", "distance_type", "ignore_unmapped",
// "validation_method"}} as GeoDistanceSortBuilder.fromXContent does.
func ParseGeoSort(v *xcontent.Value) (Sort, error) {
	s := Sort{Kind: SortGeoDistance, Geo: &GeoSort{UnitMeters: 1}}
	if v.Kind != xcontent.Object {
		return s, apierr.New(apierr.TypeParsing, "[_geo_distance] expected an object")
	}
	for i := range v.Members {
		m := &v.Members[i]
		mv := &m.Value
		switch m.Key {
		case "order":
			if err := s.SetOrder(mv.Text()); err != nil {
				return s, err
			}
		case "unit":
			u, ok := dsl.UnitMeters(mv.Text())
			if !ok {
				return s, apierr.IllegalArgument("No distance unit match [%s]", mv.Text())
			}
			s.Geo.UnitMeters = u
		case "mode":
			mode := strings.ToLower(mv.Text())
			if mode == "sum" {
				return s, apierr.IllegalArgument("sort_mode [sum] isn't supported for sorting by geo distance")
			}
			s.Mode = mode
		case "distance_type":
			switch strings.ToLower(mv.Text()) {
			case "arc":
			case "plane":
				s.Geo.Plane = true
			default:
				return s, apierr.IllegalArgument("No geo distance for [%s]", mv.Text())
			}
		case "ignore_unmapped":
			s.Geo.IgnoreUnmapped = mv.Kind == xcontent.Bool && mv.Bool || mv.Text() == "true"
		case "validation_method", "coerce", "ignore_malformed":
		case "nested", "nested_path", "nested_filter":
			return s, apierr.Unsupported("nested _geo_distance sorts")
		default:
			if s.Field != "" {
				return s, apierr.New(apierr.TypeParsing, "Trying to reset fieldName to ["+m.Key+"], already set to ["+s.Field+"].")
			}
			s.Field = m.Key
			pts, err := geoSortPoints(mv)
			if err != nil {
				return s, err
			}
			s.Geo.Points = pts
		}
	}
	if s.Field == "" || len(s.Geo.Points) == 0 {
		return s, apierr.IllegalArgument("No geo points provided for _geo_distance sort.")
	}
	return s, nil
}

// geoSortPoints reads one point or an array of points (an array of two or
// three numbers is one [lon, lat] point).
func geoSortPoints(v *xcontent.Value) ([][2]float64, error) {
	var vals []*xcontent.Value
	if v.Kind == xcontent.Array && (len(v.Items) == 0 || v.Items[0].Kind != xcontent.Number) {
		for i := range v.Items {
			vals = append(vals, &v.Items[i])
		}
	} else {
		vals = []*xcontent.Value{v}
	}
	out := make([][2]float64, 0, len(vals))
	for _, p := range vals {
		lat, lon, err := dsl.GeoPointOf(p)
		if err != nil {
			return nil, apierr.New(apierr.TypeParse, err.Error())
		}
		out = append(out, [2]float64{lat, lon})
	}
	return out, nil
}
