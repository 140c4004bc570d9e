package fake

import "testing"

// Highlighting sees the terms of a script_score query's inner query.
func TestHighlightThroughScriptScore(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/hs", `{"mappings":{"properties":{"company":{"type":"text"},"reputation":{"type":"integer"}}}}`, 200, "")
	expect(t, s, "PUT", "/hs/_doc/1", `{"company":"ABC company","reputation":300}`, 201, "")
	expect(t, s, "PUT", "/hs/_doc/2?refresh=true", `{"company":"ABC ABCD company","reputation":200}`, 201, "")
	expect(t, s, "POST", "/hs/_search", `{"_source":false,"query":{"script_score":{"script":{"source":"doc['reputation'].value"},`+
		`"query":{"bool":{"should":[{"match":{"company":"ABC"}},{"match":{"company":"ABCD"}}]}}}},"highlight":{"fields":{"company":{}}}}`, 200,
		`{<**>"hits":[{"_index":"hs","_id":"1","_score":300.0,"highlight":{"company":["<em>ABC</em> company"]}},{"_index":"hs","_id":"2","_score":200.0,"highlight":{"company":["<em>ABC</em> <em>ABCD</em> company"]}}]}}`)
}
