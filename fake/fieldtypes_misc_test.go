package fake

import "testing"

// binary: base64 values kept as sent, doc values only when mapped with
// doc_values, exists finding them either way, and no searching.
func TestBinaryField(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/b", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"blob":{"type":"binary","doc_values":true},"raw":{"type":"binary"}}}}`, 200, "")
	expect(t, s, "GET", "/b/_mapping", "", 200, `{"b":{"mappings":{"properties":{"blob":{"type":"binary","doc_values":true},"raw":{"type":"binary"}}}}}`)
	expect(t, s, "PUT", "/b/_doc/1?refresh=true", `{"blob":"U29tZSBiaW5hcnkgYmxvYg==","raw":"YWJj"}`, 201, "")
	expect(t, s, "POST", "/b/_search?filter_path=hits.hits._id,hits.hits.fields", `{"query":{"exists":{"field":"raw"}},"docvalue_fields":["blob"]}`, 200,
		`{"hits":{"hits":[{"_id":"1","fields":{"blob":["U29tZSBiaW5hcnkgYmxvYg=="]}}]}}`)
	expect(t, s, "POST", "/b/_search", `{"query":{"term":{"blob":"x"}}}`, 400, `{"error":{"root_cause":[{"type":"query_shard_exception","reason":"Binary fields do not support searching","index":"b",<**>`)
	expect(t, s, "POST", "/b/_search", `{"docvalue_fields":["raw"]}`, 400, `{<**>"reason":"Can't load fielddata on [raw] because fielddata is unsupported on fields of type [binary]. Use doc values instead."<**>`)
	expect(t, s, "PUT", "/b/_doc/2", `{"blob":"not base64!"}`, 400, `{<**>"reason":"failed to parse field [blob] of type [binary] in document with id '2'. Preview of field's value: 'not base64!'"<**>`)
}

// alias fields read their target in queries, sorts, doc values and the
// fields API (under the alias name); they must point at a concrete field
// and cannot be written.
func TestAliasField(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/a", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"distance":{"type":"long"},"route_length_miles":{"type":"alias","path":"distance"}}}}`, 200, "")
	expect(t, s, "GET", "/a/_mapping", "", 200, `{"a":{"mappings":{"properties":{"distance":{"type":"long"},"route_length_miles":{"type":"alias","path":"distance"}}}}}`)
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"a","_id":"1"}}
{"distance":12}
{"index":{"_index":"a","_id":"2"}}
{"distance":40}
`, 200, `{<**>"errors":false<**>}`)
	expect(t, s, "POST", "/a/_search?filter_path=hits.hits._id,hits.hits.sort,hits.hits.fields", `{"query":{"range":{"route_length_miles":{"gte":20}}},"sort":["route_length_miles"],"docvalue_fields":["route_length_miles"]}`, 200,
		`{"hits":{"hits":[{"_id":"2","fields":{"route_length_miles":[40]},"sort":[40]}]}}`)
	expect(t, s, "POST", "/a/_search?filter_path=hits.hits.fields", `{"query":{"term":{"route_length_miles":12}},"fields":["route_length_miles"]}`, 200,
		`{"hits":{"hits":[{"fields":{"route_length_miles":[12]}}]}}`)
	expect(t, s, "PUT", "/a/_doc/3", `{"route_length_miles":5}`, 400, `{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"Cannot write to a field alias [route_length_miles]."}]<**>`)
	expect(t, s, "PUT", "/bad", `{"mappings":{"properties":{"x":{"type":"alias","path":"nowhere"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"Invalid [path] value [nowhere] for field alias [x]: an alias must refer to an existing field in the mappings."}],"type":"mapper_parsing_exception","reason":"Invalid [path] value [nowhere] for field alias [x]: an alias must refer to an existing field in the mappings."},"status":400}`)
	expect(t, s, "PUT", "/bad", `{"mappings":{"properties":{"x":{"type":"alias"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"The [path] property must be specified for field [x]."}],"type":"mapper_parsing_exception","reason":"Failed to parse mapping [_doc]: The [path] property must be specified for field [x].","caused_by":{"type":"mapper_parsing_exception","reason":"The [path] property must be specified for field [x]."}},"status":400}`)
}

// constant_keyword: every document has the mapped value; queries match all
// or nothing, and a document may only repeat the value.
func TestConstantKeywordField(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/c", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"kind":{"type":"constant_keyword","value":"log"},"n":{"type":"long"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"c","_id":"1"}}
{"n":1}
{"index":{"_index":"c","_id":"2"}}
{"n":2,"kind":"log"}
`, 200, `{<**>"errors":false<**>}`)
	q := func(body, want string) {
		t.Helper()
		expect(t, s, "POST", "/c/_search?filter_path=hits.total.value,hits.hits._score,hits.hits.fields", body, 200, want)
	}
	q(`{"query":{"term":{"kind":"log"}},"size":0}`, `{"hits":{"total":{"value":2}}}`)
	q(`{"query":{"term":{"kind":"metric"}}}`, `{"hits":{"total":{"value":0}}}`)
	q(`{"query":{"wildcard":{"kind":"l*"}},"size":0}`, `{"hits":{"total":{"value":2}}}`)
	q(`{"query":{"exists":{"field":"kind"}},"size":1,"sort":["n"],"docvalue_fields":["kind"]}`, `{"hits":{"total":{"value":2},"hits":[{"_score":null,"fields":{"kind":["log"]}}]}}`)
	expect(t, s, "PUT", "/c/_doc/3", `{"kind":"metric"}`, 400, `{<**>"caused_by":{"type":"illegal_argument_exception","reason":"constant keyword field [kind] must have a value of [log]"}},"status":400}`)
	expect(t, s, "PUT", "/bad", `{"mappings":{"properties":{"kind":{"type":"constant_keyword"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"parse_exception","reason":"Field [kind] is missing required parameter [value]"}],"type":"mapper_parsing_exception","reason":"Failed to parse mapping [_doc]: Field [kind] is missing required parameter [value]","caused_by":{"type":"parse_exception","reason":"Field [kind] is missing required parameter [value]"}},"status":400}`)
}

// wildcard fields match whole values with term, prefix, wildcard and
// regexp queries; token_count indexes the analysed token count; and
// match_only_text searches like text.
func TestWildcardTokenCountMatchOnlyText(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/w", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"path":{"type":"wildcard"},"title":{"type":"match_only_text","fields":{"words":{"type":"token_count","analyzer":"standard"}}},"stop":{"type":"token_count","analyzer":"stop"}}}}`, 200, "")
	expect(t, s, "GET", "/w/_mapping", "", 200, `{"w":{"mappings":{"properties":{"path":{"type":"wildcard"},"stop":{"type":"token_count","analyzer":"stop"},"title":{"type":"match_only_text","fields":{"words":{"type":"token_count","analyzer":"standard"}}}}}}}`)
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"w","_id":"1"}}
{"path":"/var/log/syslog","title":"quick brown fox","stop":"the fox and the hound"}
{"index":{"_index":"w","_id":"2"}}
{"path":"/home/user/notes.txt","title":"lazy dog"}
`, 200, `{<**>"errors":false<**>}`)
	q := func(body, want string) {
		t.Helper()
		expect(t, s, "POST", "/w/_search?filter_path=hits.hits._id,hits.hits.fields", body, 200, want)
	}
	q(`{"query":{"wildcard":{"path":"*/log/*"}}}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
	q(`{"query":{"term":{"path":"/home/user/notes.txt"}}}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
	q(`{"query":{"regexp":{"path":"/home/.*txt"}}}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
	q(`{"query":{"match":{"title":"fox"}}}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
	q(`{"query":{"term":{"title.words":3}},"docvalue_fields":["title.words","stop"]}`, `{"hits":{"hits":[{"_id":"1","fields":{"title.words":[3],"stop":[5]}}]}}`)
	q(`{"query":{"range":{"title.words":{"lt":3}}},"fields":["stop"]}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
	expect(t, s, "PUT", "/bad", `{"mappings":{"properties":{"c":{"type":"token_count"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"Analyzer must be set for field [c] but wasn't."}],"type":"mapper_parsing_exception","reason":"Failed to parse mapping [_doc]: Analyzer must be set for field [c] but wasn't.",<**>`)
}
