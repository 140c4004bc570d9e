package search

import (
	"context"
	"reflect"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
)

func TestInnerHitsCollapseAndNestedSortWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "search_inner_hits.json")
	body := &Request{
		Query: query.Nested("comments", query.Match("comments.text", "great")).WithInnerHits(&InnerHits{
			Name: "c", From: query.Ptr(1), Size: query.Ptr(5), Sort: []Sort{SortBy("comments.stars", "desc")},
			Source: query.SourceFields("comments.author"), Highlight: &Highlight{Fields: map[string]HighlightField{"comments.text": {}}},
			Explain: query.Ptr(true), Version: query.Ptr(true), TrackScores: query.Ptr(true), StoredFields: []string{"_source"},
			DocvalueFields: []FieldAndFormat{{Field: "comments.stars"}}, Fields: []FieldAndFormat{{Field: "comments.author"}},
			IgnoreUnmapped: query.Ptr(false),
		}),
		Sort: []Sort{{Field: "comments.stars", Order: "desc", Mode: "avg", Nested: &NestedSort{Path: "comments",
			Filter: query.Term("comments.author", "nik"), MaxChildren: query.Ptr(2),
			Nested: &NestedSort{Path: "comments.votes"}}}},
		Collapse: &Collapse{Field: "tag", MaxConcurrentGroupSearches: query.Ptr(4), InnerHits: []*InnerHits{
			{Name: "by_tag", Size: query.Ptr(1), SeqNoPrimaryTerm: query.Ptr(true), Collapse: &InnerHitsCollapse{Field: "author"}},
		}},
	}
	if _, err := svc.Search(context.Background(), []string{"blog"}, body, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/blog/_search", "", `{
		"query":{"nested":{"path":"comments","query":{"match":{"comments.text":{"query":"great"}}},"inner_hits":{
			"name":"c","from":1,"size":5,"sort":[{"comments.stars":"desc"}],"_source":["comments.author"],
			"highlight":{"fields":{"comments.text":{}}},"explain":true,"version":true,"track_scores":true,
			"stored_fields":["_source"],"docvalue_fields":[{"field":"comments.stars"}],"fields":[{"field":"comments.author"}],
			"ignore_unmapped":false}}},
		"sort":[{"comments.stars":{"order":"desc","mode":"avg","nested":{"path":"comments","filter":{"term":{"comments.author":{"value":"nik"}}},"max_children":2,"nested":{"path":"comments.votes"}}}}],
		"collapse":{"field":"tag","inner_hits":{"name":"by_tag","size":1,"seq_no_primary_term":true,"collapse":{"field":"author"}},"max_concurrent_group_searches":4}}`)

	// Several collapse inner hits go as an array; an empty one asks for the defaults.
	_, err := svc.Search(context.Background(), nil, &Request{Collapse: &Collapse{Field: "tag", InnerHits: []*InnerHits{{Name: "a"}, {Name: "b"}}},
		Query: query.Nested("c", query.MatchAll()).WithInnerHits(&InnerHits{})}, nil)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/_search", "", `{"query":{"nested":{"path":"c","query":{"match_all":{}},"inner_hits":{}}},
		"collapse":{"field":"tag","inner_hits":[{"name":"a"},{"name":"b"}]}}`)

	if _, err := svc.Search(context.Background(), nil, &Request{Collapse: &Collapse{}}, nil); err == nil {
		t.Error("a collapse without a field was sent")
	}
}

// Inner hits decode with their _nested identity (two levels), their own
// inner hits, and the collapse groups beside them; nothing is lost.
func TestInnerHitsDecode(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 200, "search_inner_hits.json")
	resp, err := svc.Search(context.Background(), []string{"blog"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := resp.Hits.Hits[0]
	c := h.InnerHits["comments"].Hits
	if c.Total.Value != 2 || c.MaxScore != nil || len(c.Hits) != 1 {
		t.Fatalf("comments = %+v", c)
	}
	ch := c.Hits[0]
	if ch.ID != "1" || ch.Nested.Field != "comments" || ch.Nested.Offset != 1 || ch.Nested.Nested != nil || *ch.Version != 3 ||
		ch.Score != nil || string(ch.Source) != `{"author":"nik","stars":1}` || string(ch.Sort[0]) != "1" {
		t.Errorf("comment hit = %+v", ch)
	}
	v := ch.InnerHits["v"].Hits.Hits[0]
	if v.Nested.Field != "comments" || v.Nested.Offset != 1 || v.Nested.Nested.Field != "votes" || v.Nested.Nested.Offset != 0 || *v.Score != 1 {
		t.Errorf("vote hit = %+v", v)
	}
	g := h.InnerHits["by_tag"].Hits
	if g.Total.Value != 2 || *g.MaxScore != 0 || g.Hits[0].ID != "2" || string(g.Hits[0].Source) != `{"title":"second post"}` {
		t.Errorf("group = %+v", g)
	}
	sdktest.RoundTrip(t, sdktest.Fixture(t, "search_inner_hits.json"), &Response{})
}

func TestInnerHitsTypesCoverTheOpenAPISchemas(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, pointer string
		file          string
		have          map[string]bool
	}{
		{"inner hits", "components/schemas/InnerHits", "../schemas/_core.search.yaml", sdktest.JSONNames(reflect.TypeOf(InnerHits{}))},
		{"collapse", "components/schemas/FieldCollapse", "../schemas/_core.search.yaml",
			sdktest.MarshalledKeys(t, &Collapse{Field: "f", InnerHits: []*InnerHits{{}}, MaxConcurrentGroupSearches: query.Ptr(1)})},
		{"nested sort", "components/schemas/NestedSortValue", "../schemas/_common.yaml", sdktest.JSONNames(reflect.TypeOf(NestedSort{}))},
	} {
		spec := sdktest.SchemaProps(t, c.file, c.pointer)
		if m := sdktest.Missing(spec, c.have, nil); len(m) > 0 {
			t.Errorf("%s: no field for %v", c.name, m)
		}
		for k := range c.have {
			if !spec[k] {
				t.Errorf("%s: sends %q, which the specification does not list", c.name, k)
			}
		}
	}
}
