package fake

import "testing"

// Char filters rewrite the text before tokenizing; highlights still mark the original
// text, through the filters' offset corrections.
func TestCharFiltersSearchAndHighlight(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/cf", `{"settings":{"number_of_shards":1,"analysis":{
		"char_filter":{
			"emoticons":{"type":"mapping","mappings":[":) => _happy_",":( => _sad_"]},
			"joined":{"type":"pattern_replace","pattern":"(\\d+)-(\\d+)","replacement":"$1$2"}},
		"analyzer":{"a":{"tokenizer":"whitespace","char_filter":["emoticons","joined"],"filter":["lowercase"]}}}},
		"mappings":{"properties":{"t":{"type":"text","analyzer":"a"}}}}`, 200, "")
	expect(t, s, "PUT", "/cf/_doc/1?refresh=true", `{"t":"Card 123-456 made me :)"}`, 201, "")
	expect(t, s, "POST", "/cf/_search?filter_path=hits.hits._id,hits.hits.highlight",
		`{"query":{"match":{"t":"_happy_ 123456"}},"highlight":{"fields":{"t":{}}}}`, 200,
		`{"hits":{"hits":[{"_id":"1","highlight":{"t":["Card <em>123-456</em> made me <em>:)</em>"]}}]}}`)
	// The query text goes through the same char filters.
	expect(t, s, "POST", "/cf/_search?filter_path=hits.total.value",
		`{"query":{"match":{"t":":) 123-456"}}}`, 200, `{"hits":{"total":{"value":1}}}`)
}

func TestCharFilterSettingsErrors(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/bad", `{"settings":{"analysis":{"char_filter":{"m":{"type":"mapping"}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"mapping requires either `+"`mappings` or `mappings_path`"+` to be configured"}]<**>`)
	expect(t, s, "PUT", "/bad", `{"settings":{"analysis":{"char_filter":{"p":{"type":"pattern_replace","pattern":"a","flags":"BOGUS"}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Unknown regex flag [BOGUS]"}]<**>`)
	expect(t, s, "PUT", "/bad", `{"settings":{"analysis":{"char_filter":{"m":{"type":"mapping","mappings":["a -> b"]}}}}}`, 500,
		`{"error":{"root_cause":[{"type":"runtime_exception","reason":"Invalid Mapping Rule : [a -> b]"}]<**>`)
	expect(t, s, "PUT", "/bad", `{"settings":{"analysis":{"char_filter":{"p":{"type":"pattern_replace","pattern":"(?<=a)b"}}}}}`, 501,
		`{"error":{"root_cause":[{"type":"unsupported_operation_exception"<**>`)
	expect(t, s, "HEAD", "/bad", "", 404, "")
}
