package fake

import "testing"

// TestNodesStatsParamsReadPerSelection follows RestNodesStatsAction: some
// parameters are read only when their group is selected, and whatever the
// handler did not read is rejected afterwards, with suggestions drawn from
// the parameters it did read.
func TestNodesStatsParamsReadPerSelection(t *testing.T) {
	s := newTestServer(t)
	unrecognized := func(path, params string) string {
		return `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"request [` + path + `] contains unrecognized ` + params +
			`"}],"type":"illegal_argument_exception","reason":"request [` + path + `] contains unrecognized ` + params + `"},"status":400}`
	}
	// 2.x reads no "types" (the spec still lists it).
	expect(t, s, "GET", "/_nodes/stats?types=_doc", "", 400, unrecognized("/_nodes/stats", "parameter: [types]"))
	// Read only with their groups.
	expect(t, s, "GET", "/_nodes/stats/os?groups=g", "", 400, unrecognized("/_nodes/stats/os", "parameter: [groups]"))
	expect(t, s, "GET", "/_nodes/stats/jvm?include_segment_file_sizes=abc", "", 400, unrecognized("/_nodes/stats/jvm", "parameter: [include_segment_file_sizes]"))
	expect(t, s, "GET", "/_nodes/stats/indices/search?groups=g&fields=a&completion_fields=b", "", 400,
		unrecognized("/_nodes/stats/indices/search", "parameters: [completion_fields], [fields]"))
	expect(t, s, "GET", "/_nodes/stats/indices/fielddata?fields=a&fielddata_fields=b&filter_path=_nodes", "", 200, `{"_nodes":{"total":1,"successful":1,"failed":0}}`)
	expect(t, s, "GET", "/_nodes/stats/indices/completion?fields=a&filter_path=_nodes.total", "", 200, `{"_nodes":{"total":1}}`)
	expect(t, s, "GET", "/_nodes/stats/indices/segments?include_segment_file_sizes=abc", "", 400,
		`<**>"reason":"Failed to parse value [abc] as only [true] or [false] are allowed."<**>`)
	// include_all and top are read whenever present.
	expect(t, s, "GET", "/_nodes/stats/shard_indexing_pressure?include_all=true&top=false&filter_path=_nodes.failed", "", 200, `{"_nodes":{"failed":0}}`)
	expect(t, s, "GET", "/_nodes/stats?top=abc", "", 400, `<**>"reason":"Failed to parse value [abc] as only [true] or [false] are allowed."<**>`)
	// Suggestions come from what was read: include_segment_file_sizes only when segments are selected.
	expect(t, s, "GET", "/_nodes/stats?include_segment_file_size=true", "", 400,
		unrecognized("/_nodes/stats", "parameter: [include_segment_file_size] -> did you mean [include_segment_file_sizes]?"))
	expect(t, s, "GET", "/_nodes/stats/os?include_segment_file_size=true", "", 400,
		unrecognized("/_nodes/stats/os", "parameter: [include_segment_file_size]"))
	expect(t, s, "GET", "/_nodes/stats/indices?index_metrics=docs", "", 400,
		unrecognized("/_nodes/stats/indices", "parameter: [index_metrics] -> did you mean [index_metric]?"))
	expect(t, s, "GET", "/_nodes/stats?timeou=1s", "", 400, unrecognized("/_nodes/stats", "parameter: [timeou] -> did you mean [timeout]?"))
	// Errors of prepareRequest come before the unread-parameter check.
	expect(t, s, "GET", "/_nodes/stats/bogus?groups=g", "", 400, `<**>"reason":"request [/_nodes/stats/bogus] contains unrecognized metric: [bogus]"<**>`)
}

// master_timeout is not a nodes stats parameter: no deprecation warning, just
// the unrecognized-parameter error (both names together included).
func TestNodesStatsMasterTimeoutIsUnrecognized(t *testing.T) {
	s := newTestServer(t)
	code, h, body := call(t, s, "GET", "/_nodes/stats?master_timeout=1s&cluster_manager_timeout=1s", "")
	want := `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"request [/_nodes/stats] contains unrecognized parameters: [cluster_manager_timeout], [master_timeout]"}],"type":"illegal_argument_exception","reason":"request [/_nodes/stats] contains unrecognized parameters: [cluster_manager_timeout], [master_timeout]"},"status":400}`
	if code != 400 || body != want || h.Get("Warning") != "" {
		t.Fatalf("%d %q %s", code, h.Get("Warning"), body)
	}
}
