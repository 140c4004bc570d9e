package fake

import "testing"

// distance_feature scores boost * pivot / (pivot + distance) by the nearest
// value, on dates (pivot a time value) and geo points (pivot a distance).
func TestDistanceFeatureQuery(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/df", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"at":{"type":"date"},"loc":{"type":"geo_point"},"k":{"type":"keyword"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"df","_id":"same"}}
{"at":"2020-01-02T00:00:00Z","loc":[4.894,52.376]}
{"index":{"_index":"df","_id":"day"}}
{"at":["2019-12-01T00:00:00Z","2020-01-01T00:00:00Z"]}
{"index":{"_index":"df","_id":"three"}}
{"at":"2020-01-05T00:00:00Z"}
`, 200, `{<**>"errors":false<**>}`)
	expect(t, s, "POST", "/df/_search?filter_path=hits.hits._id,hits.hits._score", `{"query":{"distance_feature":{"field":"at","origin":"2020-01-02","pivot":"1d","boost":2}}}`, 200,
		`{"hits":{"hits":[{"_id":"same","_score":2.0},{"_id":"day","_score":1.0},{"_id":"three","_score":0.5}]}}`)
	expect(t, s, "GET", "/df/_explain/day", `{"query":{"distance_feature":{"field":"at","origin":"2020-01-02","pivot":"1d"}}}`, 200,
		`{"_index":"df","_id":"day","matched":true,"explanation":{"value":0.5,"description":"Distance score, computed as weight * pivotDistance / (pivotDistance + abs(value - origin)) from:","details":[`+
			`{"value":1.0,"description":"weight","details":[]},{"value":86400000,"description":"pivotDistance","details":[]},{"value":1577923200000,"description":"origin","details":[]},`+
			`{"value":1577836800000,"description":"current value","details":[]},{"value":86400000,"description":"distance","details":[]}]}}`)
	expect(t, s, "POST", "/df/_search?filter_path=hits.hits._id,hits.hits._score", `{"query":{"distance_feature":{"field":"loc","origin":{"lat":52.376,"lon":4.894},"pivot":"1km"}}}`, 200,
		`{"hits":{"hits":[{"_id":"same","_score":<*>}]}}`)
	expect(t, s, "POST", "/df/_search", `{"query":{"distance_feature":{"field":"k","origin":"x","pivot":"1d"}}}`, 400, `{<**>"reason":"Illegal data type of [keyword]! [distance_feature] query can only be run on a date, date_nanos or geo_point field type!"<**>`)
}
