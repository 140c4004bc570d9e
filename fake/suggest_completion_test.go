package fake

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// seedMusic creates index music (one shard) with a completion field:
// doc 1 has two inputs (weight 34), doc 2 two weighted objects, doc 3 a
// plain string (weight 1), doc 4 a weight given as a string.
func seedMusic(t *testing.T, s *Server) {
	t.Helper()
	expect(t, s, "PUT", "/music", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"suggest":{"type":"completion"},"title":{"type":"keyword"}}}}`, 200, "")
	expect(t, s, "POST", "/music/_bulk?refresh=true", `{"index":{"_id":"1"}}
{"suggest":{"input":["Nevermind","Nirvana"],"weight":34},"title":"t1"}
{"index":{"_id":"2"}}
{"suggest":[{"input":"Nirvana Best Of","weight":10},{"input":"Nine Inch Nails","weight":5}],"title":"t2"}
{"index":{"_id":"3"}}
{"suggest":"nirvana","title":"t3"}
{"index":{"_id":"4"}}
{"suggest":{"input":"Nirvana","weight":"20"},"title":"t4"}
`, 200, `{"took":<*>,"errors":false,<**>`)
}

// copt renders a completion option whose _source is filtered to title.
func copt(text, index, id, score string) string {
	return `{"text":"` + text + `","_index":"` + index + `","_id":"` + id + `","_score":` + score + `,"_source":{"title":"t` + id + `"}}`
}

// completion wraps the options of suggestion "s" for text.
func completion(text string, opts ...string) string {
	return `{"suggest":{"s":[{"text":"` + text + `","offset":0,"length":` + strconv.Itoa(len([]rune(text))) + `,"options":[` + strings.Join(opts, ",") + `]}]}}`
}

func TestCompletionSuggester(t *testing.T) {
	s := newTestServer(t)
	seedMusic(t, s)
	tests := []struct{ name, suggestion, want string }{
		{"prefix scores are weights, ties by document", `"prefix":"nir","completion":{"field":"suggest"}`,
			completion("nir", copt("Nirvana", "music", "1", "34.0"), copt("Nirvana", "music", "4", "20.0"), copt("Nirvana Best Of", "music", "2", "10.0"), copt("nirvana", "music", "3", "1.0"))},
		{"size", `"prefix":"nir","completion":{"field":"suggest","size":2}`,
			completion("nir", copt("Nirvana", "music", "1", "34.0"), copt("Nirvana", "music", "4", "20.0"))},
		{"text is a prefix too", `"text":"NIRVANA B","completion":{"field":"suggest"}`,
			completion("NIRVANA B", copt("Nirvana Best Of", "music", "2", "10.0"))},
		{"separators are kept", `"prefix":"nirvanab","completion":{"field":"suggest"}`, completion("nirvanab")},
		{"skip_duplicates keeps the best of each text", `"prefix":"nir","completion":{"field":"suggest","skip_duplicates":true}`,
			completion("nir", copt("Nirvana", "music", "1", "34.0"), copt("Nirvana Best Of", "music", "2", "10.0"), copt("nirvana", "music", "3", "1.0"))},
		// Each input is a path of the top-N search, which takes size (5)
		// results: doc 1's two inputs and doc 2's two use four of them, so
		// doc 3 is never reached, as on the real server.
		{"a document comes once, through its best input", `"prefix":"n","completion":{"field":"suggest"}`,
			completion("n", copt("Nevermind", "music", "1", "34.0"), copt("Nirvana", "music", "4", "20.0"), copt("Nirvana Best Of", "music", "2", "10.0"))},
		{"a larger size reaches it", `"prefix":"n","completion":{"field":"suggest","size":6}`,
			completion("n", copt("Nevermind", "music", "1", "34.0"), copt("Nirvana", "music", "4", "20.0"), copt("Nirvana Best Of", "music", "2", "10.0"), copt("nirvana", "music", "3", "1.0"))},
		// The fuzzy intersection stops at "nir" (one deletion from "nirv"),
		// which shares 3 letters with the prefix: weights times 3.
		{"fuzzy boosts by the common prefix", `"prefix":"nirv","completion":{"field":"suggest","fuzzy":true}`,
			completion("nirv", copt("Nirvana", "music", "1", "102.0"), copt("Nirvana", "music", "4", "60.0"), copt("Nirvana Best Of", "music", "2", "30.0"), copt("nirvana", "music", "3", "3.0"))},
		{"fuzzy with a typo", `"prefix":"nrvana","completion":{"field":"suggest","fuzzy":{"fuzziness":1}}`,
			completion("nrvana", copt("Nirvana", "music", "1", "34.0"), copt("Nirvana", "music", "4", "20.0"), copt("Nirvana Best Of", "music", "2", "10.0"), copt("nirvana", "music", "3", "1.0"))},
		{"fuzzy edits after prefix_length only", `"prefix":"mirvana","completion":{"field":"suggest","fuzzy":{"fuzziness":1}}`, completion("mirvana")},
		{"fuzzy prefix_length 0", `"prefix":"mirvana","completion":{"field":"suggest","fuzzy":{"fuzziness":1,"prefix_length":0,"min_length":1}}`,
			completion("mirvana", copt("Nirvana", "music", "1", "34.0"), copt("Nirvana", "music", "4", "20.0"), copt("Nirvana Best Of", "music", "2", "10.0"), copt("nirvana", "music", "3", "1.0"))},
		{"fuzzy below min_length is exact", `"prefix":"nr","completion":{"field":"suggest","fuzzy":true}`, completion("nr")},
		{"transposition is one edit", `"prefix":"nrivana","completion":{"field":"suggest","size":1,"fuzzy":{"fuzziness":1}}`,
			completion("nrivana", copt("Nirvana", "music", "1", "34.0"))},
		{"no transpositions", `"prefix":"nrivana","completion":{"field":"suggest","fuzzy":{"fuzziness":1,"transpositions":false}}`, completion("nrivana")},
		{"regex", `"regex":"n[ei]","completion":{"field":"suggest"}`,
			completion("n[ei]", copt("Nevermind", "music", "1", "34.0"), copt("Nirvana", "music", "4", "20.0"), copt("Nirvana Best Of", "music", "2", "10.0"), copt("nirvana", "music", "3", "1.0"))},
		{"regex anystring", `"regex":"n@s","completion":{"field":"suggest"}`, completion("n@s", copt("Nirvana Best Of", "music", "2", "10.0"))},
		{"regex without flags", `"regex":"n@s","completion":{"field":"suggest","regex":{"flags":"NONE"}}`, completion("n@s")},
		{"regex matches the analysed form", `"regex":"Nev","completion":{"field":"suggest"}`, completion("Nev")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expect(t, s, "POST", "/music/_search?filter_path=suggest", `{"_source":"title","suggest":{"s":{`+tt.suggestion+`}}}`, 200, tt.want)
		})
	}
	// Deleted documents are not suggested.
	expect(t, s, "DELETE", "/music/_doc/4?refresh=true", "", 200, "")
	expect(t, s, "POST", "/music/_search?filter_path=suggest", `{"_source":"title","suggest":{"s":{"prefix":"nirvana","completion":{"field":"suggest"}}}}`, 200,
		completion("nirvana", copt("Nirvana", "music", "1", "34.0"), copt("Nirvana Best Of", "music", "2", "10.0"), copt("nirvana", "music", "3", "1.0")))
}

func TestCompletionFullResponse(t *testing.T) {
	s := newTestServer(t)
	seedMusic(t, s)
	expect(t, s, "PUT", "/music/_doc/5?routing=r1&refresh=true", `{"suggest":{"input":"Nirvana","weight":50}}`, 201, "")
	expect(t, s, "POST", "/music/_search?typed_keys=true&version=true", `{"suggest":{"s":{"prefix":"nirvana","completion":{"field":"suggest","size":1}}}}`, 200,
		`{"took":<*>,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]},`+
			`"suggest":{"completion#s":[{"text":"nirvana","offset":0,"length":7,"options":[{"text":"Nirvana","_index":"music","_id":"5","_version":1,"_score":50.0,"_routing":"r1","_source":{"suggest":{"input":"Nirvana","weight":50}}}]}]}}`)
	// _source false drops it from the options.
	expect(t, s, "POST", "/music/_search?filter_path=suggest", `{"_source":false,"suggest":{"s":{"prefix":"nev","completion":{"field":"suggest"}}}}`, 200,
		completion("nev", `{"text":"Nevermind","_index":"music","_id":"1","_score":34.0}`))
}

func TestCompletionAcrossShards(t *testing.T) {
	s := newTestServer(t)
	for _, x := range []string{"b", "a"} {
		expect(t, s, "PUT", "/"+x, `{"settings":{"number_of_shards":1},"mappings":{"properties":{"suggest":{"type":"completion"}}}}`, 200, "")
	}
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"a","_id":"1"}}
{"suggest":{"input":"apple","weight":3}}
{"index":{"_index":"a","_id":"2"}}
{"suggest":{"input":"apricot","weight":3}}
{"index":{"_index":"b","_id":"1"}}
{"suggest":{"input":"apple","weight":3}}
{"index":{"_index":"b","_id":"2"}}
{"suggest":{"input":"avocado","weight":5}}
`, 200, `{"took":<*>,"errors":false,<**>`)
	o := func(text, index, id, score string) string {
		return `{"text":"` + text + `","_index":"` + index + `","_id":"` + id + `","_score":` + score + `}`
	}
	q := `{"_source":false,"suggest":{"s":{"prefix":"a","completion":{"field":"suggest"%s}}}}`
	expect(t, s, "POST", "/a,b/_search?filter_path=suggest", strings.Replace(q, "%s", "", 1), 200,
		completion("a", o("avocado", "b", "2", "5.0"), o("apple", "a", "1", "3.0"), o("apple", "b", "1", "3.0"), o("apricot", "a", "2", "3.0")))
	expect(t, s, "POST", "/a,b/_search?filter_path=suggest", strings.Replace(q, "%s", `,"skip_duplicates":true`, 1), 200,
		completion("a", o("avocado", "b", "2", "5.0"), o("apple", "a", "1", "3.0"), o("apricot", "a", "2", "3.0")))
	expect(t, s, "POST", "/a,b/_search?filter_path=suggest", strings.Replace(q, "%s", `,"size":2`, 1), 200,
		completion("a", o("avocado", "b", "2", "5.0"), o("apple", "a", "1", "3.0")))
}

func TestCompletionContexts(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/places", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"suggest":{"type":"completion","contexts":[{"name":"kind","type":"category"},{"name":"city","type":"category","path":"town"}]},"town":{"type":"keyword"}}}}`, 200, "")
	expect(t, s, "GET", "/places/_mapping", "", 200,
		`{"places":{"mappings":{"properties":{"suggest":{"type":"completion","analyzer":"simple","preserve_separators":true,"preserve_position_increments":true,"max_input_length":50,"contexts":[{"name":"kind","type":"CATEGORY"},{"name":"city","type":"CATEGORY","path":"town"}]},"town":{"type":"keyword"}}}}}`)
	expect(t, s, "POST", "/places/_bulk?refresh=true", `{"index":{"_id":"1"}}
{"suggest":{"input":"cafe rouge","weight":4,"contexts":{"kind":["cafe","restaurant"]}},"town":"paris"}
{"index":{"_id":"2"}}
{"suggest":{"input":"cafe bleu","weight":3,"contexts":{"kind":"cafe"}},"town":"lyon"}
{"index":{"_id":"3"}}
{"suggest":{"input":"canteen","weight":2},"town":"paris"}
`, 200, `{"took":<*>,"errors":false,<**>`)
	o := func(text, id, score, ctx string) string {
		return `{"text":"` + text + `","_index":"places","_id":"` + id + `","_score":` + score + `,"contexts":` + ctx + `}`
	}
	tests := []struct{ name, contexts, want string }{
		{"one category", `{"kind":"cafe"}`, completion("ca", o("cafe rouge", "1", "4.0", `{"kind":["cafe"]}`), o("cafe bleu", "2", "3.0", `{"kind":["cafe"]}`))},
		{"boost multiplies the weight", `{"kind":[{"context":"restaurant","boost":3},"cafe"]}`,
			completion("ca", o("cafe rouge", "1", "12.0", `{"kind":["cafe","restaurant"]}`), o("cafe bleu", "2", "3.0", `{"kind":["cafe"]}`))},
		{"prefix contexts", `{"kind":{"context":"re","prefix":true,"boost":2}}`, completion("ca", o("cafe rouge", "1", "8.0", `{"kind":["restaurant"]}`))},
		{"contexts from a path field", `{"city":"paris"}`, completion("ca", o("cafe rouge", "1", "4.0", `{"city":["paris"]}`), o("canteen", "3", "2.0", `{"city":["paris"]}`))},
		{"several mappings", `{"city":"lyon","kind":{"context":"restaurant","boost":2}}`,
			completion("ca", o("cafe rouge", "1", "8.0", `{"kind":["restaurant"]}`), o("cafe bleu", "2", "3.0", `{"city":["lyon"]}`))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expect(t, s, "POST", "/places/_search?filter_path=suggest", `{"_source":false,"suggest":{"s":{"prefix":"ca","completion":{"field":"suggest","contexts":`+tt.contexts+`}}}}`, 200, tt.want)
		})
	}
	failed := func(reason string) string {
		return `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"` + reason + `"}],"type":"search_phase_execution_exception","reason":"all shards failed",<**>`
	}
	expect(t, s, "POST", "/places/_search", `{"suggest":{"s":{"prefix":"ca","completion":{"field":"suggest"}}}}`, 400, failed("Missing mandatory contexts in context query"))
	expect(t, s, "POST", "/places/_search", `{"suggest":{"s":{"prefix":"ca","completion":{"field":"suggest","contexts":{"color":"red"}}}}}`, 400,
		failed("Unknown context name [color], must be one of [city, kind]"))
	expect(t, s, "PUT", "/places/_doc/9", `{"suggest":"nowhere"}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Contexts are mandatory in context enabled completion field [suggest]"}],"type":"illegal_argument_exception","reason":"Contexts are mandatory in context enabled completion field [suggest]"},"status":400}`)
}

func TestCompletionIndexingErrors(t *testing.T) {
	s := newTestServer(t)
	seedMusic(t, s)
	// The root cause is the deepest server exception: the mapper's for a
	// Java IllegalArgumentException, the parsing exception otherwise.
	parseFail := func(typ, reason string) string {
		root := `{"type":"mapper_parsing_exception","reason":"failed to parse"}`
		if typ != "illegal_argument_exception" {
			root = `{"type":"` + typ + `","reason":"` + reason + `"}`
		}
		return `{"error":{"root_cause":[` + root + `],"type":"mapper_parsing_exception","reason":"failed to parse",` +
			`"caused_by":{"type":"` + typ + `","reason":"` + reason + `"}},"status":400}`
	}
	tests := []struct{ doc, typ, reason string }{
		{`{"input":"a","weight":1.5}`, "illegal_argument_exception", "weight must be an integer, but was [1.5]"},
		{`{"input":"a","weight":1e3}`, "illegal_argument_exception", "weight must be an integer, but was [1000.0]"},
		{`{"input":"a","weight":"abc"}`, "illegal_argument_exception", "weight must be an integer, but was [abc]"},
		{`{"input":"a","weight":-1}`, "illegal_argument_exception", "weight must be in the interval [0..2147483647], but was [-1]"},
		{`{"input":"a","weight":"2147483648"}`, "illegal_argument_exception", "weight must be in the interval [0..2147483647], but was [2147483648]"},
		{`{"input":"a","weight":true}`, "illegal_argument_exception", "weight must be a number or string, but was [VALUE_BOOLEAN]"},
		{`{"input":5}`, "illegal_argument_exception", "input must be a string or array, but was [VALUE_NUMBER]"},
		{`{"input":["a",{}]}`, "illegal_argument_exception", "input array must have string values, but was [START_OBJECT]"},
		{`{"input":"a","payload":1}`, "illegal_argument_exception", "unknown field name [payload], must be one of [input, weight, contexts]"},
		{`{"input":"a","contexts":{"x":"y"}}`, "illegal_argument_exception", "contexts field is not supported for field: [suggest]"},
		{`5`, "parsing_exception", "failed to parse [suggest]: expected text or object, but got VALUE_NUMBER"},
		{`["a",true]`, "parsing_exception", "failed to parse [null]: expected text or object, but got VALUE_BOOLEAN"},
	}
	for _, tt := range tests {
		expect(t, s, "PUT", "/music/_doc/x", `{"suggest":`+tt.doc+`}`, 400, parseFail(tt.typ, tt.reason))
	}
	// Accepted forms: null, blank inputs (ignored), duplicates keeping the
	// highest weight, long inputs cut to max_input_length; _source stays as sent.
	expect(t, s, "PUT", "/music/_doc/n?refresh=true", `{"suggest":null}`, 201, "")
	src := `{"suggest":[{"input":["zebra","  "],"weight":2},{"input":"zebra","weight":7},{"input":"zebra","weight":3},"` + strings.Repeat("y", 60) + `"]}`
	expect(t, s, "PUT", "/music/_doc/z?refresh=true", src, 201, "")
	expect(t, s, "GET", "/music/_source/z", "", 200, src)
	expect(t, s, "POST", "/music/_search?filter_path=suggest", `{"_source":false,"suggest":{"s":{"prefix":"z","completion":{"field":"suggest"}}}}`, 200,
		completion("z", `{"text":"zebra","_index":"music","_id":"z","_score":7.0}`))
	expect(t, s, "POST", "/music/_search?filter_path=suggest", `{"_source":false,"suggest":{"s":{"prefix":"yyy","completion":{"field":"suggest"}}}}`, 200,
		completion("yyy", `{"text":"`+strings.Repeat("y", 50)+`","_index":"music","_id":"z","_score":1.0}`))
}

func TestCompletionMappingParameters(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/p", `{"mappings":{"properties":{"c":{"type":"completion","analyzer":"standard","search_analyzer":"whitespace","preserve_separators":"false","preserve_position_increments":false,"max_input_length":"10","meta":{"a":"b"}}}}}`, 200, "")
	expect(t, s, "GET", "/p/_mapping", "", 200,
		`{"p":{"mappings":{"properties":{"c":{"type":"completion","analyzer":"standard","search_analyzer":"whitespace","preserve_separators":false,"preserve_position_increments":false,"max_input_length":10,"meta":{"a":"b"}}}}}}`)
	// Without separators "foo fighters" completes "foof"; the search analyzer
	// keeps case; inputs are cut to max_input_length.
	expect(t, s, "PUT", "/p/_doc/1?refresh=true", `{"c":"Foo Fighters"}`, 201, "")
	expect(t, s, "POST", "/p/_search?filter_path=suggest", `{"_source":false,"suggest":{"s":{"prefix":"foof","completion":{"field":"c"}}}}`, 200,
		completion("foof", `{"text":"Foo Fighte","_index":"p","_id":"1","_score":1.0}`))
	expect(t, s, "POST", "/p/_search?filter_path=suggest", `{"_source":false,"suggest":{"s":{"prefix":"Foof","completion":{"field":"c"}}}}`, 200, completion("Foof"))
	// A search_analyzer equal to the analyzer is the default and not printed.
	expect(t, s, "PUT", "/q", `{"mappings":{"properties":{"c":{"type":"completion","search_analyzer":"simple"}}}}`, 200, "")
	expect(t, s, "GET", "/q/_mapping", "", 200,
		`{"q":{"mappings":{"properties":{"c":{"type":"completion","analyzer":"simple","preserve_separators":true,"preserve_position_increments":true,"max_input_length":50}}}}}`)
	// Only search_analyzer and max_input_length may change.
	expect(t, s, "PUT", "/q/_mapping", `{"properties":{"c":{"type":"completion","max_input_length":20,"search_analyzer":"standard"}}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/q/_mapping", `{"properties":{"c":{"type":"completion","analyzer":"standard"}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Mapper for [c] conflicts with existing mapper:\n\tCannot update parameter [analyzer] from [simple] to [standard]"}],<**>`)

	failed := func(reason string, cause string) string {
		root := `{"type":"mapper_parsing_exception","reason":"Failed to parse mapping [_doc]: ` + reason + `"}`
		if !strings.Contains(cause, "illegal_argument") {
			root = cause
		}
		return `{"error":{"root_cause":[` + root + `],"type":"mapper_parsing_exception","reason":"Failed to parse mapping [_doc]: ` + reason + `","caused_by":` + cause + `},"status":400}`
	}
	tests := []struct{ def, want string }{
		{`"max_input_length":0`, failed("[max_input_length] must be > 0 but was [0]", `{"type":"illegal_argument_exception","reason":"[max_input_length] must be > 0 but was [0]"}`)},
		{`"contexts":[]`, failed("expected at least one context mapping", `{"type":"parse_exception","reason":"expected at least one context mapping"}`)},
		{`"contexts":[{"type":"category"}]`, failed("missing [name] in context mapping", `{"type":"parse_exception","reason":"missing [name] in context mapping"}`)},
		{`"contexts":{"name":"x","type":"color"}`, failed("No context type for [color]", `{"type":"illegal_argument_exception","reason":"No context type for [color]"}`)},
		{`"contexts":{"name":"x","type":"category","size":1}`, failed("Mapping definition for [x] has unsupported parameters:  [size : 1]", `{"type":"mapper_parsing_exception","reason":"Mapping definition for [x] has unsupported parameters:  [size : 1]"}`)},
		{`"analyzer":"nope"`, failed("analyzer [nope] has not been configured in mappings", `{"type":"mapper_parsing_exception","reason":"analyzer [nope] has not been configured in mappings"}`)},
		{`"index":false`, failed("unknown parameter [index] on mapper [c] of type [completion]", `{"type":"mapper_parsing_exception","reason":"unknown parameter [index] on mapper [c] of type [completion]"}`)},
	}
	for _, tt := range tests {
		expect(t, s, "PUT", "/bad", `{"mappings":{"properties":{"c":{"type":"completion",`+tt.def+`}}}}`, 400, tt.want)
	}
	// Geo contexts are modelled: the default precision is printed.
	expect(t, s, "PUT", "/geo", `{"mappings":{"properties":{"c":{"type":"completion","contexts":{"name":"loc","type":"geo"}}}}}`, 200, "")
	expect(t, s, "GET", "/geo/_mapping?filter_path=*.*.*.c.contexts", "", 200, `{"geo":{"mappings":{"properties":{"c":{"contexts":[{"name":"loc","type":"GEO","precision":6}]}}}}}`)
}

func TestCompletionSuggestErrors(t *testing.T) {
	s := newTestServer(t)
	seedMusic(t, s)
	failed := func(typ, reason string) string {
		return `{"error":{"root_cause":[{"type":"` + typ + `","reason":"` + reason + `"}],"type":"search_phase_execution_exception","reason":"all shards failed",<**>`
	}
	tests := []struct {
		body   string
		status int
		want   string
	}{
		{`{"s":{"prefix":"a","completion":{"field":"title"}}}`, 400, failed("illegal_argument_exception", "Field [title] is not a completion suggest field")},
		{`{"s":{"prefix":"a","completion":{"field":"nope"}}}`, 400, failed("illegal_argument_exception", "no mapping found for field [nope]")},
		{`{"s":{"prefix":"a","completion":{"field":"suggest","contexts":{"a":"b"}}}}`, 400, failed("illegal_argument_exception", "suggester [suggest] doesn't expect any context")},
		{`{"s":{"regex":"a","completion":{"field":"suggest","fuzzy":true}}}`, 400, failed("illegal_argument_exception", "can not use 'fuzzy' options with 'regex")},
		{`{"s":{"completion":{"field":"suggest"}}}`, 400, failed("illegal_argument_exception", "The required text option is missing")},
		{`{"s":{"prefix":"a","completion":{"field":"suggest","foo":1}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:63] [completion] unknown field [foo]"}],"type":"x_content_parse_exception","reason":"[1:63] [completion] unknown field [foo]"},"status":400}`},
		{`{"s":{"prefix":"a","completion":{"size":1}}}`, 400,
			`{"error":{"root_cause":[{"type":"parse_exception","reason":"the required field option [field] is missing"}],"type":"parse_exception","reason":"the required field option [field] is missing"},"status":400}`},
		{`{"s":{"regex":"a","completion":{"field":"suggest","regex":{"flags":"ALL|BOGUS"}}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:79] [regex] failed to parse field [flags]"}],"type":"x_content_parse_exception","reason":"[1:79] [regex] failed to parse field [flags]","caused_by":{"type":"illegal_argument_exception","reason":"Unknown regexp flag [BOGUS]"}},"status":400}`},
		{`{"s":{"prefix":"a","completion":{"field":"suggest","size":0}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:70] [completion] failed to parse field [size]"}],"type":"x_content_parse_exception","reason":"[1:70] [completion] failed to parse field [size]","caused_by":{"type":"illegal_argument_exception","reason":"size must be positive"}},"status":400}`},
		{`{"s":{"prefix":"a","completion":{"field":7}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:53] [completion] field doesn't support values of type: VALUE_NUMBER"}],"type":"x_content_parse_exception","reason":"[1:53] [completion] field doesn't support values of type: VALUE_NUMBER"},"status":400}`},
		{`{"s":{"prefix":"a","completion":{"field":"suggest","fuzzy":{"min_length":-1}}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:85] [fuzzy] failed to parse field [min_length]"}],"type":"x_content_parse_exception","reason":"[1:85] [fuzzy] failed to parse field [min_length]","caused_by":{"type":"illegal_argument_exception","reason":"fuzzyMinLength must not be negative"}},"status":400}`},
		{`{"s":{"regex":"a&b","completion":{"field":"suggest"}}}`, 501, `{"error":{"root_cause":[{"type":"unsupported_operation_exception",<**>`},
	}
	for _, tt := range tests {
		expect(t, s, "POST", "/music/_search", `{"suggest":`+tt.body+`}`, tt.status, tt.want)
	}
}

func TestCompletionNodeStats(t *testing.T) {
	s := newTestServer(t)
	seedMusic(t, s)
	const path = "/_nodes/stats/indices/search?filter_path=nodes.*.indices.search.query_total,nodes.*.indices.search.suggest_total"
	before := expect(t, s, "GET", path, "", 200, "")
	// A completion-only search counts suggest on its shard, with a query it counts query.
	expect(t, s, "POST", "/music/_search", `{"suggest":{"s":{"prefix":"n","completion":{"field":"suggest"}}}}`, 200, "")
	expect(t, s, "POST", "/music/_search", `{"query":{"match_all":{}},"suggest":{"s":{"prefix":"n","completion":{"field":"suggest"}}}}`, 200, "")
	after := expect(t, s, "GET", path, "", 200, "")
	if !strings.HasSuffix(before, `{"search":{"query_total":0,"suggest_total":0}}}}}`) || !strings.HasSuffix(after, `{"search":{"query_total":1,"suggest_total":1}}}}}`) {
		t.Errorf("stats before %s\nafter %s", before, after)
	}
}

func TestCompletionFieldExists(t *testing.T) {
	s := newTestServer(t)
	seedMusic(t, s)
	expect(t, s, "PUT", "/music/_doc/5?refresh=true", `{"title":"no suggestion","suggest":[]}`, 201, "")
	expect(t, s, "POST", "/music/_search?filter_path=hits.total", `{"query":{"exists":{"field":"suggest"}}}`, 200, `{"hits":{"total":{"value":4,"relation":"eq"}}}`)
	expect(t, s, "POST", "/music/_search?filter_path=hits.total", `{"query":{"bool":{"must_not":{"exists":{"field":"suggest"}}}}}`, 200, `{"hits":{"total":{"value":1,"relation":"eq"}}}`)
}

func TestCompletionShardOrder(t *testing.T) {
	s := newTestServer(t)
	// Equal scores and texts merge in ShardId order: shard number first,
	// then index name, so [a][1] comes after [b][0].
	for _, x := range []string{"a", "b"} {
		expect(t, s, "PUT", "/"+x, `{"settings":{"number_of_shards":2},"mappings":{"properties":{"suggest":{"type":"completion"}}}}`, 200, "")
	}
	bulk := ""
	for _, x := range []string{"a", "b"} {
		for _, r := range []string{"r0", "r1"} {
			bulk += `{"index":{"_index":"` + x + `","_id":"` + r + `","routing":"` + r + `"}}` + "\n" + `{"suggest":"same"}` + "\n"
		}
	}
	expect(t, s, "POST", "/_bulk?refresh=true", bulk, 200, `{"took":<*>,"errors":false,<**>`)
	// Which shard holds each document: the ids a search of shard 0 finds.
	shardOf := func(index, id string) string {
		body := expect(t, s, "GET", "/"+index+"/_search?preference=_shards:0&filter_path=hits.hits._id", "", 200, "")
		if strings.Contains(body, `"`+id+`"`) {
			return "0"
		}
		return "1"
	}
	type hit struct{ index, id, shard string }
	var hits []hit
	for _, x := range []string{"a", "b"} {
		for _, r := range []string{"r0", "r1"} {
			hits = append(hits, hit{x, r, shardOf(x, r)})
		}
	}
	if hits[0].shard == hits[1].shard {
		t.Fatalf("routings share a shard: %+v", hits)
	}
	// Expected order: by shard, then index.
	sortHits := func(h []hit) {
		for i := range h {
			for j := i + 1; j < len(h); j++ {
				if h[j].shard < h[i].shard || h[j].shard == h[i].shard && h[j].index < h[i].index {
					h[i], h[j] = h[j], h[i]
				}
			}
		}
	}
	sortHits(hits)
	var opts []string
	for _, h := range hits {
		opts = append(opts, `{"text":"same","_index":"`+h.index+`","_id":"`+h.id+`","_score":1.0,"_routing":"`+h.id+`"}`)
	}
	expect(t, s, "POST", "/a,b/_search?filter_path=suggest", `{"_source":false,"suggest":{"s":{"prefix":"sa","completion":{"field":"suggest"}}}}`, 200,
		completion("sa", opts...))
}

func TestCompletionSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	s, err := NewServer(WithDataDir(dir), WithSnapshotInterval(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	expect(t, s, "PUT", "/c", `{"mappings":{"properties":{"s":{"type":"completion","contexts":{"name":"k","type":"category"}}}}}`, 200, "")
	expect(t, s, "PUT", "/c/_doc/1?refresh=true", `{"s":{"input":"Nevermind","weight":3,"contexts":{"k":"x"}}}`, 201, "")
	s.Close()
	s, err = NewServer(WithDataDir(dir), WithSnapshotInterval(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	expect(t, s, "POST", "/c/_search?filter_path=suggest", `{"_source":false,"suggest":{"s":{"prefix":"nev","completion":{"field":"s","contexts":{"k":"x"}}}}}`, 200,
		completion("nev", `{"text":"Nevermind","_index":"c","_id":"1","_score":3.0,"contexts":{"k":["x"]}}`))
}

func TestCompletionMultiField(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/books", `{"mappings":{"properties":{"title":{"type":"text","fields":{"suggest":{"type":"completion"}}},"tag":{"type":"keyword","fields":{"c":{"type":"completion"}}}}}}`, 200, "")
	expect(t, s, "PUT", "/books/_doc/1?refresh=true", `{"title":["The Go Programming Language","Go in Action"],"tag":"Go Rocks"}`, 201, "")
	expect(t, s, "POST", "/books/_search?filter_path=suggest", `{"_source":false,"suggest":{"s":{"prefix":"go","completion":{"field":"title.suggest"}}}}`, 200,
		completion("go", `{"text":"Go in Action","_index":"books","_id":"1","_score":1.0}`))
	expect(t, s, "POST", "/books/_search?filter_path=suggest", `{"_source":false,"suggest":{"s":{"prefix":"go r","completion":{"field":"tag.c"}}}}`, 200,
		completion("go r", `{"text":"Go Rocks","_index":"books","_id":"1","_score":1.0}`))
}

func TestCompletionFieldSort(t *testing.T) {
	s := newTestServer(t)
	seedMusic(t, s)
	expect(t, s, "POST", "/music/_search", `{"sort":["suggest"]}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Fielddata is not supported on field [suggest] of type [completion]"}],"type":"search_phase_execution_exception",<**>`)
}
