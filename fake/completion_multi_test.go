package fake

import "testing"

// A completion sub-field of a completion field indexes the parent's input
// with its weight and contexts, so suggestions on the sub-field rank and
// filter as on the parent.
func TestCompletionSubFieldKeepsWeightAndContexts(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/cs", `{"mappings":{"properties":{"s":{"type":"completion","contexts":[{"name":"color","type":"category"}],`+
		`"fields":{"sub":{"type":"completion","contexts":[{"name":"color","type":"category"}]}}}}}}`, 200, "")
	expect(t, s, "PUT", "/cs/_doc/1", `{"s":{"input":"foo red","weight":1,"contexts":{"color":"red"}}}`, 201, "")
	expect(t, s, "PUT", "/cs/_doc/2", `{"s":{"input":"foo blue","weight":5,"contexts":{"color":"blue"}}}`, 201, "")
	expect(t, s, "PUT", "/cs/_doc/3?refresh=true", `{"s":{"input":"foo rose","weight":9,"contexts":{"color":"red"}}}`, 201, "")
	expect(t, s, "POST", "/cs/_search", `{"_source":false,"suggest":{"r":{"prefix":"foo","completion":{"field":"s.sub","contexts":{"color":"red"}}}}}`, 200,
		`{<**>"suggest":{"r":[{"text":"foo","offset":0,"length":3,"options":[{"text":"foo rose",<**>},{"text":"foo red",<**>}]}]}}`)
}
