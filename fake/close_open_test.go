package fake

import "testing"

// A closed index refuses reads and writes, leaves wildcard expansion unless
// asked for, still counts in health, and opens again with its documents.
func TestCloseAndOpenIndex(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/a", `{"settings":{"number_of_replicas":0}}`, 200, "")
	expect(t, s, "PUT", "/b/_doc/1?refresh=true", `{"f":1}`, 201, "")
	expect(t, s, "POST", "/b/_close", "", 200, `{"acknowledged":true,"shards_acknowledged":true,"indices":{"b":{"closed":true}}}`)
	uuid := `"index_uuid":<*>,"index":"b"`
	expect(t, s, "GET", "/b/_doc/1", "", 400, `{"error":{"root_cause":[{"type":"index_closed_exception","reason":"closed",`+uuid+`}]<**>`)
	expect(t, s, "PUT", "/b/_doc/2", `{}`, 400, `<**>"type":"index_closed_exception"<**>`)
	expect(t, s, "POST", "/b/_search", "", 400, `<**>"type":"index_closed_exception"<**>`)
	expect(t, s, "POST", "/*/_search?filter_path=hits.total.value", "", 200, `{"hits":{"total":{"value":0}}}`)
	expect(t, s, "GET", "/_cluster/health/*?level=indices&expand_wildcards=closed&filter_path=indices.*.status", "", 200, `{"indices":{"b":{"status":"yellow"}}}`)
	expect(t, s, "GET", "/_cluster/health/*?level=indices&expand_wildcards=open&filter_path=indices.*.status", "", 200, `{"indices":{"a":{"status":"green"}}}`)
	expect(t, s, "POST", "/b*/_open", "", 200, `{"acknowledged":true,"shards_acknowledged":true}`)
	expect(t, s, "GET", "/b/_doc/1?filter_path=_source", "", 200, `{"_source":{"f":1}}`)
	expect(t, s, "POST", "/nope/_close", "", 404, `<**>"type":"index_not_found_exception"<**>`)
}
