package search_test

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/aggs"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/indices"
	"github.com/clustersearch/clustersearch-go/mapping"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

// The join builders against the fake: a typed join mapping, children
// indexed with their parent's routing, the three join queries and the
// children aggregation.
func TestJoinBuildersAgainstFake(t *testing.T) {
	t.Parallel()
	srv := fake.New(t)
	c := srv.Client()
	ctx := context.Background()
	m := &mapping.Mappings{Properties: map[string]mapping.Property{
		"rel":   &mapping.Join{Relations: map[string][]string{"question": {"answer"}}},
		"votes": &mapping.Number{Type: mapping.Integer},
	}}
	if _, err := c.Indices.Create(ctx, "qa", &indices.CreateRequest{Mappings: m}, nil); err != nil {
		t.Fatal(err)
	}
	if err := srv.IndexDocuments("qa",
		fake.Doc{ID: "q1", Source: map[string]any{"rel": "question"}},
		fake.Doc{ID: "q2", Source: map[string]any{"rel": "question"}},
		fake.Doc{ID: "a1", Routing: "q1", Source: map[string]any{"rel": map[string]any{"name": "answer", "parent": "q1"}, "votes": 2}},
		fake.Doc{ID: "a2", Routing: "q1", Source: map[string]any{"rel": map[string]any{"name": "answer", "parent": "q1"}, "votes": 5}},
	); err != nil {
		t.Fatal(err)
	}
	ids := func(q query.Query) []string {
		t.Helper()
		resp, err := c.Search.Search(ctx, []string{"qa"}, &search.Request{Query: q, Sort: []search.Sort{search.SortBy("_id", "asc")}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, h := range resp.Hits.Hits {
			out = append(out, h.ID)
		}
		return out
	}
	check := func(name string, got []string, want ...string) {
		t.Helper()
		if len(got) != len(want) {
			t.Errorf("%s: %v, want %v", name, got, want)
			return
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: %v, want %v", name, got, want)
			}
		}
	}
	check("has_child", ids(query.HasChild("answer", query.Range("votes").Gte(5))), "q1")
	check("has_child min_children", ids(query.HasChild("answer", query.MatchAll()).WithMinChildren(3)))
	check("has_parent", ids(query.HasParent("question", query.IDs("q1"))), "a1", "a2")
	check("parent_id", ids(query.ParentID("answer", "q1")), "a1", "a2")

	resp, err := c.Search.Search(ctx, []string{"qa"}, &search.Request{Size: query.Ptr(0), Query: query.IDs("q1"),
		Aggs: aggs.Aggs{"answers": aggs.Children("answer").Sub("votes", aggs.Sum("votes"))}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := resp.Aggregations.SingleBucket("answers")
	if err != nil || b.DocCount != 2 {
		t.Fatalf("children = %+v, %v; want 2 documents", b, err)
	}
	if sum, err := b.Aggregations.Sum("votes"); err != nil || sum.Value == nil || *sum.Value != 7 {
		t.Errorf("sum of votes = %+v, %v; want 7", sum, err)
	}
}
