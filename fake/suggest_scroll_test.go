package fake

import (
	"strings"
	"testing"
)

// scrollID takes the _scroll_id out of a scroll response.
func scrollID(t *testing.T, body string) string {
	t.Helper()
	const head = `{"_scroll_id":"`
	if !strings.HasPrefix(body, head) {
		t.Fatalf("no _scroll_id in %s", body)
	}
	return body[len(head) : len(head)+strings.Index(body[len(head):], `"`)]
}

// A scroll may carry a suggest section: each page's query phase runs the
// suggesters again on the scroll's reader, so every page repeats them, and
// typed_keys, a parameter of the search request only, names them on the
// first page alone.
func TestSuggestInScroll(t *testing.T) {
	s := newTestServer(t)
	seedSuggest(t, s)
	sug := `"suggest":{"my":[` + entry("quikc", 0, 5, opt("quick", "0.8", 3)) + `]}`
	first := expect(t, s, "POST", "/s/_search?scroll=1m&typed_keys=true", `{"size":3,"query":{"match_all":{}},"_source":false,"sort":["_id"],"suggest":{"my":{"text":"quikc","term":{"field":"body","size":1}}}}`, 200,
		`{"_scroll_id":<*>,"took":<*>,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[`+
			`{"_index":"s","_id":"1","_score":null,"sort":["1"]},{"_index":"s","_id":"2","_score":null,"sort":["2"]},{"_index":"s","_id":"3","_score":null,"sort":["3"]}]},`+
			strings.Replace(sug, `"my"`, `"term#my"`, 1)+`}`)
	id := scrollID(t, first)
	expect(t, s, "POST", "/_search/scroll", `{"scroll":"1m","scroll_id":"`+id+`"}`, 200,
		`{"_scroll_id":"`+id+`","took":<*>,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[`+
			`{"_index":"s","_id":"4","_score":null,"sort":["4"]}]},`+sug+`}`)
	expect(t, s, "POST", "/_search/scroll", `{"scroll":"1m","scroll_id":"`+id+`"}`, 200,
		`{"_scroll_id":"`+id+`","took":<*>,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":4,"relation":"eq"},"max_score":null,"hits":[]},`+sug+`}`)
}

// A suggest-only scroll runs no query phase: no hits on any page, the
// suggestions on each.
func TestSuggestOnlyScroll(t *testing.T) {
	s := newTestServer(t)
	seedSuggest(t, s)
	page := `"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]},` +
		`"suggest":{"my":[` + entry("brwn", 0, 4, opt("brown", "0.75", 2)) + `]}}`
	first := expect(t, s, "POST", "/s/_search?scroll=1m", `{"suggest":{"my":{"text":"brwn","term":{"field":"body"}}}}`, 200, `{"_scroll_id":<*>,"took":<*>,`+page)
	id := scrollID(t, first)
	expect(t, s, "POST", "/_search/scroll", `{"scroll":"1m","scroll_id":"`+id+`"}`, 200, `{"_scroll_id":"`+id+`","took":<*>,<**>`+page)
}
