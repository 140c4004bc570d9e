package search

import (
	"math"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// geoField resolves the field of a geo query: a geo_point, or nil (with no
// error) when unmapped and ignore_unmapped is set.
func (c *shardCtx) geoField(query, name string, ignoreUnmapped bool) (*mapping.Field, *apierr.Error) {
	f := c.field(name)
	if f == nil {
		if ignoreUnmapped {
			return nil, nil
		}
		return nil, c.queryShardErr("failed to find geo_point field ["+name+"]", nil)
	}
	if f.Type != mapping.TypeGeoPoint {
		return nil, c.queryShardErr("field ["+name+"] is not a geo_point field", nil)
	}
	return f, nil
}

// geoPred matches documents with a point for which ok holds.
func (c *shardCtx) geoPred(f *mapping.Field, ok func(lat, lon float64, enc int64) bool) func(int32) bool {
	return c.longPred(f.Path, func(v int64) bool {
		lat, lon := mapping.DecodeGeoPoint(v)
		return ok(lat, lon, v)
	})
}

func checkLatLon(what string, lat, lon float64, strict bool) *apierr.Error {
	if !strict {
		return nil
	}
	if lat > 90 || lat < -90 || math.IsNaN(lat) {
		return apierr.IllegalArgument("illegal latitude value [%s] for %s", fmtDouble(lat), what)
	}
	if lon > 180 || lon < -180 || math.IsNaN(lon) {
		return apierr.IllegalArgument("illegal longitude value [%s] for %s", fmtDouble(lon), what)
	}
	return nil
}

func (c *shardCtx) geoDistanceQuery(q *dsl.GeoDistance, boost float32) (node, *apierr.Error) {
	f, err := c.geoField("geo_distance", q.Field, q.IgnoreUnmapped)
	if f == nil {
		if err == nil {
			return &noneNode{reason: "unmapped field [" + q.Field + "]"}, nil
		}
		return nil, err
	}
	lat, lon, perr := dsl.GeoPointOf(q.Point)
	if perr != nil {
		return nil, apierr.New(apierr.TypeParse, perr.Error())
	}
	if err := checkLatLon("[geo_distance] query", lat, lon, q.ValidationMethod == "STRICT"); err != nil {
		return nil, c.queryShardErr(err.Reason, nil)
	}
	lat, lon = normalizePoint(lat, lon, q.ValidationMethod)
	radius := q.Distance
	desc := f.Path + ":" + fmtDouble(lat) + "," + fmtDouble(lon) + " +/- " + fmtDouble(radius) + " meters"
	return c.predNode(desc, boost, c.geoPred(f, func(dlat, dlon float64, _ int64) bool {
		return mapping.ArcDistance(lat, lon, dlat, dlon) <= radius
	})), nil
}

// normalizePoint wraps out-of-range coordinates when validation_method is
// COERCE (GeoUtils.normalizePoint).
func normalizePoint(lat, lon float64, method string) (float64, float64) {
	if method != "COERCE" {
		return lat, lon
	}
	lon = math.Mod(lon+180, 360)
	if lon < 0 {
		lon += 360
	}
	lon -= 180
	lat = math.Mod(lat+90, 360)
	if lat < 0 {
		lat += 360
	}
	if lat > 180 {
		lat = 360 - lat
	}
	lat -= 90
	return lat, lon
}

func (c *shardCtx) geoBoundingBoxQuery(q *dsl.GeoBoundingBox, boost float32) (node, *apierr.Error) {
	f, err := c.geoField("geo_bounding_box", q.Field, q.IgnoreUnmapped)
	if f == nil {
		if err == nil {
			return &noneNode{reason: "unmapped field [" + q.Field + "]"}, nil
		}
		return nil, err
	}
	if q.ValidationMethod == "STRICT" {
		for _, x := range []struct {
			name string
			v    float64
			lat  bool
		}{{"top latitude", q.Top, true}, {"left longitude", q.Left, false}, {"bottom latitude", q.Bottom, true}, {"right longitude", q.Right, false}} {
			if x.lat && (x.v > 90 || x.v < -90) || !x.lat && (x.v > 180 || x.v < -180) {
				return nil, c.queryShardErr(x.name+" is invalid: "+fmtDouble(x.v), nil)
			}
		}
		if q.Top < q.Bottom {
			return nil, c.queryShardErr("top is below bottom corner: "+fmtDouble(q.Top)+" vs. "+fmtDouble(q.Bottom), nil)
		}
	}
	minLat, maxLat := mapping.EncodeLatCeil(q.Bottom), mapping.EncodeLat(q.Top)
	minLon, maxLon := mapping.EncodeLonCeil(q.Left), mapping.EncodeLon(q.Right)
	crosses := q.Left > q.Right // the box spans the dateline
	desc := f.Path + ":[" + fmtDouble(q.Bottom) + "," + fmtDouble(q.Left) + " TO " + fmtDouble(q.Top) + "," + fmtDouble(q.Right) + "]"
	return c.predNode(desc, boost, c.geoPred(f, func(_, _ float64, enc int64) bool {
		la, lo := int32(enc>>32), int32(uint32(enc))
		if la < minLat || la > maxLat {
			return false
		}
		if crosses {
			return lo >= minLon || lo <= maxLon
		}
		return lo >= minLon && lo <= maxLon
	})), nil
}

func (c *shardCtx) geoPolygonQuery(q *dsl.GeoPolygon, boost float32) (node, *apierr.Error) {
	f, err := c.geoField("geo_polygon", q.Field, q.IgnoreUnmapped)
	if f == nil {
		if err == nil {
			return &noneNode{reason: "unmapped field [" + q.Field + "]"}, nil
		}
		return nil, err
	}
	lats := make([]float64, 0, len(q.Points)+1)
	lons := make([]float64, 0, len(q.Points)+1)
	for _, p := range q.Points {
		lat, lon, perr := dsl.GeoPointOf(p)
		if perr != nil {
			return nil, apierr.New(apierr.TypeParse, perr.Error())
		}
		if err := checkLatLon("[geo_polygon] query", lat, lon, q.ValidationMethod == "STRICT"); err != nil {
			return nil, c.queryShardErr(err.Reason, nil)
		}
		lat, lon = normalizePoint(lat, lon, q.ValidationMethod)
		lats, lons = append(lats, lat), append(lons, lon)
	}
	// The ring is closed when the last point differs from the first.
	if lats[0] != lats[len(lats)-1] || lons[0] != lons[len(lons)-1] {
		lats, lons = append(lats, lats[0]), append(lons, lons[0])
	}
	desc := f.Path + ":Polygon(" + strconv.Itoa(len(lats)) + " points)"
	return c.predNode(desc, boost, c.geoPred(f, func(lat, lon float64, _ int64) bool {
		return inPolygon(lats, lons, lat, lon)
	})), nil
}

// inPolygon is the even-odd rule over a closed ring; points on an edge count
// as inside.
func inPolygon(lats, lons []float64, lat, lon float64) bool {
	in := false
	for i, j := 0, len(lats)-1; i < len(lats); j, i = i, i+1 {
		yi, xi, yj, xj := lats[i], lons[i], lats[j], lons[j]
		if onSegment(yi, xi, yj, xj, lat, lon) {
			return true
		}
		if (yi > lat) != (yj > lat) && lon < (xj-xi)*(lat-yi)/(yj-yi)+xi {
			in = !in
		}
	}
	return in
}

func onSegment(y1, x1, y2, x2, y, x float64) bool {
	cross := (x2-x1)*(y-y1) - (y2-y1)*(x-x1)
	if math.Abs(cross) > 1e-12 {
		return false
	}
	return x >= math.Min(x1, x2) && x <= math.Max(x1, x2) && y >= math.Min(y1, y2) && y <= math.Max(y1, y2)
}

// geoKeyReader prepares a _geo_distance sort key.
func (c *shardCtx) geoKeyReader(k *keyReader) (*keyReader, *apierr.Error) {
	k.f = c.field(k.s.Field)
	if k.f == nil {
		if k.s.Geo.IgnoreUnmapped {
			k.noValues = true
			return k, nil
		}
		return nil, c.queryShardErr("failed to find mapper for ["+k.s.Field+"] for geo distance based sort", nil)
	}
	if k.f.Type != mapping.TypeGeoPoint {
		return nil, apierr.IllegalArgument("field [%s] is of type [%s], but only geo_point is supported", k.s.Field, k.f.Type)
	}
	k.s.Field = k.f.Path
	return k, nil
}

// geoValue is a document's distance to the sort's points: every pair of a
// document point and an origin, reduced by the sort mode; documents
// without a point sort at +Infinity, whatever the order.
func (k *keyReader) geoValue(slot int32) sortValue {
	if k.noValues {
		return sortValue{num: math.Inf(1)}
	}
	k.lbuf = k.r.Longs(k.s.Field, slot, k.lbuf[:0])
	if len(k.lbuf) == 0 {
		return sortValue{num: math.Inf(1)}
	}
	g := k.s.Geo
	k.dbuf = k.dbuf[:0]
	for _, v := range k.lbuf {
		lat, lon := mapping.DecodeGeoPoint(v)
		for _, p := range g.Points {
			d := mapping.ArcDistance(p[0], p[1], lat, lon)
			if g.Plane {
				d = mapping.PlaneDistance(p[0], p[1], lat, lon)
			}
			k.dbuf = append(k.dbuf, d/g.UnitMeters)
		}
	}
	mode := k.s.Mode
	if mode == "" {
		mode = "min"
		if k.s.Desc {
			mode = "max"
		}
	}
	return sortValue{num: reduce(k.dbuf, mode)}
}
