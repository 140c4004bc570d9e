package rest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzNodesStatsParams sends arbitrary metric paths and query strings to the
// nodes stats routes: the answer is 200 or a JSON error, never a panic, and
// a parameter is either read or reported as unrecognized.
func FuzzNodesStatsParams(f *testing.F) {
	for _, s := range []string{
		"/_nodes/stats?types=_doc", "/_nodes/stats/os?groups=g&fields=a", "/_nodes/stats/indices/search,fielddata?groups=g&fields=a",
		"/_nodes/stats/indices?include_segment_file_sizes=maybe&top=true&include_all=false", "/_nodes/_local/stats/jvm?timeou=1s",
		"/_nodes/stats/indices/completion?completion_fields=c*&master_timeout=1s",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, target string) {
		if !strings.HasPrefix(target, "/_nodes/") || strings.ContainsAny(target, " \r\n#") {
			return
		}
		b := newBackend()
		srv := NewServer(NewNodesAPI(b).StatsRoutes()...)
		req, err := http.NewRequest("GET", "http://fake"+target, strings.NewReader(""))
		if err != nil {
			return
		}
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		out := rec.Body.String()
		if rec.Code == 500 && strings.Contains(out, "internal error") {
			t.Fatalf("%s: panic: %s", target, out)
		}
		if rec.Code != 200 && rec.Code >= 500 {
			t.Fatalf("%s: %d %s", target, rec.Code, out)
		}
		if len(out) > 0 && strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") && !json.Valid([]byte(out)) {
			t.Fatalf("%s: invalid JSON %q", target, out)
		}
	})
}
