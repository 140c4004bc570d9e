package fake

import (
	"io"
	"net/http"
	"strconv"
	"testing"
)

// TestHeadSendsTheGetHeaders checks every HEAD route against its GET twin:
// the real server runs the same handler and DefaultRestChannel drops the
// body but keeps its Content-Type and Content-Length.
func TestHeadSendsTheGetHeaders(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/books", `{"settings":{"number_of_replicas":0}}`, 200, "")
	expect(t, s, "PUT", "/books/_doc/1?refresh=true", `{"title":"Dune"}`, 201, "")
	for _, c := range []struct {
		path   string
		status int
	}{
		{"/", 200},
		{"/?pretty=false", 200},
		{"/books", 200},
		{"/books?flat_settings=true", 200},
		{"/nope", 404},
		{"/nomatch*", 200},
		{"/nomatch*?allow_no_indices=false", 404},
		{"/books/_doc/1", 200},
		{"/books/_doc/2", 404},
		{"/nope/_doc/1", 404},
		{"/books/_source/1", 200},
		{"/books/_source/2", 404},
	} {
		getCode, getHeader, getBody := call(t, s, "GET", c.path, "")
		resp := do(t, s, "HEAD", c.path)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if getCode != c.status || resp.StatusCode != c.status {
			t.Errorf("%s: GET %d, HEAD %d, want %d", c.path, getCode, resp.StatusCode, c.status)
		}
		if len(body) != 0 {
			t.Errorf("HEAD %s sent a body: %q", c.path, body)
		}
		if got, want := resp.Header.Get("Content-Length"), strconv.Itoa(len(getBody)); got != want || len(getBody) == 0 {
			t.Errorf("HEAD %s: Content-Length %q, want %q (the GET body's length)", c.path, got, want)
		}
		if got, want := resp.Header.Get("Content-Type"), getHeader.Get("Content-Type"); got != want || got != "application/json; charset=UTF-8" {
			t.Errorf("HEAD %s: Content-Type %q, GET has %q", c.path, got, want)
		}
	}
}

// TestHeadWithoutHeadRoute: a path served for GET only answers HEAD with the
// 405 of RestController, headers only.
func TestHeadWithoutHeadRoute(t *testing.T) {
	s := newTestServer(t)
	resp := do(t, s, "HEAD", "/_cluster/health")
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	want := `{"error":"Incorrect HTTP method for uri [/_cluster/health] and method [HEAD], allowed: [GET]","status":405}`
	if resp.StatusCode != 405 || len(body) != 0 || resp.Header.Get("Allow") != "GET" ||
		resp.Header.Get("Content-Length") != strconv.Itoa(len(want)) {
		t.Errorf("HEAD /_cluster/health: %d %v body %q", resp.StatusCode, resp.Header, body)
	}
	if _, _, got := call(t, s, "PUT", "/_cluster/health", ""); got != `{"error":"Incorrect HTTP method for uri [/_cluster/health] and method [PUT], allowed: [GET]","status":405}` {
		t.Errorf("PUT /_cluster/health: %s", got)
	}
}

func do(t *testing.T, s *Server, method, path string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, s.URL()+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := s.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func TestGetIndexWildcardMatchingNothing(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "GET", "/nomatch*", "", 200, `{}`)
	expect(t, s, "GET", "/nomatch*?allow_no_indices=false", "", 404,
		`{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [nomatch*]","index":"nomatch*","resource.id":"nomatch*","resource.type":"index_or_alias","index_uuid":"_na_"}],"type":"index_not_found_exception","reason":"no such index [nomatch*]","index":"nomatch*","resource.id":"nomatch*","resource.type":"index_or_alias","index_uuid":"_na_"},"status":404}`)
	expect(t, s, "GET", "/missing", "", 404, `<**>"reason":"no such index [missing]"<**>`)
}
