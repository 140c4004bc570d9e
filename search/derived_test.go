package search

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/mapping"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// A search's derived fields go on the wire as OpenSearch reads them.
func TestSearchSendsDerivedFields(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200)
	body := &Request{
		Derived: map[string]*mapping.DerivedField{
			"day": {Type: mapping.DerivedDate, Script: &types.Script{Source: "emit(doc['at'].value.toInstant().toEpochMilli())"}, Format: "yyyy-MM-dd"},
			"loc": mapping.Derived(mapping.DerivedGeoPoint, "emit(params._source.lat, params._source.lon)"),
		},
		Query:  query.Range("day").Gte("2024-01-01"),
		Fields: []FieldAndFormat{{Field: "day"}, {Field: "loc"}},
	}
	if _, err := svc.Search(context.Background(), []string{"logs"}, body, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/logs/_search", "", `{
		"query":{"range":{"day":{"gte":"2024-01-01"}}},
		"fields":[{"field":"day"},{"field":"loc"}],
		"derived":{"day":{"type":"date","script":{"source":"emit(doc['at'].value.toInstant().toEpochMilli())"},"format":"yyyy-MM-dd"},
			"loc":{"type":"geo_point","script":{"source":"emit(params._source.lat, params._source.lon)"}}}}`)
}
