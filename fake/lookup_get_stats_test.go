package fake

import "testing"

// A terms lookup is one GET of the lookup document, counted in the lookup
// index's get stats once per search, however many shards are searched.
func TestTermsLookupCountsOneGet(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/lookup", `{"settings":{"number_of_shards":1}}`, 200, "")
	expect(t, s, "PUT", "/lookup/_doc/1?refresh=true", `{"followers":["a","b"]}`, 201, "")
	expect(t, s, "PUT", "/users", `{"settings":{"number_of_shards":5}}`, 200, "")
	expect(t, s, "PUT", "/users/_doc/1?refresh=true", `{"user":"a"}`, 201, "")
	expect(t, s, "POST", "/users/_search", `{"size":0,"query":{"terms":{"user":{"index":"lookup","id":"1","path":"followers"}}}}`, 200, `{<**>"total":{"value":1,<**>`)
	expect(t, s, "POST", "/users/_search", `{"size":0,"query":{"terms":{"user":{"index":"lookup","id":"2","path":"followers"}}}}`, 200, "")
	expect(t, s, "GET", "/lookup/_stats/get", "", 200,
		`{<**>"indices":{"lookup":{<**>"total":{"get":{"total":2,"time_in_millis":<*>,"exists_total":1,"exists_time_in_millis":<*>,"missing_total":1,<**>`)
}
