package documents_test

import (
	"context"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestReindexAgainstFake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := fake.New(t)
	if err := srv.IndexDocuments("books",
		fake.Doc{ID: "1", Source: map[string]any{"title": "Go", "status": "published"}},
		fake.Doc{ID: "2", Source: map[string]any{"title": "Rust", "status": "draft"}},
		fake.Doc{ID: "3", Source: map[string]any{"title": "Zig", "status": "published"}},
	); err != nil {
		t.Fatal(err)
	}
	docs := srv.Client().Documents
	resp, err := docs.Reindex(ctx, &documents.ReindexRequest{
		Source: documents.ReindexSource{Index: []string{"books"}, Query: query.Term("status.keyword", "published")},
		Dest:   documents.ReindexDest{Index: "published"},
		Script: types.NewScript("ctx._source.copied = true", nil),
	}, &documents.ReindexParams{Refresh: types.RefreshTrue})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Total != 2 || resp.Created == nil || *resp.Created != 2 || resp.Updated == nil || *resp.Updated != 0 || resp.Failures == nil {
		t.Fatalf("reindex = %+v", resp)
	}
	got, err := docs.Get(ctx, "published", "3", nil)
	if err != nil || !strings.Contains(string(got.Source), `"copied":true`) {
		t.Fatalf("copied document = %s %v", got.Source, err)
	}

	// op_type create skips ids that exist: with conflicts=proceed they are counted, not fatal.
	again, err := docs.Reindex(ctx, &documents.ReindexRequest{
		Conflicts: documents.ConflictsProceed,
		Source:    documents.ReindexSource{Index: []string{"books"}},
		Dest:      documents.ReindexDest{Index: "published", OpType: "create"},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if again.VersionConflicts != 2 || again.Created == nil || *again.Created != 1 {
		t.Fatalf("second reindex = %+v", again)
	}

	task, err := docs.ReindexAsync(ctx, &documents.ReindexRequest{
		Source: documents.ReindexSource{Index: []string{"books"}},
		Dest:   documents.ReindexDest{Index: "copy"},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(task.Task), ":") || task.NodeID() == "" {
		t.Fatalf("task = %+v", task)
	}
	if _, err := docs.Reindex(ctx, &documents.ReindexRequest{
		Source: documents.ReindexSource{Index: []string{"nope"}},
		Dest:   documents.ReindexDest{Index: "copy"},
	}, nil); !types.IsType(err, "index_not_found_exception") {
		t.Fatalf("reindex from a missing index: %v", err)
	}
}
