package fake

import "testing"

const geoProps = `{"location":{"type":"geo_point"},"population":{"type":"long"},"k":{"type":"keyword"}}`

var geoDocs = []string{
	`{"location":{"lat":40.7128,"lon":-74.0060},"name":"New York","population":8623000}`,
	`{"location":{"lat":34.0522,"lon":-118.2437},"name":"Los Angeles","population":4000000}`,
	`{"location":{"lat":41.8781,"lon":-87.6298},"name":"Chicago","population":2716000}`,
	`{"location":"52.3676,4.9041","name":"Amsterdam","population":921000}`,
	`{"name":"Nowhere","population":1}`,
}

func TestAggsGeoDistanceRanges(t *testing.T) {
	expectAggs(t, geoProps, geoDocs,
		`{"size":0,"aggs":{"d":{"geo_distance":{"field":"location","origin":"35.7796, -78.6382","ranges":[{"from":5000000},{"to":1000000},{"from":1000000,"to":5000000}]},"aggs":{"p":{"sum":{"field":"population"}}}},"avg_p":{"avg_bucket":{"buckets_path":"d.p"}}}}`,
		`{"d":{"buckets":[{"key":"*-1000000.0","from":0.0,"to":1000000.0,"doc_count":1,"p":{"value":8623000.0}},{"key":"1000000.0-5000000.0","from":1000000.0,"to":5000000.0,"doc_count":2,"p":{"value":6716000.0}},{"key":"5000000.0-*","from":5000000.0,"doc_count":1,"p":{"value":921000.0}}]},"avg_p":{"value":5420000.0}}`)
}

func TestAggsGeoDistanceUnitsOriginFormsAndKeyed(t *testing.T) {
	for _, origin := range []string{`[-78.6382,35.7796]`, `{"lat":35.7796,"lon":-78.6382}`, `"POINT (-78.6382 35.7796)"`} {
		expectAggs(t, geoProps, geoDocs,
			`{"size":0,"aggs":{"d":{"geo_distance":{"field":"location","origin":`+origin+`,"unit":"mi","keyed":true,"ranges":[{"key":"near","to":700},{"from":700,"to":2500}]}}}}`,
			`{"d":{"buckets":{"near":{"from":0.0,"to":700.0,"doc_count":2},"700.0-2500.0":{"from":700.0,"to":2500.0,"doc_count":1}}}}`)
	}
}

func TestAggsGeoDistancePlaneMissingAndUnmapped(t *testing.T) {
	expectAggs(t, geoProps, geoDocs,
		`{"size":0,"aggs":{"d":{"geo_distance":{"field":"location","origin":"40,-74","distance_type":"plane","unit":"km","missing":"40,-74","ranges":[{"to":1},{"from":1}]}},"u":{"geo_distance":{"field":"nope","origin":"0,0","ranges":[{"from":"10","to":"20.5"}]}}}}`,
		`{"d":{"buckets":[{"key":"*-1.0","from":0.0,"to":1.0,"doc_count":1},{"key":"1.0-*","from":1.0,"doc_count":4}]},"u":{"buckets":[{"key":"10.0-20.5","from":10.0,"to":20.5,"doc_count":0}]}}`)
}

func TestAggsGeoDistanceErrors(t *testing.T) {
	s := aggsIndex(t, 1, geoProps, geoDocs...)
	expectAggError(t, s, `{"aggs":{"d":{"geo_distance":{"field":"location","ranges":[{"to":1}]}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Aggregation [d] must define an [origin]."}],"type":"illegal_argument_exception","reason":"Aggregation [d] must define an [origin]."},"status":400}`)
	expectAggError(t, s, `{"aggs":{"d":{"geo_distance":{"field":"location","origin":"1,2","unit":"parsec","ranges":[{"to":1}]}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:65] [geo_distance] failed to parse field [unit]"}],"type":"x_content_parse_exception","reason":"[1:65] [geo_distance] failed to parse field [unit]","caused_by":{"type":"illegal_argument_exception","reason":"No distance unit match [parsec]"}},"status":400}`)
	expectAggError(t, s, `{"aggs":{"d":{"geo_distance":{"field":"location","origin":"1,2","distance_type":"Sloppy","ranges":[{"to":1}]}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:65] [geo_distance] failed to parse field [distance_type]"}],"type":"x_content_parse_exception","reason":"[1:65] [geo_distance] failed to parse field [distance_type]","caused_by":{"type":"illegal_argument_exception","reason":"No geo distance for [sloppy]"}},"status":400}`)
	expectAggError(t, s, `{"aggs":{"d":{"geo_distance":{"field":"k","origin":"1,2","ranges":[{"to":1}]}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Field [k] of type [keyword] is not supported for aggregation [geo_distance]"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"idx","node":<*>,"reason":{"type":"illegal_argument_exception","reason":"Field [k] of type [keyword] is not supported for aggregation [geo_distance]"}}],"caused_by":{"type":"illegal_argument_exception","reason":"Field [k] of type [keyword] is not supported for aggregation [geo_distance]"}},"status":400}`)
}
