package fake

import "testing"

// TestPainlessContextAPI checks GET /_scripts/painless/_context: the sorted
// context list, 2.19's error for an unknown context, and the 501 of the
// per-context API listing the fake does not keep.
func TestPainlessContextAPI(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "GET", "/_scripts/painless/_context", "", 200,
		`{"contexts":["aggregation_selector","aggs","aggs_combine","aggs_init","aggs_map","aggs_reduce","bucket_aggregation",`+
			`"derived_field","field","filter","ingest","interval","moving-function","number_sort","painless_test","processor_conditional",`+
			`"score","script_heuristic","search","similarity","similarity_weight","string_sort","template","terms_set","update"]}`)
	expect(t, s, "GET", "/_scripts/painless/_context?context=nope", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"script context [nope] not found"}],"type":"illegal_argument_exception","reason":"script context [nope] not found"},"status":400}`)
	expect(t, s, "GET", "/_scripts/painless/_context?context=", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"script context [] not found"}],"type":"illegal_argument_exception","reason":"script context [] not found"},"status":400}`)
	expect(t, s, "GET", "/_scripts/painless/_context?context=score", "", 501, `{<**>"reason":"clustersearch-fake does not support the Painless API listing of script context [score] (its allowlist data lacks org.opensearch.txt, java.lang.txt, java.math.txt, java.text.txt, java.time.txt, java.time.chrono.txt, java.time.format.txt, java.time.temporal.txt, java.time.zone.txt, java.util.txt, java.util.function.txt, java.util.regex.txt, java.util.stream.txt, org.opensearch.score.txt, knn_allowlist.txt) yet"<**>}`)
	expect(t, s, "GET", "/_scripts/painless/_context?bogus=1", "", 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"request [/_scripts/painless/_context] contains unrecognized parameter: [bogus]"}],"type":"illegal_argument_exception","reason":"request [/_scripts/painless/_context] contains unrecognized parameter: [bogus]"},"status":400}`)
}
