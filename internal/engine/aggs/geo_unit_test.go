package aggs

import (
	"math"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

func TestGeohashLevelsForDistances(t *testing.T) {
	for _, c := range []struct {
		meters float64
		want   int
	}{{0, 24}, {1e7, 1}, {5e6, 2}, {1e6, 3}, {1e5, 4}, {1000, 7}, {1, 11}, {0.001, 15}} {
		if got := geohashLevelsFor(c.meters); got != c.want {
			t.Errorf("geohashLevelsFor(%v) = %d, want %d", c.meters, got, c.want)
		}
	}
}

func TestGeoCellsKeysAndEdges(t *testing.T) {
	for _, c := range []struct {
		tile      bool
		p         geoPoint
		precision int
		want      string
	}{
		{true, geoPoint{lat: 0, lon: 0}, 1, "1/1/1"},
		{true, geoPoint{lat: 89.9, lon: -180}, 3, "3/0/0"},
		{true, geoPoint{lat: 90, lon: 180}, 3, "3/7/0"},  // clipped at the pole and the antimeridian
		{true, geoPoint{lat: -90, lon: 179}, 2, "2/3/3"}, // the log's infinity clips to the last row
		{true, geoPoint{lat: 40.7128, lon: -74.006}, 29, "29/158069709/201853154"},
		{false, geoPoint{lat: 40.7128, lon: -74.006}, 12, "dr5regw3ppyz"},
		{false, geoPoint{lat: -90, lon: -180}, 1, "0"},
	} {
		var cell int64
		if c.tile {
			cell = geotileCell(c.p, c.precision)
		} else {
			cell = geohashCell(c.p, c.precision)
		}
		if got := cellKey(c.tile, cell); got != c.want {
			t.Errorf("cell of %+v at %d = %s, want %s", c.p, c.precision, got, c.want)
		}
	}
	// Ties order by the cell's long: the same as key order within a precision.
	if !(geohashCell(geoPoint{lat: 10, lon: 10}, 4) > geohashCell(geoPoint{lat: -10, lon: -10}, 4)) {
		t.Error("geohash cells do not order as their keys")
	}
}

func TestGeoCentroidReduceWeighsShardsByCount(t *testing.T) {
	a := &geoCentroidResult{lat: 10, lon: 20, count: 1}
	b := &geoCentroidResult{lat: 40, lon: -10, count: 2}
	got, _ := a.reduce([]result{a, &geoCentroidResult{}, b}, &reduceCtx{})
	g := got.(*geoCentroidResult)
	if g.count != 3 || g.lat != 30 || g.lon != 0 {
		t.Errorf("reduced centroid = %+v, want lat 30 lon 0 count 3", g)
	}
	if one, _ := a.reduce([]result{a}, &reduceCtx{}); one != result(a) {
		t.Error("a single shard's centroid must be kept as it is")
	}
	empty, _ := (&geoCentroidResult{}).reduce([]result{&geoCentroidResult{}, &geoCentroidResult{}}, &reduceCtx{})
	if e := empty.(*geoCentroidResult); e.count != 0 || len(e.render(nil)) != 1 {
		t.Errorf("empty centroid = %+v", e)
	}
}

func TestGeoBoundsBoxChoosesTheNarrowerSide(t *testing.T) {
	r := newGeoBounds(true)
	for _, p := range []geoPoint{{lat: 1, lon: 170}, {lat: -1, lon: -170}} {
		r.add(p)
	}
	if _, left, _, right, _ := r.box(); left != 170 || right != -170 {
		t.Errorf("wrapped box left %v right %v, want 170 -170", left, right)
	}
	r.wrapLongitude = false
	if _, left, _, right, _ := r.box(); left != -170 || right != 170 {
		t.Errorf("unwrapped box left %v right %v, want -170 170", left, right)
	}
	if _, _, _, _, ok := newGeoBounds(true).box(); ok {
		t.Error("an empty bounds has no box")
	}
	if v, ok := r.property("top"); !ok || v != 1 || math.IsNaN(v) {
		t.Errorf("top = %v %v", v, ok)
	}
}

func TestGeoStringsReadAsResetFromStringDoes(t *testing.T) {
	// A geohash stands for the bottom-left corner of its cell.
	if p, err := parseGeoString("u1"); err != nil || p.lat != 50.625 || p.lon != 0 {
		t.Errorf("u1 = %+v %v, want lat 50.625 lon 0", p, err)
	}
	if p, err := parseGeoString("s"); err != nil || p.lat != 0 || p.lon != 0 {
		t.Errorf("s = %+v %v", p, err)
	}
	if p, err := parseGeoString(" 1.5, -2 "); err != nil || p.lat != 1.5 || p.lon != -2 {
		t.Errorf("lat,lon = %+v %v", p, err)
	}
	if p, err := parseGeoString("POINT (4 52)"); err != nil || p.lat != 52 || p.lon != 4 {
		t.Errorf("WKT = %+v %v", p, err)
	}
	if _, err := parseGeoString("u1!"); err == nil || err.Reason != "unsupported symbol [!] in geohash [u1!]" {
		t.Errorf("bad geohash: %v", err)
	}
}

func TestGeoDistanceArcMatchesMappingArcDistance(t *testing.T) {
	s := &geoDistanceSpec{origin: geoPoint{lat: 35.7796, lon: -78.6382}, unitMeters: 1}
	x1 := s.origin.lat * math.Pi / 180
	for _, p := range []geoPoint{{40.7128, -74.006}, {-33.86, 151.2}, {35.7796, -78.6382}, {89.9, 179.9}} {
		want := mapping.ArcDistance(s.origin.lat, s.origin.lon, p.lat, p.lon)
		if got := s.distance(p, x1, math.Cos(x1)); got != want {
			t.Errorf("distance to %+v = %v, want %v", p, got, want)
		}
	}
}
