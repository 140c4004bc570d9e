package fake

import "testing"

// ip fields: v4 and v6 values, CIDR terms, ranges with exclusive ends that
// step to the next address, sort values and doc values printed as addresses,
// the fields API normalising the source text, and the parse errors.
func TestIPField(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/ips", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"addr":{"type":"ip","ignore_malformed":false,"null_value":"0.0.0.0"}}}}`, 200, "")
	expect(t, s, "GET", "/ips/_mapping", "", 200, `{"ips":{"mappings":{"properties":{"addr":{"type":"ip","ignore_malformed":false,"null_value":"0.0.0.0"}}}}}`)
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"ips","_id":"1"}}
{"addr":"192.168.1.10"}
{"index":{"_index":"ips","_id":"2"}}
{"addr":"192.168.2.1"}
{"index":{"_index":"ips","_id":"3"}}
{"addr":"2001:DB8:0:0:0:0:0:1"}
{"index":{"_index":"ips","_id":"4"}}
{"addr":["10.0.0.1","10.0.0.255"]}
`, 200, `{<**>"errors":false<**>}`)
	search := func(body, want string) {
		t.Helper()
		expect(t, s, "POST", "/ips/_search?filter_path=hits.hits._id,hits.hits.sort,hits.hits.fields", body, 200, want)
	}
	search(`{"query":{"term":{"addr":"192.168.1.10"}}}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
	search(`{"query":{"term":{"addr":"192.168.0.0/16"}},"sort":["addr"]}`, `{"hits":{"hits":[{"_id":"1","sort":["192.168.1.10"]},{"_id":"2","sort":["192.168.2.1"]}]}}`)
	search(`{"query":{"term":{"addr":"2001:db8::/32"}}}`, `{"hits":{"hits":[{"_id":"3"}]}}`)
	search(`{"query":{"terms":{"addr":["2001:db8::1","10.0.0.255"]}},"sort":[{"addr":"desc"}]}`, `{"hits":{"hits":[{"_id":"3","sort":["2001:db8::1"]},{"_id":"4","sort":["10.0.0.255"]}]}}`)
	search(`{"query":{"range":{"addr":{"gt":"10.0.0.255","lte":"192.168.2.1"}}},"sort":["addr"]}`, `{"hits":{"hits":[{"_id":"1","sort":["192.168.1.10"]},{"_id":"2","sort":["192.168.2.1"]}]}}`)
	search(`{"query":{"range":{"addr":{"gte":"10.0.0.0","lt":"10.0.0.2"}}}}`, `{"hits":{"hits":[{"_id":"4"}]}}`)
	search(`{"query":{"ids":{"values":["3","4"]}},"sort":["_id"],"docvalue_fields":["addr"],"fields":["addr"]}`,
		`{"hits":{"hits":[{"_id":"3","fields":{"addr":["2001:db8::1"]},"sort":["3"]},{"_id":"4","fields":{"addr":["10.0.0.1","10.0.0.255"]},"sort":["4"]}]}}`)
	// _source keeps the text as sent.
	expect(t, s, "GET", "/ips/_source/3", "", 200, `{"addr":"2001:DB8:0:0:0:0:0:1"}`)

	expect(t, s, "POST", "/ips/_search", `{"query":{"term":{"addr":"not-an-ip"}}}`, 400,
		`{"error":{"root_cause":[{"type":"query_shard_exception","reason":"failed to create query: 'not-an-ip' is not an IP string literal.","index":"ips","index_uuid":<*>}],"type":"search_phase_execution_exception",<**>`)
	expect(t, s, "PUT", "/ips/_doc/9", `{"addr":"300.1.1.1"}`, 400,
		`{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"failed to parse field [addr] of type [ip] in document with id '9'. Preview of field's value: '300.1.1.1'"}],"type":"mapper_parsing_exception","reason":"failed to parse field [addr] of type [ip] in document with id '9'. Preview of field's value: '300.1.1.1'","caused_by":{"type":"illegal_argument_exception","reason":"'300.1.1.1' is not an IP string literal."}},"status":400}`)
	expect(t, s, "POST", "/ips/_search", `{"query":{"prefix":{"addr":"192"}}}`, 400, `{<**>"reason":"Can only use prefix queries on keyword and text fields - not on [addr] which is of type [ip]"<**>}`)
}

// ignore_malformed drops the bad value and records the field in _ignored,
// which hits show and term/exists queries search.
func TestIgnoredMetadataField(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/im", `{"mappings":{"properties":{"addr":{"type":"ip","ignore_malformed":true},"n":{"type":"long","ignore_malformed":true}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"im","_id":"1"}}
{"addr":"nope","n":"x"}
{"index":{"_index":"im","_id":"2"}}
{"addr":"10.0.0.1","n":1}
`, 200, `{<**>"errors":false<**>}`)
	expect(t, s, "POST", "/im/_search?filter_path=hits.hits._id,hits.hits._ignored", `{"query":{"exists":{"field":"_ignored"}}}`, 200,
		`{"hits":{"hits":[{"_id":"1","_ignored":["addr","n"]}]}}`)
	expect(t, s, "POST", "/im/_search?filter_path=hits.hits._id", `{"query":{"term":{"_ignored":"n"}}}`, 200, `{"hits":{"hits":[{"_id":"1"}]}}`)
	expect(t, s, "POST", "/im/_search?filter_path=hits.hits._id", `{"query":{"exists":{"field":"addr"}}}`, 200, `{"hits":{"hits":[{"_id":"2"}]}}`)
}
