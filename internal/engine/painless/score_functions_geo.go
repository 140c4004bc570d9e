package painless

import (
	"math"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// geoDecayFunction is ScoreScriptUtils' decayGeoLinear, decayGeoExp and
// decayGeoGauss: origin a geo point string, scale and offset distances
// (meters by default), over the arc distance to a GeoPoint doc value.
func geoDecayFunction(name string, arity int) func(args []any) any {
	if arity != 5 || !strings.HasPrefix(name, "decayGeo") {
		return nil
	}
	shape := decayKind(strings.TrimPrefix(name, "decayGeo"))
	if shape == nil {
		return nil
	}
	return func(a []any) any {
		origin, err := mapping.ParseGeoPoint(stringArg(a[0]), false)
		if err != nil {
			throw("OpenSearchParseException", err.Error())
		}
		scale := distanceArg(stringArg(a[1]))
		offset := distanceArg(stringArg(a[2]))
		decay := convertForStore(a[3], tyDouble).(float64)
		lat, lon := geoPointArg(a[4])
		d := haversinMeters(origin.Lat, origin.Lon, lat, lon)
		return shape(math.Max(0, d-offset), scale, decay)
	}
}

// distanceArg is DistanceUnit.DEFAULT.parse: meters unless a unit is given.
func distanceArg(s string) float64 {
	m, ok := dsl.ParseDistance(s)
	if !ok {
		throw("NumberFormatException", "For input string: \""+s+"\"")
	}
	return m
}

// geoPointArg reads a GeoPoint doc value.
func geoPointArg(v any) (lat, lon float64) {
	m, ok := v.(*Map)
	if !ok || m.class != "org.opensearch.common.geo.GeoPoint" {
		argCast(v, "org.opensearch.common.geo.GeoPoint")
	}
	la, _ := m.Get("lat")
	lo, _ := m.Get("lon")
	lat, _ = la.(float64)
	lon, _ = lo.(float64)
	return lat, lon
}

// haversinMeters is SloppyMath.haversinMeters, GeoDistance.ARC's formula.
func haversinMeters(lat1, lon1, lat2, lon2 float64) float64 {
	x1, x2 := lat1*math.Pi/180, lat2*math.Pi/180
	h1 := 1 - math.Cos(x1-x2)
	h2 := 1 - math.Cos((lon1-lon2)*math.Pi/180)
	h := (h1 + math.Cos(x1)*math.Cos(x2)*h2) / 2
	return 2 * mapping.EarthMeanRadius * math.Asin(math.Min(1, math.Sqrt(h)))
}
