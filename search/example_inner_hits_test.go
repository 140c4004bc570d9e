package search_test

import (
	"context"
	"fmt"
	"log"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

// A nested query with inner hits returns, with each post, the comments that
// matched, where they sit in the post (_nested) and their own score; a
// nested sort orders the posts by a value of their comments.
func ExampleInnerHits() {
	srv, err := fake.NewServer()
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	err = srv.CreateIndex("posts", `{"mappings":{"properties":{"comments":{"type":"nested","properties":{
		"author":{"type":"keyword"},"stars":{"type":"integer"}}}}}}`)
	if err != nil {
		log.Fatal(err)
	}
	err = srv.IndexDocuments("posts",
		fake.Doc{ID: "a", Source: `{"comments":[{"author":"ann","stars":2},{"author":"bob","stars":5}]}`},
		fake.Doc{ID: "b", Source: `{"comments":[{"author":"bob","stars":4},{"author":"cid","stars":1}]}`},
	)
	if err != nil {
		log.Fatal(err)
	}
	resp, err := srv.Client().Search.Search(context.Background(), []string{"posts"}, &search.Request{
		Query: query.Nested("comments", query.Term("comments.author", "bob")).WithInnerHits(&search.InnerHits{
			Name: "by_bob", Source: query.SourceFields("comments.stars"),
		}),
		Sort:   []search.Sort{{Field: "comments.stars", Order: types.SortAsc, Nested: &search.NestedSort{Path: "comments"}}},
		Source: query.SourceOff(),
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, h := range resp.Hits.Hits {
		in := h.InnerHits["by_bob"].Hits.Hits[0]
		fmt.Printf("post %s (lowest stars %s): comment %d %s\n", h.ID, h.Sort[0], in.Nested.Offset, in.Source)
	}
	// Output:
	// post b (lowest stars 1): comment 0 {"stars":4}
	// post a (lowest stars 2): comment 1 {"stars":5}
}
