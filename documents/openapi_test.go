package documents

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
		{"index", IndexParams{}, nil},
		{"create", IndexParams{}, nil},
		{"get", GetParams{}, nil},
		{"mget", MGetParams{}, nil},
		{"exists", GetParams{}, nil},
		{"delete", DeleteParams{}, nil},
		{"update", UpdateParams{}, nil},
		{"reindex", ReindexParams{}, nil},
		{"delete_by_query", DeleteByQueryParams{}, nil},
		{"update_by_query", UpdateByQueryParams{}, nil},
		{"bulk", BulkParams{}, map[string]string{
			"index": "the default index is the path argument of Bulk",
			"type":  "mapping types were removed in OpenSearch 2.0",
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
