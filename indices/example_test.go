package indices_test

import (
	"context"
	"fmt"
	"log"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/indices"
)

func ExampleService_GetSettings() {
	// The in-process fake answers as an OpenSearch 2.x cluster would.
	srv, err := fake.NewServer()
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	client := srv.Client()
	ctx := context.Background()

	_, err = client.Indices.Create(ctx, "books", &indices.CreateRequest{
		Settings: map[string]any{"number_of_shards": 2, "number_of_replicas": 0},
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	resp, err := client.Indices.GetSettings(ctx, []string{"books"}, nil, nil)
	if err != nil {
		log.Fatal(err)
	}
	s := resp.Indices["books"].Settings.Index
	shards, _ := s.Shards()
	created, err := s.CreationTime()
	fmt.Println(shards, s.NumberOfReplicas, s.ProvidedName, len(s.UUID), err == nil && !created.IsZero())
	// Output: 2 0 books 22 true
}

// PutSettings changes dynamic settings; a nil value resets one to its default.
func ExampleService_PutSettings() {
	srv, err := fake.NewServer()
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	client := srv.Client()
	ctx := context.Background()

	if _, err := client.Indices.Create(ctx, "books", nil, nil); err != nil {
		log.Fatal(err)
	}
	ack, err := client.Indices.PutSettings(ctx, []string{"books"}, map[string]any{"number_of_replicas": 0, "refresh_interval": "5s"}, nil)
	if err != nil {
		log.Fatal(err)
	}
	resp, err := client.Indices.GetSettings(ctx, []string{"books"}, nil, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(ack.Acknowledged, resp.Indices["books"].Settings.Index.NumberOfReplicas)

	// Not dynamic on an open index: the server's 400.
	_, err = client.Indices.PutSettings(ctx, []string{"books"}, map[string]any{"number_of_shards": 3}, nil)
	fmt.Println(err != nil)
	// Output:
	// true 0
	// true
}
