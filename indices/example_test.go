package indices_test

import (
	"context"
	"fmt"
	"log"

	"github.com/jarcoal/httpmock"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/indices"
)

func ExampleService_GetSettings() {
	mock := httpmock.NewMockTransport()
	mock.RegisterResponder("GET", "http://cluster.test:9200/books/_settings?include_defaults=false", httpmock.NewStringResponder(200,
		`{"books":{"settings":{"index":{"number_of_shards":"2","provided_name":"books","creation_date":"1778255937147",
		  "number_of_replicas":"1","uuid":"Onnd4TKBQMODrfvAvNXjAg","version":{"created":"136407827"},"refresh_interval":"30s"}}}}`))
	client, err := clustersearch.New(clustersearch.WithAddresses("http://cluster.test:9200"), clustersearch.WithTransport(mock))
	if err != nil {
		log.Fatal(err)
	}

	includeDefaults := false
	resp, err := client.Indices.GetSettings(context.Background(), []string{"books"}, nil,
		&indices.GetSettingsParams{IncludeDefaults: &includeDefaults})
	if err != nil {
		log.Fatal(err)
	}
	s := resp.Indices["books"].Settings.Index
	shards, _ := s.Shards()
	created, _ := s.CreationTime()
	fmt.Println(shards, s.NumberOfReplicas, s.UUID, created.Format("2006-01-02"), string(s.Rest["refresh_interval"]))
	// Output: 2 1 Onnd4TKBQMODrfvAvNXjAg 2026-05-08 "30s"
}
