package fake

import "testing"

func TestAggsGeoBoundsWrapAndNot(t *testing.T) {
	expectAggs(t, geoProps, geoDocs,
		`{"size":0,"aggs":{"b":{"geo_bounds":{"field":"location"}},"n":{"geo_bounds":{"field":"location","wrap_longitude":false}},"u":{"geo_bounds":{"field":"nope"}}}}`,
		`{"b":{"bounds":{"top_left":{"lat":52.367599974386394,"lon":-118.24370007030666},"bottom_right":{"lat":34.052199963480234,"lon":4.904099917039275}}},`+
			`"n":{"bounds":{"top_left":{"lat":52.367599974386394,"lon":-118.24370007030666},"bottom_right":{"lat":34.052199963480234,"lon":4.904099917039275}}},"u":{}}`)
}

func TestAggsGeoBoundsAcrossTheAntimeridian(t *testing.T) {
	docs := []string{`{"location":"10,170"}`, `{"location":"-10,-170"}`, `{"location":"0,179.5"}`}
	expectAggs(t, geoProps, docs,
		`{"size":0,"aggs":{"b":{"geo_bounds":{"field":"location"}},"n":{"geo_bounds":{"field":"location","wrap_longitude":false}}}}`,
		`{"b":{"bounds":{"top_left":{"lat":9.999999990686774,"lon":169.9999999254942},"bottom_right":{"lat":-10.00000003259629,"lon":-170.00000000931323}}},`+
			`"n":{"bounds":{"top_left":{"lat":9.999999990686774,"lon":-170.00000000931323},"bottom_right":{"lat":-10.00000003259629,"lon":179.4999999459833}}}}`)
}

func TestAggsGeoCentroidTopLevelAndPerBucket(t *testing.T) {
	expectAggsPerShards(t, geoProps, geoDocs,
		`{"size":0,"aggs":{"c":{"geo_centroid":{"field":"location"}},"t":{"terms":{"field":"name.keyword","size":2,"order":{"_key":"asc"}},"aggs":{"c":{"geo_centroid":{"field":"location"}}}},"u":{"geo_centroid":{"field":"nope"}}}}`,
		`{"c":{"location":{"lat":42.25267497589812,"lon":-68.74385006027296},"count":4},"t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":3,"buckets":[{"key":"Amsterdam","doc_count":1,"c":{"location":{"lat":52.367599974386394,"lon":4.904099917039275},"count":1}},{"key":"Chicago","doc_count":1,"c":{"location":{"lat":41.878099981695414,"lon":-87.62980003841221},"count":1}}]},"u":{"count":0}}`,
		`{"c":{"location":{"lat":42.25267497589812,"lon":-68.74385006027296},"count":4},"t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":3,"buckets":[{"key":"Amsterdam","doc_count":1,"c":{"location":{"lat":52.367599974386394,"lon":4.904099917039275},"count":1}},{"key":"Chicago","doc_count":1,"c":{"location":{"lat":41.878099981695414,"lon":-87.62980003841221},"count":1}}]},"u":{"count":0}}`)
}

func TestAggsGeoMetricsErrors(t *testing.T) {
	s := aggsIndex(t, 1, geoProps, geoDocs...)
	expectAggError(t, s, `{"aggs":{"b":{"geo_bounds":{"field":"location","script":"1"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:48] [geo_bounds] unknown field [script]"}],"type":"x_content_parse_exception","reason":"[1:48] [geo_bounds] unknown field [script]"},"status":400}`)
	expectAggError(t, s, `{"aggs":{"c":{"geo_centroid":{"field":"population"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Field [population] of type [long] is not supported for aggregation [geo_centroid]"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"idx","node":<*>,"reason":{"type":"illegal_argument_exception","reason":"Field [population] of type [long] is not supported for aggregation [geo_centroid]"}}],"caused_by":{"type":"illegal_argument_exception","reason":"Field [population] of type [long] is not supported for aggregation [geo_centroid]"}},"status":400}`)
	expectAggError(t, s, `{"aggs":{"c":{"geo_centroid":{"field":"location"},"aggs":{"x":{"min":{"field":"population"}}}}}}`, 500,
		`{"error":{"root_cause":[{"type":"aggregation_initialization_exception","reason":"Aggregator [c] of type [geo_centroid] cannot accept sub-aggregations"}],"type":"aggregation_initialization_exception","reason":"Aggregator [c] of type [geo_centroid] cannot accept sub-aggregations"},"status":500}`)
}
