package fake

import (
	"encoding/json"
	"testing"
)

// boosting multiplies the positive query's score by negative_boost where
// the negative query matches (in double, as FunctionScoreQuery does), and
// explains it with Lucene's function score tree; wrapper runs a base64
// query; match_bool_prefix treats the last term as a prefix.
func TestBoostingWrapperMatchBoolPrefix(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/q", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"body":{"type":"text"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"q","_id":"1"}}
{"body":"apple pie recipe"}
{"index":{"_index":"q","_id":"2"}}
{"body":"apple computer sale"}
{"index":{"_index":"q","_id":"3"}}
{"body":"banana bread"}
`, 200, `{<**>"errors":false<**>}`)
	scores := func(query string) map[string]float64 {
		t.Helper()
		got := expect(t, s, "POST", "/q/_search?filter_path=hits.hits._id,hits.hits._score", `{"query":`+query+`}`, 200, "")
		var r struct {
			Hits struct {
				Hits []struct {
					ID    string  `json:"_id"`
					Score float64 `json:"_score"`
				} `json:"hits"`
			} `json:"hits"`
		}
		if err := json.Unmarshal([]byte(got), &r); err != nil {
			t.Fatal(err)
		}
		out := map[string]float64{}
		for _, h := range r.Hits.Hits {
			out[h.ID] = h.Score
		}
		return out
	}
	plain := scores(`{"match":{"body":"apple"}}`)
	boosted := scores(`{"boosting":{"positive":{"match":{"body":"apple"}},"negative":{"term":{"body":"computer"}},"negative_boost":0.25}}`)
	if len(boosted) != 2 || boosted["1"] != plain["1"] || float32(boosted["2"]) != float32(float64(float32(plain["2"]))*0.25) {
		t.Errorf("boosting scores %v, plain %v", boosted, plain)
	}
	expect(t, s, "GET", "/q/_explain/2", `{"query":{"boosting":{"positive":{"match":{"body":"apple"}},"negative":{"term":{"body":"computer"}},"negative_boost":0.25}}}`, 200,
		`{"_index":"q","_id":"2","matched":true,"explanation":{"value":<*>,"description":"weight(FunctionScoreQuery(body:apple, scored by boost(queryboost(score(body:computer))^0.25))), result of:","details":[`+
			`{"value":<*>,"description":"product of:","details":[{"value":<*>,"description":"weight(body:apple in 1) [PerFieldSimilarity], result of:",<**>},`+
			`{"value":0.25,"description":"Matched boosting query score(body:computer)","details":[]}]}]}}`)
	expect(t, s, "POST", "/q/_search", `{"query":{"boosting":{"positive":{"match_all":{}},"negative":{"match_all":{}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"parsing_exception","reason":"[boosting] query requires 'negative_boost' to be set to be a positive value'",<**>`)

	// {"term":{"body":"banana"}} in base64.
	expect(t, s, "POST", "/q/_search?filter_path=hits.hits._id", `{"query":{"wrapper":{"query":"eyJ0ZXJtIjp7ImJvZHkiOiJiYW5hbmEifX0="}}}`, 200, `{"hits":{"hits":[{"_id":"3"}]}}`)
	expect(t, s, "POST", "/q/_search?filter_path=hits.hits._id", `{"query":{"match_bool_prefix":{"body":{"query":"apple co","operator":"and"}}}}`, 200, `{"hits":{"hits":[{"_id":"2"}]}}`)
	expect(t, s, "POST", "/q/_search?filter_path=hits.hits._id", `{"query":{"match_bool_prefix":{"body":"ban"}}}`, 200, `{"hits":{"hits":[{"_id":"3"}]}}`)
}
