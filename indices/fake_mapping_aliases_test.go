package indices_test

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/indices"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestMappingAndAliasesAgainstFake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := fake.New(t).Client()
	if _, err := c.Indices.Create(ctx, "books", &indices.CreateRequest{
		Mappings: map[string]any{"properties": map[string]any{"title": map[string]any{"type": "text"}}},
	}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Indices.PutMapping(ctx, []string{"books"}, map[string]any{"properties": map[string]any{"year": map[string]any{"type": "integer"}}}, nil); err != nil {
		t.Fatal(err)
	}
	m, err := c.Indices.GetMapping(ctx, []string{"books"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	props, err := m.Indices["books"].Properties()
	if err != nil || string(props["title"]) != `{"type":"text"}` || string(props["year"]) != `{"type":"integer"}` {
		t.Fatalf("properties = %s, %v", props, err)
	}
	// A field cannot change type.
	_, err = c.Indices.PutMapping(ctx, []string{"books"}, map[string]any{"properties": map[string]any{"year": map[string]any{"type": "keyword"}}}, nil)
	if !types.IsBadRequest(err) {
		t.Fatalf("changing a field's type: %v", err)
	}

	if _, err := c.Indices.PutAlias(ctx, []string{"books"}, "recent", &indices.Alias{Filter: query.Range("year").Gte(2000), Routing: "1"}, nil); err != nil {
		t.Fatal(err)
	}
	got, err := c.Indices.GetAliases(ctx, nil, []string{"recent"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, ok := got.Indices["books"].Aliases["recent"]
	if !ok || a.IndexRouting != "1" || a.SearchRouting != "1" || len(a.Filter) == 0 {
		t.Fatalf("aliases = %+v", got.Indices)
	}
	if _, err := c.Indices.DeleteAlias(ctx, []string{"books"}, []string{"recent"}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Indices.GetAliases(ctx, nil, []string{"recent"}, nil); !types.IsNotFound(err) {
		t.Fatalf("a deleted alias: %v", err)
	}
}
