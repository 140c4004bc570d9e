package write

import (
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

func newWriter(t *testing.T) Writer {
	t.Helper()
	v, err := version.Parse("2.19.0")
	if err != nil {
		t.Fatal(err)
	}
	c := clock.NewManual(time.Date(2024, 5, 18, 10, 30, 0, 0, time.UTC))
	return Writer{Indices: indices.New(c, v), Clock: c}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		op   Op
		want string
	}{
		{"no source", Op{ID: "1", IfSeqNo: shard.NoSeqNo}, "Validation Failed: 1: source is missing;"},
		{"external create", Op{ID: "1", Source: []byte(`{}`), Create: true, VersionType: shard.External, Version: 3, HasVersion: true, IfSeqNo: shard.NoSeqNo},
			"Validation Failed: 1: create operations only support internal versioning. use index instead;"},
		{"term without seq_no", Op{ID: "1", Source: []byte(`{}`), IfSeqNo: shard.NoSeqNo, IfPrimaryTerm: 2},
			"Validation Failed: 1: ifSeqNo is unassigned, but primary term is [2];"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.op.Validate()
			if err == nil || err.Type != apierr.TypeActionRequestValidation || err.Reason != tt.want {
				t.Fatalf("got %+v, want %q", err, tt.want)
			}
		})
	}
	ok := Op{ID: "1", Source: []byte(`{}`), IfSeqNo: shard.NoSeqNo}
	if err := ok.Validate(); err != nil {
		t.Fatalf("valid op: %+v", err)
	}
}

func TestRunCreatesIndexesAndReportsStatuses(t *testing.T) {
	w := newWriter(t)
	var logged []string
	w.OnWrite = func(x *indices.Index, id, routing string, version int64) {
		logged = append(logged, x.Name+"/"+id)
	}
	res, err := w.Run(&Op{Index: "books", ID: "1", Source: []byte(`{"title":"a"}`), IfSeqNo: shard.NoSeqNo})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != 201 || !res.Write.Created || res.Write.Version != 1 || res.Index.Name != "books" {
		t.Fatalf("first write: %+v", res)
	}
	res, err = w.Run(&Op{Index: "books", ID: "1", Source: []byte(`{"title":"b"}`), IfSeqNo: shard.NoSeqNo})
	if err != nil || res.Status != 200 || res.Write.Version != 2 {
		t.Fatalf("overwrite: %+v %v", res, err)
	}
	if _, err := w.Run(&Op{Index: "books", ID: "1", Source: []byte(`{}`), Create: true, IfSeqNo: shard.NoSeqNo}); err == nil || err.Type != "version_conflict_engine_exception" {
		t.Fatalf("create over an existing document: %+v", err)
	}
	res, err = w.Run(&Op{Index: "books", ID: "1", Delete: true, IfSeqNo: shard.NoSeqNo})
	if err != nil || res.Status != 200 || !res.Write.Found {
		t.Fatalf("delete: %+v %v", res, err)
	}
	res, err = w.Run(&Op{Index: "books", ID: "1", Delete: true, IfSeqNo: shard.NoSeqNo})
	if err != nil || res.Status != 404 || res.Write.Found {
		t.Fatalf("second delete: %+v %v", res, err)
	}
	if _, err := w.Run(&Op{Index: "missing", ID: "1", Delete: true, IfSeqNo: shard.NoSeqNo}); err == nil || err.Type != apierr.TypeIndexNotFound {
		t.Fatalf("delete in a missing index: %+v", err)
	}
	if _, ok := w.Indices.Get("missing"); ok {
		t.Fatal("an internal-versioned delete created its index")
	}
	if got := len(logged); got != 4 {
		t.Fatalf("OnWrite saw %d writes: %v", got, logged)
	}
}

func TestRunAutoIDAndDroppedDocuments(t *testing.T) {
	w := newWriter(t)
	op := &Op{Index: "logs", AutoID: true, Create: true, Source: []byte(`{"m":1}`), IfSeqNo: shard.NoSeqNo}
	res, err := w.Run(op)
	if err != nil || op.ID == "" || res.Status != 201 {
		t.Fatalf("auto id: %+v %v (id %q)", res, err, op.ID)
	}
	if _, err := w.Run(&Op{Index: "logs", Source: []byte(`{}`), IfSeqNo: shard.NoSeqNo}); err == nil || err.Reason != "if _id is specified it must not be empty" {
		t.Fatalf("empty id: %+v", err)
	}
	w.Ingest = func(op *Op) (bool, *apierr.Error) { return true, nil }
	res, err = w.Run(&Op{Index: "dropped", ID: "1", Source: []byte(`{}`), IfSeqNo: shard.NoSeqNo})
	if err != nil || !res.Dropped || res.Status != 200 {
		t.Fatalf("dropped: %+v %v", res, err)
	}
	if _, ok := w.Indices.Get("dropped"); ok {
		t.Fatal("a dropped document created its index")
	}
}
