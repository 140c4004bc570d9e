package indices

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
)

func TestParamsCoverTheOpenAPISpecification(t *testing.T) {
	t.Parallel()
	sdktest.CheckParamsCoverOpenAPI(t, "indices.yaml", []sdktest.ParamsCase{
		{Group: "indices.get_settings", Params: GetSettingsParams{}},
		{Group: "indices.put_settings", Params: PutSettingsParams{}},
		{Group: "indices.create", Params: CreateParams{}},
		{Group: "indices.delete", Params: DeleteParams{}},
		{Group: "indices.exists", Params: ExistsParams{}},
		{Group: "indices.refresh", Params: RefreshParams{}},
		{Group: "indices.get_mapping", Params: GetMappingParams{}, Skip: map[string]string{"index": "the indices are the path argument of GetMapping"}},
		{Group: "indices.put_mapping", Params: PutMappingParams{}},
		{Group: "indices.get_alias", Params: GetAliasesParams{}},
		{Group: "indices.put_alias", Params: AliasParams{}},
		{Group: "indices.delete_alias", Params: AliasParams{}},
		{Group: "indices.analyze", Params: struct{}{}, Skip: map[string]string{"index": "the index is the path argument of Analyze"}},
	})
}
