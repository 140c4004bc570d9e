package indices_test

import (
	"context"
	"fmt"
	"log"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/indices"
)

// Analyze shows the terms a field's analyzer makes of a text, as the index
// would index them.
func ExampleService_Analyze() {
	srv, err := fake.NewServer()
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	client := srv.Client()
	ctx := context.Background()

	_, err = client.Indices.Create(ctx, "books", &indices.CreateRequest{
		Mappings: map[string]any{"properties": map[string]any{"title": map[string]any{"type": "text", "analyzer": "english"}}},
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	resp, err := client.Indices.Analyze(ctx, "books", &indices.AnalyzeRequest{Field: "title", Text: []string{"The Running Foxes"}})
	if err != nil {
		log.Fatal(err)
	}
	for _, t := range resp.Tokens {
		fmt.Println(t.Token, t.Position, t.StartOffset, t.EndOffset)
	}
	// Output:
	// run 1 4 11
	// fox 2 12 17
}
