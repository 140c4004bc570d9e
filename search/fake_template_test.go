package search_test

import (
	"context"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/search"
)

// A template stored with lang mustache, searched by id against the fake.
func TestSearchTemplateAgainstFake(t *testing.T) {
	t.Parallel()
	srv := newMovies(t)
	client := srv.Client()
	ctx := context.Background()
	if _, err := client.Do(ctx, &clustersearch.Request{Method: "PUT", Path: "/_scripts/by_director", Body: map[string]any{"script": map[string]any{"lang": "mustache",
		"source": map[string]any{"query": map[string]any{"match": map[string]any{"director": "{{who}}"}}, "sort": []any{"year"}}}}}, nil); err != nil {
		t.Fatal(err)
	}
	resp, err := client.Search.SearchTemplate(ctx, []string{"movies"}, &search.TemplateRequest{ID: "by_director", Params: map[string]any{"who": "miller"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Hits.Hits) != 2 || resp.Hits.Hits[0].ID != "m1" || resp.Hits.Hits[1].ID != "m3" {
		t.Errorf("hits = %+v, want m1 then m3", resp.Hits.Hits)
	}
}
