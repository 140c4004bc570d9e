package painless

import (
	"reflect"
	"testing"
)

func TestContextNames(t *testing.T) {
	want := []string{"aggregation_selector", "aggs", "aggs_combine", "aggs_init", "aggs_map", "aggs_reduce",
		"bucket_aggregation", "derived_field", "field", "filter", "ingest", "interval", "moving-function",
		"number_sort", "painless_test", "processor_conditional", "score", "script_heuristic", "search",
		"similarity", "similarity_weight", "string_sort", "template", "terms_set", "update"}
	if got := ContextNames(); !reflect.DeepEqual(got, want) {
		t.Errorf("ContextNames() = %v", got)
	}
	if !IsContext("moving-function") || IsContext("moving_function") || IsContext("analysis") {
		t.Error("IsContext")
	}
}
