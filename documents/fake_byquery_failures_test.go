package documents_test

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// A shard that fails the scroll while another answers: the fake answers 400
// with the response, and the SDK hands back both.
func TestByQuerySearchFailureAgainstFake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := fake.New(t)
	for name, typ := range map[string]string{"nums": "long", "words": "keyword"} {
		if err := srv.CreateIndex(name, map[string]any{"mappings": map[string]any{"properties": map[string]any{"n": map[string]any{"type": typ}}}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := srv.IndexDocuments("nums", fake.Doc{ID: "1", Source: map[string]any{"n": 1}}); err != nil {
		t.Fatal(err)
	}
	if err := srv.IndexDocuments("words", fake.Doc{ID: "1", Source: map[string]any{"n": "abc"}}); err != nil {
		t.Fatal(err)
	}
	docs := srv.Client().Documents
	resp, err := docs.DeleteByQuery(ctx, []string{"nums", "words"}, &documents.DeleteByQueryRequest{Query: query.Term("n", "abc")}, nil)
	if !types.IsBadRequest(err) || resp == nil {
		t.Fatalf("resp = %+v, err = %v", resp, err)
	}
	if resp.StatusCode != 400 || resp.Total != 0 || resp.Deleted != 0 || resp.Batches != 0 || len(resp.Failures) != 1 {
		t.Fatalf("resp = %+v", resp)
	}
	f := resp.Failures[0]
	if f.Index != "nums" || f.Shard == nil || *f.Shard != 0 || f.Node == "" || f.Status != 400 || f.Reason == nil ||
		f.Reason.Type != "query_shard_exception" || f.Reason.Reason != `failed to create query: For input string: "abc"` {
		t.Errorf("failure = %+v (reason %+v)", f, f.Reason)
	}
	if ok, err := docs.Exists(ctx, "words", "1", nil); !ok || err != nil {
		t.Fatalf("nothing may be deleted: %v %v", ok, err)
	}
	up, err := docs.Update(ctx, "words", "2", &documents.UpdateRequest{Doc: map[string]any{"n": "x"}}, &documents.UpdateParams{DocAsUpsert: query.Ptr(true)})
	if err != nil || up.Result != "created" || up.StatusCode != 201 {
		t.Fatalf("doc_as_upsert in the URL: %+v %v", up, err)
	}
}
