package fake

import (
	"encoding/json"
	"testing"
)

// The score context's term statistics functions read the scored document
// and its shard: termFreq the document's frequency, totalTermFreq and
// sumTotalTermFreq the shard's. tf is not one of them: 2.10 removed it
// (OpenSearch PR #9995), so a script calling it does not compile.
func TestScoreScriptTermStatistics(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/ts", `{"mappings":{"properties":{"t":{"type":"text"}}}}`, 200, "")
	expect(t, s, "PUT", "/ts/_doc/1", `{"t":"a a a a b"}`, 201, "")
	expect(t, s, "PUT", "/ts/_doc/2?refresh=true", `{"t":"a c"}`, 201, "")
	for script, want := range map[string]string{
		"termFreq('t', 'a')":      `"_id":"1","_score":4.0},{"_index":"ts","_id":"2","_score":1.0}`,
		"totalTermFreq('t', 'a')": `"_id":"1","_score":5.0},{"_index":"ts","_id":"2","_score":5.0}`,
		"sumTotalTermFreq('t')":   `"_id":"1","_score":7.0},{"_index":"ts","_id":"2","_score":7.0}`,
	} {
		expect(t, s, "POST", "/ts/_search", `{"_source":false,"query":{"script_score":{"query":{"match_all":{}},"script":{"source":"`+script+`"}}}}`, 200,
			`{<**>"hits":[{"_index":"ts",`+want+`]}}`)
	}
	expect(t, s, "POST", "/ts/_search", `{"query":{"script_score":{"query":{"match_all":{}},"script":{"source":"tf('t', 'a')"}}}}`, 400,
		`{<**>"reason":"Unknown call [tf] with [2] arguments."<**>}`)
}

// randomScore(seed, field) hashes the field's first value as random_score
// with that seed and field does: the two give every document one score.
func TestScoreScriptRandomScoreMatchesRandomScoreFunction(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/rs", `{"settings":{"number_of_shards":2},"mappings":{"properties":{"k":{"type":"keyword"}}}}`, 200, "")
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		expect(t, s, "PUT", "/rs/_doc/"+id, `{"k":"v`+id+`"}`, 201, "")
	}
	expect(t, s, "POST", "/rs/_refresh", "", 200, "")
	scores := func(body string) map[string]float64 {
		got := expect(t, s, "POST", "/rs/_search", body, 200, "")
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
	script := scores(`{"query":{"script_score":{"query":{"match_all":{}},"script":{"source":"randomScore(42, 'k')"}}}}`)
	function := scores(`{"query":{"function_score":{"random_score":{"seed":42,"field":"k"},"boost_mode":"replace"}}}`)
	if len(script) != 5 {
		t.Fatalf("hits %v", script)
	}
	for id, v := range script {
		if v < 0 || v >= 1 || v != function[id] {
			t.Errorf("doc %s: randomScore %v, random_score %v", id, v, function[id])
		}
	}
	// The document-number form is reproducible too.
	a := scores(`{"query":{"script_score":{"query":{"match_all":{}},"script":{"source":"randomScore(100)"}}}}`)
	b := scores(`{"query":{"script_score":{"query":{"match_all":{}},"script":{"source":"randomScore(100)"}}}}`)
	for id := range a {
		if a[id] != b[id] {
			t.Errorf("doc %s: %v then %v", id, a[id], b[id])
		}
	}
}
