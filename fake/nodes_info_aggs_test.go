package fake_test

import (
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
)

// TestNodesInfoAggregations checks the aggregations section of nodes info:
// every aggregation a 2.19 node registers, in AggregationInfo's TreeMap
// order, with its values source types in TreeSet order.
func TestNodesInfoAggregations(t *testing.T) {
	srv := fake.New(t)
	status, _, body := doRaw(t, srv, "GET", "/_nodes/aggregations?filter_path=nodes.*.aggregations.filter,nodes.*.aggregations.value_count,nodes.*.aggregations.multi_terms,nodes.*.aggregations.geohash_grid", "")
	if status != 200 {
		t.Fatalf("status %d: %s", status, body)
	}
	_, rest, _ := strings.Cut(body, `":{"aggregations":`)
	want := `{"filter":{"types":["other"]},"geohash_grid":{"types":["geo_point","geo_shape"]},` +
		`"multi_terms":{"types":["boolean","bytes","date","ip","numeric","other"]},` +
		`"value_count":{"types":["boolean","bytes","date","geo_point","geo_shape","ip","numeric","range"]}}}}}`
	if rest != want {
		t.Errorf("aggregations = %s\nwant          %s", rest, want)
	}

	// The whole section: pipeline aggregations register no usage.
	_, _, body = doRaw(t, srv, "GET", "/_nodes/_local/aggregations?filter_path=nodes.*.aggregations.*.types", "")
	for _, name := range []string{`"adjacency_matrix":{"types":["other"]}`, `"avg":{"types":["boolean","date","numeric"]}`,
		`"children":{"types":["other"]}`, `"matrix_stats":{"types":["other"]}`, `"weighted_avg":{"types":["numeric"]}`} {
		if !strings.Contains(body, name) {
			t.Errorf("missing %s in %s", name, body)
		}
	}
	if strings.Contains(body, "avg_bucket") || strings.Count(body, `"types"`) != 44 {
		t.Errorf("want 44 aggregations and no pipelines: %s", body)
	}
}
