package indices

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
		{"indices.get_settings", GetSettingsParams{}, nil},
		{"indices.put_settings", PutSettingsParams{}, nil},
		{"indices.create", CreateParams{}, nil},
		{"indices.delete", DeleteParams{}, nil},
		{"indices.exists", ExistsParams{}, nil},
		{"indices.refresh", RefreshParams{}, nil},
		{"indices.get_mapping", GetMappingParams{}, map[string]string{"index": "the indices are the path argument of GetMapping"}},
		{"indices.put_mapping", PutMappingParams{}, nil},
		{"indices.get_alias", GetAliasesParams{}, nil},
		{"indices.put_alias", AliasParams{}, nil},
		{"indices.delete_alias", AliasParams{}, nil},
	}
	for _, c := range cases {
		have := sdktest.URLNames(c.params)
		for _, name := range sdktest.OpenAPIQueryParams(t, "indices.yaml", c.group) {
			if _, ok := c.skip[name]; !ok && !have[name] {
				t.Errorf("%s: query parameter %q has no field", c.group, name)
			}
		}
	}
}
