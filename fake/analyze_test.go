package fake

import (
	"strconv"
	"testing"
)

// tok renders one token of an _analyze answer.
func tok(token string, start, end int, typ string, pos int) string {
	return `{"token":"` + token + `","start_offset":` + strconv.Itoa(start) + `,"end_offset":` + strconv.Itoa(end) + `,"type":"` + typ + `","position":` + strconv.Itoa(pos) + `}`
}

func tokens(toks ...string) string {
	out := `{"tokens":[`
	for i, t := range toks {
		if i > 0 {
			out += ","
		}
		out += t
	}
	return out + `]}`
}

func TestAnalyzeBuiltinAnalyzers(t *testing.T) {
	s := newTestServer(t)
	for _, m := range []string{"GET", "POST"} {
		expect(t, s, m, "/_analyze", `{"analyzer":"standard","text":"The 2 QUICK Brown-Foxes"}`, 200, tokens(
			tok("the", 0, 3, "<ALPHANUM>", 0), tok("2", 4, 5, "<NUM>", 1), tok("quick", 6, 11, "<ALPHANUM>", 2),
			tok("brown", 12, 17, "<ALPHANUM>", 3), tok("foxes", 18, 23, "<ALPHANUM>", 4)))
	}
	// No analyzer at all is standard.
	expect(t, s, "POST", "/_analyze", `{"text":"Hi there"}`, 200, tokens(tok("hi", 0, 2, "<ALPHANUM>", 0), tok("there", 3, 8, "<ALPHANUM>", 1)))
	expect(t, s, "POST", "/_analyze", `{"analyzer":"whitespace","text":"The 2 QUICK"}`, 200, tokens(
		tok("The", 0, 3, "word", 0), tok("2", 4, 5, "word", 1), tok("QUICK", 6, 11, "word", 2)))
	expect(t, s, "POST", "/_analyze", `{"analyzer":"keyword","text":"New York"}`, 200, tokens(tok("New York", 0, 8, "word", 0)))
	expect(t, s, "POST", "/_analyze", `{"analyzer":"simple","text":"It's 2 Foxes"}`, 200, tokens(
		tok("it", 0, 2, "word", 0), tok("s", 3, 4, "word", 1), tok("foxes", 7, 12, "word", 2)))
	// stop leaves the removed word's position empty; english also stems.
	expect(t, s, "POST", "/_analyze", `{"analyzer":"stop","text":"The quick fox"}`, 200, tokens(
		tok("quick", 4, 9, "word", 1), tok("fox", 10, 13, "word", 2)))
	expect(t, s, "POST", "/_analyze", `{"analyzer":"english","text":"The foxes jumped"}`, 200, tokens(
		tok("fox", 4, 9, "<ALPHANUM>", 1), tok("jump", 10, 16, "<ALPHANUM>", 2)))
	// Offsets count UTF-16 units.
	expect(t, s, "POST", "/_analyze", `{"analyzer":"whitespace","text":"𝄞 ab"}`, 200, tokens(tok("𝄞", 0, 2, "word", 0), tok("ab", 3, 5, "word", 1)))
}

// Values of an array continue positions and offsets: no index means the
// global analyzer's gap of 0, an index's analyzers have 100; offsets skip 1.
func TestAnalyzeArrayText(t *testing.T) {
	s := newTestServer(t)
	body := `{"analyzer":"standard","text":["this is a test","the second text"]}`
	expect(t, s, "POST", "/_analyze", body, 200, tokens(
		tok("this", 0, 4, "<ALPHANUM>", 0), tok("is", 5, 7, "<ALPHANUM>", 1), tok("a", 8, 9, "<ALPHANUM>", 2), tok("test", 10, 14, "<ALPHANUM>", 3),
		tok("the", 15, 18, "<ALPHANUM>", 4), tok("second", 19, 25, "<ALPHANUM>", 5), tok("text", 26, 30, "<ALPHANUM>", 6)))
	expect(t, s, "PUT", "/idx", `{"settings":{"analysis":{"analyzer":{"gap5":{"tokenizer":"whitespace","position_increment_gap":5}}}}}`, 200, "")
	expect(t, s, "POST", "/idx/_analyze", `{"analyzer":"standard","text":["a b","c"]}`, 200, tokens(
		tok("a", 0, 1, "<ALPHANUM>", 0), tok("b", 2, 3, "<ALPHANUM>", 1), tok("c", 4, 5, "<ALPHANUM>", 102)))
	expect(t, s, "POST", "/idx/_analyze", `{"analyzer":"gap5","text":["a b","c"]}`, 200, tokens(
		tok("a", 0, 1, "word", 0), tok("b", 2, 3, "word", 1), tok("c", 4, 5, "word", 7)))
	// A request-built analyzer has gap 0 even on an index.
	expect(t, s, "POST", "/idx/_analyze", `{"tokenizer":"whitespace","text":["a b","c"]}`, 200, tokens(
		tok("a", 0, 1, "word", 0), tok("b", 2, 3, "word", 1), tok("c", 4, 5, "word", 2)))
}

func TestAnalyzeComponents(t *testing.T) {
	s := newTestServer(t)
	// Named and inline filters.
	expect(t, s, "POST", "/_analyze", `{"tokenizer":"whitespace","filter":["lowercase",{"type":"stop","stopwords":["a","is","this"]}],"text":"This is a Test"}`, 200,
		tokens(tok("test", 10, 14, "word", 3)))
	// Filters without a tokenizer run on the keyword tokenizer.
	expect(t, s, "POST", "/_analyze", `{"filter":["uppercase"],"text":"New York"}`, 200, tokens(tok("NEW YORK", 0, 8, "word", 0)))
	// An inline char filter: offsets map back to the original text.
	expect(t, s, "POST", "/_analyze", `{"tokenizer":"whitespace","char_filter":[{"type":"mapping","mappings":[":) => _happy_"]}],"text":"I'm :) ok"}`, 200,
		tokens(tok("I'm", 0, 3, "word", 0), tok("_happy_", 4, 6, "word", 1), tok("ok", 7, 9, "word", 2)))
	// An inline tokenizer from analysis-common.
	expect(t, s, "POST", "/_analyze", `{"tokenizer":{"type":"edge_ngram","min_gram":2,"max_gram":3},"text":"Quick"}`, 200,
		tokens(tok("Qu", 0, 2, "word", 0), tok("Qui", 0, 3, "word", 1)))
	// Shingles span two positions: positionLength is printed only then.
	expect(t, s, "POST", "/_analyze", `{"tokenizer":"whitespace","filter":[{"type":"shingle","max_shingle_size":2}],"text":"a b c"}`, 200,
		`{"tokens":[`+tok("a", 0, 1, "word", 0)+`,{"token":"a b","start_offset":0,"end_offset":3,"type":"shingle","position":0,"positionLength":2},`+
			tok("b", 2, 3, "word", 1)+`,{"token":"b c","start_offset":2,"end_offset":5,"type":"shingle","position":1,"positionLength":2},`+
			tok("c", 4, 5, "word", 2)+`]}`)
}

func TestAnalyzeIndexAndField(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/idx", `{"settings":{"analysis":{
		"filter":{"my_stop":{"type":"stop","stopwords":["b"]}},
		"analyzer":{"my":{"tokenizer":"whitespace","filter":["my_stop","uppercase"]}},
		"normalizer":{"low":{"type":"custom","filter":["lowercase"]}}}},
		"mappings":{"properties":{"t":{"type":"text","analyzer":"my"},"k":{"type":"keyword"},"kn":{"type":"keyword","normalizer":"low"},"n":{"type":"long"}}}}`, 200, "")
	expect(t, s, "POST", "/idx/_analyze", `{"analyzer":"my","text":"a b c"}`, 200, tokens(tok("A", 0, 1, "word", 0), tok("C", 4, 5, "word", 2)))
	// The URL parameter names the index too; the index's filters resolve by name.
	expect(t, s, "POST", "/_analyze?index=idx", `{"tokenizer":"whitespace","filter":["my_stop"],"text":"a b"}`, 200, tokens(tok("a", 0, 1, "word", 0)))
	expect(t, s, "POST", "/idx/_analyze", `{"field":"t","text":"a b"}`, 200, tokens(tok("A", 0, 1, "word", 0)))
	expect(t, s, "POST", "/idx/_analyze", `{"field":"k","text":"New York"}`, 200, tokens(tok("New York", 0, 8, "word", 0)))
	expect(t, s, "POST", "/idx/_analyze", `{"field":"kn","text":"New York"}`, 200, tokens(tok("new york", 0, 8, "word", 0)))
	expect(t, s, "POST", "/idx/_analyze", `{"normalizer":"low","text":"New York"}`, 200, tokens(tok("new york", 0, 8, "word", 0)))
	// An unmapped field falls back to the index's default analyzer.
	expect(t, s, "POST", "/idx/_analyze", `{"field":"nope","text":"New York"}`, 200, tokens(tok("new", 0, 3, "<ALPHANUM>", 0), tok("york", 4, 8, "<ALPHANUM>", 1)))
	expectErr(t, s, "/idx/_analyze", `{"field":"n","text":"1"}`, 400, "illegal_argument_exception", "Can't process field [n], Analysis requests are only supported on tokenized fields")
}

// expectErr checks an error's status, type and reason (root cause and top level alike).
func expectErr(t *testing.T, s *Server, path, body string, status int, typ, reason string) {
	t.Helper()
	expect(t, s, "POST", path, body, status, `{"error":{"root_cause":[{"type":"`+typ+`","reason":"`+reason+`"<**>`)
}

func TestAnalyzeErrors(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/idx", `{"settings":{"index.analyze.max_token_count":2}}`, 200, "")
	expectErr(t, s, "/_analyze", `{"analyzer":"nope","text":"x"}`, 400, "illegal_argument_exception", "failed to find global analyzer [nope]")
	expectErr(t, s, "/idx/_analyze", `{"analyzer":"nope","text":"x"}`, 400, "illegal_argument_exception", "failed to find analyzer [nope]")
	expectErr(t, s, "/_analyze", `{"tokenizer":"nope","text":"x"}`, 400, "illegal_argument_exception", "failed to find global tokenizer under [nope]")
	expectErr(t, s, "/idx/_analyze", `{"tokenizer":"whitespace","filter":["nope"],"text":"x"}`, 400, "illegal_argument_exception", "failed to find filter under [nope]")
	// Filters without a tokenizer build a normalizer: only normalizing filters serve.
	expectErr(t, s, "/_analyze", `{"filter":["lowercase","stop"],"text":"x"}`, 400, "illegal_argument_exception", "Custom normalizer may not use filter [stop]")
	expectErr(t, s, "/_analyze", `{"filter":[{"type":"reverse"}],"text":"x"}`, 400, "illegal_argument_exception", "Custom normalizer may not use filter [__anonymous__reverse]")
	expectErr(t, s, "/_analyze", `{"tokenizer":{"type":"nope"},"text":"x"}`, 400, "illegal_argument_exception", "failed to find global tokenizer under [nope]")
	expectErr(t, s, "/_analyze", `{"tokenizer":"standard","filter":[{"stopwords":["a"]}],"text":"x"}`, 400, "illegal_argument_exception",
		`Missing [type] setting for anonymous filter: {\"stopwords\":[\"a\"]}`)
	expectErr(t, s, "/_analyze", `{"analyzer":"standard","tokenizer":"standard","text":"x"}`, 400, "action_request_validation_exception",
		"Validation Failed: 1: cannot define extra components on a named analyzer;")
	expectErr(t, s, "/_analyze", `{"analyzer":"standard"}`, 400, "action_request_validation_exception", "Validation Failed: 1: text is missing;")
	expectErr(t, s, "/_analyze", `{"text":[]}`, 400, "action_request_validation_exception", "Validation Failed: 1: text is missing;")
	expectErr(t, s, "/_analyze", `{"normalizer":"low","text":"x"}`, 400, "action_request_validation_exception", "Validation Failed: 1: index is required if normalizer is specified;")
	expectErr(t, s, "/missing/_analyze", `{"text":"x"}`, 404, "index_not_found_exception", "no such index [missing]")
	expectErr(t, s, "/idx/_analyze", `{"text":"a b c"}`, 500, "illegal_state_exception",
		"The number of tokens produced by calling _analyze has exceeded the allowed maximum of [2]. This limit can be set by changing the [index.analyze.max_token_count] index level setting.")
	expect(t, s, "POST", "/idx/_analyze", `{"text":"a b"}`, 200, tokens(tok("a", 0, 1, "<ALPHANUM>", 0), tok("b", 2, 3, "<ALPHANUM>", 1)))
	expectErr(t, s, "/_analyze", `{"txt":"x"}`, 400, "x_content_parse_exception", "[1:2] [analyze_request] unknown field [txt] did you mean [text]?")
	expectErr(t, s, "/_analyze", ``, 400, "parse_exception", "request body or source parameter is required")
}

// The body may come as ?source=; an alias of one index names that index.
func TestAnalyzeSourceParamAndAlias(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "GET", `/_analyze?source={"text":"Hi"}&source_content_type=application/json`, "", 200, tokens(tok("hi", 0, 2, "<ALPHANUM>", 0)))
	expect(t, s, "PUT", "/a1", `{"settings":{"analysis":{"analyzer":{"up":{"tokenizer":"keyword","filter":["uppercase"]}}}},"aliases":{"both":{},"one":{}}}`, 200, "")
	expect(t, s, "PUT", "/a2", `{"aliases":{"both":{}}}`, 200, "")
	expect(t, s, "POST", "/one/_analyze", `{"analyzer":"up","text":"x y"}`, 200, tokens(tok("X Y", 0, 3, "word", 0)))
	expectErr(t, s, "/both/_analyze", `{"analyzer":"up","text":"x"}`, 400, "illegal_argument_exception",
		"alias [both] has more than one index associated with it [a1, a2], can't execute a single index op")
}

// explain on a built-in analyzer lists its tokens whole with the extended
// attributes; components of custom analyzers are not served yet (501).
func TestAnalyzeExplainBuiltin(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "POST", "/_analyze", `{"analyzer":"standard","text":"The fox","explain":true}`, 200,
		`{"detail":{"custom_analyzer":false,"analyzer":{"name":"standard","tokens":[`+
			`{"token":"the","start_offset":0,"end_offset":3,"type":"<ALPHANUM>","position":0,"bytes":"[74 68 65]","positionLength":1,"termFrequency":1},`+
			`{"token":"fox","start_offset":4,"end_offset":7,"type":"<ALPHANUM>","position":1,"bytes":"[66 6f 78]","positionLength":1,"termFrequency":1}]}}}`)
	expect(t, s, "POST", "/_analyze", `{"analyzer":"english","text":"running","explain":true,"attributes":["Keyword"]}`, 200,
		`{"detail":{"custom_analyzer":false,"analyzer":{"name":"english","tokens":[`+
			`{"token":"run","start_offset":0,"end_offset":7,"type":"<ALPHANUM>","position":0,"keyword":false}]}}}`)
	// explain=false is the plain answer.
	expect(t, s, "POST", "/_analyze", `{"analyzer":"keyword","text":"a","explain":false}`, 200, tokens(tok("a", 0, 1, "word", 0)))
	expect(t, s, "POST", "/_analyze", `{"tokenizer":"standard","text":"a","explain":true}`, 501, "")
}
