package fake_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/dangling"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestDanglingListImportDelete(t *testing.T) {
	srv := fake.New(t, fake.WithNodes(2), fake.WithClusterName("c1"))
	uuid, err := srv.AddDanglingIndex(fake.DanglingIndex{
		Name: "movies", UUID: "p6tliBznQO-FzTdslShrwA", CreationDate: 1694099652069, Nodes: []int{1},
		Body: `{"settings":{"number_of_shards":2,"number_of_replicas":0},"mappings":{"properties":{"title":{"type":"text"}}}}`,
		Docs: []fake.Doc{{ID: "1", Source: `{"title":"Alien"}`}, {ID: "2", Routing: "r", Source: `{"title":"Heat"}`}},
	})
	if err != nil || uuid != "p6tliBznQO-FzTdslShrwA" {
		t.Fatalf("AddDanglingIndex: %q %v", uuid, err)
	}
	// The list follows the server's HashMap of UUIDs: this one's bucket (0)
	// comes before movies' (13).
	other, err := srv.AddDanglingIndex(fake.DanglingIndex{Name: ".opensearch-observability", UUID: "_bJfm1BsRdG-N91LRxI1Vg", CreationDate: 5})
	if err != nil {
		t.Fatal(err)
	}
	ids := nodeIDsByName(t, srv)
	status, _, body := doRaw(t, srv, "GET", "/_dangling", "")
	want := `{"_nodes":{"total":2,"successful":2,"failed":0},"cluster_name":"c1","dangling_indices":[` +
		`{"index_name":".opensearch-observability","index_uuid":"` + other + `","creation_date_millis":5,"node_ids":["` + ids["node-1"] + `"]},` +
		`{"index_name":"movies","index_uuid":"p6tliBznQO-FzTdslShrwA","creation_date_millis":1694099652069,"node_ids":["` + ids["node-2"] + `"]}]}`
	if status != 200 || body != want {
		t.Fatalf("list: %d %s\nwant %s", status, body, want)
	}

	errCases := []struct {
		method, path, reason string
	}{
		{"POST", "/_dangling/nope", "No dangling index found for UUID [nope]"},
		{"POST", "/_dangling/nope?accept_data_loss=true", "No dangling index found for UUID [nope]"},
		{"POST", "/_dangling/" + uuid, "accept_data_loss must be set to true"},
		{"POST", "/_dangling/" + uuid + "?accept_data_loss=false", "accept_data_loss must be set to true"},
		{"DELETE", "/_dangling/" + uuid, "accept_data_loss must be set to true"},
		{"DELETE", "/_dangling/nope", "No dangling index found for UUID [nope]"},
		{"POST", "/_dangling/" + uuid + "?accept_data_loss=yes", "Failed to parse value [yes] as only [true] or [false] are allowed."},
		// accept_data_loss is read before the timeouts, so its error wins.
		{"DELETE", "/_dangling/" + uuid + "?timeout=soon&accept_data_loss=yes", "Failed to parse value [yes] as only [true] or [false] are allowed."},
	}
	for _, c := range errCases {
		status, _, body := doRaw(t, srv, c.method, c.path, "")
		want := `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"` + c.reason + `"}],"type":"illegal_argument_exception","reason":"` + c.reason + `"},"status":400}`
		if status != 400 || body != want {
			t.Errorf("%s %s: %d %s\nwant %s", c.method, c.path, status, body, want)
		}
	}

	status, _, body = doRaw(t, srv, "POST", "/_dangling/"+uuid+"?accept_data_loss=true&timeout=10s", "")
	if status != 202 || body != `{"acknowledged":true}` {
		t.Fatalf("import: %d %s", status, body)
	}
	status, _, body = doRaw(t, srv, "GET", "/movies/_settings?filter_path=*.settings.index.uuid,*.settings.index.creation_date,*.settings.index.number_of_shards", "")
	if status != 200 || body != `{"movies":{"settings":{"index":{"number_of_shards":"2","creation_date":"1694099652069","uuid":"p6tliBznQO-FzTdslShrwA"}}}}` {
		t.Errorf("imported settings: %d %s", status, body)
	}
	if src, ok := srv.DocumentRouted("movies", "2", "r"); !ok || string(src) != `{"title":"Heat"}` {
		t.Errorf("imported document 2: %s %v", src, ok)
	}
	status, _, body = doRaw(t, srv, "GET", "/movies/_count", "")
	if status != 200 || !strings.HasPrefix(body, `{"count":2,`) {
		t.Errorf("count after import: %d %s", status, body)
	}

	// The SDK deletes the other one and lists what is left.
	ds := srv.Client().Dangling
	ctx := context.Background()
	if _, err := ds.Delete(ctx, other, &dangling.ChangeParams{AcceptDataLoss: true}); err != nil {
		t.Fatalf("delete: %v", err)
	}
	list, err := ds.List(ctx)
	if err != nil || len(list.DanglingIndices) != 0 {
		t.Fatalf("list after import and delete: %+v %v", list, err)
	}
	_, err = ds.Import(ctx, other, &dangling.ChangeParams{AcceptDataLoss: true})
	var apiErr *types.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 400 || apiErr.Reason != "No dangling index found for UUID ["+other+"]" {
		t.Errorf("import of a deleted dangling index: %v", err)
	}
}

func TestDetachIndexAndImportBack(t *testing.T) {
	srv := fake.New(t)
	if err := srv.CreateIndex("books", `{"mappings":{"properties":{"n":{"type":"long"}}}}`); err != nil {
		t.Fatal(err)
	}
	if err := srv.IndexDocuments("books", fake.Doc{ID: "a", Source: `{"n":1}`}, fake.Doc{ID: "b", Source: `{"n":2}`}); err != nil {
		t.Fatal(err)
	}
	doRaw(t, srv, "PUT", "/books/_doc/a", `{"n":3}`) // version 2
	uuid, err := srv.DetachIndex("books")
	if err != nil {
		t.Fatal(err)
	}
	if status, _, _ := doRaw(t, srv, "GET", "/books", ""); status != 404 {
		t.Fatalf("detached index still answers %d", status)
	}
	// A new index with the same name blocks the import, which is acknowledged and skipped.
	if err := srv.CreateIndex("books", nil); err != nil {
		t.Fatal(err)
	}
	if status, _, body := doRaw(t, srv, "POST", "/_dangling/"+uuid+"?accept_data_loss=true", ""); status != 202 || body != `{"acknowledged":true}` {
		t.Fatalf("import over an existing name: %d %s", status, body)
	}
	if _, _, body := doRaw(t, srv, "GET", "/_dangling", ""); !strings.Contains(body, uuid) {
		t.Fatalf("skipped import no longer lists the index: %s", body)
	}
	doRaw(t, srv, "DELETE", "/books", "")
	if status, _, _ := doRaw(t, srv, "POST", "/_dangling/"+uuid+"?accept_data_loss=true", ""); status != 202 {
		t.Fatalf("import: %d", status)
	}
	status, _, body := doRaw(t, srv, "GET", "/books/_doc/a", "")
	if status != 200 || !strings.Contains(body, `"_version":2,`) || !strings.Contains(body, `"_source":{"n":3}`) {
		t.Errorf("imported document: %d %s", status, body)
	}
	status, _, body = doRaw(t, srv, "GET", "/books/_mapping", "")
	if status != 200 || body != `{"books":{"mappings":{"properties":{"n":{"type":"long"}}}}}` {
		t.Errorf("imported mapping: %d %s", status, body)
	}
	if _, err := srv.DetachIndex("nope"); err == nil {
		t.Error("detaching a missing index succeeded")
	}
}

// nodeIDsByName maps node names to ids through GET /_nodes.
func nodeIDsByName(t *testing.T, srv *fake.Server) map[string]string {
	out := map[string]string{}
	for id, n := range getStats(t, srv, "/_nodes").Nodes {
		out[strings.Trim(string(n["name"]), `"`)] = id
	}
	return out
}
