package fake

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// aggsIndex makes index idx with the given shard count, mapping properties
// and documents (one JSON object each, ids 1, 2, ...), refreshed.
func aggsIndex(t *testing.T, shards int, props string, docs ...string) *Server {
	t.Helper()
	s := newTestServer(t)
	body := fmt.Sprintf(`{"settings":{"index.number_of_shards":%d},"mappings":{"properties":%s}}`, shards, props)
	if code, _, got := call(t, s, "PUT", "/idx", body); code != 200 {
		t.Fatalf("create idx: %d %s", code, got)
	}
	var b strings.Builder
	for i, d := range docs {
		fmt.Fprintf(&b, "{\"index\":{\"_id\":\"%d\"}}\n%s\n", i+1, d)
	}
	if len(docs) > 0 {
		if code, _, got := call(t, s, "POST", "/idx/_bulk?refresh=true", b.String()); code != 200 || strings.Contains(got, `"errors":true`) {
			t.Fatalf("bulk: %d %s", code, got)
		}
	}
	return s
}

// aggsOf runs a search and returns its aggregations object as sent.
func aggsOf(t *testing.T, s *Server, path, body string) string {
	t.Helper()
	code, _, got := call(t, s, "POST", path, body)
	if code != 200 {
		t.Fatalf("POST %s %s: %d %s", path, body, code, got)
	}
	var r struct {
		Aggregations json.RawMessage `json:"aggregations"`
	}
	if err := json.Unmarshal([]byte(got), &r); err != nil {
		t.Fatalf("POST %s: %v in %s", path, err, got)
	}
	return string(r.Aggregations)
}

// expectAggs checks a search's aggregations on one shard and on three.
func expectAggs(t *testing.T, props string, docs []string, body, want string) {
	t.Helper()
	for _, shards := range []int{1, 3} {
		s := aggsIndex(t, shards, props, docs...)
		if got := aggsOf(t, s, "/idx/_search", body); got != want {
			t.Errorf("%d shards, %s:\n got %s\nwant %s", shards, body, got, want)
		}
	}
}

// expectAggError checks a search's error status and body.
func expectAggError(t *testing.T, s *Server, body string, status int, want string) {
	t.Helper()
	expect(t, s, "POST", "/idx/_search", body, status, want)
}

// expectAggsPerShards checks a search's aggregations on one shard and on
// three when they differ (per-shard statistics such as significant_terms'
// background counts): want1 and want3.
func expectAggsPerShards(t *testing.T, props string, docs []string, body, want1, want3 string) {
	t.Helper()
	for shards, want := range map[int]string{1: want1, 3: want3} {
		s := aggsIndex(t, shards, props, docs...)
		if got := aggsOf(t, s, "/idx/_search", body); got != want {
			t.Errorf("%d shards, %s:\n got %s\nwant %s", shards, body, got, want)
		}
	}
}
