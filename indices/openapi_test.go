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
	}{
		{"indices.get_settings", GetSettingsParams{}},
		{"indices.put_settings", PutSettingsParams{}},
		{"indices.create", CreateParams{}},
		{"indices.delete", DeleteParams{}},
		{"indices.exists", ExistsParams{}},
		{"indices.refresh", RefreshParams{}},
	}
	for _, c := range cases {
		have := sdktest.URLNames(c.params)
		for _, name := range sdktest.OpenAPIQueryParams(t, "indices.yaml", c.group) {
			if !have[name] {
				t.Errorf("%s: query parameter %q has no field", c.group, name)
			}
		}
	}
}
