package transport

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
)

// writeRequest writes the bytes Request.Write writes, for the requests it
// writes itself and for those it hands over.
func TestDirectWriteRequestMatchesRequestWrite(t *testing.T) {
	t.Parallel()
	type req struct {
		method, url, body string
		header            http.Header
		edit              func(r *http.Request)
	}
	cases := []req{
		{method: "GET", url: "http://127.0.0.1:9200/"},
		{method: "GET", url: "http://localhost:9200/books/_search?size=10&q=a%20b", header: http.Header{"Accept": {"application/json"}, "User-Agent": {"clustersearch-go/1 (go)"}, "Authorization": {"Basic eDp5"}}},
		{method: "POST", url: "http://127.0.0.1:9200/zipf/_search", body: `{"query":{"match":{"body":"a"}},"size":10}`, header: http.Header{"Content-Type": {"application/json"}, "X-Opaque-Id": {"  spaced  "}, "Zz": {"1", "2"}, "aa-lower": {"x"}}},
		{method: "POST", url: "http://127.0.0.1:9200/_refresh"},
		{method: "DELETE", url: "http://127.0.0.1:9200/books"},
		{method: "HEAD", url: "http://127.0.0.1:9200/books"},
		{method: "PUT", url: "http://[::1]:9200/books/_doc/a%2Fb", body: `{}`},
		{method: "GET", url: "http://127.0.0.1:9200/", header: http.Header{"User-Agent": {""}}},
		{method: "GET", url: "http://127.0.0.1:9200/", header: http.Header{"User-Agent": {"  "}}},
		{method: "GET", url: "http://127.0.0.1:9200/", header: http.Header{"Content-Length": {"5"}, "Transfer-Encoding": {"x"}, "Host": {"other"}}},
		// Handed to Request.Write.
		{method: "GET", url: "http://127.0.0.1:9200/", edit: func(r *http.Request) { r.Close = true }},
		{method: "POST", url: "http://127.0.0.1:9200/", body: "abc", edit: func(r *http.Request) { r.ContentLength = -1 }},
		{method: "GET", url: "http://127.0.0.1:9200/", edit: func(r *http.Request) { r.Host = "bücher.example" }},
		{method: "GET", url: "http://127.0.0.1:9200/", edit: func(r *http.Request) { r.Host = "[fe80::1%25en0]:9200" }},
	}
	for _, tc := range cases {
		build := func() *http.Request {
			var body io.Reader
			if tc.body != "" {
				body = strings.NewReader(tc.body)
			}
			r, err := http.NewRequest(tc.method, tc.url, body)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tc.header {
				r.Header[k] = v
			}
			if tc.edit != nil {
				tc.edit(r)
			}
			return r
		}
		var want bytes.Buffer
		wantErr := build().Write(&want)
		var got bytes.Buffer
		c := &directConn{bw: bufio.NewWriter(&got)}
		err := c.writeRequest(build())
		c.bw.Flush()
		if (err != nil) != (wantErr != nil) || got.String() != want.String() {
			t.Errorf("%s %s:\n got  %q (%v)\n want %q (%v)", tc.method, tc.url, got.String(), err, want.String(), wantErr)
		}
	}
}
