package search

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
)

func TestParamsCoverTheOpenAPISpecification(t *testing.T) {
	t.Parallel()
	cases := []struct {
		group  string
		params any
		skip   map[string]string // parameter -> why it has no field
	}{
		{"search", Params{}, map[string]string{"index": "the target indexes are the path argument of Search"}},
		{"msearch", MultiSearchParams{}, nil},
		{"explain", ExplainParams{}, nil},
		{"count", CountParams{}, nil},
		{"create_pit", CreatePITParams{}, nil},
		{"scroll", ScrollParams{}, map[string]string{
			"scroll":    "sent in the body, as the keepAlive argument",
			"scroll_id": "sent in the body, so it stays out of URLs and logs",
		}},
	}
	for _, c := range cases {
		have := sdktest.URLNames(c.params)
		for _, name := range sdktest.OpenAPIQueryParams(t, "_core.yaml", c.group) {
			if _, ok := c.skip[name]; !ok && !have[name] {
				t.Errorf("%s: query parameter %q has no field", c.group, name)
			}
		}
	}
}
