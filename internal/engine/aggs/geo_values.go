package aggs

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// geoPoint is one point as the geo aggregations read it: a geo_point doc
// value decoded to the quantised latitude and longitude OpenSearch's
// MultiGeoPointValues return.
type geoPoint struct{ lat, lon float64 }

// geoValues is a geo_point values source resolved on one shard
// (CoreValuesSourceType.GEOPOINT).
type geoValues struct {
	col *shard.LongColumn // nil: unmapped (no values, or the missing point)
	// missing is the point of documents without one, when set.
	missing    geoPoint
	hasMissing bool
	buf        []int64
}

// parseGeoSourceField reads the values-source fields the geo aggregations
// declare (field, missing, value_type); script says whether the type
// declares a script (which the fake does not run on points).
func parseGeoSourceField(p *parser, s *source, m *xcontent.Member, script bool) (bool, *apierr.Error) {
	switch m.Key {
	case "format", "time_zone":
		return false, nil
	case "script":
		if !script {
			return false, nil
		}
		return true, apierr.Unsupported("scripts in aggregation [" + p.agg.Type + "]")
	}
	return s.parseSourceField(p, m, false)
}

// resolveGeo binds a geo source to a shard: a geo_point field, an unmapped
// one (no values, or every document at the missing point), or an error
// for any other field type.
func resolveGeo(env *shardEnv, a *Agg, s *source) (*geoValues, *apierr.Error) {
	if s.field == "" {
		return nil, apierr.IllegalArgument("Required one of fields [field, script], but none were specified.")
	}
	g := &geoValues{}
	if s.missing != nil {
		pt, err := parseGeoString(s.missing.Text())
		if err != nil {
			return nil, err
		}
		g.missing, g.hasMissing = pt, true
	}
	f := env.field(s.field)
	if f == nil || f.IsObject() {
		return g, nil
	}
	if f.Derived != nil {
		// A derived field aggregates through a script, and the geo_point
		// values source takes none.
		return nil, aggExec("value source of type [geo_point] is not supported by scripts")
	}
	if f.Type == mapping.TypeGeoShape {
		// OpenSearch's geo module aggregates some geo_shape fields (grids,
		// bounds); the fake does not model shape aggregation.
		return nil, apierr.Unsupported("the [" + a.Type + "] aggregation on geo_shape fields")
	}
	if f.Type != mapping.TypeGeoPoint {
		return nil, apierr.IllegalArgument("Field [%s] of type [%s] is not supported for aggregation [%s]", s.field, f.Type, a.Type)
	}
	g.col = env.r.LongColumn(f.Path)
	return g, nil
}

// points appends a document's points in doc-value order (sorted by their
// encoding), or the missing point when it has none.
func (g *geoValues) points(slot int32, dst []geoPoint) []geoPoint {
	dst = dst[:0]
	if g.col != nil {
		g.buf = g.col.Append(g.buf[:0], slot)
		if len(g.buf) > 1 {
			slices.Sort(g.buf)
		}
		for _, v := range g.buf {
			lat, lon := mapping.DecodeGeoPoint(v)
			dst = append(dst, geoPoint{lat: lat, lon: lon})
		}
	}
	if len(dst) == 0 && g.hasMissing {
		dst = append(dst, g.missing)
	}
	return dst
}

// mapped reports whether any document can have a point.
func (g *geoValues) mapped() bool { return g.col != nil || g.hasMissing }

// parseGeoValue reads a point given in any geo_point form (object, array,
// string) from a request body.
func parseGeoValue(v *xcontent.Value) (geoPoint, *apierr.Error) {
	pt, err := mapping.ParseGeoPoint(geoJSON(v), true)
	if err != nil {
		return geoPoint{}, apierr.New(apierr.TypeParsing, err.Error())
	}
	return geoPoint{lat: pt.Lat, lon: pt.Lon}, nil
}

// geoJSON converts a value to the forms mapping.ParseGeoPoint reads
// (jsonout.Object, []any, json.Number, string).
func geoJSON(v *xcontent.Value) any {
	switch v.Kind {
	case xcontent.Number:
		return json.Number(v.Str)
	case xcontent.Array:
		out := make([]any, len(v.Items))
		for i := range v.Items {
			out[i] = geoJSON(&v.Items[i])
		}
		return out
	case xcontent.Object:
		out := make(jsonout.Object, 0, len(v.Members))
		for i := range v.Members {
			out = append(out, jsonout.Field{Key: v.Members[i].Key, Value: geoJSON(&v.Members[i].Value)})
		}
		return out
	}
	return v.Interface()
}

// parseGeoString reads a point written as a string the way
// GeoPoint.resetFromString does: WKT or "lat,lon" as geo_point fields read
// them, and a geohash as the bottom-left corner of its cell (not its
// centre).
func parseGeoString(s string) (geoPoint, *apierr.Error) {
	if !strings.Contains(s, ",") && !strings.Contains(strings.ToLower(s), "point") {
		return geohashCorner(s)
	}
	pt, err := mapping.ParseGeoPoint(s, true)
	if err != nil {
		return geoPoint{}, apierr.New(apierr.TypeParsing, err.Error())
	}
	return geoPoint{lat: pt.Lat, lon: pt.Lon}, nil
}

// geohashCorner is the bottom-left corner of a geohash's cell.
func geohashCorner(h string) (geoPoint, *apierr.Error) {
	if h == "" || len(h) > 12 {
		return geoPoint{}, apierr.IllegalArgument("unsupported symbol [%s] in geohash [%s]", h, h)
	}
	latLo, latHi, lonLo, lonHi := -90.0, 90.0, -180.0, 180.0
	even := true
	for i := 0; i < len(h); i++ {
		d := strings.IndexByte(geohashDigits, h[i]|0x20)
		if d < 0 {
			return geoPoint{}, apierr.IllegalArgument("unsupported symbol [%c] in geohash [%s]", h[i], h)
		}
		for b := 4; b >= 0; b-- {
			bit := d>>uint(b)&1 == 1
			if even {
				if mid := (lonLo + lonHi) / 2; bit {
					lonLo = mid
				} else {
					lonHi = mid
				}
			} else {
				if mid := (latLo + latHi) / 2; bit {
					latLo = mid
				} else {
					latHi = mid
				}
			}
			even = !even
		}
	}
	return geoPoint{lat: latLo, lon: lonLo}, nil
}
