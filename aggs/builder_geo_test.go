package aggs

import (
	"strings"
	"testing"
)

func TestGeoIPAndMatrixBuildersRenderTheDocumentedJSON(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		agg  Aggregation
		want string
	}{
		{"ip_range", IPRangeOf("ip", IPBetween("", "10.0.0.5"), IPBetween("10.0.0.5", ""), IPMask("10.0.0.0/25").WithKey("low")).WithKeyed(true).
			Sub("n", ValueCount("ip")),
			`{"ip_range":{"field":"ip","ranges":[{"to":"10.0.0.5"},{"from":"10.0.0.5"},{"key":"low","mask":"10.0.0.0/25"}],"keyed":true},"aggs":{"n":{"value_count":{"field":"ip"}}}}`},
		{"geo_distance", GeoDistanceOf("location", GeoPoint{Lat: 52.37, Lon: 4.89}, Below(100), Between(100, 300).WithKey("mid"), From(300)).
			WithUnit(Kilometers).WithPlane().WithKeyed(false),
			`{"geo_distance":{"field":"location","origin":{"lat":52.37,"lon":4.89},"ranges":[{"to":100},{"key":"mid","from":100,"to":300},{"from":300}],"unit":"km","distance_type":"plane","keyed":false}}`},
		{"geo_distance string origin", GeoDistanceOf("location", "52.37,4.89", Below(1)),
			`{"geo_distance":{"field":"location","origin":"52.37,4.89","ranges":[{"to":1}]}}`},
		{"geohash_grid", GeohashGrid("location").WithPrecision("10km").WithSize(3).WithShardSize(9).
			WithBounds(GeoBox{TopLeft: GeoPoint{Lat: 53, Lon: 4}, BottomRight: GeoPoint{Lat: 51, Lon: 6}}).Sub("c", GeoCentroidOf("location")),
			`{"geohash_grid":{"field":"location","precision":"10km","size":3,"shard_size":9,"bounds":{"top_left":{"lat":53,"lon":4},"bottom_right":{"lat":51,"lon":6}}},"aggs":{"c":{"geo_centroid":{"field":"location"}}}}`},
		{"geotile_grid", GeotileGrid("location").WithPrecision(8), `{"geotile_grid":{"field":"location","precision":8}}`},
		{"geo_bounds", GeoBoundsOf("location").WithWrapLongitude(false), `{"geo_bounds":{"field":"location","wrap_longitude":false}}`},
		{"geo_centroid", &GeoCentroidAggregation{Field: "location", Missing: "0,0", Meta: map[string]any{"k": 1}},
			`{"geo_centroid":{"field":"location","missing":"0,0"},"meta":{"k":1}}`},
		{"matrix_stats", &MatrixStatsAggregation{Fields: []string{"price", "qty"}, Mode: "max", Missing: map[string]any{"qty": 0}},
			`{"matrix_stats":{"fields":["price","qty"],"mode":"max","missing":{"qty":0}}}`},
	}
	for _, c := range cases {
		got, err := c.agg.MarshalJSON()
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if string(got) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

func TestGeoIPAndMatrixBuildersRefuseIncompleteDefinitions(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		agg  Aggregation
		want string
	}{
		{IPRangeOf("ip"), "ip_range needs at least one range"},
		{GeoDistanceOf("location", nil, Below(1)), "geo_distance needs an origin"},
		{GeoDistanceOf("location", "0,0"), "geo_distance needs at least one range"},
		{MatrixStats(), "matrix_stats needs at least one field"},
	} {
		if _, err := c.agg.MarshalJSON(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%T: err %v, want %q", c.agg, err, c.want)
		}
	}
}

func TestMovingAvgBuilderRendersTheDocumentedJSON(t *testing.T) {
	t.Parallel()
	got, err := MovingAvg("the_sum").WithModel("holt", map[string]any{"alpha": 0.5, "beta": 0.2}).WithWindow(3).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"moving_avg":{"buckets_path":"the_sum","model":"holt","settings":{"alpha":0.5,"beta":0.2},"window":3}}`; string(got) != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if _, err := MovingAvg("").MarshalJSON(); err == nil {
		t.Error("an empty buckets_path was accepted")
	}
}
