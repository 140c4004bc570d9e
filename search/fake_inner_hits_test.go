package search_test

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

// newBlog starts a fake with posts whose comments are nested objects.
func newBlog(t *testing.T) *fake.Server {
	t.Helper()
	srv := fake.New(t)
	if err := srv.CreateIndex("blog", `{"mappings":{"properties":{"tag":{"type":"keyword"},"comments":{"type":"nested","properties":{
		"author":{"type":"keyword"},"stars":{"type":"integer"},"text":{"type":"text"}}}}}}`); err != nil {
		t.Fatal(err)
	}
	if err := srv.IndexDocuments("blog",
		fake.Doc{ID: "1", Source: `{"tag":"go","comments":[{"author":"kimchy","stars":5,"text":"great stuff"},{"author":"nik","stars":1,"text":"bad"}]}`},
		fake.Doc{ID: "2", Source: `{"tag":"go","comments":[{"author":"nik","stars":4,"text":"great great"}]}`},
		fake.Doc{ID: "3", Source: `{"tag":"rust","comments":[{"author":"zoe","stars":2,"text":"ok"},{"author":"ann","stars":3,"text":"great"}]}`},
	); err != nil {
		t.Fatal(err)
	}
	return srv
}

func TestNestedInnerHitsAgainstFake(t *testing.T) {
	t.Parallel()
	c := newBlog(t).Client()
	resp, err := c.Search.Search(context.Background(), []string{"blog"}, &search.Request{
		Query: query.Nested("comments", query.Match("comments.text", "great")).WithInnerHits(&search.InnerHits{
			Name: "matching", Source: query.SourceFields("comments.author"),
		}),
		Source: query.SourceOff(),
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		id, author string
		offset     int
	}
	var got []want
	for _, h := range resp.Hits.Hits {
		ih := h.InnerHits["matching"].Hits
		if ih.Total.Value != 1 || len(ih.Hits) != 1 {
			t.Fatalf("hit %s: inner hits %+v", h.ID, ih)
		}
		in := ih.Hits[0]
		// One matching child with score_mode avg: the parent's score is the child's.
		if in.ID != h.ID || in.Index != "blog" || *in.Score != *h.Score || *ih.MaxScore != *h.Score || in.Nested.Field != "comments" {
			t.Errorf("hit %s: inner hit %+v", h.ID, in)
		}
		got = append(got, want{in.ID, string(in.Source), in.Nested.Offset})
	}
	exp := []want{{"2", `{"author":"nik"}`, 0}, {"3", `{"author":"ann"}`, 1}, {"1", `{"author":"kimchy"}`, 0}}
	if len(got) != len(exp) {
		t.Fatalf("got %+v", got)
	}
	for i := range exp {
		if got[i] != exp[i] {
			t.Errorf("hit %d = %+v, want %+v", i, got[i], exp[i])
		}
	}
}

func TestNestedSortAndCollapseInnerHitsAgainstFake(t *testing.T) {
	t.Parallel()
	c := newBlog(t).Client()
	resp, err := c.Search.Search(context.Background(), []string{"blog"}, &search.Request{
		Sort: []search.Sort{{Field: "comments.stars", Order: "asc", Mode: "avg", Nested: &search.NestedSort{Path: "comments"}}},
		Collapse: &search.Collapse{Field: "tag", InnerHits: []*search.InnerHits{
			{Name: "posts", Source: query.SourceOff(), Sort: []search.Sort{search.SortBy("_id", "desc")}},
		}},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Averages: doc 1 (5+1)/2=3, doc 2 4, doc 3 (2+3)/2=2.5 rounded to 3 (Math.round);
	// collapsing on tag keeps doc 3 (rust) and doc 1 (go, ahead of doc 2).
	if len(resp.Hits.Hits) != 2 {
		t.Fatalf("hits = %+v", resp.Hits.Hits)
	}
	for i, w := range []struct{ id, sort, group string }{{"1", "3", "21"}, {"3", "3", "3"}} {
		h := resp.Hits.Hits[i]
		var ids string
		for _, g := range h.InnerHits["posts"].Hits.Hits {
			ids += g.ID
		}
		if h.ID != w.id || string(h.Sort[0]) != w.sort || ids != w.group {
			t.Errorf("hit %d: id %s sort %s group %q, want %+v", i, h.ID, h.Sort[0], ids, w)
		}
	}
}
