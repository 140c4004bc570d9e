package search

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
)

func TestParamsCoverTheOpenAPISpecification(t *testing.T) {
	t.Parallel()
	sdktest.CheckParamsCoverOpenAPI(t, "_core.yaml", []sdktest.ParamsCase{
		{Group: "search", Params: Params{}, Skip: map[string]string{"index": "the target indexes are the path argument of Search"}},
		{Group: "msearch", Params: MultiSearchParams{}},
		{Group: "explain", Params: ExplainParams{}},
		{Group: "count", Params: CountParams{}},
		{Group: "create_pit", Params: CreatePITParams{}},
		{Group: "scroll", Params: ScrollParams{}, Skip: map[string]string{
			"scroll":    "sent in the body, as the keepAlive argument",
			"scroll_id": "sent in the body, so it stays out of URLs and logs",
		}},
	})
}
