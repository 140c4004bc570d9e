package fake

import "testing"

// The token filters of the analysis-common module decide which terms an index holds:
// term queries show them exactly.
func TestMoreTokenFiltersThroughAnIndex(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/tf", `{"settings":{"number_of_shards":1,"analysis":{
		"filter":{
			"keep_running":{"type":"keyword_marker","keywords":["running"]},
			"short":{"type":"truncate","length":5},
			"dashless":{"type":"pattern_replace","pattern":"-","replacement":""}},
		"analyzer":{"a":{"tokenizer":"whitespace","filter":["lowercase","elision","apostrophe","decimal_digit","dashless","keep_running","porter_stem","short"]},
			"r":{"tokenizer":"standard","filter":["reverse"]}}}},
		"mappings":{"properties":{"t":{"type":"text","analyzer":"a"},"r":{"type":"text","analyzer":"r"}}}}`, 200, "")
	expect(t, s, "PUT", "/tf/_doc/1?refresh=true", `{"t":"L'Avion running jumping e-mail Ankara'dan ٤٢ internationalization","r":"Rotor abc"}`, 201, "")
	for _, c := range []struct {
		field, term string
		hits        int
	}{
		{"t", "avion", 1}, {"t", "l'avion", 0}, {"t", "running", 1}, {"t", "run", 0}, {"t", "jump", 1},
		{"t", "email", 1}, {"t", "ankar", 1}, {"t", "42", 1}, {"t", "inter", 1},
		{"r", "cba", 1}, {"r", "abc", 0}, {"r", "rotoR", 1},
	} {
		expect(t, s, "POST", "/tf/_search?filter_path=hits.total.value", `{"query":{"term":{"`+c.field+`":"`+c.term+`"}}}`, 200,
			`{"hits":{"total":{"value":`+string(rune('0'+c.hits))+`}}}`)
	}
	expect(t, s, "PUT", "/bad", `{"settings":{"analysis":{"filter":{"f":{"type":"elision"}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"elision filter requires [articles] or [articles_path] setting"}]<**>`)
	expect(t, s, "PUT", "/bad", `{"settings":{"analysis":{"filter":{"f":{"type":"truncate"}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"length parameter must be provided"}]<**>`)
}

// Shingles index word pairs: a term query for a pair finds and highlights it.
func TestShingleFilterThroughAnIndex(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/sh", `{"settings":{"number_of_shards":1,"analysis":{
		"filter":{"pairs":{"type":"shingle","output_unigrams":false}},
		"analyzer":{"a":{"tokenizer":"standard","filter":["lowercase","pairs"]}}}},
		"mappings":{"properties":{"t":{"type":"text","analyzer":"a","search_analyzer":"keyword"}}}}`, 200, "")
	expect(t, s, "PUT", "/sh/_doc/1?refresh=true", `{"t":"The Quick brown fox"}`, 201, "")
	expect(t, s, "POST", "/sh/_search?filter_path=hits.hits.highlight",
		`{"query":{"term":{"t":"quick brown"}},"highlight":{"fields":{"t":{}}}}`, 200,
		`{"hits":{"hits":[{"highlight":{"t":["The <em>Quick brown</em> fox"]}}]}}`)
	expect(t, s, "POST", "/sh/_search?filter_path=hits.total.value", `{"query":{"term":{"t":"quick"}}}`, 200, `{"hits":{"total":{"value":0}}}`)
	expect(t, s, "PUT", "/bad", `{"settings":{"analysis":{"filter":{"f":{"type":"shingle","max_shingle_size":6}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"In Shingle TokenFilter the difference between max_shingle_size and min_shingle_size (and +1 if outputting unigrams) must be less than or equal to: [3] but was [5]. This limit can be set by changing the [index.max_shingle_diff] index level setting."}]<**>`)
}

// word_delimiter_graph splits and catenates: each part and the joined word find the doc,
// and highlights mark the part.
func TestWordDelimiterGraphThroughAnIndex(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/wd", `{"settings":{"number_of_shards":1,"analysis":{
		"filter":{"wd":{"type":"word_delimiter_graph","catenate_words":true}},
		"analyzer":{"a":{"tokenizer":"whitespace","filter":["wd","lowercase"]}}}},
		"mappings":{"properties":{"t":{"type":"text","analyzer":"a","search_analyzer":"standard"}}}}`, 200, "")
	expect(t, s, "PUT", "/wd/_doc/1?refresh=true", `{"t":"Fast Wi-Fi PowerShot"}`, 201, "")
	for _, term := range []string{"wifi", "wi", "fi", "power", "shot", "powershot"} {
		expect(t, s, "POST", "/wd/_search?filter_path=hits.total.value", `{"query":{"term":{"t":"`+term+`"}}}`, 200, `{"hits":{"total":{"value":1}}}`)
	}
	expect(t, s, "POST", "/wd/_search?filter_path=hits.hits.highlight",
		`{"query":{"term":{"t":"shot"}},"highlight":{"fields":{"t":{}}}}`, 200,
		`{"hits":{"hits":[{"highlight":{"t":["Fast Wi-Fi Power<em>Shot</em>"]}}]}}`)
}
