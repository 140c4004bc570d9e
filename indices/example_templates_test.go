package indices_test

import (
	"context"
	"fmt"
	"log"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/indices"
	"github.com/clustersearch/clustersearch-go/types"
)

// A component template holds shared mappings, a composable template
// composes it for every logs-* index: an index a write creates takes both.
func ExampleService_PutIndexTemplate() {
	srv, err := fake.NewServer()
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	client := srv.Client()
	ctx := context.Background()

	_, err = client.Indices.PutComponentTemplate(ctx, "logs-mappings", &indices.ComponentTemplate{
		Template: indices.TemplateBody{Mappings: map[string]any{"properties": map[string]any{
			"host": map[string]any{"type": "keyword"},
		}}},
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	priority := int64(10)
	_, err = client.Indices.PutIndexTemplate(ctx, "logs", &indices.IndexTemplate{
		IndexPatterns: []string{"logs-*"},
		ComposedOf:    []string{"logs-mappings"},
		Priority:      &priority,
		Template: &indices.TemplateBody{
			Settings: map[string]any{"number_of_shards": 2},
			Aliases:  map[string]indices.AliasInfo{"logs": {}},
		},
	}, nil)
	if err != nil {
		log.Fatal(err)
	}
	// What would logs-today get?
	sim, err := client.Indices.SimulateIndex(ctx, "logs-today", nil, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sim.Template.Settings["index"], sim.Template.Mappings["properties"])

	// The first write creates the index from the templates.
	if _, err := client.Documents.Index(ctx, "logs-today", "1", map[string]any{"host": "a"}, nil); err != nil {
		log.Fatal(err)
	}
	settings, err := client.Indices.GetSettings(ctx, []string{"logs"}, []string{"index.number_of_shards"}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(settings.Indices["logs-today"].Settings.Index.NumberOfShards)

	// A component template in use cannot go.
	_, err = client.Indices.DeleteComponentTemplate(ctx, "logs-mappings", nil)
	fmt.Println(types.IsType(err, "illegal_argument_exception"))
	// Output:
	// map[number_of_shards:2] map[host:map[type:keyword]]
	// 2
	// true
}
