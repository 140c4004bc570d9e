package documents_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestUpdateAgainstFake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := fake.New(t)
	if err := srv.IndexDocuments("books", fake.Doc{ID: "1", Source: map[string]any{"title": "Go", "likes": 1}}); err != nil {
		t.Fatal(err)
	}
	docs := srv.Client().Documents

	up, err := docs.Update(ctx, "books", "1", &documents.UpdateRequest{
		Script: types.NewScript("ctx._source.likes += params.n", map[string]any{"n": 2}),
	}, &documents.UpdateParams{Source: query.SourceOn(), Refresh: types.RefreshTrue})
	if err != nil {
		t.Fatal(err)
	}
	if up.Result != "updated" || up.Version != 2 || up.Get == nil || !up.Get.Found || !strings.Contains(string(up.Get.Source), `"likes":3`) {
		t.Fatalf("scripted update = %+v (get %+v)", up, up.Get)
	}
	noop, err := docs.Update(ctx, "books", "1", &documents.UpdateRequest{Doc: map[string]any{"title": "Go"}}, nil)
	if err != nil || noop.Result != "noop" || noop.Version != 2 {
		t.Fatalf("noop = %+v %v", noop, err)
	}
	created, err := docs.Update(ctx, "books", "2", &documents.UpdateRequest{Doc: map[string]any{"title": "Rust"}, DocAsUpsert: query.Ptr(true)}, nil)
	if err != nil || created.StatusCode != 201 || created.Result != "created" || created.Version != 1 {
		t.Fatalf("doc_as_upsert = %+v %v", created, err)
	}
	if _, err := docs.Update(ctx, "books", "missing", &documents.UpdateRequest{Doc: map[string]any{"a": 1}}, nil); !types.IsType(err, "document_missing_exception") {
		t.Fatalf("update of a missing document: %v", err)
	}
	if _, err := docs.Update(ctx, "books", "1", &documents.UpdateRequest{Doc: map[string]any{"a": 1}},
		&documents.UpdateParams{IfSeqNo: query.Ptr(int64(999)), IfPrimaryTerm: query.Ptr(int64(1))}); !types.IsConflict(err) {
		t.Fatalf("stale if_seq_no: %v", err)
	}
}

func TestDeleteByQueryAgainstFake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := fake.New(t)
	if err := srv.IndexDocuments("logs",
		fake.Doc{ID: "1", Source: map[string]any{"level": "debug"}},
		fake.Doc{ID: "2", Source: map[string]any{"level": "debug"}},
		fake.Doc{ID: "3", Source: map[string]any{"level": "error"}},
	); err != nil {
		t.Fatal(err)
	}
	docs := srv.Client().Documents
	resp, err := docs.DeleteByQuery(ctx, []string{"logs"}, &documents.DeleteByQueryRequest{Query: query.Term("level.keyword", "debug")},
		&documents.DeleteByQueryParams{Refresh: types.RefreshTrue})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Deleted != 2 || resp.Total != 2 || resp.Updated != nil || resp.Created != nil || resp.Failures == nil || resp.RequestsPerSecond != -1 {
		t.Fatalf("delete by query = %+v", resp)
	}
	if ok, err := docs.Exists(ctx, "logs", "3", nil); !ok || err != nil {
		t.Fatalf("the error log must stay: %v %v", ok, err)
	}
	task, err := docs.DeleteByQueryAsync(ctx, []string{"logs"}, &documents.DeleteByQueryRequest{Query: query.MatchAll()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(task.Task), ":") || task.NodeID() == "" {
		t.Fatalf("task = %+v", task)
	}
}

// TestFakeAnswersSurviveRoundTrip decodes the fake's own bytes and encodes them back: no
// field the server sends may be lost.
func TestFakeAnswersSurviveRoundTrip(t *testing.T) {
	t.Parallel()
	srv := fake.New(t)
	if err := srv.IndexDocuments("books", fake.Doc{ID: "1", Source: map[string]any{"title": "Go", "likes": 1}}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		method, path, contentType, body string
		out                             any
	}{
		{"PUT", "/books/_doc/2?refresh=true", "application/json", `{"title":"Rust"}`, new(documents.WriteResponse)},
		{"GET", "/books/_doc/1", "", "", new(documents.GetResponse)},
		{"POST", "/books/_update/1?_source=true", "application/json", `{"doc":{"likes":2}}`, new(documents.UpdateResponse)},
		{"POST", "/books/_update/1", "application/json", `{"doc":{"likes":2}}`, new(documents.UpdateResponse)},
		{"POST", "/_bulk?refresh=true", "application/x-ndjson", "{\"index\":{\"_index\":\"books\",\"_id\":\"3\"}}\n{\"t\":1}\n{\"create\":{\"_index\":\"books\",\"_id\":\"3\"}}\n{\"t\":2}\n{\"update\":{\"_index\":\"books\",\"_id\":\"1\"}}\n{\"doc\":{\"t\":3},\"_source\":true}\n{\"delete\":{\"_index\":\"books\",\"_id\":\"9\"}}\n", new(documents.BulkResponse)},
		{"POST", "/books/_delete_by_query?refresh=true", "application/json", `{"query":{"ids":{"values":["3"]}}}`, new(documents.DeleteByQueryResponse)},
		{"POST", "/books/_delete_by_query?wait_for_completion=false", "application/json", `{"query":{"match_none":{}}}`, new(documents.TaskStarted)},
		{"DELETE", "/books/_doc/2", "", "", new(documents.WriteResponse)},
	}
	for _, c := range cases {
		raw := send(t, srv, c.method, c.path, c.contentType, c.body)
		if err := jsonx.Unmarshal(raw, c.out); err != nil {
			t.Fatalf("%s %s: %v", c.method, c.path, err)
		}
		again, err := jsonx.Marshal(c.out)
		if err != nil {
			t.Fatal(err)
		}
		var a, b any
		_ = jsonx.Unmarshal(raw, &a)
		_ = jsonx.Unmarshal(again, &b)
		if d := cmp.Diff(a, b); d != "" {
			t.Errorf("%s %s: round trip changed the answer (-server +again):\n%s", c.method, c.path, d)
		}
	}
}

func send(t *testing.T, srv *fake.Server, method, path, contentType, body string) []byte {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL()+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := srv.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode >= 300 {
		t.Fatalf("%s %s: %d %v %s", method, path, resp.StatusCode, err, b)
	}
	return b
}

func TestUpdateByQueryAgainstFake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := fake.New(t)
	if err := srv.IndexDocuments("books",
		fake.Doc{ID: "1", Source: map[string]any{"status": "draft", "likes": 1}},
		fake.Doc{ID: "2", Source: map[string]any{"status": "draft", "likes": 5}},
		fake.Doc{ID: "3", Source: map[string]any{"status": "published", "likes": 9}},
	); err != nil {
		t.Fatal(err)
	}
	docs := srv.Client().Documents
	resp, err := docs.UpdateByQuery(ctx, []string{"books"}, &documents.UpdateByQueryRequest{
		Query:  query.Term("status.keyword", "draft"),
		Script: types.NewScript("ctx._source.status = params.s", map[string]any{"s": "published"}),
	}, &documents.UpdateByQueryParams{DeleteByQueryParams: documents.DeleteByQueryParams{Refresh: types.RefreshTrue}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Updated == nil || *resp.Updated != 2 || resp.Total != 2 || resp.Created != nil {
		t.Fatalf("update by query = %+v", resp)
	}
	got, err := docs.Get(ctx, "books", "2", nil)
	if err != nil || !strings.Contains(string(got.Source), `"status":"published"`) || *got.Version != 2 {
		t.Fatalf("document 2 = %s %v", got.Source, err)
	}
}
