package documents_test

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// These tests run the SDK against the in-process fake, which answers as OpenSearch 2.x does.

type doc struct {
	Title string `json:"title"`
	Year  int    `json:"year"`
}

func TestDocumentsAgainstFake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	client := fake.New(t).Client()
	docs := client.Documents

	const odd = "a/b c?#ü"
	created, err := docs.Index(ctx, "books", odd, doc{"Go", 2015}, &documents.IndexParams{Refresh: types.RefreshTrue})
	if err != nil {
		t.Fatal(err)
	}
	if created.StatusCode != 201 || created.Result != "created" || created.ID != odd || created.Version != 1 || created.Index != "books" {
		t.Fatalf("created = %+v", created)
	}
	got, err := documents.GetAs[doc](ctx, docs, "books", odd, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Found || got.Source.Title != "Go" || *got.Version != 1 || got.SeqNo == nil || got.PrimaryTerm == nil {
		t.Fatalf("got = %+v", got)
	}
	if ok, err := docs.Exists(ctx, "books", odd, nil); !ok || err != nil {
		t.Fatalf("exists = %v %v", ok, err)
	}
	if ok, err := docs.Exists(ctx, "books", "nope", nil); ok || err != nil {
		t.Fatalf("exists(nope) = %v %v", ok, err)
	}
	if _, err := docs.Get(ctx, "books", "nope", nil); !types.IsNotFound(err) {
		t.Fatalf("get(nope) err = %v", err)
	}
	if _, err := docs.Create(ctx, "books", odd, doc{"again", 1}, nil); !types.IsConflict(err) || !types.IsType(err, "version_conflict_engine_exception") {
		t.Fatalf("create on an existing id: %v", err)
	}
	generated, err := docs.Index(ctx, "books", "", doc{"Rust", 2018}, nil)
	if err != nil || generated.ID == "" || generated.Result != "created" {
		t.Fatalf("generated = %+v %v", generated, err)
	}

	bulk, err := docs.Bulk(ctx, "books", []documents.BulkOperation{
		&documents.BulkIndex{BulkMeta: documents.BulkMeta{ID: "1"}, Document: doc{"One", 2001}},
		&documents.BulkCreate{BulkMeta: documents.BulkMeta{ID: odd}, Document: doc{"dup", 1}},
		&documents.BulkDelete{BulkMeta: documents.BulkMeta{ID: "missing"}},
		&documents.BulkIndex{BulkMeta: documents.BulkMeta{Index: "films", ID: "f1"}, Document: []byte(`{"title":"Film"}`)},
	}, &documents.BulkParams{Refresh: types.RefreshWaitFor})
	if err != nil {
		t.Fatal(err)
	}
	if !bulk.Errors || len(bulk.Items) != 4 {
		t.Fatalf("bulk = %+v", bulk)
	}
	wantItems := []struct {
		action string
		status int
		result string
	}{{"index", 201, "created"}, {"create", 409, ""}, {"delete", 404, "not_found"}, {"index", 201, "created"}}
	for i, w := range wantItems {
		it := bulk.Items[i]
		if it.Action != w.action || it.Result.Status != w.status || it.Result.Result != w.result {
			t.Errorf("item %d = %s %+v", i, it.Action, it.Result)
		}
	}
	if e := bulk.Items[1].Result.Error; e == nil || e.Type != "version_conflict_engine_exception" {
		t.Errorf("item 1 error = %+v", e)
	}
	if bulk.Items[3].Result.Index != "films" {
		t.Errorf("item 3 index = %q", bulk.Items[3].Result.Index)
	}

	deleted, err := docs.Delete(ctx, "books", odd, &documents.DeleteParams{Refresh: types.RefreshTrue})
	if err != nil || deleted.Result != "deleted" || deleted.Version != 2 {
		t.Fatalf("deleted = %+v %v", deleted, err)
	}
	if _, err := docs.Delete(ctx, "books", odd, nil); !types.IsNotFound(err) {
		t.Fatalf("second delete: %v", err)
	}
	if _, err := docs.Index(ctx, "books", "1", doc{"stale", 1}, &documents.IndexParams{IfSeqNo: query.Ptr(int64(999)), IfPrimaryTerm: query.Ptr(int64(1))}); !types.IsConflict(err) {
		t.Fatalf("stale if_seq_no: %v", err)
	}
}
