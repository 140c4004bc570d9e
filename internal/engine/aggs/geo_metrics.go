package aggs

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// geoBoundsSpec is a geo_bounds aggregation.
type geoBoundsSpec struct {
	source
	wrapLongitude bool
}

func parseGeoBounds(p *parser) (spec, *apierr.Error) {
	s := &geoBoundsSpec{wrapLongitude: true}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		if m.Key == "wrap_longitude" {
			var err *apierr.Error
			s.wrapLongitude, err = p.boolean(m)
			return true, err
		}
		return parseGeoSourceField(p, &s.source, m, false)
	})
	return s, err
}

func (s *geoBoundsSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	g, err := resolveGeo(env, a, &s.source)
	if err != nil {
		return nil, err
	}
	return &geoBoundsCollector{g: g, r: newGeoBounds(s.wrapLongitude)}, nil
}

// geoBoundsCollector keeps the highest and lowest latitude and the
// extreme longitudes on each side of the prime meridian.
type geoBoundsCollector struct {
	g   *geoValues
	r   *geoBoundsResult
	pts []geoPoint
}

func (c *geoBoundsCollector) collect(slot int32, _ float32) {
	c.pts = c.g.points(slot, c.pts)
	for _, p := range c.pts {
		c.r.add(p)
	}
}

func (c *geoBoundsCollector) result() result { return c.r }

// geoBoundsResult is InternalGeoBounds.
type geoBoundsResult struct {
	top, bottom, posLeft, posRight, negLeft, negRight float64
	wrapLongitude                                     bool
}

func newGeoBounds(wrap bool) *geoBoundsResult {
	return &geoBoundsResult{top: math.Inf(-1), bottom: math.Inf(1), posLeft: math.Inf(1), posRight: math.Inf(-1),
		negLeft: math.Inf(1), negRight: math.Inf(-1), wrapLongitude: wrap}
}

func (r *geoBoundsResult) add(p geoPoint) {
	r.top = math.Max(r.top, p.lat)
	r.bottom = math.Min(r.bottom, p.lat)
	if p.lon >= 0 {
		r.posLeft = math.Min(r.posLeft, p.lon)
		r.posRight = math.Max(r.posRight, p.lon)
	} else {
		r.negLeft = math.Min(r.negLeft, p.lon)
		r.negRight = math.Max(r.negRight, p.lon)
	}
}

func (r *geoBoundsResult) typeName() string { return "geo_bounds" }

func (r *geoBoundsResult) reduce(all []result, _ *reduceCtx) (result, *apierr.Error) {
	out := newGeoBounds(r.wrapLongitude)
	for _, x := range all {
		o := x.(*geoBoundsResult)
		out.top = math.Max(out.top, o.top)
		out.bottom = math.Min(out.bottom, o.bottom)
		out.posLeft = math.Min(out.posLeft, o.posLeft)
		out.posRight = math.Max(out.posRight, o.posRight)
		out.negLeft = math.Min(out.negLeft, o.negLeft)
		out.negRight = math.Max(out.negRight, o.negRight)
	}
	return out, nil
}

// box resolves the bounding box (top, left, bottom, right) as
// resolveGeoBoundingBox does; ok is false when no point was seen. With
// points on both sides of the prime meridian and wrap_longitude, the
// narrower of the box over the prime meridian and the box over the
// antimeridian wins.
func (r *geoBoundsResult) box() (top, left, bottom, right float64, ok bool) {
	switch {
	case math.IsInf(r.top, 0):
		return 0, 0, 0, 0, false
	case math.IsInf(r.posLeft, 0):
		return r.top, r.negLeft, r.bottom, r.negRight, true
	case math.IsInf(r.negLeft, 0):
		return r.top, r.posLeft, r.bottom, r.posRight, true
	case r.wrapLongitude:
		unwrapped := r.posRight - r.negLeft
		wrapped := (180 - r.posLeft) - (-180 - r.negRight)
		if unwrapped <= wrapped {
			return r.top, r.negLeft, r.bottom, r.posRight, true
		}
		return r.top, r.posLeft, r.bottom, r.negRight, true
	}
	return r.top, r.negLeft, r.bottom, r.posRight, true
}

// property is getProperty for buckets paths: top, left, bottom, right.
func (r *geoBoundsResult) property(name string) (float64, bool) {
	top, left, bottom, right, ok := r.box()
	if !ok {
		return 0, false
	}
	switch name {
	case "top":
		return top, true
	case "left":
		return left, true
	case "bottom":
		return bottom, true
	case "right":
		return right, true
	}
	return 0, false
}

func (r *geoBoundsResult) render(*renderCtx) jsonout.Object {
	top, left, bottom, right, ok := r.box()
	if !ok {
		return jsonout.Object{}
	}
	return jsonout.Object{{Key: "bounds", Value: jsonout.Object{
		{Key: "top_left", Value: latLon(top, left)},
		{Key: "bottom_right", Value: latLon(bottom, right)},
	}}}
}

// latLon prints a point as {"lat":..,"lon":..}.
func latLon(lat, lon float64) jsonout.Object {
	return jsonout.Object{{Key: "lat", Value: double(lat)}, {Key: "lon", Value: double(lon)}}
}

// geoCentroidSpec is a geo_centroid aggregation.
type geoCentroidSpec struct{ source }

func parseGeoCentroid(p *parser) (spec, *apierr.Error) {
	s := &geoCentroidSpec{}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		return parseGeoSourceField(p, &s.source, m, true)
	})
	return s, err
}

func (s *geoCentroidSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	g, err := resolveGeo(env, a, &s.source)
	if err != nil {
		return nil, err
	}
	return &geoCentroidCollector{g: g}, nil
}

// geoCentroidCollector sums latitudes and longitudes (Kahan sums) and
// counts points, as GeoCentroidAggregator does.
type geoCentroidCollector struct {
	g        *geoValues
	lat, lon compensatedSum
	count    int64
	pts      []geoPoint
}

func (c *geoCentroidCollector) collect(slot int32, _ float32) {
	c.pts = c.g.points(slot, c.pts)
	c.count += int64(len(c.pts))
	for _, p := range c.pts {
		c.lat.add(p.lat)
		c.lon.add(p.lon)
	}
}

func (c *geoCentroidCollector) result() result {
	if c.count == 0 {
		return &geoCentroidResult{}
	}
	n := float64(c.count)
	return &geoCentroidResult{lat: c.lat.value / n, lon: c.lon.value / n, count: c.count}
}

// geoCentroidResult is InternalGeoCentroid: the centroid (meaningful when
// count > 0) and the number of points.
type geoCentroidResult struct {
	lat, lon float64
	count    int64
}

func (r *geoCentroidResult) typeName() string { return "geo_centroid" }

// reduce weighs each shard's centroid by its count; a single result is
// kept as it is (mustReduceOnSingleInternalAgg is false).
func (r *geoCentroidResult) reduce(all []result, _ *reduceCtx) (result, *apierr.Error) {
	if len(all) == 1 {
		return all[0], nil
	}
	latSum, lonSum := math.NaN(), math.NaN()
	var total int64
	for _, x := range all {
		o := x.(*geoCentroidResult)
		if o.count == 0 {
			continue
		}
		total += o.count
		n := float64(o.count)
		if math.IsNaN(lonSum) {
			lonSum, latSum = n*o.lon, n*o.lat
		} else {
			lonSum += n * o.lon
			latSum += n * o.lat
		}
	}
	if math.IsNaN(lonSum) {
		return &geoCentroidResult{}, nil
	}
	return &geoCentroidResult{lat: latSum / float64(total), lon: lonSum / float64(total), count: total}, nil
}

// property is getProperty for buckets paths: lat, lon, count.
func (r *geoCentroidResult) property(name string) (float64, bool) {
	switch name {
	case "count":
		return float64(r.count), true
	case "lat", "lon":
		if r.count == 0 {
			return 0, false
		}
		if name == "lat" {
			return r.lat, true
		}
		return r.lon, true
	}
	return 0, false
}

func (r *geoCentroidResult) render(*renderCtx) jsonout.Object {
	out := jsonout.Object{}
	if r.count > 0 {
		out = append(out, jsonout.Field{Key: "location", Value: latLon(r.lat, r.lon)})
	}
	return append(out, jsonout.Field{Key: "count", Value: r.count})
}
