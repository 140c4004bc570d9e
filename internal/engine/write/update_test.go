package write

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/update"
)

func TestUpdate(t *testing.T) {
	w := newWriter(t)
	if _, err := w.Run(&Op{Index: "books", ID: "1", Source: []byte(`{"title":"a","n":1}`), IfSeqNo: shard.NoSeqNo}); err != nil {
		t.Fatal(err)
	}
	x, _ := w.Indices.Get("books")
	merge := func(doc string) *Update {
		return &Update{ID: "1", IfSeqNo: shard.NoSeqNo, Request: &update.Request{Doc: []byte(doc), DetectNoop: true}}
	}

	u, err := w.Update(x, merge(`{"n":2}`))
	if err != nil {
		t.Fatal(err)
	}
	if u.Op == nil || u.Result.Status != 200 || u.Result.Write.Version != 2 || string(u.Op.Source) != `{"title":"a","n":2}` {
		t.Fatalf("merge: %+v", u)
	}
	// The same change again is detected as a noop: nothing is written.
	u, err = w.Update(x, merge(`{"n":2}`))
	if err != nil || u.Op != nil || u.Outcome.Op != update.Noop || !u.Found || u.Current.Version != 2 {
		t.Fatalf("noop: %+v %v", u, err)
	}

	stale := merge(`{"n":3}`)
	stale.IfSeqNo, stale.IfPrimaryTerm = 0, 1
	if _, err := w.Update(x, stale); err == nil || err.Type != apierr.TypeVersionConflict {
		t.Fatalf("stale seq_no: %+v", err)
	}
	missing := merge(`{"n":3}`)
	missing.ID = "2"
	if _, err := w.Update(x, missing); err == nil || err.Type != "document_missing_exception" {
		t.Fatalf("missing document: %+v", err)
	}
	upsert := merge(`{"n":3}`)
	upsert.ID, upsert.Request.DocAsUpsert = "2", true
	u, err = w.Update(x, upsert)
	if err != nil || u.Outcome.Op != update.Create || u.Result.Status != 201 {
		t.Fatalf("doc_as_upsert: %+v %v", u, err)
	}
}
