package rest

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

func TestScroll(t *testing.T) {
	v, _ := version.Parse("2.19.0")
	c := clock.NewManual(time.Date(2024, 5, 18, 10, 30, 0, 0, time.UTC))
	b := &Backend{Cluster: cluster.New("test", 1, v), Indices: indices.New(c, v), Clock: c}
	st := cursor.NewStore(c)
	srv := NewServer(b.Routes()...)
	srv.Add(b.SearchRoutesWith(st)...)
	hs := httptest.NewServer(srv)
	defer hs.Close()
	loadArticles(t, hs, 2)

	page := func(code int, body string) (string, []string) {
		t.Helper()
		if code != 200 {
			t.Fatalf("status %d: %s", code, body)
		}
		var r struct {
			ScrollID string `json:"_scroll_id"`
			Hits     struct {
				Total struct{ Value int }
				Hits  []struct {
					ID string `json:"_id"`
				}
			}
		}
		if err := json.Unmarshal([]byte(body), &r); err != nil {
			t.Fatal(err)
		}
		if r.Hits.Total.Value != 4 {
			t.Fatalf("total %d: %s", r.Hits.Total.Value, body)
		}
		var ids []string
		for _, h := range r.Hits.Hits {
			ids = append(ids, h.ID)
		}
		return r.ScrollID, ids
	}
	id, ids := page(call(t, hs, "POST", "/idx/_search?scroll=1m&size=3&sort=views", ""))
	if strings.Join(ids, ",") != "4,1,2" {
		t.Fatalf("first page %v", ids)
	}
	second := mustCall(t, hs, "POST", "/_search/scroll", `{"scroll_id":"`+id+`"}`)
	if _, ids = page(200, second); strings.Join(ids, ",") != "3" || !strings.HasPrefix(second, `{"_scroll_id":"`+id+`","took":`) {
		t.Fatalf("second page %v: %s", ids, second)
	}
	if got := st.OpenContexts(); got != 2 {
		t.Errorf("open contexts %d, want 2 (one per shard)", got)
	}
	// The first page and one scroll call above consumed everything.
	if _, ids = page(call(t, hs, "GET", "/_search/scroll?scroll=1m&scroll_id="+id, "")); len(ids) != 0 {
		t.Fatalf("exhausted scroll returned %v", ids)
	}
	code, body := call(t, hs, "DELETE", "/_search/scroll", `{"scroll_id":["`+id+`"]}`)
	if code != 200 || body != `{"succeeded":true,"num_freed":1}` {
		t.Fatalf("clear: %d %s", code, body)
	}
	code, body = call(t, hs, "DELETE", "/_search/scroll/"+id, "")
	if code != 404 || body != `{"succeeded":true,"num_freed":0}` {
		t.Fatalf("clear again: %d %s", code, body)
	}
	code, body = call(t, hs, "POST", "/_search/scroll", `{"scroll_id":"`+id+`"}`)
	want := `{"error":{"root_cause":[{"type":"search_context_missing_exception","reason":"No search context found for id [1]"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":-1,"index":null,"reason":{"type":"search_context_missing_exception","reason":"No search context found for id [1]"}}],"caused_by":{"type":"search_context_missing_exception","reason":"No search context found for id [1]"}},"status":404}`
	if code != 404 || body != want {
		t.Fatalf("missing context: %d %s", code, body)
	}
	// Contexts expire on the server clock; a scroll call renews the keep-alive.
	id, _ = page(call(t, hs, "POST", "/idx/_search?scroll=1m&size=1", ""))
	c.Advance(50 * time.Second)
	page(call(t, hs, "POST", "/_search/scroll", `{"scroll":"1m","scroll_id":"`+id+`"}`))
	c.Advance(50 * time.Second)
	page(call(t, hs, "POST", "/_search/scroll", `{"scroll_id":"`+id+`"}`))
	c.Advance(61 * time.Second)
	if code, _ := call(t, hs, "POST", "/_search/scroll", `{"scroll_id":"`+id+`"}`); code != 404 {
		t.Fatalf("expired scroll answered %d", code)
	}
	if got := st.OpenContexts(); got != 0 {
		t.Errorf("open contexts after expiry %d", got)
	}
	for _, c := range []struct{ path, body, want string }{
		{"/idx/_search?scroll=1m&from=1", "", "Validation Failed: 1: using [from] is not allowed in a scroll context;"},
		{"/idx/_search?scroll=1m", `{"track_total_hits":false}`, "Validation Failed: 1: disabling [track_total_hits] is not allowed in a scroll context;"},
		{"/idx/_search?scroll=1m&size=10010", "", "Batch size is too large, size must be less than or equal to: [10000] but was [10010]."},
		{"/idx/_search?scroll=2d", "", "Keep alive for request (2d) is too large."},
		{"/_search/scroll", `{"scroll_id":"nonsense"}`, "Cannot parse scroll id"},
	} {
		code, body := call(t, hs, "POST", c.path, c.body)
		if code != 400 || !strings.Contains(body, c.want) {
			t.Errorf("%s %s: %d %s", c.path, c.body, code, body)
		}
	}
}

func mustCall(t *testing.T, hs *httptest.Server, method, path, body string) string {
	t.Helper()
	code, out := call(t, hs, method, path, body)
	if code != 200 {
		t.Fatalf("%s %s: %d %s", method, path, code, out)
	}
	return out
}

// Later scroll pages carry highlights and explanations like the first.
func TestScrollPagesHighlight(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 1)
	first := mustCall(t, hs, "POST", "/idx/_search?scroll=1m&size=1", `{"query":{"match":{"title":"quick"}},"highlight":{"fields":{"title":{}}},"explain":true,"_source":false}`)
	var r struct {
		ID string `json:"_scroll_id"`
	}
	if err := json.Unmarshal([]byte(first), &r); err != nil {
		t.Fatal(err)
	}
	second := mustCall(t, hs, "POST", "/_search/scroll", `{"scroll_id":"`+r.ID+`"}`)
	if !strings.Contains(second, `"highlight":{"title":["The <em>quick</em> brown fox"]}`) || !strings.Contains(second, `"_explanation":{"value":`) {
		t.Errorf("second page: %s", second)
	}
}
