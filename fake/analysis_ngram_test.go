package fake

import "testing"

// An autocomplete mapping: edge n-grams at index time, the standard analyzer at search
// time. The tokenizer's grams carry their own offsets, so a prefix highlights only the
// prefix; the filter's grams keep the word's offsets, so the whole word highlights.
func TestEdgeNgramAutocomplete(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/ac", `{"settings":{"number_of_shards":1,"analysis":{
		"tokenizer":{"ac_tok":{"type":"edge_ngram","min_gram":2,"max_gram":10,"token_chars":["letter","digit"]}},
		"filter":{"ac_filter":{"type":"edge_ngram","min_gram":2,"max_gram":10}},
		"analyzer":{
			"ac_tokenizer":{"tokenizer":"ac_tok","filter":["lowercase"]},
			"ac_filter":{"tokenizer":"standard","filter":["lowercase","ac_filter"]}}}},
		"mappings":{"properties":{
			"by_tok":{"type":"text","analyzer":"ac_tokenizer","search_analyzer":"standard"},
			"by_filter":{"type":"text","analyzer":"ac_filter","search_analyzer":"standard"}}}}`, 200, "")
	expect(t, s, "PUT", "/ac/_doc/1?refresh=true", `{"by_tok":"2 Quick Foxes.","by_filter":"2 Quick Foxes."}`, 201, "")
	expect(t, s, "POST", "/ac/_search?filter_path=hits.hits._id,hits.hits.highlight",
		`{"query":{"match":{"by_tok":"qui fox"}},"highlight":{"fields":{"by_tok":{}}}}`, 200,
		`{"hits":{"hits":[{"_id":"1","highlight":{"by_tok":["2 <em>Qui</em>ck <em>Fox</em>es."]}}]}}`)
	expect(t, s, "POST", "/ac/_search?filter_path=hits.hits._id,hits.hits.highlight",
		`{"query":{"match":{"by_filter":"qui"}},"highlight":{"fields":{"by_filter":{}}}}`, 200,
		`{"hits":{"hits":[{"_id":"1","highlight":{"by_filter":["2 <em>Quick</em> Foxes."]}}]}}`)
	// A single character is below min_gram: no gram matches it.
	expect(t, s, "POST", "/ac/_search?filter_path=hits.total.value",
		`{"query":{"match":{"by_tok":"q"}}}`, 200, `{"hits":{"total":{"value":0}}}`)
}

// The ngram tokenizer with min_gram 3: an infix matches.
func TestNgramTokenizerSearch(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/ng", `{"settings":{"index.max_ngram_diff":2,"analysis":{
		"tokenizer":{"tri":{"type":"ngram","min_gram":3,"max_gram":5,"token_chars":["letter"]}},
		"analyzer":{"tri":{"tokenizer":"tri","filter":["lowercase"]}}}},
		"mappings":{"properties":{"t":{"type":"text","analyzer":"tri","search_analyzer":"keyword"}}}}`, 200, "")
	expect(t, s, "PUT", "/ng/_doc/1?refresh=true", `{"t":"Elasticity"}`, 201, "")
	expect(t, s, "POST", "/ng/_search?filter_path=hits.hits._id,hits.hits.highlight",
		`{"query":{"match":{"t":"stic"}},"highlight":{"fields":{"t":{}}}}`, 200,
		`{"hits":{"hits":[{"_id":"1","highlight":{"t":["Ela<em>stic</em>ity"]}}]}}`)
}

func TestNgramSettingsErrors(t *testing.T) {
	s := newTestServer(t)
	const diff = "The difference between max_gram and min_gram in NGram Tokenizer must be less than or equal to: [1] but was [4]. This limit can be set by changing the [index.max_ngram_diff] index level setting."
	// Checked even though no analyzer uses the tokenizer.
	expect(t, s, "PUT", "/bad", `{"settings":{"analysis":{"tokenizer":{"t":{"type":"ngram","min_gram":1,"max_gram":5}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"`+diff+`"}],"type":"illegal_argument_exception","reason":"`+diff+`"},"status":400}`)
	expect(t, s, "PUT", "/bad", `{"settings":{"analysis":{"filter":{"f":{"type":"ngram","min_gram":1,"max_gram":5}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"`+diff+`"}],"type":"illegal_argument_exception","reason":"`+diff+`"},"status":400}`)
	expect(t, s, "PUT", "/bad", `{"settings":{"analysis":{"tokenizer":{"t":{"type":"edge_ngram","min_gram":3,"max_gram":2}},
		"analyzer":{"a":{"tokenizer":"t"}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"minGram must not be greater than maxGram"}],"type":"illegal_argument_exception","reason":"minGram must not be greater than maxGram"},"status":400}`)
	expect(t, s, "PUT", "/bad", `{"settings":{"analysis":{"tokenizer":{"t":{"type":"ngram","token_chars":["custom"]}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Token type: 'custom' requires setting `+"`custom_token_chars`"+`"}]<**>`)
	expect(t, s, "PUT", "/bad", `{"settings":{"analysis":{"analyzer":{"a":{"tokenizer":"standard","filter":["edgeNGram"]}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"The [edgeNGram] token filter name was deprecated in 6.4 and cannot be used in new indices. Please change the filter name to [edge_ngram] instead."}]<**>`)
	expect(t, s, "HEAD", "/bad", "", 404, "")
}
