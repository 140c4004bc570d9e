package fake

import (
	"strconv"
	"strings"
	"testing"
)

// seedSuggest creates index s (one shard) with four short documents: body
// terms quick (docs 1, 2, 4), brown (1, 2), quack (3), the, fox, dogs.
func seedSuggest(t *testing.T, s *Server) {
	t.Helper()
	expect(t, s, "PUT", "/s", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"body":{"type":"text"},"tag":{"type":"keyword"},"n":{"type":"integer"}}}}`, 200, "")
	bulk := `{"index":{"_id":"1"}}
{"body":"the quick brown fox","tag":"Quick"}
{"index":{"_id":"2"}}
{"body":"quick brown dogs","tag":"quack"}
{"index":{"_id":"3"}}
{"body":"quack","n":1}
{"index":{"_id":"4"}}
{"body":"quick"}
`
	expect(t, s, "POST", "/s/_bulk?refresh=true", bulk, 200, `{"took":<*>,"errors":false,<**>`)
}

// entry renders one suggest entry as the server does.
func entry(text string, offset, length int, options ...string) string {
	return `{"text":"` + text + `","offset":` + strconv.Itoa(offset) + `,"length":` + strconv.Itoa(length) + `,"options":[` + strings.Join(options, ",") + `]}`
}

func opt(text, score string, freq int) string {
	return `{"text":"` + text + `","score":` + score + `,"freq":` + strconv.Itoa(freq) + `}`
}

func TestSuggestTermFullResponse(t *testing.T) {
	s := newTestServer(t)
	seedSuggest(t, s)
	// Suggest-only: no query phase, so no hits whatever size says.
	expect(t, s, "POST", "/s/_search", `{"suggest":{"my":{"text":"quikc brwn","term":{"field":"body"}}}}`, 200,
		`{"took":<*>,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]},`+
			`"suggest":{"my":[`+entry("quikc", 0, 5, opt("quick", "0.8", 3), opt("quack", "0.6", 1))+","+entry("brwn", 6, 4, opt("brown", "0.75", 2))+`]}}`)
	// With a query the hits come back too.
	expect(t, s, "POST", "/s/_search?filter_path=hits.total,suggest", `{"query":{"match_all":{}},"suggest":{"my":{"text":"quikc","term":{"field":"body","size":1}}}}`, 200,
		`{"hits":{"total":{"value":4,"relation":"eq"}},"suggest":{"my":[`+entry("quikc", 0, 5, opt("quick", "0.8", 3))+`]}}`)
}

func TestSuggestTermOptions(t *testing.T) {
	s := newTestServer(t)
	seedSuggest(t, s)
	expect(t, s, "PUT", "/f", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"w":{"type":"text"}}}}`, 200, "")
	expect(t, s, "POST", "/f/_bulk?refresh=true", `{"index":{}}
{"w":"hello"}
{"index":{}}
{"w":"hallo"}
{"index":{}}
{"w":"hallo"}
`, 200, "")
	quikc := func(opts ...string) string { return `{"suggest":{"t":[` + entry("quikc", 0, 5, opts...) + `]}}` }
	tests := []struct {
		name, index, text, options, want string
	}{
		{"defaults", "s", "quikc", ``, quikc(opt("quick", "0.8", 3), opt("quack", "0.6", 1))},
		{"size", "s", "quikc", `,"size":1`, quikc(opt("quick", "0.8", 3))},
		{"max_edits 1 skips two-edit candidates", "s", "quikc", `,"max_edits":1`, quikc(opt("quick", "0.8", 3))},
		{"accuracy", "s", "quikc", `,"accuracy":0.7`, quikc(opt("quick", "0.8", 3))},
		{"min_doc_freq count", "s", "quikc", `,"min_doc_freq":2`, quikc(opt("quick", "0.8", 3))},
		{"min_doc_freq fraction", "s", "quikc", `,"min_doc_freq":0.5`, quikc(opt("quick", "0.8", 3))},
		{"levenshtein counts a transposition as two edits", "s", "quikc", `,"string_distance":"levenshtein"`, quikc(opt("quick", "0.6", 3))},
		{"damerau_levenshtein", "s", "quikc", `,"string_distance":"damerau_levenshtein"`, quikc(opt("quick", "0.8", 3), opt("quack", "0.6", 1))},
		{"jaro_winkler", "s", "quikc", `,"string_distance":"jaro_winkler"`, quikc(opt("quick", "0.9533333", 3), opt("quack", "0.82666665", 1))},
		{"ngram", "s", "quikc", `,"string_distance":"ngram"`, quikc(opt("quick", "0.7", 3), opt("quack", "0.5", 1))},
		{"missing mode skips indexed terms", "s", "quack", ``, `{"suggest":{"t":[` + entry("quack", 0, 5) + `]}}`},
		{"always mode", "s", "quack", `,"suggest_mode":"always"`, `{"suggest":{"t":[` + entry("quack", 0, 5, opt("quick", "0.8", 3)) + `]}}`},
		{"popular mode needs a higher freq", "s", "quack", `,"suggest_mode":"popular"`, `{"suggest":{"t":[` + entry("quack", 0, 5, opt("quick", "0.8", 3)) + `]}}`},
		{"max_term_freq skips frequent terms", "s", "quick", `,"suggest_mode":"always"`, `{"suggest":{"t":[` + entry("quick", 0, 5) + `]}}`},
		{"max_term_freq as a count", "s", "quick", `,"suggest_mode":"always","max_term_freq":3`, `{"suggest":{"t":[` + entry("quick", 0, 5, opt("quack", "0.8", 1)) + `]}}`},
		{"min_word_length", "s", "brwn", `,"min_word_length":5`, `{"suggest":{"t":[` + entry("brwn", 0, 4) + `]}}`},
		{"prefix_length 1 misses a first-letter typo", "s", "xuick", ``, `{"suggest":{"t":[` + entry("xuick", 0, 5) + `]}}`},
		{"prefix_length 0", "s", "xuick", `,"prefix_length":0`, `{"suggest":{"t":[` + entry("xuick", 0, 5, opt("quick", "0.8", 3)) + `]}}`},
		{"analyzer", "s", "Quikc", `,"analyzer":"whitespace"`, `{"suggest":{"t":[` + entry("Quikc", 0, 5) + `]}}`},
		{"keyword field", "s", "quikc", `,"field":"tag"`, quikc(opt("quack", "0.6", 1))},
		{"numeric field has no terms", "s", "quikc", `,"field":"n"`, quikc()},
		{"sort by score", "f", "hellp", ``, `{"suggest":{"t":[` + entry("hellp", 0, 5, opt("hello", "0.8", 1), opt("hallo", "0.6", 2)) + `]}}`},
		{"sort by frequency", "f", "hellp", `,"sort":"frequency"`, `{"suggest":{"t":[` + entry("hellp", 0, 5, opt("hallo", "0.6", 2), opt("hello", "0.8", 1)) + `]}}`},
	}
	for _, tt := range tests {
		field := `"field":"body"`
		if tt.index == "f" {
			field = `"field":"w"`
		}
		if strings.Contains(tt.options, `"field"`) {
			field = strings.TrimPrefix(tt.options, ",")
			tt.options = ""
		}
		body := `{"suggest":{"t":{"text":"` + tt.text + `","term":{` + field + tt.options + `}}}}`
		code, _, got := call(t, s, "POST", "/"+tt.index+"/_search?filter_path=suggest", body)
		if code != 200 || got != tt.want {
			t.Errorf("%s: %d %s\nwant %s", tt.name, code, got, tt.want)
		}
	}
}

func TestSuggestTextSourcesAndNames(t *testing.T) {
	s := newTestServer(t)
	seedSuggest(t, s)
	one := func(name string) string {
		return `"` + name + `":[` + entry("quikc", 0, 5, opt("quick", "0.8", 3), opt("quack", "0.6", 1)) + `]`
	}
	// The section's text serves suggestions without their own; prefix stands in for text.
	expect(t, s, "POST", "/s/_search?filter_path=suggest", `{"suggest":{"text":"quikc","g":{"term":{"field":"body"}}}}`, 200, `{"suggest":{`+one("g")+`}}`)
	expect(t, s, "POST", "/s/_search?filter_path=suggest", `{"suggest":{"p":{"prefix":"quikc","term":{"field":"body"}}}}`, 200, `{"suggest":{`+one("p")+`}}`)
	// Names come back in Java HashMap order (a before b), typed_keys prefixes the type.
	expect(t, s, "POST", "/s/_search?filter_path=suggest", `{"suggest":{"text":"quikc","b":{"term":{"field":"body"}},"a":{"term":{"field":"body"}}}}`, 200, `{"suggest":{`+one("a")+","+one("b")+`}}`)
	expect(t, s, "POST", "/s/_search?filter_path=suggest&typed_keys=true", `{"suggest":{"text":"quikc","b":{"term":{"field":"body"}},"a":{"term":{"field":"body"}}}}`, 200, `{"suggest":{`+one("term#a")+","+one("term#b")+`}}`)
	// Text that analyses to nothing has no entries.
	expect(t, s, "POST", "/s/_search?filter_path=suggest", `{"suggest":{"e":{"text":" , ","term":{"field":"body"}}}}`, 200, `{"suggest":{"e":[]}}`)
	// Offsets count UTF-16 units of the original text.
	expect(t, s, "POST", "/s/_search?filter_path=suggest", `{"suggest":{"u":{"text":"😀 Quikc","term":{"field":"body","size":1}}}}`, 200, `{"suggest":{"u":[`+entry("😀", 0, 2)+","+entry("quikc", 3, 5, opt("quick", "0.8", 3))+`]}}`)
}

func TestSuggestShardWithOnlyDeletedDocuments(t *testing.T) {
	s := newTestServer(t)
	seedSuggest(t, s)
	for _, id := range []string{"1", "2", "3", "4"} {
		expect(t, s, "DELETE", "/s/_doc/"+id+"?refresh=true", "", 200, "")
	}
	// The deleted documents' terms are still in the shard, but a shard with
	// no live document answers empty suggestions.
	expect(t, s, "POST", "/s/_search?filter_path=suggest", `{"suggest":{"t":{"text":"quikc","term":{"field":"body"}},"p":{"text":"quikc","phrase":{"field":"body"}}}}`, 200,
		`{"suggest":{"p":[`+entry("quikc", 0, 5)+`],"t":[`+entry("quikc", 0, 5)+`]}}`)
}

func TestSuggestURLParameters(t *testing.T) {
	s := newTestServer(t)
	seedSuggest(t, s)
	// RestSearchAction names the term suggestion after the field; without
	// a query the search is suggest-only.
	expect(t, s, "GET", "/s/_search?suggest_field=body&suggest_text=quikc&suggest_mode=missing&suggest_size=1&filter_path=hits.total,suggest", "", 200,
		`{"hits":{"total":{"value":0,"relation":"eq"}},"suggest":{"body":[`+entry("quikc", 0, 5, opt("quick", "0.8", 3))+`]}}`)
	// q is both the query and, without suggest_text, the suggest text.
	expect(t, s, "GET", "/s/_search?q=quikc&suggest_field=body&suggest_mode=always&typed_keys=true&filter_path=hits.total,suggest", "", 200,
		`{"hits":{"total":{"value":0,"relation":"eq"}},"suggest":{"term#body":[`+entry("quikc", 0, 5, opt("quick", "0.8", 3), opt("quack", "0.6", 1))+`]}}`)
	// The URL suggestion replaces the body's.
	expect(t, s, "POST", "/s/_search?suggest_field=body&suggest_text=brwn&suggest_mode=popular&filter_path=suggest", `{"suggest":{"x":{"text":"quikc","term":{"field":"body"}}}}`, 200,
		`{"suggest":{"body":[`+entry("brwn", 0, 4, opt("brown", "0.75", 2))+`]}}`)
	// suggest_text alone does nothing.
	expect(t, s, "GET", "/s/_search?suggest_text=quikc&filter_path=suggest", "", 200, `{}`)
	// SuggestMode.resolve(null) fails with a NullPointerException.
	expect(t, s, "GET", "/s/_search?suggest_field=body&suggest_text=quikc", "", 500,
		`{"error":{"root_cause":[{"type":"null_pointer_exception","reason":"Input string is null"}],"type":"null_pointer_exception","reason":"Input string is null"},"status":500}`)
	expect(t, s, "GET", "/s/_search?suggest_field=body&suggest_text=quikc&suggest_mode=sometimes", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"No enum constant org.opensearch.search.suggest.term.TermSuggestionBuilder.SuggestMode.SOMETIMES"}],"type":"illegal_argument_exception","reason":"No enum constant org.opensearch.search.suggest.term.TermSuggestionBuilder.SuggestMode.SOMETIMES"},"status":400}`)
	expect(t, s, "GET", "/s/_search?suggest_field=body&suggest_text=quikc&suggest_mode=always&suggest_size=0", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"size must be positive"}],<**>`)
	expect(t, s, "GET", "/s/_search?suggest_field=body&suggest_text=quikc&suggest_mode=always&suggest_size=x", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Failed to parse int parameter [suggest_size] with value [x]"}],<**>`)
}

func TestSuggestErrors(t *testing.T) {
	s := newTestServer(t)
	seedSuggest(t, s)
	tests := []struct{ body, want string }{
		{`{"suggest":{"a":{"text":"x","foo":{"field":"body"}}}}`, `{"error":{"root_cause":[{"type":"named_object_not_found_exception","reason":"[1:35] unknown field [foo]"}],"type":"named_object_not_found_exception","reason":"[1:35] unknown field [foo]"},"status":400}`},
		{`{"suggest":{"a":{"text":"x","terms":{"field":"body"}}}}`, `{"error":{"root_cause":[{"type":"named_object_not_found_exception","reason":"[1:37] unknown field [terms] did you mean [term]?"}],<**>`},
		{`{"suggest":{"a":{"text":"x","term":{}}}}`, `{"error":{"root_cause":[{"type":"parse_exception","reason":"the required field option [field] is missing"}],"type":"parse_exception","reason":"the required field option [field] is missing"},"status":400}`},
		{`{"suggest":{"a":{"text":"x","term":{"field":"body","bogus":1}}}}`, `{"error":{"root_cause":[{"type":"parsing_exception","reason":"suggester[term] doesn't support field [bogus]","line":1,"col":60}],"type":"parsing_exception","reason":"suggester[term] doesn't support field [bogus]","line":1,"col":60},"status":400}`},
		{`{"suggest":{"a":{"text":"x","term":{"field":"body","size":{}}}}}`, `{"error":{"root_cause":[{"type":"parsing_exception","reason":"suggester[term] parsing failed on [size]","line":1,"col":59}],<**>`},
		{`{"suggest":{"a":{"text":"x","term":{"field":"body","size":0}}}}`, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"size must be positive"}],<**>`},
		{`{"suggest":{"a":{"text":"x","term":{"field":"body","max_edits":3}}}}`, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"maxEdits must be between 1 and 2"}],<**>`},
		{`{"suggest":{"a":{"text":"x","term":{"field":"body","accuracy":2}}}}`, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"accuracy must be between 0 and 1"}],<**>`},
		{`{"suggest":{"a":{"text":"x","term":{"field":"body","min_doc_freq":2.5}}}}`, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"if minDocFreq is greater than 1, it must not be a fraction"}],<**>`},
		{`{"suggest":{"a":{"text":"x","term":{"field":"body","sort":"best"}}}}`, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"No enum constant org.opensearch.search.suggest.SortBy.BEST"}],<**>`},
		{`{"suggest":{"a":{"text":"x","term":{"field":"body","string_distance":"hamming"}}}}`, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Illegal distance option hamming"}],<**>`},
		{`{"suggest":{"a":{"text":"x","term":{"field":"body","suggest_mode":"never"}}}}`, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"No enum constant org.opensearch.search.suggest.term.TermSuggestionBuilder.SuggestMode.NEVER"}],<**>`},
		{`{"suggest":{"a":{"text":"x","term":{"field":"body","size":"many"}}}}`, `{"error":{"root_cause":[{"type":"number_format_exception","reason":"For input string: \"many\""}],<**>`},
		{`{"suggest":{"a":{"text":"x"}}}`, `{"error":{"root_cause":[{"type":"parse_exception","reason":"missing suggestion object"}],<**>`},
		{`{"suggest":{"a":{"texts":"x","term":{"field":"body"}}}}`, `{"error":{"root_cause":[{"type":"parsing_exception","reason":"suggestion does not support [texts]","line":1,"col":26}],<**>`},
		{`{"suggest":{"size":1}}`, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[suggest] does not support [size]"}],<**>`},
		{`{"suggest":{"a":[1]}}`, `{"error":{"root_cause":[{"type":"parsing_exception","reason":"unexpected token [START_ARRAY] after [a]","line":1,"col":17}],<**>`},
		{`{"suggest":"x"}`, `{"error":{"root_cause":[{"type":"parsing_exception","reason":"Unknown key for a VALUE_STRING in [suggest].","line":1,"col":12}],<**>`},
		// Built on the shards: every shard fails.
		{`{"suggest":{"a":{"text":"x","term":{"field":"nope"}}}}`, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"no mapping found for field [nope]"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"s","node":<*>,"reason":{"type":"illegal_argument_exception","reason":"no mapping found for field [nope]"}}],"caused_by":{"type":"illegal_argument_exception","reason":"no mapping found for field [nope]"}},"status":400}`},
		{`{"suggest":{"a":{"term":{"field":"body"}}}}`, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"The required text option is missing"}],"type":"search_phase_execution_exception",<**>,"status":400}`},
		{`{"suggest":{"a":{"text":"x","term":{"field":"body","analyzer":"nope"}}}}`, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"analyzer [nope] doesn't exists"}],"type":"search_phase_execution_exception",<**>,"status":400}`},
	}
	for _, tt := range tests {
		status := 400
		if strings.Contains(tt.want, "null_pointer") {
			status = 500
		}
		expect(t, s, "POST", "/s/_search", tt.body, status, tt.want)
	}
	// The completion suggester needs a completion field.
	expect(t, s, "POST", "/s/_search", `{"suggest":{"a":{"prefix":"x","completion":{"field":"body"}}}}`, 400, `<**>"reason":"Field [body] is not a completion suggest field"<**>`)
}

func TestSuggestAcrossShardsAndIndexes(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/m", `{"settings":{"number_of_shards":3},"mappings":{"properties":{"body":{"type":"text"}}}}`, 200, "")
	var bulk strings.Builder
	for i, b := range []string{"quick", "quick", "quick brown", "quick", "quack", "quack", "brown", "quick"} {
		bulk.WriteString(`{"index":{"_id":"` + strconv.Itoa(i) + `"}}` + "\n" + `{"body":"` + b + `"}` + "\n")
	}
	expect(t, s, "POST", "/m/_bulk?refresh=true", bulk.String(), 200, "")
	// Each shard suggests from its own terms; the reduce sums freq.
	expect(t, s, "POST", "/m/_search?filter_path=suggest", `{"suggest":{"t":{"text":"quikc","term":{"field":"body"}}}}`, 200,
		`{"suggest":{"t":[`+entry("quikc", 0, 5, opt("quick", "0.8", 5), opt("quack", "0.6", 2))+`]}}`)
	// Across two indexes the same way.
	seedSuggest(t, s)
	expect(t, s, "POST", "/m,s/_search?filter_path=_shards.total,suggest", `{"suggest":{"t":{"text":"quikc","term":{"field":"body","size":1}}}}`, 200,
		`{"_shards":{"total":4},"suggest":{"t":[`+entry("quikc", 0, 5, opt("quick", "0.8", 8))+`]}}`)
	// A field missing from one of the indexes fails only its shards: the fake
	// does not run partial suggestions.
	expect(t, s, "POST", "/m,s/_search", `{"suggest":{"t":{"text":"quikc","term":{"field":"tag"}}}}`, 501, `<**>`)
	// msearch entries carry their own suggestions; typed_keys applies to all.
	expect(t, s, "POST", "/_msearch?typed_keys=true&filter_path=responses.suggest,responses.status", `{"index":"m"}
{"suggest":{"t":{"text":"quikc","term":{"field":"body","size":1}}}}
{"index":"s"}
{"suggest":{"t":{"text":"brwn","term":{"field":"body"}}}}
`, 200, `{"responses":[{"suggest":{"term#t":[`+entry("quikc", 0, 5, opt("quick", "0.8", 5))+`]},"status":200},{"suggest":{"term#t":[`+entry("brwn", 0, 4, opt("brown", "0.75", 2))+`]},"status":200}]}`)
}

func TestSuggestNodeStats(t *testing.T) {
	s := newTestServer(t)
	seedSuggest(t, s)
	const path = "/_nodes/stats/indices/search?filter_path=nodes.*.indices.search.query_total,nodes.*.indices.search.suggest_total,nodes.*.indices.search.suggest_current"
	before := expect(t, s, "GET", path, "", 200, "")
	// A suggest-only search counts suggest on its shard; one with a query counts query.
	expect(t, s, "POST", "/s/_search", `{"suggest":{"t":{"text":"quikc","term":{"field":"body"}}}}`, 200, "")
	expect(t, s, "POST", "/s/_search", `{"suggest":{"t":{"text":"quikc","term":{"field":"body"}}}}`, 200, "")
	expect(t, s, "POST", "/s/_search", `{"query":{"match_all":{}},"suggest":{"t":{"text":"quikc","term":{"field":"body"}}}}`, 200, "")
	// So do msearch entries, and URL suggestions without a query.
	expect(t, s, "POST", "/_msearch", `{"index":"s"}
{"suggest":{"t":{"text":"quikc","term":{"field":"body"}}}}
{"index":"s"}
{"query":{"match_all":{}}}
`, 200, "")
	expect(t, s, "GET", "/s/_search?suggest_field=body&suggest_text=quikc&suggest_mode=always", "", 200, "")
	after := expect(t, s, "GET", path, "", 200, "")
	if !strings.Contains(before, `"query_total":0,"suggest_total":0,"suggest_current":0`) || !strings.Contains(after, `"query_total":2,"suggest_total":4,"suggest_current":0`) {
		t.Errorf("stats before %s\nafter %s", before, after)
	}
}
