package search_test

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

// The in-process fake answers as OpenSearch 2.x does.
func TestCountAgainstFake(t *testing.T) {
	t.Parallel()
	srv := fake.New(t)
	if err := srv.IndexDocuments("books",
		fake.Doc{ID: "1", Source: map[string]any{"title": "Go"}},
		fake.Doc{ID: "2", Source: map[string]any{"title": "Rust"}},
	); err != nil {
		t.Fatal(err)
	}
	client := srv.Client()
	resp, err := client.Search.Count(context.Background(), []string{"books"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Count != 2 || resp.Shards.Failed != 0 || resp.Shards.Total == 0 {
		t.Fatalf("count = %+v", resp)
	}
	all, err := client.Search.Count(context.Background(), nil, nil, &search.CountParams{})
	if err != nil || all.Count != 2 {
		t.Fatalf("count all = %+v %v", all, err)
	}
	if _, err := client.Search.Count(context.Background(), []string{"nope"}, nil, nil); !types.IsType(err, "index_not_found_exception") {
		t.Fatalf("count on a missing index: %v", err)
	}
}
