package search

import (
	"reflect"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
)

func ptrTo[T any](v T) *T { return &v }

func TestTypesCoverTheOpenAPISchemas(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name          string
		file, pointer string
		typ           reflect.Type
		skip          map[string]string // property -> why it has no field
	}{
		{"hit", "../schemas/_core.search.yaml", "components/schemas/Hit", reflect.TypeOf(RawHit{}), map[string]string{
			"_type": "mapping types were removed in OpenSearch 2.0",
		}},
		{"hits", "../schemas/_core.search.yaml", "components/schemas/HitsMetadata", reflect.TypeOf(Hits[jsonx.RawMessage]{}), nil},
		{"inner hits", "../schemas/_core.search.yaml", "components/schemas/InnerHitsResult", reflect.TypeOf(InnerHitsResult{}), nil},
		{"search response", "_core.yaml", "components/responses/search@200/content/application~1json/schema", reflect.TypeOf(Response{}), nil},
		{"explain response", "_core.yaml", "components/responses/explain@200/content/application~1json/schema", reflect.TypeOf(ExplainResponse{}), map[string]string{
			"_type": "mapping types were removed in OpenSearch 2.0",
		}},
		{"search body", "_core.yaml", "components/requestBodies/search/content/application~1json/schema", reflect.TypeOf(Request{}), map[string]string{
			"aggregations":     "sent as aggs, its documented alias",
			"search_pipeline":  "sent as the search_pipeline URL parameter (Params.SearchPipeline)",
			"verbose_pipeline": "sent as the verbose_pipeline URL parameter (Params.VerbosePipeline)",
		}},
		{"highlight", "../schemas/_core.search.yaml", "components/schemas/Highlight", reflect.TypeOf(Highlight{}), nil},
		{"highlight field", "../schemas/_core.search.yaml", "components/schemas/HighlightField", reflect.TypeOf(HighlightField{}), nil},
		{"point in time", "../schemas/_core.search.yaml", "components/schemas/PointInTimeReference", reflect.TypeOf(PointInTime{}), nil},
		{"field and format", "../schemas/_common.query_dsl.yaml", "components/schemas/FieldAndFormat", reflect.TypeOf(FieldAndFormat{}), nil},
		{"script field", "../schemas/_common.yaml", "components/schemas/ScriptField", reflect.TypeOf(ScriptField{}), nil},
		{"field sort", "../schemas/_common.yaml", "components/schemas/FieldSort", reflect.TypeOf(sortOptions{}), nil},
		{"count response", "_core.yaml", "components/responses/count@200/content/application~1json/schema", reflect.TypeOf(CountResponse{}), nil},
		{"count body", "_core.yaml", "components/requestBodies/count/content/application~1json/schema", reflect.TypeOf(CountRequest{}), nil},
		{"clear scroll response", "_core.yaml", "components/responses/clear_scroll@200/content/application~1json/schema", reflect.TypeOf(ClearScrollResponse{}), nil},
		{"create pit response", "_core.yaml", "components/responses/create_pit@200/content/application~1json/schema", reflect.TypeOf(CreatePITResponse{}), nil},
		{"delete pit response", "_core.yaml", "components/responses/delete_pit@200/content/application~1json/schema", reflect.TypeOf(DeletePITResponse{}), nil},
		{"deleted pit", "../schemas/_core.pit.yaml", "components/schemas/DeletedPit", reflect.TypeOf(DeletedPIT{}), nil},
		{"pit detail", "../schemas/_core.pit.yaml", "components/schemas/PitDetail", reflect.TypeOf(PITDetail{}), nil},
		{"list pits response", "_core.yaml", "components/responses/get_all_pits@200/content/application~1json/schema", reflect.TypeOf(ListPITsResponse{}), nil},
		{"explain body", "_core.yaml", "components/requestBodies/explain/content/application~1json/schema", reflect.TypeOf(ExplainRequest{}), nil},
		{"profile", "../schemas/_core.search.yaml", "components/schemas/Profile", reflect.TypeOf(Profile{}), nil},
		{"shard profile", "../schemas/_core.search.yaml", "components/schemas/ShardProfile", reflect.TypeOf(ShardProfile{}), map[string]string{
			"fetch": "fetch-phase profiling is OpenSearch 3.x; 2.19 prints no fetch section",
		}},
		{"search profile", "../schemas/_core.search.yaml", "components/schemas/SearchProfile", reflect.TypeOf(SearchProfile{}), nil},
		{"query profile", "../schemas/_core.search.yaml", "components/schemas/QueryProfile", reflect.TypeOf(QueryProfile{}), nil},
		{"query breakdown", "../schemas/_core.search.yaml", "components/schemas/QueryBreakdown", reflect.TypeOf(QueryBreakdown{}), nil},
		{"collector", "../schemas/_core.search.yaml", "components/schemas/Collector", reflect.TypeOf(CollectorProfile{}), nil},
		{"aggregation profile", "../schemas/_core.search.yaml", "components/schemas/AggregationProfile", reflect.TypeOf(AggregationProfile{}), nil},
		{"aggregation breakdown", "../schemas/_core.search.yaml", "components/schemas/AggregationBreakdown", reflect.TypeOf(AggregationBreakdown{}), nil},
		{"aggregation debug", "../schemas/_core.search.yaml", "components/schemas/AggregationProfileDebug", reflect.TypeOf(AggregationProfileDebug{}), nil},
		{"delegate debug", "../schemas/_core.search.yaml", "components/schemas/AggregationProfileDelegateDebug", reflect.TypeOf(AggregationProfileDelegateDebug{}), nil},
		{"delegate debug filter", "../schemas/_core.search.yaml", "components/schemas/AggregationProfileDelegateDebugFilter", reflect.TypeOf(AggregationProfileDelegateDebugFilter{}), nil},
	}
	fullHeader := MultiSearchHeader{Index: []string{"a"}, AllowNoIndices: ptrTo(true), AllowPartialSearchResults: ptrTo(true),
		CancelAfterTimeInterval: 1, CCSMinimizeRoundtrips: ptrTo(true), ExpandWildcards: []string{"open"}, IgnoreThrottled: ptrTo(true),
		IgnoreUnavailable: ptrTo(true), PhaseTook: ptrTo(true), Preference: "p", RequestCache: ptrTo(true), Routing: []string{"r"}, SearchType: "s"}
	headerKeys := sdktest.MarshalledKeys(t, fullHeader)
	spec := sdktest.SchemaProps(t, "../schemas/_core.msearch.yaml", "components/schemas/MultisearchHeader")
	if m := sdktest.Missing(spec, headerKeys, nil); len(m) > 0 {
		t.Errorf("multi-search header: no field for %v", m)
	}
	for k := range headerKeys {
		if !spec[k] && k != "cancel_after_time_interval" && k != "phase_took" {
			t.Errorf("multi-search header sends %q, which the specification does not list", k)
		}
	}
	msBody := sdktest.SchemaProps(t, "../schemas/_core.msearch.yaml", "components/schemas/MultisearchBody")
	if m := sdktest.Missing(msBody, sdktest.JSONNames(reflect.TypeOf(Request{})), map[string]string{
		"aggregations": "sent as aggs",
		"knn":          "a k-NN plugin option; send a knn query with query.Raw",
	}); len(m) > 0 {
		t.Errorf("multi-search body: no field for %v", m)
	}
	for _, c := range cases {
		spec := sdktest.SchemaProps(t, c.file, c.pointer)
		if m := sdktest.Missing(spec, sdktest.JSONNames(c.typ), c.skip); len(m) > 0 {
			t.Errorf("%s: no field for %v", c.name, m)
		}
		for name := range c.skip {
			if !spec[name] {
				t.Errorf("%s: exception %q is not in the specification", c.name, name)
			}
		}
	}
}
