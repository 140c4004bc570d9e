package documents

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
)

func TestParamsCoverTheOpenAPISpecification(t *testing.T) {
	t.Parallel()
	sdktest.CheckParamsCoverOpenAPI(t, "_core.yaml", []sdktest.ParamsCase{
		{Group: "index", Params: IndexParams{}},
		{Group: "create", Params: IndexParams{}},
		{Group: "get", Params: GetParams{}},
		{Group: "mget", Params: MGetParams{}},
		{Group: "exists", Params: GetParams{}},
		{Group: "delete", Params: DeleteParams{}},
		{Group: "update", Params: UpdateParams{}},
		{Group: "reindex", Params: ReindexParams{}},
		{Group: "delete_by_query", Params: DeleteByQueryParams{}},
		{Group: "update_by_query", Params: UpdateByQueryParams{}},
		{Group: "bulk", Params: BulkParams{}, Skip: map[string]string{
			"index": "the default index is the path argument of Bulk",
			"type":  "mapping types were removed in OpenSearch 2.0",
		}},
	})
}
