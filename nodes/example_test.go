package nodes_test

import (
	"context"
	"fmt"
	"log"

	"github.com/jarcoal/httpmock"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/nodes"
)

// Read the heap use and the search thread pool of every node.
func ExampleService_Stats() {
	// A stand-in for a cluster; point WithAddresses at a real one instead.
	mock := httpmock.NewMockTransport()
	mock.RegisterResponder("GET", "http://cluster.test:9200/_nodes/stats/jvm,thread_pool",
		httpmock.NewStringResponder(200, `{"_nodes":{"total":1,"successful":1,"failed":0},"cluster_name":"demo","nodes":{"Qz1q":{
			"timestamp":1732237200000,"name":"node-1","transport_address":"10.0.0.11:9300","host":"10.0.0.11","ip":"10.0.0.11:9300","roles":["data"],
			"jvm":{"timestamp":1732237200000,"uptime_in_millis":5000,"mem":{"heap_used_in_bytes":268435456,"heap_used_percent":25,"heap_committed_in_bytes":1073741824,"heap_max_in_bytes":1073741824,"non_heap_used_in_bytes":0,"non_heap_committed_in_bytes":0}},
			"thread_pool":{"search":{"threads":4,"queue":0,"active":1,"rejected":0,"largest":4,"completed":1200,"total_wait_time_in_nanos":0}}}}}`))
	client, err := clustersearch.New(clustersearch.WithAddresses("http://cluster.test:9200"), clustersearch.WithTransport(mock))
	if err != nil {
		log.Fatal(err)
	}

	res, err := client.Nodes.Stats(context.Background(), &nodes.StatsParams{
		Metrics: []nodes.Metric{nodes.MetricJVM, nodes.MetricThreadPool},
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, n := range res.Nodes {
		search := n.ThreadPool["search"]
		fmt.Printf("%s: heap %d%%, search pool %d/%d active, %d completed\n",
			n.Name, n.JVM.Mem.HeapUsedPercent, search.Active, search.Threads, search.Completed)
	}
	// Output:
	// node-1: heap 25%, search pool 1/4 active, 1200 completed
}
