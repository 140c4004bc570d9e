package fake

import "testing"

// flat_object indexes a whole object: queries on the field search every
// leaf value, queries on a dotted path the values at that path, and the
// mapping never grows.
func TestFlatObjectField(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/f", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"attrs":{"type":"flat_object"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"f","_id":"1"}}
{"attrs":{"color":"red","size":{"eu":42,"us":"9"},"tags":["a","b"]}}
{"index":{"_index":"f","_id":"2"}}
{"attrs":{"color":"blue","material":"red"}}
`, 200, `{<**>"errors":false<**>}`)
	expect(t, s, "GET", "/f/_mapping", "", 200, `{"f":{"mappings":{"properties":{"attrs":{"type":"flat_object"}}}}}`)
	ids := func(body, want string) {
		t.Helper()
		expect(t, s, "POST", "/f/_search?filter_path=hits.hits._id", body, 200, want)
	}
	ids(`{"query":{"term":{"attrs":"red"}},"sort":["_id"]}`, `{"hits":{"hits":[{"_id":"1"},{"_id":"2"}]}}`)
	ids(`{"query":{"term":{"attrs.color":"red"}}}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
	ids(`{"query":{"term":{"attrs.size.eu":"42"}}}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
	ids(`{"query":{"exists":{"field":"attrs.material"}}}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
	ids(`{"query":{"prefix":{"attrs.color":"bl"}}}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
	ids(`{"query":{"terms":{"attrs.tags":["b","z"]}}}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
	expect(t, s, "POST", "/f/_search?filter_path=hits.hits.fields", `{"query":{"ids":{"values":["1"]}},"script_fields":{"keys":{"script":"doc['attrs'].size()"}}}`, 200,
		`{"hits":{"hits":[{"fields":{"keys":[5]}}]}}`)
	expect(t, s, "PUT", "/f/_doc/3", `{"attrs":"flat"}`, 400, `{<**>"reason":"failed to parse field [attrs] of type [flat_object] in document with id '3'. Preview of field's value: 'flat'"<**>`)
}
