package aggs

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// geoDistanceSpec is a geo_distance aggregation: range buckets over each
// point's distance from an origin, in a unit, by arc or plane distance.
type geoDistanceSpec struct {
	rangeSpec
	origin     geoPoint
	hasOrigin  bool
	unitMeters float64
	plane      bool
}

func parseGeoDistance(p *parser) (spec, *apierr.Error) {
	s := &geoDistanceSpec{rangeSpec: rangeSpec{geo: true}, unitMeters: 1}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		var err *apierr.Error
		switch m.Key {
		case "keyed":
			s.keyed, err = p.boolean(m)
		case "ranges":
			if m.Value.Kind != xcontent.Array {
				return true, p.wrongType(m)
			}
			for i := range m.Value.Items {
				r, rerr := parseGeoDistanceRange(&m.Value.Items[i])
				if rerr != nil {
					return true, p.failed(m, rerr)
				}
				s.ranges = append(s.ranges, r)
			}
		case "unit":
			var name string
			if name, err = p.str(m); err == nil {
				var ok bool
				if s.unitMeters, ok = dsl.UnitMeters(name); !ok {
					err = p.failed(m, apierr.IllegalArgument("No distance unit match [%s]", name))
				}
			}
		case "distance_type":
			var name string
			if name, err = p.str(m); err == nil {
				switch strings.ToLower(name) {
				case "arc":
					s.plane = false
				case "plane":
					s.plane = true
				default:
					err = p.failed(m, apierr.IllegalArgument("No geo distance for [%s]", strings.ToLower(name)))
				}
			}
		case "origin", "center", "point", "por":
			if m.Key != "origin" && p.warn != nil {
				p.warn("Deprecated field [" + m.Key + "] used, expected [origin] instead")
			}
			var pt geoPoint
			if pt, err = parseOrigin(p, m); err == nil {
				s.origin, s.hasOrigin = pt, true
			}
		default:
			return parseGeoSourceField(p, &s.source, m, true)
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	if !s.hasOrigin {
		return nil, apierr.IllegalArgument("Aggregation [%s] must define an [origin].", p.agg.Name)
	}
	if len(s.ranges) == 0 {
		return nil, apierr.IllegalArgument("No [ranges] specified for the [%s] aggregation", p.agg.Name)
	}
	return s, nil
}

// parseOrigin reads the origin as GeoDistanceAggregationBuilder does: a
// "lat,lon" (or geohash, or WKT) string, a [lon, lat] array, or an object
// with numeric lat and lon.
func parseOrigin(p *parser, m *xcontent.Member) (geoPoint, *apierr.Error) {
	v := &m.Value
	switch v.Kind {
	case xcontent.String:
		pt, err := parseGeoString(v.Str)
		if err != nil {
			return geoPoint{}, p.failed(m, err)
		}
		return pt, nil
	case xcontent.Array:
		lat, lon := math.NaN(), math.NaN()
		for i := range v.Items {
			it := &v.Items[i]
			f, ok := numberOf(it)
			if !ok {
				return geoPoint{}, p.failed(m, numberFormat(it.Text()))
			}
			switch {
			case math.IsNaN(lon):
				lon = f
			case math.IsNaN(lat):
				lat = f
			default:
				return geoPoint{}, p.failed(m, parseErr(it.Line, it.Col, "malformed [origin]: a geo point array must be of the form [lon, lat]"))
			}
		}
		return geoPoint{lat: lat, lon: lon}, nil
	case xcontent.Object:
		lat, lon := math.NaN(), math.NaN()
		last := ""
		for i := range v.Members {
			f := &v.Members[i]
			last = f.Key
			if f.Value.Kind != xcontent.Number {
				continue
			}
			x, _ := f.Value.Float64()
			switch f.Key {
			case "lat":
				lat = x
			case "lon":
				lon = x
			}
		}
		if math.IsNaN(lat) || math.IsNaN(lon) {
			return geoPoint{}, p.failed(m, parseErr(v.EndLine, v.EndCol, "malformed [%s] geo point object. either [lat] or [lon] (or both) are missing", last))
		}
		return geoPoint{lat: lat, lon: lon}, nil
	}
	return geoPoint{}, p.wrongType(m)
}

// numberOf reads a number or a numeric string (Jackson's doubleValue).
func numberOf(v *xcontent.Value) (float64, bool) {
	switch v.Kind {
	case xcontent.Number:
		return v.Float64()
	case xcontent.String:
		f, err := strconv.ParseFloat(strings.TrimSpace(v.Str), 64)
		return f, err == nil
	}
	return 0, false
}

// parseGeoDistanceRange reads one range: from defaults to 0 and to to
// infinity; the key is "from-to" printed as Java doubles, "*" for a zero
// from or an infinite to.
func parseGeoDistanceRange(v *xcontent.Value) (rangeDef, *apierr.Error) {
	r := rangeDef{from: 0, to: math.Inf(1)}
	if v.Kind != xcontent.Object {
		return r, parseErr(v.Line, v.Col, "Failed to parse object: unexpected token [%s] found", v.Token())
	}
	var key, fromText, toText *string
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		switch val.Kind {
		case xcontent.Number:
			f, _ := val.Float64()
			switch m.Key {
			case "from":
				r.from = f
			case "to":
				r.to = f
			default:
				return r, parseErr(val.Line, val.Col, "Failed to parse object: unknown field [%s] found", m.Key)
			}
		case xcontent.String:
			s := val.Str
			switch m.Key {
			case "key":
				key = &s
			case "from":
				fromText = &s
			case "to":
				toText = &s
			default:
				return r, parseErr(val.Line, val.Col, "Failed to parse object: unknown field [%s] found", m.Key)
			}
		case xcontent.Null:
			if m.Key != "from" && m.Key != "to" && m.Key != "key" {
				return r, parseErr(val.Line, val.Col, "Failed to parse object: unknown field [%s] found", m.Key)
			}
		default:
			return r, parseErr(val.Line, val.Col, "Failed to parse object: unexpected token [%s] found", val.Token())
		}
	}
	if fromText != nil || toText != nil {
		// Both are read with Double.parseDouble, a missing one included.
		for _, t := range []struct {
			text *string
			dst  *float64
		}{{fromText, &r.from}, {toText, &r.to}} {
			if t.text == nil {
				return r, apierr.New("null_pointer_exception", "")
			}
			f, err := strconv.ParseFloat(strings.TrimSpace(*t.text), 64)
			if err != nil {
				return r, numberFormat(*t.text)
			}
			*t.dst = f
		}
	}
	if key != nil {
		r.key = *key
	} else {
		from, to := "*", "*"
		if r.from != 0 {
			from = javafmt.Double(r.from)
		}
		if !math.IsInf(r.to, 0) {
			to = javafmt.Double(r.to)
		}
		r.key = from + "-" + to
	}
	return r, nil
}

func (s *geoDistanceSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	g, err := resolveGeo(env, a, &s.source)
	if err != nil {
		return nil, err
	}
	c, err := s.rangeSpec.buildCollector(env, a, &values{format: rawFormat, env: env}, s.ranges)
	if err != nil {
		return nil, err
	}
	var pts []geoPoint
	x1 := s.origin.lat * math.Pi / 180
	cosOrigin := math.Cos(x1)
	c.read = func(slot int32, dst []float64) []float64 {
		dst = dst[:0]
		pts = g.points(slot, pts)
		for _, pt := range pts {
			dst = append(dst, s.distance(pt, x1, cosOrigin))
		}
		if len(dst) > 1 {
			slices.Sort(dst) // SortingNumericDoubleValues
		}
		return dst
	}
	return c, nil
}

// distance is GeoDistance.calculate from the origin to a point, in the
// aggregation's unit. The arc distance is mapping.ArcDistance's haversine
// with the origin's latitude in radians (x1) and its cosine computed once.
func (s *geoDistanceSpec) distance(pt geoPoint, x1, cosOrigin float64) float64 {
	var meters float64
	if s.plane {
		meters = mapping.PlaneDistance(s.origin.lat, s.origin.lon, pt.lat, pt.lon)
	} else {
		x2 := pt.lat * math.Pi / 180
		h1 := 1 - math.Cos(x1-x2)
		h2 := 1 - math.Cos((s.origin.lon-pt.lon)*math.Pi/180)
		h := h1 + cosOrigin*math.Cos(x2)*h2
		h = math.Float64frombits(math.Float64bits(h) &^ 7) // the sort key's low bits cleared
		meters = mapping.EarthMeanRadius * 2 * math.Asin(math.Min(1, math.Sqrt(h*0.5)))
	}
	if s.unitMeters == 1 {
		return meters
	}
	return meters / s.unitMeters
}
