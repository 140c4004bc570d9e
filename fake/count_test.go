package fake

import "testing"

func TestCountQueries(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/c", `{"settings":{"number_of_shards":3},"mappings":{"properties":{"tag":{"type":"keyword"},"n":{"type":"integer"},"price":{"type":"double"},"at":{"type":"date"},"ok":{"type":"boolean"},"body":{"type":"text"}}}}`, 200, "")
	docs := []string{
		`{"tag":"red","n":1,"price":1.5,"at":"2024-01-01","ok":true,"body":"The quick brown fox"}`,
		`{"tag":"blue","n":2,"price":2.5,"at":"2024-02-01","ok":false,"body":"the lazy dog"}`,
		`{"tag":["red","green"],"n":3,"at":"2024-03-01","body":"Quick quick FOX jumps"}`,
		`{"tag":"Red","n":4,"price":4.0,"body":"nothing here"}`,
		`{"other":"x"}`,
	}
	bulk := ""
	for i, d := range docs {
		bulk += `{"index":{"_id":"` + string(rune('1'+i)) + `"}}` + "\n" + d + "\n"
	}
	expect(t, s, "POST", "/c/_bulk?refresh=true", bulk, 200, `{"took":<*>,"errors":false,<**>`)
	tests := []struct {
		query string
		want  string
	}{
		{`{"match_all":{}}`, "5"},
		{`{"match_none":{}}`, "0"},
		{`{"term":{"tag":"red"}}`, "2"},
		{`{"term":{"tag":{"value":"RED","case_insensitive":true}}}`, "3"},
		{`{"terms":{"tag":["blue","green"]}}`, "2"},
		{`{"term":{"n":3}}`, "1"},
		{`{"term":{"ok":true}}`, "1"},
		{`{"range":{"n":{"gt":1,"lte":3}}}`, "2"},
		{`{"range":{"price":{"gte":2.5}}}`, "2"},
		{`{"range":{"at":{"gte":"2024-01-15","lt":"2024-03-01"}}}`, "1"},
		{`{"range":{"at":{"gte":"2024-02-01||/M","lte":"2024-03-01||/M"}}}`, "2"},
		{`{"range":{"tag":{"gte":"green","lt":"red"}}}`, "1"},
		{`{"exists":{"field":"price"}}`, "3"},
		{`{"exists":{"field":"other"}}`, "1"},
		{`{"ids":{"values":["1","5","9"]}}`, "2"},
		{`{"match":{"body":"QUICK fox"}}`, "2"},
		{`{"match":{"body":{"query":"quick dog","operator":"and"}}}`, "0"},
		{`{"match":{"body":{"query":"quick lazy jumps","minimum_should_match":2}}}`, "1"},
		{`{"match":{"tag":"red"}}`, "2"},
		{`{"term":{"body":"Quick"}}`, "0"},
		{`{"term":{"body":"quick"}}`, "2"},
		{`{"bool":{"must":[{"term":{"tag":"red"}}],"must_not":[{"term":{"n":1}}]}}`, "1"},
		{`{"bool":{"should":[{"term":{"n":1}},{"term":{"n":2}}]}}`, "2"},
		{`{"bool":{"filter":[{"exists":{"field":"n"}}],"should":[{"term":{"n":1}}]}}`, "4"},
		{`{"bool":{"should":[{"term":{"n":1}},{"term":{"tag":"red"}}],"minimum_should_match":2}}`, "1"},
		{`{"bool":{}}`, "5"},
		{`{"constant_score":{"filter":{"term":{"tag":"blue"}}}}`, "1"},
		{`{"term":{"unmapped":"x"}}`, "0"},
	}
	for _, tt := range tests {
		expect(t, s, "POST", "/c/_count?filter_path=count", `{"query":`+tt.query+`}`, 200, `{"count":`+tt.want+`}`)
	}
	expect(t, s, "POST", "/c/_count", `{"query":{"term":{"n":"abc"}}}`, 400, `{"error":{"root_cause":[{"type":"query_shard_exception","reason":"failed to create query: For input string: \"abc\"","index":"c","index_uuid":<*>}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"c","node":<*>,"reason":{"type":"query_shard_exception",<**>}}],"caused_by":{"type":"query_shard_exception",<**>},"status":400}`)
	expect(t, s, "POST", "/c/_count", `{"query":{"foo":{}}}`, 400, `{"error":{"root_cause":[{"type":"parsing_exception","reason":"unknown query [foo]","line":1,"col":17}],<**>`)
	expect(t, s, "POST", "/c/_count", `{"size":1}`, 400, `<**>"type":"parsing_exception","reason":"request does not support [size]"<**>`)
	expect(t, s, "POST", "/c/_count?filter_path=count", `{"query":{"wildcard":{"tag":"r*"}}}`, 200, `{"count":2}`)
	expect(t, s, "GET", "/c/_count?q=tag:red&filter_path=count", "", 200, `{"count":2}`)
	// Deleted and overwritten documents leave the count at the next refresh.
	expect(t, s, "DELETE", "/c/_doc/1?refresh=true", "", 200, "")
	expect(t, s, "PUT", "/c/_doc/2?refresh=true", `{"tag":"red"}`, 200, "")
	expect(t, s, "POST", "/c/_count?filter_path=count", `{"query":{"term":{"tag":"red"}}}`, 200, `{"count":2}`)
	expect(t, s, "POST", "/c/_count?filter_path=count", `{"query":{"term":{"tag":"blue"}}}`, 200, `{"count":0}`)
}
