package search_test

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

func TestTermsLookupAgainstFake(t *testing.T) {
	t.Parallel()
	srv := newMovies(t)
	if err := srv.IndexDocuments("lists", fake.Doc{ID: "fav", Routing: "me", Source: map[string]any{"movies": []string{"m2", "m5"}}}); err != nil {
		t.Fatal(err)
	}
	resp, err := srv.Client().Search.Search(context.Background(), []string{"movies"}, &search.Request{
		Query: query.TermsFrom("id", "lists", "fav", "movies").WithRouting("me"),
		Sort:  []search.Sort{search.SortBy("year", "asc")},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, h := range resp.Hits.Hits {
		ids = append(ids, h.ID)
	}
	if len(ids) != 2 || ids[0] != "m2" || ids[1] != "m5" {
		t.Errorf("hits = %v, want [m2 m5]", ids)
	}
}
