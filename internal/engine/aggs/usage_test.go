package aggs

import (
	"reflect"
	"testing"
)

// TestUsageCoversEveryNonPipelineAggregation checks the usage table against
// the parser's registry: every aggregation registers usage, pipelines none.
func TestUsageCoversEveryNonPipelineAggregation(t *testing.T) {
	for name, k := range registry {
		_, listed := usageTypes[name]
		if k.pipeline && listed {
			t.Errorf("pipeline aggregation %q must not register usage", name)
		}
		if !k.pipeline && !listed {
			t.Errorf("aggregation %q has no usage entry", name)
		}
	}
	for name := range usageTypes {
		if _, ok := registry[name]; !ok {
			t.Errorf("usage entry %q names no aggregation the parser knows", name)
		}
	}
}

func TestUsageInfoIsSortedTreeOrder(t *testing.T) {
	info := UsageInfo()
	got := map[string][]string{}
	var names []string
	for _, u := range info {
		got[u.Name] = u.Types
		names = append(names, u.Name)
	}
	// "geo_bounds" sorts before "geohash_grid": '_' < 'h', as String.compareTo.
	wantPrefix := []string{"adjacency_matrix", "auto_date_histogram", "avg", "cardinality", "children", "composite",
		"date_histogram", "date_range", "diversified_sampler", "extended_stats", "filter", "filters", "geo_bounds",
		"geo_centroid", "geo_distance", "geohash_grid", "geotile_grid", "global", "histogram", "ip_range"}
	if !reflect.DeepEqual(names[:len(wantPrefix)], wantPrefix) {
		t.Fatalf("order = %v", names)
	}
	for name, want := range map[string][]string{
		"filter":      {"other"},
		"value_count": {"boolean", "bytes", "date", "geo_point", "geo_shape", "ip", "numeric", "range"},
		"multi_terms": {"boolean", "bytes", "date", "ip", "numeric", "other"},
		"histogram":   {"boolean", "date", "numeric", "range"},
		"terms":       {"boolean", "bytes", "date", "ip", "numeric"},
	} {
		if !reflect.DeepEqual(got[name], want) {
			t.Errorf("%s = %v, want %v", name, got[name], want)
		}
	}
	// The table is shared: sorting a copy must not reorder it.
	if usageTypes["date_histogram"][0] != useDate {
		t.Error("UsageInfo sorted the shared table in place")
	}
}
