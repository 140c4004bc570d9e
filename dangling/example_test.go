package dangling_test

import (
	"context"
	"fmt"
	"log"

	"github.com/jarcoal/httpmock"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/dangling"
)

// List the dangling indexes and import one of them.
func ExampleService_Import() {
	// A stand-in for a cluster; point WithAddresses at a real one instead.
	mock := httpmock.NewMockTransport()
	mock.RegisterResponder("GET", "http://cluster.test:9200/_dangling",
		httpmock.NewStringResponder(200, `{"_nodes":{"total":1,"successful":1,"failed":0},"cluster_name":"demo","dangling_indices":[{"index_name":"movies","index_uuid":"p6tliBznQO-FzTdslShrwA","creation_date_millis":1732237252069,"node_ids":["Qz1q"]}]}`))
	mock.RegisterResponder("POST", "http://cluster.test:9200/_dangling/p6tliBznQO-FzTdslShrwA?accept_data_loss=true",
		httpmock.NewStringResponder(202, `{"acknowledged":true}`))
	client, err := clustersearch.New(clustersearch.WithAddresses("http://cluster.test:9200"), clustersearch.WithTransport(mock))
	if err != nil {
		log.Fatal(err)
	}

	ctx := context.Background()
	list, err := client.Dangling.List(ctx)
	if err != nil {
		log.Fatal(err)
	}
	for _, d := range list.DanglingIndices {
		res, err := client.Dangling.Import(ctx, d.IndexUUID, &dangling.ChangeParams{AcceptDataLoss: true})
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("imported %s (%s): acknowledged=%v, HTTP %d\n", d.IndexName, d.IndexUUID, res.Acknowledged, res.StatusCode)
	}
	// Output:
	// imported movies (p6tliBznQO-FzTdslShrwA): acknowledged=true, HTTP 202
}
