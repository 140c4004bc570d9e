package fake

import "testing"

// GET /{index}/_stats reads the node stats' counters of the index's copies:
// primaries apart from all copies, one entry per index after _all.
func TestIndicesStats(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/a", `{"settings":{"number_of_shards":2,"number_of_replicas":0}}`, 200, "")
	expect(t, s, "PUT", "/b", `{"settings":{"number_of_replicas":0}}`, 200, "")
	expect(t, s, "PUT", "/a/_doc/1?refresh=true", `{"f":1}`, 201, "")
	expect(t, s, "GET", "/a/_doc/1", "", 200, "")
	expect(t, s, "GET", "/a/_stats/get,docs", "", 200,
		`{"_shards":{"total":2,"successful":2,"failed":0},"_all":{"primaries":{"docs":{"count":1,"deleted":0},"get":{"total":1,<**>}},"total":{<**>}},"indices":{"a":{"uuid":<*>,"primaries":{"docs":{"count":1,"deleted":0},"get":{"total":1,<**>}},"total":{<**>}}}}`)
	expect(t, s, "GET", "/_stats/docs?level=cluster", "", 200, `{"_shards":{"total":3,"successful":3,"failed":0},"_all":{"primaries":{"docs":{"count":1,"deleted":0}},"total":{"docs":{"count":1,"deleted":0}}}}`)
	// A scroll holds a search context on the index until it is cleared.
	expect(t, s, "POST", "/a/_search?scroll=1m", `{"size":1}`, 200, "")
	expect(t, s, "GET", "/a/_stats/search", "", 200, `{<**>"indices":{"a":{"uuid":<*>,"primaries":{"search":{"open_contexts":2,<**>`)
	expect(t, s, "DELETE", "/_search/scroll/_all", "", 200, "")
	expect(t, s, "GET", "/a/_stats/search", "", 200, `{<**>"indices":{"a":{"uuid":<*>,"primaries":{"search":{"open_contexts":0,<**>`)
	expect(t, s, "GET", "/a/_stats/nope", "", 400, `<**>"reason":"request [/a/_stats/nope] contains unrecognized metric: [nope]"<**>`)
	expect(t, s, "GET", "/missing/_stats", "", 404, `<**>"type":"index_not_found_exception"<**>`)
}
