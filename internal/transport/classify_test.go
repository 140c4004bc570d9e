package transport

import "testing"

func TestIdempotentTable(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		method, path, query string
		want                bool
	}{
		// Reads.
		{"GET", "/books/_search", "", true},
		{"HEAD", "/books/_doc/1", "", true},
		{"POST", "/_search", "", true},
		{"POST", "/books,logs/_search", "", true},
		{"POST", "/_all/_search", "scroll=1m", true},
		{"POST", "/_msearch", "", true},
		{"POST", "/books/_msearch/template", "", true},
		{"POST", "/books/_count", "", true},
		{"POST", "/books/_explain/a%2Fb", "", true},
		{"POST", "/_mget", "", true},
		{"POST", "/books/_mget", "", true},
		{"POST", "/books/_validate/query", "", true},
		{"POST", "/_index_template/_simulate", "", true},
		{"POST", "/_index_template/_simulate/logs", "", true},
		{"POST", "/_index_template/_simulate_index/logs-1", "", true},
		{"PUT", "/_index_template/logs", "", false},
		{"POST", "/_index_template/_simulated", "", false},
		// Document writes by id that converge.
		{"PUT", "/books/_doc/1", "refresh=true", true},
		{"POST", "/books/_doc/1", "", true},
		{"DELETE", "/books/_doc/1", "routing=r", true},
		{"DELETE", "/_search/scroll", "", true},
		{"DELETE", "/_search/point_in_time", "", true},
		// Conditional document writes: the repeat would conflict.
		{"PUT", "/books/_doc/1", "op_type=create", false},
		{"PUT", "/books/_doc/1", "if_seq_no=3&if_primary_term=1", false},
		{"PUT", "/books/_doc/1", "version=7&version_type=external", false},
		{"DELETE", "/books/_doc/1", "", true},
		// Writes.
		{"POST", "/books/_doc", "", false},
		{"PUT", "/books/_create/1", "", false},
		{"POST", "/books/_update/1", "", false},
		{"POST", "/books/_update/_search", "", false}, // the document "_search"
		{"POST", "/books/_doc/_search", "op_type=create", false},
		{"POST", "/_bulk", "", false},
		{"POST", "/books/_bulk", "", false},
		{"POST", "/_reindex", "wait_for_completion=false", false},
		{"POST", "/books/_update_by_query", "", false},
		{"POST", "/books/_delete_by_query", "", false},
		{"POST", "/_search/scroll", "", false}, // moves the cursor on
		{"POST", "/books/_search/point_in_time", "keep_alive=1m", false},
		{"DELETE", "/_search/point_in_time/_all", "", false},
		{"POST", "/_tasks/_cancel", "", false},
		{"PUT", "/books", "", false},
		{"DELETE", "/books", "", false},
		{"PUT", "/books/_settings", "", false},
		{"POST", "/_plugins/_notifications/feature/test/c1", "", false},
		{"PATCH", "/books/_doc/1", "", false},
	} {
		if got := idempotent(tc.method, tc.path, tc.query); got != tc.want {
			t.Errorf("%s %s?%s: idempotent = %v, want %v", tc.method, tc.path, tc.query, got, tc.want)
		}
	}
}
