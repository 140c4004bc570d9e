package fake

import (
	"bufio"
	"crypto/tls"
	"crypto/x509"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

// rawExchange writes raw HTTP/1.1 bytes on one connection and reads n
// responses from it, so keep-alive framing is exercised as a client sees it.
func rawExchange(t *testing.T, s *Server, raw string, n int) []*http.Response {
	t.Helper()
	var conn net.Conn
	var err error
	if addr, ok := strings.CutPrefix(s.URL(), "https://"); ok {
		pool := x509.NewCertPool()
		pool.AppendCertsFromPEM(s.CACert())
		conn, err = tls.Dial("tcp", addr, &tls.Config{RootCAs: pool})
	} else {
		conn, err = net.Dial("tcp", strings.TrimPrefix(s.URL(), "http://"))
	}
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, raw); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(conn)
	var out []*http.Response
	for i := 0; i < n; i++ {
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("response %d: %v", i, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body = io.NopCloser(strings.NewReader(string(body)))
		out = append(out, resp)
	}
	return out
}

func bodyOf(r *http.Response) string {
	b, _ := io.ReadAll(r.Body)
	return string(b)
}

// A path segment with a malformed escape that a route's wildcard takes is
// decoded by the PathTrie, whose IllegalArgumentException RestController
// answers as an unsupported method (405 "Unexpected HTTP method"). Over
// TLS the answer is the same: the rewriting runs on the decrypted stream.
func TestBadPathEscapeAnsweredAsOpenSearch(t *testing.T) {
	t.Run("http", func(t *testing.T) { checkBadPathEscapes(t, newTestServer(t)) })
	t.Run("https", func(t *testing.T) { checkBadPathEscapes(t, newTestServer(t, WithTLS())) })
}

func checkBadPathEscapes(t *testing.T, s *Server) {
	cases := []struct {
		target, status, body, allow string
	}{
		{"/bi/_doc/%zz", "405", `{"error":"Unexpected HTTP method, allowed: [DELETE, GET, HEAD, POST, PUT]","status":405}`, "DELETE,GET,HEAD,POST,PUT"},
		{"/bi/_doc/a%", "405", `{"error":"Unexpected HTTP method, allowed: [DELETE, GET, HEAD, POST, PUT]","status":405}`, "DELETE,GET,HEAD,POST,PUT"},
		{"/bi%z/_search", "405", `{"error":"Unexpected HTTP method, allowed: [GET, POST]","status":405}`, "GET,POST"},
		// No wildcard takes the segment: no handler, and the URI does not parse.
		{"/_cluster/%zz", "400", `{"error":"invalid uri has been requested"}`, ""},
	}
	for _, c := range cases {
		resp := rawExchange(t, s, "GET "+c.target+" HTTP/1.1\r\nHost: x\r\n\r\n", 1)[0]
		if got := bodyOf(resp); resp.Status[:3] != c.status || got != c.body {
			t.Errorf("GET %s: %s %s, want %s %s", c.target, resp.Status, got, c.status, c.body)
		}
		if got := resp.Header.Get("Allow"); got != c.allow {
			t.Errorf("GET %s: Allow %q, want %q", c.target, got, c.allow)
		}
	}
}

// "%%" is a literal "%" to RestUtils.decodeComponent (Go's parser refuses it).
func TestDoublePercentDecodesToPercent(t *testing.T) {
	s := newTestServer(t)
	resp := rawExchange(t, s, "GET /x%%y HTTP/1.1\r\nHost: x\r\n\r\n", 1)[0]
	if got := bodyOf(resp); resp.StatusCode != 404 || !strings.Contains(got, `"reason":"no such index [x%y]"`) {
		t.Errorf("GET /x%%%%y: %d %s", resp.StatusCode, got)
	}
}

// The rewriting reader follows keep-alive framing: requests after a body
// (plain or chunked) are still found, rewritten and answered in order.
func TestBadEscapeAfterBodiesOnOneConnection(t *testing.T) {
	s := newTestServer(t)
	body := `{"a":"x%zz y"}`
	raw := "PUT /bi/_doc/1?refresh=true HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " +
		itoa(len(body)) + "\r\n\r\n" + body +
		"POST /bi/_doc/2 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" +
		"6\r\n{\"a\":1\r\n1\r\n}\r\n0\r\n\r\n" +
		"GET /bi/_doc/%zz HTTP/1.1\r\nHost: x\r\n\r\n" +
		"GET /bi/_doc/1 HTTP/1.1\r\nHost: x\r\n\r\n"
	rs := rawExchange(t, s, raw, 4)
	want := []int{201, 201, 405, 200}
	for i, r := range rs {
		if r.StatusCode != want[i] {
			t.Errorf("response %d: status %d, want %d: %s", i, r.StatusCode, want[i], bodyOf(r))
		}
	}
	if got := bodyOf(rs[3]); !strings.Contains(got, `"_source":{"a":"x%zz y"}`) {
		t.Errorf("the body with %%zz was changed: %s", got)
	}
}

// A client cannot name another target through the reader's header.
func TestRawTargetHeaderFromClientIgnored(t *testing.T) {
	s := newTestServer(t)
	resp := rawExchange(t, s, "GET / HTTP/1.1\r\nHost: x\r\nX-Clustersearch-Raw-Target: /bi/_doc/%zz\r\n\r\n", 1)[0]
	if resp.StatusCode != 200 {
		t.Errorf("GET / with the header: %d %s", resp.StatusCode, bodyOf(resp))
	}
}

// A malformed escape in the query string is RestRequest's
// BadParameterException, answered through dispatchBadRequest.
func TestBadQueryEscape(t *testing.T) {
	s := newTestServer(t)
	reason := "java.lang.IllegalArgumentException: invalid escape sequence `%zz' at index 0 of: %zz"
	expect(t, s, "GET", "/?pretty=%zz", "", 400,
		`{"error":{"root_cause":[{"type":"bad_parameter_exception","reason":"`+reason+`"}],"type":"bad_parameter_exception","reason":"`+reason+`",`+
			`"caused_by":{"type":"illegal_argument_exception","reason":"invalid escape sequence `+"`%zz'"+` at index 0 of: %zz"}},"status":400}`)
	expect(t, s, "GET", "/_cluster/health?timeout=1s%", "", 400,
		`{"error":{"root_cause":[{"type":"bad_parameter_exception","reason":"java.lang.IllegalArgumentException: unterminated escape sequence at end of string: 1s%"}]<**>`)
}

// Query pairs split on "&" and ";" and a later value wins, as
// RestUtils.decodeQueryString reads them.
func TestQueryStringSplitLikeOpenSearch(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "GET", "/_cluster/health?pretty=false;timeout=abc", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception",<**>`)
	expect(t, s, "GET", "/_cluster/health?timeout=abc&timeout=1s", "", 200, "")
}
