package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/ingest"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// grokRoutes is GrokProcessorGetAction's REST handler: the built-in grok
// pattern bank, in load order or sorted by name (s).
func grokRoutes() []Route {
	return []Route{{Op: "ingest.processor_grok", Method: "GET", Path: "/_ingest/processor/grok", Params: []string{"s"}, Handler: grokPatterns}}
}

func grokPatterns(r *Request) (*Response, error) {
	sorted, err := r.Bool("s", false) // paramAsBoolean("s", false)
	if err != nil {
		return nil, err
	}
	bank := ingest.GrokPatterns(sorted)
	patterns := make(jsonout.Object, len(bank))
	for i, p := range bank {
		patterns[i] = jsonout.Field{Key: p.Name, Value: p.Definition}
	}
	return OK(jsonout.Object{{Key: "patterns", Value: patterns}}), nil
}
