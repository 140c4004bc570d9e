package fake

import "testing"

// gridDocs adds to geoDocs a document with two points in different cells.
var gridDocs = append(append([]string{}, geoDocs...), `{"location":["40.7,-74.0","41.88,-87.63"],"name":"Both"}`)

func TestAggsGeohashGridOrderAndSize(t *testing.T) {
	expectAggs(t, geoProps, gridDocs,
		`{"size":0,"aggs":{"g":{"geohash_grid":{"field":"location","precision":3}},"s":{"geohash_grid":{"field":"location","precision":"3","size":3,"shard_size":3}}}}`,
		`{"g":{"buckets":[{"key":"dr5","doc_count":2},{"key":"dp3","doc_count":2},{"key":"u17","doc_count":1},{"key":"9q5","doc_count":1}]},"s":{"buckets":[{"key":"dr5","doc_count":2},{"key":"dp3","doc_count":2},{"key":"u17","doc_count":1}]}}`)
}

func TestAggsGeohashGridDistancePrecisionBoundsAndSubAggs(t *testing.T) {
	expectAggs(t, geoProps, gridDocs,
		`{"size":0,"aggs":{"g":{"geohash_grid":{"field":"location","precision":"1000km","bounds":{"top_left":{"lat":45,"lon":-100},"bottom_right":"30,-70"}},"aggs":{"p":{"max":{"field":"population"}}}}}}`,
		`{"g":{"buckets":[{"key":"dr5","doc_count":2,"p":{"value":8623000.0}},{"key":"dp3","doc_count":2,"p":{"value":2716000.0}}]}}`)
}

func TestAggsGeotileGrid(t *testing.T) {
	expectAggs(t, geoProps, gridDocs,
		`{"size":0,"aggs":{"g":{"geotile_grid":{"field":"location","precision":3}},"z":{"geotile_grid":{"field":"location","precision":0}},"u":{"geotile_grid":{"field":"nope"}}}}`,
		`{"g":{"buckets":[{"key":"3/2/3","doc_count":2},{"key":"3/2/2","doc_count":2},{"key":"3/4/2","doc_count":1},{"key":"3/1/3","doc_count":1}]},"z":{"buckets":[{"key":"0/0/0","doc_count":5}]},"u":{"buckets":[]}}`)
}

func TestAggsGeoGridTypedKeys(t *testing.T) {
	s := aggsIndex(t, 2, geoProps, gridDocs...)
	got := aggsOf(t, s, "/idx/_search?typed_keys=true", `{"size":0,"aggs":{"h":{"geohash_grid":{"field":"location","precision":1,"size":1}},"t":{"geotile_grid":{"field":"location","precision":1,"size":1}}}}`)
	if want := `{"geohash_grid#h":{"buckets":[{"key":"d","doc_count":3}]},"geotile_grid#t":{"buckets":[{"key":"1/0/0","doc_count":4}]}}`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

func TestAggsGeoGridErrors(t *testing.T) {
	s := aggsIndex(t, 1, geoProps, gridDocs...)
	expectAggError(t, s, `{"aggs":{"g":{"geohash_grid":{"field":"location","precision":13}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:50] [geohash_grid] failed to parse field [precision]"}],"type":"x_content_parse_exception","reason":"[1:50] [geohash_grid] failed to parse field [precision]","caused_by":{"type":"illegal_argument_exception","reason":"Invalid geohash aggregation precision of 13. Must be between 1 and 12."}},"status":400}`)
	expectAggError(t, s, `{"aggs":{"g":{"geotile_grid":{"field":"location","precision":30}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:50] [geotile_grid] failed to parse field [precision]"}],"type":"x_content_parse_exception","reason":"[1:50] [geotile_grid] failed to parse field [precision]","caused_by":{"type":"illegal_argument_exception","reason":"Invalid geotile_grid precision of 30. Must be between 0 and 29."}},"status":400}`)
	expectAggError(t, s, `{"aggs":{"g":{"geohash_grid":{"field":"location","size":0}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:50] [geohash_grid] failed to parse field [size]"}],"type":"x_content_parse_exception","reason":"[1:50] [geohash_grid] failed to parse field [size]","caused_by":{"type":"illegal_argument_exception","reason":"[size] must be greater than 0. Found [0] in [g]"}},"status":400}`)
	expectAggError(t, s, `{"aggs":{"g":{"geohash_grid":{"field":"location","precision":"1mm"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:50] [geohash_grid] failed to parse field [precision]"}],"type":"x_content_parse_exception","reason":"[1:50] [geohash_grid] failed to parse field [precision]","caused_by":{"type":"illegal_argument_exception","reason":"precision too high [1mm]","caused_by":{"type":"illegal_argument_exception","reason":"Invalid geohash aggregation precision of 15. Must be between 1 and 12."}}},"status":400}`)
}
