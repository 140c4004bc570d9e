package fake

import "testing"

// stored_fields without a _source request leave _source out unless they
// name _source (ShardGetService.normalizeFetchSourceContent), per mget item
// and for GET alike; an explicit _source wins.
func TestStoredFieldsDecideSource(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/sf", `{"mappings":{"properties":{"foo":{"type":"keyword","store":true}}}}`, 200, "")
	expect(t, s, "PUT", "/sf/_doc/1?refresh=true", `{"foo":"bar"}`, 201, "")
	expect(t, s, "POST", "/sf/_mget", `{"docs":[{"_id":"1"},{"_id":"1","stored_fields":"foo"},{"_id":"1","stored_fields":["foo","_source"]},{"_id":"1","stored_fields":["foo"],"_source":true}]}`, 200,
		`{"docs":[{"_index":"sf","_id":"1",<**>"found":true,"_source":{"foo":"bar"}},`+
			`{"_index":"sf","_id":"1",<**>"found":true,"fields":{"foo":["bar"]}},`+
			`{"_index":"sf","_id":"1",<**>"found":true,"_source":{"foo":"bar"},"fields":{"foo":["bar"]}},`+
			`{"_index":"sf","_id":"1",<**>"found":true,"_source":{"foo":"bar"},"fields":{"foo":["bar"]}}]}`)
	expect(t, s, "POST", "/sf/_mget?stored_fields=foo,_source", `{"docs":[{"_id":"1"},{"_id":"1","stored_fields":"foo"}]}`, 200,
		`{"docs":[{"_index":"sf","_id":"1",<**>"found":true,"_source":{"foo":"bar"},"fields":{"foo":["bar"]}},`+
			`{"_index":"sf","_id":"1",<**>"found":true,"fields":{"foo":["bar"]}}]}`)
	expect(t, s, "GET", "/sf/_doc/1?stored_fields=foo,_source", "", 200, `{<**>"found":true,"_source":{"foo":"bar"},"fields":{"foo":["bar"]}}`)
	expect(t, s, "GET", "/sf/_doc/1?stored_fields=foo", "", 200, `{<**>"found":true,"fields":{"foo":["bar"]}}`)
}
