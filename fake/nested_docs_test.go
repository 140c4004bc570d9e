package fake_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
)

// Nested objects are Lucene documents of their own: node stats count them
// (docs.count and docs.deleted are Lucene's), while _count, hits.total and
// delete by query see root documents only.
func TestNestedDocumentCounts(t *testing.T) {
	srv := fake.New(t)
	steps := [][3]string{
		{"PUT", "/shop", `{"mappings":{"properties":{"reviews":{"type":"nested","properties":{"tag":{"type":"keyword"},"votes":{"type":"nested"}}}}}}`},
		{"PUT", "/shop/_doc/1", `{"reviews":[{"tag":"good","votes":[{"v":1},{"v":2}]},{"tag":"bad"}]}`},
		{"PUT", "/shop/_doc/2", `{"reviews":{"tag":"good"}}`},
		{"PUT", "/shop/_doc/3?refresh=true", `{"title":"no reviews"}`},
	}
	for _, s := range steps {
		if status, _, body := doRaw(t, srv, s[0], s[1], s[2]); status >= 300 {
			t.Fatalf("%s %s: %d %s", s[0], s[1], status, body)
		}
	}
	docs := func() (count, deleted int64) {
		t.Helper()
		for _, n := range getStats(t, srv, "/_nodes/stats/indices/docs").Nodes {
			var ix struct {
				Docs struct{ Count, Deleted int64 }
			}
			if err := json.Unmarshal(n["indices"], &ix); err != nil {
				t.Fatal(err)
			}
			count, deleted = count+ix.Docs.Count, deleted+ix.Docs.Deleted
		}
		return count, deleted
	}
	expect := func(method, path, body, want string) {
		t.Helper()
		if status, _, got := doRaw(t, srv, method, path, body); status != 200 || !strings.Contains(got, want) {
			t.Errorf("%s %s %s: %d %s, want %s", method, path, body, status, got, want)
		}
	}
	// 3 roots, 3 reviews, 2 votes.
	if c, d := docs(); c != 8 || d != 0 {
		t.Errorf("docs %d deleted %d, want 8 and 0", c, d)
	}
	expect("GET", "/shop/_count", "", `{"count":3,`)
	expect("POST", "/shop/_search", `{"query":{"match_all":{}},"size":0}`, `"total":{"value":3,"relation":"eq"}`)
	expect("POST", "/shop/_search", `{"query":{"term":{"reviews.tag":"good"}},"size":0}`, `"total":{"value":0,"relation":"eq"}`)
	expect("POST", "/shop/_delete_by_query?refresh=true", `{"query":{"term":{"reviews.tag":"good"}}}`, `"deleted":0,`)
	expect("POST", "/shop/_delete_by_query?refresh=true", `{"query":{"nested":{"path":"reviews","query":{"term":{"reviews.tag":"bad"}}}}}`, `"deleted":1,`)
	// Deleting root 1 deletes its block of 5 documents.
	if c, d := docs(); c != 3 || d != 5 {
		t.Errorf("after delete: docs %d deleted %d, want 3 and 5", c, d)
	}
	expect("GET", "/shop/_count", "", `{"count":2,`)
}
