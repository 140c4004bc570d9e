package fake

import "testing"

// Range fields: gt/lt normalised to inclusive bounds, range queries with
// each relation, term queries finding the ranges that hold a value, ip
// ranges from CIDR blocks, the fields API and the parse errors.
func TestRangeFields(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/r", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"ages":{"type":"integer_range"},"temp":{"type":"double_range"},"when":{"type":"date_range","format":"yyyy-MM-dd"},"net":{"type":"ip_range"}}}}`, 200, "")
	expect(t, s, "GET", "/r/_mapping", "", 200, `{"r":{"mappings":{"properties":{"ages":{"type":"integer_range"},"net":{"type":"ip_range"},"temp":{"type":"double_range"},"when":{"type":"date_range","format":"yyyy-MM-dd"}}}}}`)
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"r","_id":"1"}}
{"ages":{"gte":10,"lt":20},"temp":{"gt":1.5,"lte":3},"when":{"gte":"2020-01-01","lte":"2020-01-31"},"net":"10.0.0.0/8"}
{"index":{"_index":"r","_id":"2"}}
{"ages":{"gte":15,"lte":30},"when":{"gte":"2020-01-15","lte":"2020-02-15"},"net":{"gte":"192.168.0.1","lte":"192.168.0.9"}}
{"index":{"_index":"r","_id":"3"}}
{"ages":[{"gte":0,"lte":5},{"gte":40}]}
`, 200, `{<**>"errors":false<**>}`)
	ids := func(body, want string) {
		t.Helper()
		expect(t, s, "POST", "/r/_search?filter_path=hits.hits._id,hits.hits.fields", body, 200, want)
	}
	ids(`{"query":{"term":{"ages":19}},"sort":["_id"]}`, `{"hits":{"hits":[{"_id":"1"},{"_id":"2"}]}}`)
	ids(`{"query":{"term":{"ages":20}},"sort":["_id"]}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
	ids(`{"query":{"term":{"ages":1000}}}`, `{"hits":{"hits":[{"_id":"3"}]}}`)
	ids(`{"query":{"range":{"ages":{"gte":12,"lte":18,"relation":"contains"}}},"sort":["_id"]}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
	ids(`{"query":{"range":{"ages":{"gte":5,"lte":35,"relation":"within"}}},"sort":["_id"]}`, `{"hits":{"hits":[{"_id":"1"},{"_id":"2"}]}}`)
	ids(`{"query":{"range":{"ages":{"gt":5,"lt":10}}}}`, `{}`)
	ids(`{"query":{"range":{"when":{"gte":"2020-02-01","lte":"2020-03-01"}}}}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
	ids(`{"query":{"term":{"temp":1.5}}}`, `{}`)
	ids(`{"query":{"term":{"net":"10.20.30.40"}}}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
	ids(`{"query":{"range":{"net":{"gte":"192.168.0.0","lte":"192.168.0.255","relation":"within"}}}}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
	ids(`{"query":{"ids":{"values":["1"]}},"fields":["ages","when","net"]}`,
		`{"hits":{"hits":[{"_id":"1","fields":{"ages":[{"gte":10,"lte":19}],"net":[{"gte":"10.0.0.0","lte":"10.255.255.255"}],"when":[{"gte":"2020-01-01","lte":"2020-01-31"}]}}]}}`)
	expect(t, s, "GET", "/r/_source/1", "", 200, `{"ages":{"gte":10,"lt":20},"temp":{"gt":1.5,"lte":3},"when":{"gte":"2020-01-01","lte":"2020-01-31"},"net":"10.0.0.0/8"}`)
	expect(t, s, "PUT", "/r/_doc/9", `{"ages":{"gte":1,"max":2}}`, 400,
		`{<**>"reason":"failed to parse field [ages] of type [integer_range] in document with id '9'. Preview of field's value: '{gte=1, max=2}'","caused_by":{"type":"mapper_parsing_exception","reason":"error parsing field [ages], with unknown parameter [max]"}},"status":400}`)
	expect(t, s, "PUT", "/r/_doc/9", `{"ages":{"gte":5,"lte":2}}`, 400, `{<**>"caused_by":{"type":"illegal_argument_exception","reason":"min value (5) is greater than max value (2)"}},"status":400}`)
}
