package fake

import "testing"

// A geo aggregation on a derived geo_point fails as the geo_point values
// source does for the script a derived field aggregates through.
func TestDerivedGeoPointRefusesGeoAggregations(t *testing.T) {
	s := aggsIndex(t, 1, `{"lat":{"type":"double"},"lon":{"type":"double"}},
"derived":{"where":{"type":"geo_point","script":"emit(params._source['lat'], params._source['lon'])"}}`, `{"lat":1,"lon":2}`)
	for _, agg := range []string{`{"geo_centroid":{"field":"where"}}`, `{"geohash_grid":{"field":"where"}}`,
		`{"geo_distance":{"field":"where","origin":"0,0","ranges":[{"to":10}]}}`} {
		expect(t, s, "POST", "/idx/_search", `{"size":0,"aggs":{"a":`+agg+`}}`, 500,
			`{"error":{"root_cause":[{"type":"aggregation_execution_exception","reason":"value source of type [geo_point] is not supported by scripts"}],<**>`)
	}
}
