package fake

import "testing"

// rank_feature and rank_features fields with the rank_feature query's
// functions; values are quantised as FeatureField stores them and the
// default saturation pivot is the value of the mean stored frequency.
func TestRankFeatureQuery(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/rf", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"pagerank":{"type":"rank_feature"},"len":{"type":"rank_feature","positive_score_impact":false},"topics":{"type":"rank_features"}}}}`, 200, "")
	expect(t, s, "GET", "/rf/_mapping", "", 200, `{"rf":{"mappings":{"properties":{"len":{"type":"rank_feature","positive_score_impact":false},"pagerank":{"type":"rank_feature"},"topics":{"type":"rank_features"}}}}}`)
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"rf","_id":"a"}}
{"pagerank":10,"len":4,"topics":{"go":1}}
{"index":{"_index":"rf","_id":"b"}}
{"pagerank":30,"topics":{"go":2,"rust":8}}
`, 200, `{<**>"errors":false<**>}`)
	q := func(body, want string) {
		t.Helper()
		expect(t, s, "POST", "/rf/_search?filter_path=hits.hits._id,hits.hits._score", body, 200, want)
	}
	q(`{"query":{"rank_feature":{"field":"pagerank","saturation":{"pivot":10}}}}`, `{"hits":{"hits":[{"_id":"b","_score":0.75},{"_id":"a","_score":0.5}]}}`)
	q(`{"query":{"rank_feature":{"field":"pagerank","linear":{},"boost":2}}}`, `{"hits":{"hits":[{"_id":"b","_score":60.0},{"_id":"a","_score":20.0}]}}`)
	q(`{"query":{"rank_feature":{"field":"topics.rust","log":{"scaling_factor":1}}}}`, `{"hits":{"hits":[{"_id":"b","_score":2.1972246}]}}`)
	q(`{"query":{"rank_feature":{"field":"len","linear":{}}}}`, `{"hits":{"hits":[{"_id":"a","_score":0.25}]}}`)
	expect(t, s, "GET", "/rf/_explain/a", `{"query":{"rank_feature":{"field":"pagerank"}}}`, 200,
		`{"_index":"rf","_id":"a","matched":true,"explanation":{"value":<*>,"description":"Saturation function on the _feature field for the pagerank feature, computed as w * S / (S + k) from:","details":[`+
			`{"value":1.0,"description":"w, weight of this function","details":[]},{"value":17.0,"description":"k, pivot feature value that would give a score contribution equal to w/2","details":[]},{"value":10.0,"description":"S, feature value","details":[]}]}}`)
	expect(t, s, "PUT", "/rf/_doc/c", `{"pagerank":-1}`, 400, `{<**>"reason":"failed to parse field [pagerank] of type [rank_feature] in document with id 'c'. Preview of field's value: '-1'"<**>`)
	expect(t, s, "PUT", "/rf/_doc/c", `{"pagerank":[1,2]}`, 400, `{<**>"reason":"[rank_feature] fields do not support indexing multiple values for the same field [pagerank] in the same document"<**>`)
	expect(t, s, "POST", "/rf/_search", `{"query":{"rank_feature":{"field":"_id"}}}`, 200, "")
}
