package fake

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// call sends one request and returns status, headers and body.
func call(t *testing.T, s *Server, method, path, body string) (int, http.Header, string) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, s.URL()+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		ct := "application/json"
		if strings.Contains(path, "_bulk") {
			ct = "application/x-ndjson"
		}
		req.Header.Set("Content-Type", ct)
	}
	resp, err := s.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

// expect checks status and body; in want, "<*>" matches any JSON scalar and
// "<**>" any text.
func expect(t *testing.T, s *Server, method, path, body string, status int, want string) string {
	t.Helper()
	code, _, got := call(t, s, method, path, body)
	if code != status {
		t.Errorf("%s %s: status %d, want %d; body %s", method, path, code, status, got)
	}
	if want != "" && !jsonLike(want, got) {
		t.Errorf("%s %s:\n got %s\nwant %s", method, path, got, want)
	}
	return got
}

func jsonLike(pattern, got string) bool {
	var re strings.Builder
	for i, any := range strings.Split(pattern, "<**>") {
		if i > 0 {
			re.WriteString(`.*`)
		}
		parts := strings.Split(any, "<*>")
		for j := range parts {
			parts[j] = regexp.QuoteMeta(parts[j])
		}
		re.WriteString(strings.Join(parts, `("[^"]*"|-?[0-9.]+|true|false|null)`))
	}
	return regexp.MustCompile(`(?s)^` + re.String() + `$`).MatchString(got)
}

func newTestServer(t *testing.T, opts ...Option) *Server {
	return New(t, append([]Option{WithClock(NewManualClock(time.UnixMilli(1700000000000)))}, opts...)...)
}

func stringsReader(s string) io.Reader { return strings.NewReader(s) }
