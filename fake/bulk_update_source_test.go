package fake

import "testing"

// The _source of a bulk update item comes from its action line, else from
// the URL, and either replaces the one in the update body.
func TestBulkUpdateSourceSelection(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/b/_doc/1", `{"n":1,"m":{"a":1,"b":2}}`, 201, "")
	nd := `{"update":{"_index":"b","_id":"1","_source":{"includes":["m.*"],"excludes":["m.b"]}}}
{"doc":{"n":2},"_source":false}
{"update":{"_index":"b","_id":"1"}}
{"doc":{"n":3}}
{"update":{"_index":"b","_id":"1","_source":false}}
{"doc":{"n":4}}
{"index":{"_index":"b","_id":"2","_source":true}}
{"n":1}
`
	expect(t, s, "POST", "/_bulk?_source_includes=n", nd, 200,
		`{"took":<*>,"errors":false,"items":[`+
			`{"update":{"_index":"b","_id":"1","_version":2,"result":"updated","_shards":{"total":2,"successful":1,"failed":0},"_seq_no":1,"_primary_term":1,"get":{"_seq_no":1,"_primary_term":1,"found":true,"_source":{"m":{"a":1}}},"status":200}},`+
			`{"update":{"_index":"b","_id":"1","_version":3,"result":"updated","_shards":{"total":2,"successful":1,"failed":0},"_seq_no":2,"_primary_term":1,"get":{"_seq_no":2,"_primary_term":1,"found":true,"_source":{"n":3}},"status":200}},`+
			`{"update":{"_index":"b","_id":"1","_version":4,"result":"updated","_shards":{"total":2,"successful":1,"failed":0},"_seq_no":3,"_primary_term":1,"status":200}},`+
			`{"index":{"_index":"b","_id":"2","_version":1,"result":"created","_shards":{"total":2,"successful":1,"failed":0},"_seq_no":4,"_primary_term":1,"status":201}}]}`)
	// A noop answers the get block too.
	expect(t, s, "POST", "/_bulk?_source=true", `{"update":{"_index":"b","_id":"1"}}
{"doc":{"n":4}}
`, 200, `{"took":<*>,"errors":false,"items":[{"update":{"_index":"b","_id":"1","_version":4,"result":"noop","_shards":{"total":0,"successful":0,"failed":0},"_seq_no":3,"_primary_term":1,"get":{"_seq_no":3,"_primary_term":1,"found":true,"_source":{"n":4,"m":{"a":1,"b":2}}},"status":200}}]}`)
}

func TestBulkUpdateActionLineErrors(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "POST", "/_bulk", `{"update":{"_index":"b","_id":"1","version":2}}
{"doc":{}}
`, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Update requests do not support versioning. Please use `+"`if_seq_no` and `if_primary_term`"+` instead"}],"type":"illegal_argument_exception","reason":"Update requests do not support versioning. Please use `+"`if_seq_no` and `if_primary_term`"+` instead"},"status":400}`)
	expect(t, s, "POST", "/_bulk", `{"update":{"_index":"b","_id":"1","_source":["a"]}}
{"doc":{}}
`, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Malformed action/metadata line [1], expected a simple value for field [_source] but found [START_ARRAY]"}],"type":"illegal_argument_exception","reason":"Malformed action/metadata line [1], expected a simple value for field [_source] but found [START_ARRAY]"},"status":400}`)
	expect(t, s, "POST", "/_bulk", `{"index":{"_index":"b","routing":{"a":1}}}
{}
`, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Malformed action/metadata line [1], expected a simple value for field [routing] but found [START_OBJECT]"}],<**>}`)
	expect(t, s, "POST", "/_bulk", `{"update":{"_index":"b","_id":"1","_source":3}}
{"doc":{}}
`, 400, `{"error":{"root_cause":[{"type":"parsing_exception","reason":"Expected one of [VALUE_BOOLEAN, VALUE_STRING, START_ARRAY, START_OBJECT] but found [VALUE_NUMBER]"}],<**>}`)
}
