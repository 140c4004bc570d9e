package fake

import "testing"

// script_score scripts may call ScoreScriptUtils' saturation, sigmoid and
// decay functions; other script contexts cannot.
func TestScoreScriptFunctions(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/t", `{"mappings":{"properties":{"n":{"type":"double"},"d":{"type":"date"}}}}`, 200, "")
	expect(t, s, "PUT", "/t/_doc/1?refresh=true", `{"n":100,"d":"2018-01-01T02:00:00Z"}`, 201, "")
	score := func(src string, want string) {
		t.Helper()
		expect(t, s, "POST", "/t/_search?filter_path=hits.hits._score", `{"query":{"script_score":{"query":{"match_all":{}},"script":{"source":"`+src+`"}}}}`, 200, `{"hits":{"hits":[{"_score":`+want+`}]}}`)
	}
	score("saturation(doc['n'].value, 100)", "0.5")                     // 100 / (100 + 100)
	score("sigmoid(doc['n'].value, 100, 2)", "0.5")                     // 100^2 / (100^2 + 100^2)
	score("decayNumericLinear(80, 40, 0, 0.5, doc['n'].value)", "0.75") // (80 - 20) / 80
	score("decayNumericExp(100, 10, 0, 0.5, doc['n'].value)", "1.0")
	score("decayDateGauss('2018-01-01T00:00:00Z', '2h', '0', 0.5, doc['d'].value)", "0.5")
	expect(t, s, "POST", "/t/_update/1", `{"script":"ctx._source.x = saturation(1, 1)"}`, 400, `<**>"reason":"compile error"<**>`)
}
