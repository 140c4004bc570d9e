package fake

import "testing"

// Geo aggregations on a geo_shape field answer the fake's 501: OpenSearch's
// geo module aggregates shapes, which the fake does not model.
func TestGeoAggregationsOnGeoShapeAreNotModelled(t *testing.T) {
	s := aggsIndex(t, 1, `{"area":{"type":"geo_shape"}}`, `{"area":"POINT (2 1)"}`)
	for _, agg := range []string{"geo_bounds", "geo_centroid", "geohash_grid", "geotile_grid"} {
		expect(t, s, "POST", "/idx/_search", `{"size":0,"aggs":{"a":{"`+agg+`":{"field":"area"}}}}`, 501,
			`<**>"reason":"clustersearch-fake does not support the [`+agg+`] aggregation on geo_shape fields yet"<**>`)
	}
}
