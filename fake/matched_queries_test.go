package fake

import (
	"strings"
	"testing"
)

// Named queries anywhere in the query or post filter are reported per hit
// (MatchedQueriesPhase): in the order a HashMap of the names iterates, and
// with include_named_queries_score each with the score the named query
// alone gives (its own boost, scored even in filter context).
func TestMatchedQueries(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"mq","_id":"1"}}
{"n":1,"t":"quick fox"}
{"index":{"_index":"mq","_id":"2"}}
{"n":[1,2],"t":"lazy dog"}
`, 200, "")
	body := `{"query":{"bool":{"should":[{"match":{"n":{"query":2,"_name":"b","boost":10}}},{"term":{"n":{"value":1,"_name":"a"}}}],` +
		`"filter":[{"exists":{"field":"n","_name":"has_n"}}]}},"post_filter":{"match":{"t":{"query":"fox dog","_name":"pf"}}}}`
	expect(t, s, "POST", "/mq/_search", body, 200,
		`{<**>"hits":[{"_index":"mq","_id":"2","_score":11.0,"_source":<**>,"matched_queries":["a","b","pf","has_n"]},`+
			`{"_index":"mq","_id":"1","_score":1.0,"_source":<**>,"matched_queries":["a","pf","has_n"]}]}}`)
	expect(t, s, "POST", "/mq/_search?include_named_queries_score=true", body, 200,
		`{<**>"hits":[{<**>"matched_queries":{"a":1.0,"b":10.0,"pf":<*>,"has_n":1.0}},{<**>"matched_queries":{"a":1.0,"pf":<*>,"has_n":1.0}}]}}`)
	// No named query: no matched_queries at all.
	got := expect(t, s, "POST", "/mq/_search", `{"query":{"term":{"n":1}}}`, 200, "")
	if strings.Contains(got, "matched_queries") {
		t.Errorf("unnamed query reported matched_queries: %s", got)
	}
}
