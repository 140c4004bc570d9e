package painless

import "sort"

// contextNames are the script contexts a 2.19 node with the fake's modules
// (lang-painless, ingest-common, reindex) gives Painless: ScriptModule's
// CORE_CONTEXTS (search since 2.8, derived_field since 2.14) and
// lang-painless's own painless_test. PainlessContextAction lists them
// sorted.
var contextNames = []string{
	"field", "aggs", "score", "number_sort", "string_sort", "terms_set", "update", "bucket_aggregation",
	"aggregation_selector", "script_heuristic", "ingest", "processor_conditional", "search", "filter",
	"similarity", "similarity_weight", "template", "moving-function", "aggs_init", "aggs_map",
	"aggs_combine", "aggs_reduce", "interval", "derived_field", "painless_test",
}

// ContextNames returns the Painless script contexts in
// GET /_scripts/painless/_context's order (String's natural order).
func ContextNames() []string {
	out := append([]string(nil), contextNames...)
	sort.Strings(out)
	return out
}

// IsContext reports whether name is one of ContextNames.
func IsContext(name string) bool {
	for _, n := range contextNames {
		if n == name {
			return true
		}
	}
	return false
}
