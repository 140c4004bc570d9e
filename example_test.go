package clustersearch_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/cluster"
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

// The README's first steps, against the fake: typed calls for the cluster's
// identity and health, a per-call retry policy for a write you know is safe
// to repeat.
func ExampleClient_cluster() {
	srv, err := fake.NewServer(fake.WithClusterName("docs-example"))
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	c, err := clustersearch.New(clustersearch.WithAddresses(srv.URL()), clustersearch.WithAttemptTimeout(10*time.Second))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()

	info, err := c.Cluster.Info(ctx)
	if err != nil {
		log.Fatal(err)
	}
	health, err := c.Cluster.Health(ctx, nil, &cluster.HealthParams{WaitForStatus: cluster.StatusYellow})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(info.ClusterName, info.Version.Number, health.Status)

	// Setting a cluster setting twice leaves it as setting it once.
	repeatable := clustersearch.WithRetryPolicy(ctx, clustersearch.RetryPolicy{MaxRetries: 3, TreatAsIdempotent: true})
	put, err := c.Cluster.PutSettings(repeatable, &cluster.PutSettingsRequest{
		Transient: map[string]any{"action.auto_create_index": false},
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(put.Acknowledged, put.Transient)
	// Output:
	// docs-example 2.19.0 green
	// true map[action:map[auto_create_index:false]]
}
