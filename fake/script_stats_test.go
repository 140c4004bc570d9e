package fake_test

import (
	"encoding/json"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
)

// TestNodesStatsCountSearchScripts: search scripts compile in their own contexts, which
// node stats count in the script sum and list in script_cache.
func TestNodesStatsCountSearchScripts(t *testing.T) {
	srv := fake.New(t)
	doRaw(t, srv, "PUT", "/s/_doc/1?refresh=true", `{"n":1}`)
	doRaw(t, srv, "POST", "/s/_update/1", `{"script":{"source":"ctx._source.n += 1"}}`)
	for i := 0; i < 2; i++ { // the second search is served by the caches
		if status, _, body := doRaw(t, srv, "POST", "/s/_search", `{"query":{"script":{"script":"doc['n'].value > 0"}},"script_fields":{"x":{"script":"doc['n'].value"}},"sort":[{"_script":{"type":"number","script":"doc['n'].value"}}]}`); status != 200 {
			t.Fatalf("search: %d %s", status, body)
		}
	}
	_, _, body := doRaw(t, srv, "GET", "/_nodes/stats/script,script_cache?filter_path=nodes.*.script.compilations,nodes.*.script_cache.contexts.context,nodes.*.script_cache.contexts.compilations", "")
	var out struct {
		Nodes map[string]json.RawMessage `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil || len(out.Nodes) != 1 {
		t.Fatalf("%v: %s", err, body)
	}
	want := `{"script":{"compilations":4},"script_cache":{"contexts":[` +
		`{"context":"aggregation_selector","compilations":0},{"context":"aggs","compilations":0},{"context":"aggs_combine","compilations":0},` +
		`{"context":"aggs_init","compilations":0},{"context":"aggs_map","compilations":0},{"context":"aggs_reduce","compilations":0},` +
		`{"context":"analysis","compilations":0},{"context":"bucket_aggregation","compilations":0},{"context":"field","compilations":1},` +
		`{"context":"filter","compilations":1},{"context":"ingest","compilations":0},{"context":"interval","compilations":0},` +
		`{"context":"moving-function","compilations":0},{"context":"number_sort","compilations":1},{"context":"painless_test","compilations":0},` +
		`{"context":"processor_conditional","compilations":0},{"context":"score","compilations":0},{"context":"script_heuristic","compilations":0},` +
		`{"context":"similarity","compilations":0},{"context":"similarity_weight","compilations":0},{"context":"string_sort","compilations":0},` +
		`{"context":"template","compilations":0},{"context":"terms_set","compilations":0},{"context":"update","compilations":1}]}}`
	for _, got := range out.Nodes {
		if string(got) != want {
			t.Fatalf("got  %s\nwant %s", got, want)
		}
	}
}
