package fake

import "testing"

// terms with value_type bitmap: the query's own base64 bitmap, a stored
// binary field looked up, and the errors.
func TestTermsBitmap(t *testing.T) {
	for _, shards := range []string{"1", "2"} {
		t.Run("shards="+shards, func(t *testing.T) {
			s := newTestServer(t)
			expect(t, s, "PUT", "/students", `{"settings":{"number_of_shards":`+shards+`},"mappings":{"properties":{"student_id":{"type":"integer"},"grade":{"type":"long"},"name":{"type":"keyword"}}}}`, 200, "")
			expect(t, s, "PUT", "/classes", `{"mappings":{"properties":{"enrolled":{"type":"binary","store":true}}}}`, 200, "")
			expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"students","_id":"1"}}
{"name":"Jane","student_id":111,"grade":1}
{"index":{"_index":"students","_id":"2"}}
{"name":"Mary","student_id":222}
{"index":{"_index":"students","_id":"3"}}
{"name":"John","student_id":333}
{"index":{"_index":"classes","_id":"101"}}
{"enrolled":"OjAAAAEAAAAAAAEAEAAAAG8A3gA="}
`, 200, `{<**>"errors":false<**>}`)
			hits := func(body, want string) {
				t.Helper()
				expect(t, s, "POST", "/students/_search?filter_path=hits.total.value,hits.hits._id,hits.hits._score", body, 200, want)
			}
			hits(`{"query":{"terms":{"student_id":["OjAAAAEAAAAAAAEAEAAAAG8A3gA="],"value_type":"bitmap","boost":2}},"sort":["_id"],"track_scores":true}`,
				`{"hits":{"total":{"value":2},"hits":[{"_id":"1","_score":2.0},{"_id":"2","_score":2.0}]}}`)
			hits(`{"query":{"terms":{"student_id":{"index":"classes","id":"101","path":"enrolled","store":true},"value_type":"bitmap"}},"sort":["_id"]}`,
				`{"hits":{"total":{"value":2},"hits":[{"_id":"1","_score":null},{"_id":"2","_score":null}]}}`)
			hits(`{"query":{"bool":{"must_not":{"terms":{"student_id":["OjAAAAEAAAAAAAAAEAAAAG8A"],"value_type":"BITMAP"}}}},"sort":["_id"]}`,
				`{"hits":{"total":{"value":2},"hits":[{"_id":"2","_score":null},{"_id":"3","_score":null}]}}`)
			hits(`{"query":{"terms":{"student_id":{"index":"classes","id":"nope","path":"enrolled","store":true},"value_type":"bitmap"}}}`,
				`{"hits":{"total":{"value":0}}}`)
		})
	}
	s := newTestServer(t)
	expect(t, s, "PUT", "/students", `{"mappings":{"properties":{"student_id":{"type":"integer"},"grade":{"type":"long"}}}}`, 200, "")
	bad := func(body string, status int, want string) {
		t.Helper()
		expect(t, s, "POST", "/students/_search", body, status, want)
	}
	bad(`{"query":{"terms":{"student_id":["a","b"],"value_type":"bitmap"}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Invalid value for bitmap type: Expected a single-element array with a base64 encoded serialized bitmap."}],"type":"illegal_argument_exception","reason":"Invalid value for bitmap type: Expected a single-element array with a base64 encoded serialized bitmap."},"status":400}`)
	bad(`{"query":{"terms":{"student_id":["a-b"],"value_type":"bitmap"}}}`, 400,
		`{<**>"reason":"Illegal base64 character 2d"<**>`)
	bad(`{"query":{"terms":{"grade":["OjAAAAEAAAAAAAEAEAAAAG8A3gA="],"value_type":"bitmap"}}}`, 400,
		`{<**>"reason":"failed to create query: Field [long] of type [long] does not support bitmap queries"<**>`)
	bad(`{"query":{"terms":{"student_id":["AAAAAAAA"],"value_type":"bitmap"}}}`, 400,
		`{<**>"type":"query_shard_exception","reason":"failed to create query: Failed to deserialize the bitmap."<**>"caused_by":{"type":"invalid_roaring_format","reason":"I failed to find one of the right cookies."}<**>`)
	bad(`{"query":{"terms":{"student_id":["1"],"value_type":"bits"}}}`, 400,
		`{<**>"reason":"bits is not valid value_type for terms query"<**>`)
}
