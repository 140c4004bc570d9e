package fake

import "testing"

// The pattern, char_group and lowercase tokenizers through an index: what they split
// on decides what a query finds, and highlights follow their offsets.
func TestPatternCharGroupLowercaseTokenizers(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/tk", `{"settings":{"number_of_shards":1,"analysis":{
		"tokenizer":{
			"commas":{"type":"pattern","pattern":",\\s*"},
			"dashes":{"type":"char_group","tokenize_on_chars":["-","whitespace"]}},
		"analyzer":{
			"commas":{"tokenizer":"commas","filter":["lowercase"]},
			"dashes":{"tokenizer":"dashes"},
			"lower":{"tokenizer":"lowercase"}}}},
		"mappings":{"properties":{
			"c":{"type":"text","analyzer":"commas"},"d":{"type":"text","analyzer":"dashes"},"l":{"type":"text","analyzer":"lower"}}}}`, 200, "")
	expect(t, s, "PUT", "/tk/_doc/1?refresh=true", `{"c":"New York, Los Angeles","d":"state-of-the-art","l":"Hello2World"}`, 201, "")
	expect(t, s, "POST", "/tk/_search?filter_path=hits.hits.highlight",
		`{"query":{"term":{"c":"los angeles"}},"highlight":{"fields":{"c":{}}}}`, 200,
		`{"hits":{"hits":[{"highlight":{"c":["New York, <em>Los Angeles</em>"]}}]}}`)
	expect(t, s, "POST", "/tk/_search?filter_path=hits.hits.highlight",
		`{"query":{"term":{"d":"the"}},"highlight":{"fields":{"d":{}}}}`, 200,
		`{"hits":{"hits":[{"highlight":{"d":["state-of-<em>the</em>-art"]}}]}}`)
	expect(t, s, "POST", "/tk/_search?filter_path=hits.total.value",
		`{"query":{"match":{"l":"WORLD"}}}`, 200, `{"hits":{"total":{"value":1}}}`)
	expect(t, s, "PUT", "/bad", `{"settings":{"analysis":{"tokenizer":{"t":{"type":"pattern","pattern":"(a)","group":3}},"analyzer":{"a":{"tokenizer":"t"}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"invalid group specified: pattern only has: 1 capturing groups"}]<**>`)
}
