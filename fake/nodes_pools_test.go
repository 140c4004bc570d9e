package fake_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
)

func TestNodesStatsPoolsCountOnTheNodesHoldingCopies(t *testing.T) {
	srv := fake.New(t, fake.WithNodes(3))
	steps := []struct{ method, path, body string }{
		{"PUT", "/p", `{"settings":{"number_of_shards":1,"number_of_replicas":1}}`},
		{"PUT", "/p/_doc/1", `{"v":1}`},
		{"GET", "/p/_doc/1", ""},
		{"POST", "/p/_search", `{"query":{"match_all":{}}}`},
	}
	for _, s := range steps {
		if status, _, body := doRaw(t, srv, s.method, s.path, s.body); status >= 300 {
			t.Fatalf("%s %s: %d %s", s.method, s.path, status, body)
		}
	}
	var out struct {
		Nodes map[string]struct {
			Name       string `json:"name"`
			ThreadPool map[string]struct {
				Completed int64 `json:"completed"`
			} `json:"thread_pool"`
			HTTP struct {
				TotalOpened int64 `json:"total_opened"`
			} `json:"http"`
			Indices struct {
				Docs struct {
					Count int64 `json:"count"`
				} `json:"docs"`
			} `json:"indices"`
		} `json:"nodes"`
	}
	_, _, body := doRaw(t, srv, "GET", "/_nodes/stats/thread_pool,http,indices/docs", "")
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Nodes) != 3 {
		t.Fatalf("%d nodes", len(out.Nodes))
	}
	var withDoc, writes, gets, searches, httpNodes int64
	for _, n := range out.Nodes {
		w, g, s := n.ThreadPool["write"].Completed, n.ThreadPool["get"].Completed, n.ThreadPool["search"].Completed
		writes, gets, searches = writes+w, gets+g, searches+s
		if n.HTTP.TotalOpened > 0 {
			httpNodes++
		}
		if n.Indices.Docs.Count == 1 {
			withDoc++
			// The primary and the replica each run the write; the read and
			// the search (one shard: query and fetch in one task) run on
			// the primary only.
			if w != 1 {
				t.Errorf("node %s holds a copy but ran %d writes", n.Name, w)
			}
		} else if w+g+s != 0 {
			t.Errorf("node %s holds no copy but ran write %d, get %d, search %d", n.Name, w, g, s)
		}
	}
	if got := []int64{withDoc, writes, gets, searches, httpNodes}; !reflect.DeepEqual(got, []int64{2, 2, 1, 1, 1}) {
		t.Errorf("copies, write, get, search tasks, nodes with HTTP connections = %v, want [2 2 1 1 1]", got)
	}
}
