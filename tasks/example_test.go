package tasks_test

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"time"

	"github.com/jarcoal/httpmock"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/tasks"
)

// Follow a reindex started with wait_for_completion=false until it is done.
func ExampleService_Wait() {
	// A stand-in for a cluster: the task is running on the first poll and done on the second.
	mock := httpmock.NewMockTransport()
	mock.RegisterResponder("GET", "http://cluster.test:9200/_tasks/n1:7",
		httpmock.ResponderFromMultipleResponses([]*http.Response{
			httpmock.NewStringResponse(200, running(150, 2)),
			httpmock.NewStringResponse(200, doneBody),
		}))
	client, err := clustersearch.New(clustersearch.WithAddresses("http://cluster.test:9200"), clustersearch.WithTransport(mock))
	if err != nil {
		log.Fatal(err)
	}

	res, err := client.Tasks.Wait(context.Background(), "n1:7", &tasks.WaitOptions{
		Interval: 10 * time.Millisecond,
		Progress: func(s tasks.BulkByScrollStatus) {
			fmt.Printf("progress: %d of %d created in %d batches\n", s.Created, s.Total, s.Batches)
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("done in %dms: %d created, %d failures\n", res.Result.Took, res.Result.Created, len(res.Result.Failures))
	// Output:
	// progress: 150 of 300 created in 2 batches
	// progress: 300 of 300 created in 3 batches
	// done in 12ms: 300 created, 0 failures
}
