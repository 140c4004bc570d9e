package documents_test

import (
	"context"
	"fmt"
	"log"

	"github.com/jarcoal/httpmock"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// newClient returns a client whose cluster is a canned httpmock answer.
func newClient(method, path string, status int, answer string) *clustersearch.Client {
	mock := httpmock.NewMockTransport()
	mock.RegisterResponder(method, "http://cluster.test:9200"+path, httpmock.NewStringResponder(status, answer))
	c, err := clustersearch.New(clustersearch.WithAddresses("http://cluster.test:9200"), clustersearch.WithTransport(mock))
	if err != nil {
		log.Fatal(err)
	}
	return c
}

func ExampleService_Bulk() {
	// The in-process fake answers as an OpenSearch 2.x cluster would.
	srv, err := fake.NewServer()
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	client := srv.Client()
	ctx := context.Background()

	resp, err := client.Documents.Bulk(ctx, "books", []documents.BulkOperation{
		&documents.BulkIndex{BulkMeta: documents.BulkMeta{ID: "1"}, Document: map[string]any{"title": "Go"}},
		&documents.BulkCreate{BulkMeta: documents.BulkMeta{ID: "1"}, Document: map[string]any{"title": "Go again"}},
		&documents.BulkDelete{BulkMeta: documents.BulkMeta{ID: "2"}},
	}, &documents.BulkParams{Refresh: types.RefreshWaitFor})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("errors:", resp.Errors)
	for _, item := range resp.Items {
		if item.Result.Error != nil {
			fmt.Println(item.Action, item.Result.ID, item.Result.Status, item.Result.Error.Type)
			continue
		}
		fmt.Println(item.Action, item.Result.ID, item.Result.Status, item.Result.Result)
	}
	// Output:
	// errors: true
	// index 1 201 created
	// create 1 409 version_conflict_engine_exception
	// delete 2 404 not_found
}

func ExampleService_Update() {
	client := newClient("POST", "/books/_update/1", 200,
		`{"_index":"books","_id":"1","_version":2,"result":"updated","_shards":{"total":2,"successful":1,"failed":0},"_seq_no":1,"_primary_term":1}`)

	resp, err := client.Documents.Update(context.Background(), "books", "1", &documents.UpdateRequest{
		Script: types.NewScript("ctx._source.likes += params.n", map[string]any{"n": 1}),
		Upsert: map[string]any{"likes": 1},
	}, &documents.UpdateParams{RetryOnConflict: query.Ptr(3)})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(resp.Result, resp.Version)
	// Output: updated 2
}

func ExampleService_ReindexAsync() {
	client := newClient("POST", "/_reindex", 200, `{"task":"oTUltX4IQMOUUVeiohTt8A:124"}`)

	task, err := client.Documents.ReindexAsync(context.Background(), &documents.ReindexRequest{
		Source: documents.ReindexSource{Index: []string{"books"}, Query: query.Term("status", "published")},
		Dest:   documents.ReindexDest{Index: "books-v2", OpType: "create"},
	}, &documents.ReindexParams{Slices: documents.SlicesAuto})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(task.Task, "on node", task.NodeID())
	// Output: oTUltX4IQMOUUVeiohTt8A:124 on node oTUltX4IQMOUUVeiohTt8A
}

func ExampleGetAs() {
	srv, err := fake.NewServer()
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	client := srv.Client()
	ctx := context.Background()

	type Book struct {
		Title string `json:"title"`
		Year  int    `json:"year"`
	}
	if _, err := client.Documents.Index(ctx, "books", "go/1", Book{"The Go Programming Language", 2015}, nil); err != nil {
		log.Fatal(err)
	}
	got, err := documents.GetAs[Book](ctx, client.Documents, "books", "go/1", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(got.Found, *got.Version, got.Source.Title, got.Source.Year)

	_, err = client.Documents.Get(ctx, "books", "missing", nil)
	fmt.Println("missing:", types.IsNotFound(err))
	// Output:
	// true 1 The Go Programming Language 2015
	// missing: true
}
