package documents

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
)

func TestManualSliceFieldWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "delete_by_query.json")
	if _, err := svc.DeleteByQuery(ctx, []string{"s"}, &DeleteByQueryRequest{Query: query.MatchAll(),
		Slice: &ManualSlice{ID: 0, Max: 3, Field: "price"}}, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/s/_delete_by_query", "",
		`{"query":{"match_all":{}},"slice":{"id":0,"max":3,"field":"price"}}`)
}
