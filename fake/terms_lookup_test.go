package fake

import "testing"

func TestTermsLookup(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/users", `{"settings":{"number_of_shards":2},"aliases":{"people":{}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"users","_id":"u1","routing":"r"}}
{"follows":{"ids":["b2",null,"b3"]}}
{"index":{"_index":"books","_id":"b1"}}
{"n":1}
{"index":{"_index":"books","_id":"b2"}}
{"n":2}
{"index":{"_index":"books","_id":"b3"}}
{"n":3}
`, 200, "")
	q := func(lookup string) string {
		return `{"query":{"terms":{"_id":` + lookup + `}},"_source":false,"sort":["_id"]}`
	}
	expect(t, s, "POST", "/books/_search", q(`{"index":"users","id":"u1","path":"follows.ids","routing":"r"}`), 200,
		`{<**>"hits":{"total":{"value":2,"relation":"eq"},"max_score":null,"hits":[{"_index":"books","_id":"b2","_score":null,"sort":["b2"]},{"_index":"books","_id":"b3","_score":null,"sort":["b3"]}]}}`)
	// Through an alias of one index, as GET reads it.
	expect(t, s, "POST", "/books/_count", `{"query":{"terms":{"_id":{"index":"people","id":"u1","path":"follows.ids","routing":"r"}}}}`, 200, `{"count":2,<**>}`)
	// In an alias filter, the lookup runs at each search.
	expect(t, s, "PUT", "/books/_alias/followed", `{"filter":{"terms":{"_id":{"index":"users","id":"u1","path":"follows.ids","routing":"r"}}}}`, 200, "")
	expect(t, s, "GET", "/followed/_count", "", 200, `{"count":2,<**>}`)
	expect(t, s, "PUT", "/users/_doc/u1?routing=r&refresh=true", `{"follows":{"ids":"b1"}}`, 200, "")
	expect(t, s, "GET", "/followed/_count", "", 200, `{"count":1,<**>}`)
	// A missing document, or one without the path, gives no terms: no match.
	expect(t, s, "POST", "/books/_count", `{"query":{"terms":{"_id":{"index":"users","id":"nobody","path":"follows.ids"}}}}`, 200, `{"count":0,<**>}`)
	expect(t, s, "POST", "/books/_count", `{"query":{"terms":{"_id":{"index":"users","id":"u1","path":"nothing","routing":"r"}}}}`, 200, `{"count":0,<**>}`)
	// A missing index fails the request.
	expect(t, s, "POST", "/books/_search", q(`{"index":"gone","id":"1","path":"x"}`), 404,
		`{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [gone]",<**>}],"type":"index_not_found_exception",<**>},"status":404}`)
	expect(t, s, "POST", "/books/_search", q(`{"index":"users","path":"x"}`), 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[terms] query lookup element requires specifying the id."}],<**>},"status":400}`)
}
