package aggs

import (
	"math"
	"slices"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// geoGridSpec is a geohash_grid or geotile_grid aggregation: points
// bucketed by their cell at a precision, the largest cells first.
type geoGridSpec struct {
	source
	tile      bool // geotile_grid (else geohash_grid)
	precision int
	size      int
	shardSize int // -1: size*1.5+10
	bounds    *geoBox
}

// geoBox is a GeoBoundingBox; left > right crosses the antimeridian.
type geoBox struct{ top, left, bottom, right float64 }

// contains is GeoBoundingBox.pointInBounds.
func (b *geoBox) contains(p geoPoint) bool {
	if p.lat < b.bottom || p.lat > b.top {
		return false
	}
	if b.left <= b.right {
		return p.lon >= b.left && p.lon <= b.right
	}
	return p.lon >= b.left || p.lon <= b.right
}

func parseGeoGrid(p *parser) (spec, *apierr.Error) {
	s := &geoGridSpec{tile: p.agg.Type == "geotile_grid", precision: 5, size: 10000, shardSize: -1}
	if s.tile {
		s.precision = 7
	}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		var err *apierr.Error
		switch m.Key {
		case "precision":
			if !m.Value.IsScalar() || m.Value.Kind == xcontent.Null {
				return true, p.wrongType(m)
			}
			var cause *apierr.Error
			if s.tile {
				s.precision, cause = geotilePrecision(&m.Value)
			} else {
				s.precision, cause = geohashPrecision(&m.Value)
			}
			if cause != nil {
				err = p.failed(m, cause)
			}
		case "size":
			if s.size, err = p.integer(m); err == nil && s.size <= 0 {
				err = p.failed(m, apierr.IllegalArgument("[size] must be greater than 0. Found [%d] in [%s]", s.size, p.agg.Name))
			}
		case "shard_size":
			if s.shardSize, err = p.integer(m); err == nil && s.shardSize <= 0 {
				err = p.failed(m, apierr.IllegalArgument("[shardSize] must be greater than 0. Found [%d] in [%s]", s.shardSize, p.agg.Name))
			}
		case "bounds":
			if m.Value.Kind != xcontent.Object {
				return true, p.wrongType(m)
			}
			var cause *apierr.Error
			if s.bounds, cause = parseGeoBox(&m.Value); cause != nil {
				err = p.failed(m, cause)
			}
		default:
			return parseGeoSourceField(p, &s.source, m, false)
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// geotilePrecision is GeoTileUtils.parsePrecision and checkPrecisionRange.
func geotilePrecision(v *xcontent.Value) (int, *apierr.Error) {
	var n int
	if v.Kind == xcontent.Number {
		f, _ := v.Float64()
		n = int(f)
	} else {
		x, err := strconv.ParseInt(v.Text(), 10, 32)
		if err != nil {
			return 0, numberFormat(v.Text())
		}
		n = int(x)
	}
	if n < 0 || n > 29 {
		return 0, apierr.IllegalArgument("Invalid geotile_grid precision of %d. Must be between 0 and 29.", n)
	}
	return n, nil
}

// geohashPrecision is GeoUtils.parsePrecision: a level (number or integer
// string) or a distance ("10km") turned into the level whose cells are
// that small.
func geohashPrecision(v *xcontent.Value) (int, *apierr.Error) {
	var n int
	if v.Kind == xcontent.Number {
		f, _ := v.Float64()
		n = int(f)
	} else if x, err := strconv.ParseInt(v.Text(), 10, 32); err == nil {
		n = int(x)
	} else {
		meters, ok := dsl.ParseDistance(v.Text())
		if !ok {
			return 0, numberFormat(v.Text())
		}
		n = geohashLevelsFor(meters)
		if n < 1 || n > 12 {
			e := apierr.IllegalArgument("precision too high [%s]", v.Text())
			e.Cause = apierr.IllegalArgument("Invalid geohash aggregation precision of %d. Must be between 1 and 12.", n)
			return 0, e
		}
		return n, nil
	}
	if n < 1 || n > 12 {
		return 0, apierr.IllegalArgument("Invalid geohash aggregation precision of %d. Must be between 1 and 12.", n)
	}
	return n, nil
}

// geohashLevelsFor is GeoUtils.geoHashLevelsForPrecision(meters): the
// geohash length whose cells' diagonal does not pass meters (24, Lucene's
// GeohashPrefixTree maximum, for zero).
func geohashLevelsFor(meters float64) int {
	if meters == 0 {
		return 24
	}
	const major, minor = 6378137.0, 6356752.314245
	equator, polar := 2*math.Pi*major, math.Pi*minor
	ratio := 1 + polar/equator
	width := math.Sqrt(meters * meters / (ratio * ratio))
	part := math.Ceil(equator / width)
	if part == 1 {
		return 1
	}
	bits := int(math.Round(math.Ceil(math.Log(part) / math.Log(2))))
	full := bits / 5
	left := bits - full*5
	even, odd := full, full
	if left > 0 {
		even++
	}
	if left > 3 {
		odd++
	}
	return even + odd
}

// parseGeoBox reads a bounding box: top_left and bottom_right, top_right
// and bottom_left (points in any geo_point form), or top, left, bottom and
// right.
func parseGeoBox(v *xcontent.Value) (*geoBox, *apierr.Error) {
	nan := math.NaN()
	b := &geoBox{top: nan, left: nan, bottom: nan, right: nan}
	for i := range v.Members {
		m := &v.Members[i]
		switch m.Key {
		case "top_left", "bottom_right", "top_right", "bottom_left", "topLeft", "bottomRight", "topRight", "bottomLeft":
			pt, err := parseGeoValue(&m.Value)
			if err != nil {
				return nil, err
			}
			switch m.Key {
			case "top_left", "topLeft":
				b.top, b.left = pt.lat, pt.lon
			case "bottom_right", "bottomRight":
				b.bottom, b.right = pt.lat, pt.lon
			case "top_right", "topRight":
				b.top, b.right = pt.lat, pt.lon
			default:
				b.bottom, b.left = pt.lat, pt.lon
			}
		case "top", "left", "bottom", "right":
			f, ok := numberOf(&m.Value)
			if !ok {
				return nil, numberFormat(m.Value.Text())
			}
			switch m.Key {
			case "top":
				b.top = f
			case "left":
				b.left = f
			case "bottom":
				b.bottom = f
			default:
				b.right = f
			}
		default:
			return nil, apierr.New(apierr.TypeParsing, "failed to parse bounding box. unexpected field ["+m.Key+"]")
		}
	}
	if math.IsNaN(b.top) || math.IsNaN(b.bottom) || math.IsNaN(b.left) || math.IsNaN(b.right) {
		return nil, apierr.New(apierr.TypeParsing, "failed to parse bounding box. Missing corner points")
	}
	return b, nil
}

// effectiveShardSize is the per-shard bucket count: shard_size, else
// size*1.5+10, never below size.
func (s *geoGridSpec) effectiveShardSize() int {
	n := s.shardSize
	if n < 0 {
		n = int(math.Min(math.MaxInt32, float64(s.size)*1.5+10))
	}
	return max(n, s.size)
}

// cell is a point's cell: its hashAsLong (ordering ties) and key.
func (s *geoGridSpec) cell(p geoPoint) int64 {
	if s.tile {
		return geotileCell(p, s.precision)
	}
	return geohashCell(p, s.precision)
}

// geotileCell is GeoTileUtils.longEncode: precision, x and y packed.
func geotileCell(p geoPoint, precision int) int64 {
	tiles := int64(1) << precision
	x := int64(math.Floor((p.lon + 180) / 360 * float64(tiles)))
	x = min(max(x, 0), tiles-1)
	// sin(lat) where OpenSearch uses SloppyMath.cos(pi/2 - lat): the two
	// agree but for the last bits, which matter only on a tile's edge.
	latSin := math.Sin(p.lat * math.Pi / 180)
	yf := math.Floor((0.5 - math.Log((1+latSin)/(1-latSin))/(4*math.Pi)) * float64(tiles))
	var y int64
	switch {
	case math.IsNaN(yf) || yf < 0:
		y = 0
	case yf >= float64(tiles):
		y = tiles - 1
	default:
		y = int64(yf)
	}
	return int64(precision)<<58 | x<<29 | y
}

// geohashCell packs a point's geohash as Geohash.longEncode does: the
// interleaved bits (longitude first, halving each range in turn, as
// Geohash.stringEncode bisects), then the level in the low four bits.
func geohashCell(p geoPoint, precision int) int64 {
	latLo, latHi, lonLo, lonHi := -90.0, 90.0, -180.0, 180.0
	var v int64
	for i := 0; i < 5*precision; i++ {
		v <<= 1
		if i%2 == 0 {
			if mid := (lonLo + lonHi) / 2; p.lon >= mid {
				v |= 1
				lonLo = mid
			} else {
				lonHi = mid
			}
		} else {
			if mid := (latLo + latHi) / 2; p.lat >= mid {
				v |= 1
				latLo = mid
			} else {
				latHi = mid
			}
		}
	}
	return v<<4 | int64(precision)
}

const geohashDigits = "0123456789bcdefghjkmnpqrstuvwxyz"

// cellKey prints a cell as its bucket key: the geohash, or
// "precision/x/y" for a tile.
func cellKey(tile bool, cell int64) string {
	if tile {
		precision := cell >> 58
		x := (cell >> 29) & (1<<29 - 1)
		y := cell & (1<<29 - 1)
		return strconv.FormatInt(precision, 10) + "/" + strconv.FormatInt(x, 10) + "/" + strconv.FormatInt(y, 10)
	}
	level := int(cell & 15)
	h := cell >> 4
	out := make([]byte, level)
	for i := level - 1; i >= 0; i-- {
		out[i] = geohashDigits[h&31]
		h >>= 5
	}
	return string(out)
}

func (s *geoGridSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	g, err := resolveGeo(env, a, &s.source)
	if err != nil {
		return nil, err
	}
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	return &geoGridCollector{spec: s, agg: a, g: g, subs: subs, index: map[int64]int{}}, nil
}

// geoGridCollector counts documents per cell (once per cell however many
// of a document's points fall in it).
type geoGridCollector struct {
	spec    *geoGridSpec
	agg     *Agg
	g       *geoValues
	subs    *subFactory
	index   map[int64]int
	buckets []*geoGridBucket
	pts     []geoPoint
	cells   []int64
}

func (c *geoGridCollector) collect(slot int32, score float32) {
	c.pts = c.g.points(slot, c.pts)
	c.cells = c.cells[:0]
	for _, p := range c.pts {
		if c.spec.bounds != nil && !c.spec.bounds.contains(p) {
			continue
		}
		c.cells = append(c.cells, c.spec.cell(p))
	}
	slices.Sort(c.cells)
	for _, cell := range slices.Compact(c.cells) {
		i, ok := c.index[cell]
		if !ok {
			i = len(c.buckets)
			c.index[cell] = i
			c.buckets = append(c.buckets, &geoGridBucket{cell: cell, collectors: c.subs.make()})
		}
		b := c.buckets[i]
		b.docCount++
		b.collectors.collect(slot, score)
	}
}

func (c *geoGridCollector) result() result {
	for _, b := range c.buckets {
		b.subs = b.collectors.results(c.agg.Subs)
		b.collectors = nil
	}
	sortGridBuckets(c.buckets)
	kept := c.buckets
	if n := c.spec.effectiveShardSize(); len(kept) > n {
		kept = kept[:n]
	}
	return &geoGridResult{spec: c.spec, buckets: kept}
}

// sortGridBuckets orders buckets as BucketPriorityQueue pops them: the
// most documents first, ties by the larger cell hash.
func sortGridBuckets(bs []*geoGridBucket) {
	slices.SortFunc(bs, func(a, b *geoGridBucket) int {
		if a.docCount != b.docCount {
			if a.docCount > b.docCount {
				return -1
			}
			return 1
		}
		switch {
		case a.cell > b.cell:
			return -1
		case a.cell < b.cell:
			return 1
		}
		return 0
	})
}

type geoGridBucket struct {
	cell       int64
	docCount   int64
	subs       aggList
	collectors subCollectors
}

// geoGridResult is InternalGeoHashGrid or InternalGeoTileGrid.
type geoGridResult struct {
	spec    *geoGridSpec
	buckets []*geoGridBucket
}

func (r *geoGridResult) typeName() string {
	if r.spec.tile {
		return "geotile_grid"
	}
	return "geohash_grid"
}

func (r *geoGridResult) reduce(all []result, rc *reduceCtx) (result, *apierr.Error) {
	index := map[int64]int{}
	var merged []*geoGridBucket
	var lists [][]aggList
	for _, x := range all {
		for _, b := range x.(*geoGridResult).buckets {
			i, ok := index[b.cell]
			if !ok {
				i = len(merged)
				index[b.cell] = i
				merged = append(merged, &geoGridBucket{cell: b.cell})
				lists = append(lists, nil)
			}
			merged[i].docCount += b.docCount
			lists[i] = append(lists[i], b.subs)
		}
	}
	for i, b := range merged {
		subs, err := reduceLists(lists[i], rc)
		if err != nil {
			return nil, err
		}
		b.subs = subs
	}
	sortGridBuckets(merged)
	if len(merged) > r.spec.size {
		merged = merged[:r.spec.size]
	}
	if err := rc.consume(len(merged)); err != nil {
		return nil, err
	}
	return &geoGridResult{spec: r.spec, buckets: merged}, nil
}

func (r *geoGridResult) render(rc *renderCtx) jsonout.Object {
	list := make([]any, 0, len(r.buckets))
	for _, b := range r.buckets {
		o := jsonout.Object{{Key: "key", Value: cellKey(r.spec.tile, b.cell)}, {Key: "doc_count", Value: b.docCount}}
		list = append(list, renderSubs(o, b.subs, rc))
	}
	return jsonout.Object{{Key: "buckets", Value: list}}
}

func (r *geoGridResult) pipeBuckets() []pipeBucket {
	out := make([]pipeBucket, len(r.buckets))
	for i, b := range r.buckets {
		k := cellKey(r.spec.tile, b.cell)
		out[i] = pipeBucket{docCount: b.docCount, subs: b.subs, key: k, ks: k, orig: b}
	}
	return out
}

func (r *geoGridResult) withBuckets(bs []pipeBucket) result {
	out := *r
	out.buckets = copyBuckets(bs, func(b geoGridBucket, subs aggList) geoGridBucket { b.subs = subs; return b })
	return &out
}
