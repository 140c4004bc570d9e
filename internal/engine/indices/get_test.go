package indices

import (
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

func TestGetDocument(t *testing.T) {
	s := newService(t, "books")
	x, _ := s.Get("books")
	src := []byte(`{"title":"a","tags":["x","y"]}`)
	p, e := x.ParseSource("1", src)
	if e != nil {
		t.Fatal(e)
	}
	if _, _, e := x.Write(&shard.Write{ID: "1", Source: src, Fields: &p.Fields, IfSeqNo: shard.NoSeqNo, Now: time.UnixMilli(0)}, false); e != nil {
		t.Fatal(e)
	}
	x.Release(p)
	realtime := GetOptions{Realtime: true, Version: -3}
	got, e := s.GetDocument("books", "1", realtime, time.UnixMilli(0))
	if e != nil || !got.Found || got.Doc.Version != 1 || string(got.Doc.Source) != string(src) {
		t.Fatalf("realtime: %+v %v", got, e)
	}
	// A non-realtime read sees the last refresh, which the write is not in yet.
	if got, e := s.GetDocument("books", "1", GetOptions{Version: -3}, time.UnixMilli(0)); e != nil || got.Found || got.Index != x {
		t.Fatalf("before refresh: %+v %v", got, e)
	}
	if got, e := s.GetDocument("books", "1", GetOptions{Refresh: true, Version: -3}, time.UnixMilli(0)); e != nil || !got.Found {
		t.Fatalf("refresh: %+v %v", got, e)
	}
	_, e = s.GetDocument("books", "1", GetOptions{Realtime: true, Version: 4}, time.UnixMilli(0))
	if e == nil || e.Type != apierr.TypeVersionConflict || e.Reason != "[1]: version conflict, current version [1] is different than the one provided [4]" {
		t.Fatalf("version: %+v", e)
	}
	if _, e := s.GetDocument("nope", "1", realtime, time.UnixMilli(0)); e == nil || e.Type != apierr.TypeIndexNotFound {
		t.Fatalf("missing index: %+v", e)
	}
}

func TestValuesAt(t *testing.T) {
	tree, err := jsonout.Decode([]byte(`{"a":[{"b":1},{"b":[2,3]},{"c":4}],"d":"x"}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := valuesAt(tree, []string{"a", "b"}); len(got) != 3 {
		t.Fatalf("a.b: %v", got)
	}
	if got := valuesAt(tree, []string{"d"}); len(got) != 1 || got[0] != "x" {
		t.Fatalf("d: %v", got)
	}
	if got := valuesAt(tree, []string{"a"}); len(got) != 0 {
		t.Fatalf("a holds objects, no scalars: %v", got)
	}
}
