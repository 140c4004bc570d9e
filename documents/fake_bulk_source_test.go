package documents_test

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestBulkUpdateSourceAgainstFake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := fake.New(t)
	if err := srv.IndexDocuments("b", fake.Doc{ID: "1", Source: map[string]any{"n": 1, "m": map[string]any{"a": 1, "b": 2}}}); err != nil {
		t.Fatal(err)
	}
	resp, err := srv.Client().Documents.Bulk(ctx, "b", []documents.BulkOperation{
		&documents.BulkUpdate{BulkMeta: documents.BulkMeta{ID: "1"}, Source: query.SourceIncludesExcludes([]string{"m.*"}, []string{"m.b"}),
			Body: documents.UpdateRequest{Script: types.NewScript("ctx._source.n += params.k", map[string]any{"k": 2})}},
		&documents.BulkUpdate{BulkMeta: documents.BulkMeta{ID: "1"}, Body: documents.UpdateRequest{Doc: map[string]any{"n": 3}}},
	}, &documents.BulkParams{SourceIncludes: []string{"n"}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Errors || len(resp.Items) != 2 {
		t.Fatalf("resp = %+v", resp)
	}
	if g := resp.Items[0].Result.Get; g == nil || !g.Found || string(g.Source) != `{"m":{"a":1}}` {
		t.Errorf("item 0 get = %+v", g)
	}
	if r := resp.Items[1].Result; r.Result != "noop" || r.Get == nil || string(r.Get.Source) != `{"n":3}` {
		t.Errorf("item 1 = %+v (get %+v)", r, r.Get)
	}
}
