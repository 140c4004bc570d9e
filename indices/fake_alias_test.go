package indices_test

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/indices"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

func TestFilteredAliasAgainstFake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := fake.New(t)
	c := srv.Client()
	if _, err := c.Indices.Create(ctx, "books", &indices.CreateRequest{
		Mappings: map[string]any{"properties": map[string]any{"genre": map[string]any{"type": "keyword"}}},
		Aliases:  map[string]any{"scifi": indices.Alias{Filter: query.Term("genre", "scifi")}},
	}, nil); err != nil {
		t.Fatal(err)
	}
	if err := srv.IndexDocuments("books",
		fake.Doc{ID: "1", Source: map[string]any{"genre": "scifi"}},
		fake.Doc{ID: "2", Source: map[string]any{"genre": "fantasy"}},
		fake.Doc{ID: "3", Source: map[string]any{"genre": "scifi"}}); err != nil {
		t.Fatal(err)
	}
	resp, err := c.Search.Search(ctx, []string{"scifi"}, &search.Request{Sort: []search.Sort{search.SortBy("_doc", "asc")}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Hits.Total == nil || resp.Hits.Total.Value != 2 || len(resp.Hits.Hits) != 2 || resp.Hits.Hits[0].ID != "1" || resp.Hits.Hits[1].ID != "3" {
		t.Errorf("hits = %+v", resp.Hits)
	}
}
