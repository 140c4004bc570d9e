package clustersearch_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/types"
)

// Client.Do reaches any endpoint through the client's transport and decodes
// into your own type; a failure is a *types.Error with the server's details.
func ExampleClient_Do() {
	srv, err := fake.NewServer(fake.WithClusterName("docs-example"))
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	c, err := clustersearch.New(clustersearch.WithAddresses(srv.URL()))
	if err != nil {
		log.Fatal(err)
	}
	ctx := clustersearch.WithOpaqueID(context.Background(), "example-1")

	var health struct {
		ClusterName string `json:"cluster_name"`
		Status      string `json:"status"`
	}
	if _, err := c.Do(ctx, &clustersearch.Request{Method: "GET", Path: "/_cluster/health"}, &health); err != nil {
		log.Fatal(err)
	}
	fmt.Println(health.ClusterName, health.Status)

	_, err = c.Do(ctx, &clustersearch.Request{Method: "GET", Path: clustersearch.PathOf("no-such-index", "_doc", "1")}, nil)
	var e *types.Error
	if errors.As(err, &e) {
		fmt.Println(e.StatusCode, e.Type, e.Index())
	}
	// Output:
	// docs-example green
	// 404 index_not_found_exception no-such-index
}
