package documents_test

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
)

func TestMGetWire(t *testing.T) {
	t.Parallel()
	tc, rec := sdktest.NewRecorded(t, 200, `{"docs":[{"_index":"books","_id":"1","_version":2,"_seq_no":5,"_primary_term":1,"found":true,"_source":{"title":"Go","year":2015}},`+
		`{"_index":"books","_id":"2","found":false},`+
		`{"_index":"nope","_id":"1","error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [nope]"}],"type":"index_not_found_exception","reason":"no such index [nope]","index":"nope"}}]}`)
	svc := documents.NewService(tc)
	res, err := documents.MGetAs[doc](context.Background(), svc, "books", []documents.MGetDoc{
		{ID: "1", Source: query.SourceFields("title", "year")}, {ID: "2", Routing: "r"}, {Index: "nope", ID: "1"},
	}, &documents.MGetParams{Realtime: query.Ptr(false), StoredFields: []string{"a", "b"}})
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/books/_mget", "realtime=false&stored_fields=a%2Cb",
		`{"docs":[{"_id":"1","_source":["title","year"]},{"_id":"2","routing":"r"},{"_index":"nope","_id":"1"}]}`)
	if len(res.Docs) != 3 || !res.Docs[0].Found || res.Docs[0].Source.Title != "Go" || *res.Docs[0].Version != 2 {
		t.Fatalf("docs = %+v", res.Docs)
	}
	if res.Docs[1].Found || res.Docs[1].Error != nil {
		t.Errorf("missing doc = %+v", res.Docs[1])
	}
	if e := res.Docs[2].Error; e == nil || e.Type != "index_not_found_exception" || e.Index() != "nope" {
		t.Errorf("failed doc = %+v", res.Docs[2])
	}
	for _, bad := range [][]documents.MGetDoc{nil, {{ID: ""}}} {
		if _, err := svc.MGet(context.Background(), "books", bad, nil); err == nil {
			t.Errorf("MGet(%+v) accepted", bad)
		}
	}
	if _, err := svc.MGet(context.Background(), "", []documents.MGetDoc{{ID: "1"}}, nil); err == nil {
		t.Error("a document with no index and no default was accepted")
	}
	if len(rec.Calls) != 1 {
		t.Errorf("%d requests, want 1", len(rec.Calls))
	}
}

func TestMGetAgainstFake(t *testing.T) {
	t.Parallel()
	srv := fake.New(t)
	if err := srv.IndexDocuments("books", fake.Doc{ID: "1", Source: map[string]any{"title": "Go", "year": 2015}}); err != nil {
		t.Fatal(err)
	}
	res, err := documents.MGetAs[doc](context.Background(), srv.Client().Documents, "", []documents.MGetDoc{
		{Index: "books", ID: "1"}, {Index: "books", ID: "2"}, {Index: "nope", ID: "1"},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Docs) != 3 || !res.Docs[0].Found || res.Docs[0].Source != (doc{"Go", 2015}) || res.Docs[1].Found ||
		res.Docs[2].Error == nil || res.Docs[2].Error.Type != "index_not_found_exception" {
		t.Fatalf("docs = %+v", res.Docs)
	}
}
