package aggs

import (
	"math"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// checkGeoTypes checks every result of geo_typed_keys.json through the
// typed accessors.
func checkGeoTypes(t *testing.T, a Aggregations) {
	t.Helper()
	nets := must(a.Range("nets")).of(t)
	if len(nets.Buckets) != 2 || nets.Buckets[0].Key != "::/24" || nets.Buckets[0].FromAsString != "" || nets.Buckets[0].ToAsString != "0:100::" ||
		nets.Buckets[1].FromAsString != "192.168.0.0" || nets.Buckets[1].DocCount != 2 {
		t.Errorf("ip_range %+v", nets.Buckets)
	}
	rings := must(a.Range("rings")).of(t)
	if b := rings.Buckets[0]; b.Key != "*-1000000.0" || *b.From != 0 || *b.To != 1e6 || b.DocCount != 1 {
		t.Errorf("geo_distance %+v", b)
	}
	if p := must(rings.Buckets[1].Aggregations.Sum("p")).of(t); *p.Value != 921000 || rings.Buckets[1].To != nil {
		t.Errorf("geo_distance bucket 2 %+v", rings.Buckets[1])
	}
	cells := must(a.GeoGrid("cells")).of(t)
	if len(cells.Buckets) != 2 || cells.Buckets[0].Key != "dr5" || cells.Buckets[0].DocCount != 2 {
		t.Errorf("geohash_grid %+v", cells.Buckets)
	}
	b, ok := cells.Bucket("9q5")
	if !ok {
		t.Fatal("no bucket 9q5")
	}
	if c := must(b.Aggregations.GeoCentroid("c")).of(t); c.Count != 1 || c.Location.Lat != 34.052199963480234 {
		t.Errorf("centroid in a cell %+v", c)
	}
	if tiles := must(a.GeoGrid("tiles")).of(t); len(tiles.Buckets) != 1 || tiles.Buckets[0].Key != "3/2/3" {
		t.Errorf("geotile_grid %+v", tiles)
	}
	box := must(a.GeoBounds("box")).of(t)
	if *box.TopLeft != (GeoPoint{Lat: 52.367599974386394, Lon: -118.24370007030666}) || box.BottomRight.Lon != 4.904099917039275 {
		t.Errorf("geo_bounds %+v %+v", box.TopLeft, box.BottomRight)
	}
	if none := must(a.GeoBounds("nothing")).of(t); none.TopLeft != nil || none.BottomRight != nil {
		t.Errorf("empty geo_bounds %+v", none)
	}
	if mid := must(a.GeoCentroid("middle")).of(t); mid.Count != 4 || mid.Location.Lon != -68.74385006027296 {
		t.Errorf("geo_centroid %+v", mid)
	}
	if none := must(a.GeoCentroid("none")).of(t); none.Count != 0 || none.Location != nil {
		t.Errorf("empty geo_centroid %+v", none)
	}
	m := must(a.MatrixStats("m")).of(t)
	price, ok := m.Field("price")
	if !ok || m.DocCount != 4 || price.Count != 4 || price.Mean != 2.75 || price.Covariance["weight"] != 16.666666666666668 ||
		price.Correlation["price"] != 1 || price.Kurtosis != 2.160523186682521 {
		t.Errorf("matrix_stats %+v", m)
	}
	one := must(a.MatrixStats("one")).of(t)
	if f := one.Fields[0]; !math.IsNaN(f.Variance) || !math.IsNaN(f.Covariance["x"]) || f.Mean != 7 {
		t.Errorf("NaN statistics %+v", f)
	}
	if e := must(a.MatrixStats("empty")).of(t); e.DocCount != 0 || len(e.Fields) != 0 {
		t.Errorf("empty matrix_stats %+v", e)
	}
}

func TestDecodeGeoAndMatrixResults(t *testing.T) {
	t.Parallel()
	checkGeoTypes(t, loadAggs(t, fixture(t, "geo_typed_keys.json")))
}

func TestDecodeGeoAndMatrixResultsWithoutPrefixes(t *testing.T) {
	t.Parallel()
	a := loadAggs(t, untyped(fixture(t, "geo_typed_keys.json")))
	checkGeoTypes(t, a)
	// Get sees the type the shape suggests: grids look like terms.
	for name, typ := range map[string]string{
		"box": "*aggs.GeoBoundsAggregate", "middle": "*aggs.GeoCentroidAggregate", "m": "*aggs.MatrixStatsAggregate",
		"cells": "*aggs.TermsAggregate", "rings": "*aggs.RangeAggregate",
	} {
		if agg, _ := a.Get(name); typeOf(agg) != typ {
			t.Errorf("%s decodes by shape as %s, want %s", name, typeOf(agg), typ)
		}
	}
	if _, err := a.GeoBounds("m"); err == nil {
		t.Error("matrix_stats taken for geo_bounds")
	}
}

func TestGeoAndMatrixResultsMarshalBackAsReceived(t *testing.T) {
	t.Parallel()
	body := fixture(t, "geo_typed_keys.json")
	out, err := jsonx.Marshal(loadAggs(t, body))
	if err != nil {
		t.Fatal(err)
	}
	var want, got any
	if err := jsonx.Unmarshal(body, &want); err != nil {
		t.Fatal(err)
	}
	if err := jsonx.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	w, _ := jsonx.Marshal(want)
	g, _ := jsonx.Marshal(got)
	if string(w) != string(g) {
		t.Fatalf("round trip changed the body:\n%s\n%s", w, g)
	}
}
