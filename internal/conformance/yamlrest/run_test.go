package yamlrest

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/conformance"
)

// miniServer is a tiny document store standing in for the fake: enough of
// the API to drive the runner through every step kind.
type miniServer struct {
	mu   sync.Mutex
	docs map[string]string // "index/id" -> JSON source
	log  *[]string
}

func (m *miniServer) record(s string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	*m.log = append(*m.log, s)
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

func (m *miniServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	entry := r.Method + " " + r.URL.RequestURI()
	if len(body) > 0 {
		entry += " " + r.Header.Get("Content-Type") + " " + strings.ReplaceAll(string(body), "\n", `\n`)
	}
	if h := r.Header.Get("X-Opaque-Id"); h != "" {
		entry += " opaque=" + h
	}
	m.record(entry)
	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case r.URL.Path == "/":
		writeJSON(w, 200, `{"version":{"number":"2.19.0"}}`)
	case len(parts) == 3 && parts[1] == "_doc" && (r.Method == "PUT" || r.Method == "POST"):
		key := parts[0] + "/" + parts[2]
		if _, exists := m.docs[key]; exists && r.URL.Query().Get("op_type") == "create" {
			writeJSON(w, 409, `{"error":{"root_cause":[{"type":"version_conflict_engine_exception","reason":"[`+parts[2]+`]: version conflict, document already exists (current version [1])"}],"type":"version_conflict_engine_exception","reason":"[`+parts[2]+`]: version conflict, document already exists (current version [1])"},"status":409}`)
			return
		}
		m.docs[key] = string(body)
		writeJSON(w, 201, fmt.Sprintf(`{"_index":%q,"_id":%q,"result":"created"}`, parts[0], parts[2]))
	case len(parts) == 2 && parts[1] == "_doc" && r.Method == "POST":
		m.docs[parts[0]+"/gen-1"] = string(body)
		writeJSON(w, 201, fmt.Sprintf(`{"_index":%q,"_id":"gen-1","result":"created"}`, parts[0]))
	case len(parts) == 3 && parts[1] == "_doc" && r.Method == "GET":
		src, ok := m.docs[parts[0]+"/"+parts[2]]
		if !ok {
			writeJSON(w, 404, fmt.Sprintf(`{"_index":%q,"_id":%q,"found":false}`, parts[0], parts[2]))
			return
		}
		writeJSON(w, 200, fmt.Sprintf(`{"_index":%q,"_id":%q,"found":true,"_source":%s}`, parts[0], parts[2], src))
	case len(parts) == 1 && r.Method == "HEAD":
		for k := range m.docs {
			if strings.HasPrefix(k, parts[0]+"/") {
				w.WriteHeader(200)
				return
			}
		}
		w.WriteHeader(404)
	case parts[len(parts)-1] == "_bulk":
		n := strings.Count(strings.TrimSpace(string(body)), "\n") + 1
		writeJSON(w, 200, fmt.Sprintf(`{"errors":false,"lines":%d}`, n))
	case parts[len(parts)-1] == "_search":
		if r.URL.Query().Get("warn") != "" {
			w.Header().Add("Warning", `299 OpenSearch-2.19.0-x "deprecated thing" "Sun, 22 Nov 2026 01:00:00 GMT"`)
		}
		writeJSON(w, 200, fmt.Sprintf(`{"hits":{"total":{"value":%d,"relation":"eq"},"hits":[]}}`, len(m.docs)))
	default:
		writeJSON(w, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"no handler found for uri [`+r.URL.Path+`]"}],"type":"illegal_argument_exception","reason":"no handler found for uri [`+r.URL.Path+`]"},"status":400}`)
	}
}

type httptestTarget struct{ srv *httptest.Server }

func (h httptestTarget) URL() string  { return h.srv.URL }
func (h httptestTarget) Close() error { h.srv.Close(); return nil }

// newMini returns a target factory whose servers share one request log and
// count how many were started.
func newMini(log *[]string, started *int) conformance.NewTarget {
	var mu sync.Mutex
	return func() (conformance.Target, error) {
		mu.Lock()
		*started++
		mu.Unlock()
		return httptestTarget{httptest.NewServer(&miniServer{docs: map[string]string{}, log: log})}, nil
	}
}

const miniSpecs = `index.json={"index":{"url":{"paths":[{"path":"/{index}/_doc/{id}","methods":["PUT","POST"],"parts":{"index":{},"id":{}}},{"path":"/{index}/_doc","methods":["POST"],"parts":{"index":{}}}]},"params":{"op_type":{}},"body":{"required":true}}}
get.json={"get":{"url":{"paths":[{"path":"/{index}/_doc/{id}","methods":["GET"],"parts":{"index":{},"id":{}}}]}}}
bulk.json={"bulk":{"url":{"paths":[{"path":"/_bulk","methods":["POST","PUT"]},{"path":"/{index}/_bulk","methods":["POST","PUT"],"parts":{"index":{}}}]},"body":{"required":true,"serialize":"bulk"}}}
search.json={"search":{"url":{"paths":[{"path":"/_search","methods":["GET","POST"]},{"path":"/{index}/_search","methods":["GET","POST"],"parts":{"index":{}}}]},"params":{"warn":{}},"body":{}}}
indices.exists.json={"indices.exists":{"url":{"paths":[{"path":"/{index}","methods":["HEAD"],"parts":{"index":{}}}]}}}
`

func writeSuite(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for _, line := range strings.Split(strings.TrimSpace(miniSpecs), "\n") {
		name, body, _ := strings.Cut(line, "=")
		files["api/"+name] = body
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const docsSuite = `---
setup:
  - do:
      index:
        index: test
        id: "1"
        body: {title: "Hello", n: 1.0}
---
teardown:
  - do:
      get:
        index: test
        id: teardown
        ignore: 404
---
"get what setup wrote":
  - do:
      get: {index: test, id: "1"}
  - match: {_source: {title: Hello, n: 1.0}}
  - match: {_source.n: 1}
  - is_true: found
  - length: {_source: 2}
---
"auto id is stashed and reused":
  - do:
      index: {index: test, body: {a: 1}}
  - set: {_id: id}
  - do:
      get: {index: test, id: $id}
  - match: {_id: $id}
  - match: {_source.a: 1}
---
"catch conflict and inspect the error":
  - do:
      catch: conflict
      index: {index: test, id: "1", op_type: create, body: {}}
  - match: {error.type: version_conflict_engine_exception}
  - do:
      catch: /version.conflict,.document.already.exists/
      index: {index: test, id: "1", op_type: create, body: {}}
  - do:
      catch: missing
      get: {index: test, id: nope}
  - match: {found: false}
  - do:
      catch: param
      index: {index: test}
---
"HEAD truthiness":
  - do:
      indices.exists: {index: test}
  - is_true: ''
  - do:
      indices.exists: {index: other}
  - is_false: ''
---
"NDJSON bodies and headers":
  - skip:
      features: headers
  - do:
      headers: {X-Opaque-Id: my-id}
      bulk:
        body:
          - {index: {_index: test}}
          - {a: "b"}
          - '{"index":{"_index":"test"}}'
          - '{"c":"d"}'
  - match: {lines: 4}
---
"allowed warnings":
  - skip:
      features: allowed_warnings
  - do:
      allowed_warnings: ["deprecated thing"]
      search: {index: test, warn: "1"}
  - match: {hits.total.value: 1}
---
"an unexpected warning fails":
  - do:
      search: {index: test, warn: "1"}
---
"a failing assertion":
  - do:
      get: {index: test, id: "1"}
  - match: {_source.title: Goodbye}
---
"an unlisted error fails":
  - do:
      search: {index: test}
  - do:
      get: {index: test, id: nope}
---
"an undeclared parameter is a client error":
  - do:
      catch: param
      search: {index: test, unknown_param: x}
  - do:
      search: {index: test, unknown_param: x}
---
"skipped by version":
  - skip:
      version: " - 2.99.99"
      reason: changed in 3.0
  - do:
      get: {index: test, id: "1"}
---
"skipped by feature":
  - skip:
      features: [transform_and_set]
  - do:
      get: {index: test, id: "1"}
---
"legacy range never skips":
  - skip:
      version: " - 6.99.99"
      reason: legacy
  - do:
      get: {index: test, id: "1"}
---
"node selector without a matching node":
  - do:
      node_selector: {version: "3.7.0 - "}
      get: {index: test, id: "1"}
`

func TestRunFile(t *testing.T) {
	dir := writeSuite(t, map[string]string{"docs/10_basic.yml": docsSuite})
	var log []string
	started := 0
	r, err := New(context.Background(), Options{Dir: dir, Prefix: "os", NewTarget: newMini(&log, &started)})
	if err != nil {
		t.Fatal(err)
	}
	if r.Version().String() != "2.19.0" {
		t.Fatalf("version = %s", r.Version())
	}
	files, err := r.Files()
	if err != nil || len(files) != 1 || files[0] != "docs/10_basic.yml" {
		t.Fatalf("files = %v, %v", files, err)
	}
	log, started = nil, 0
	results := r.RunFile(context.Background(), files[0])
	want := map[string]string{
		"get what setup wrote":                      "passed",
		"auto id is stashed and reused":             "passed",
		"catch conflict and inspect the error":      "passed",
		"HEAD truthiness":                           "passed",
		"NDJSON bodies and headers":                 "passed",
		"allowed warnings":                          "passed",
		"an unexpected warning fails":               `failed: test step 1 (do search): unexpected warning headers: ["deprecated thing"]`,
		"a failing assertion":                       `failed: test step 2 (match): match [_source.title]: expected "Goodbye", got "Hello"`,
		"an unlisted error fails":                   `failed: test step 2 (do get): status 404: {"_index":"test","_id":"nope","found":false}`,
		"an undeclared parameter is a client error": "failed: test step 2 (do search): path/param [unknown_param] not supported by [search] api",
		"skipped by version":                        "skipped: test skips versions [- 2.99.99] and the server is 2.19.0: changed in 3.0",
		"skipped by feature":                        "skipped: test needs runner features not supported: transform_and_set",
		"legacy range never skips":                  "passed",
		"node selector without a matching node":     "failed: test step 1 (do get): no node matches the node_selector (server is 2.19.0)",
	}
	if len(results) != len(want) {
		t.Fatalf("%d results, want %d: %+v", len(results), len(want), results)
	}
	for _, res := range results {
		name := strings.TrimPrefix(res.ID, "os/docs/10_basic.yml :: ")
		got := res.Status.String()
		if res.Reason != "" {
			got += ": " + res.Reason
		}
		if got != want[name] {
			t.Errorf("%s:\n got  %s\n want %s", name, got, want[name])
		}
		if res.Group != "os/docs" {
			t.Errorf("group = %s", res.Group)
		}
	}
	for _, res := range results {
		if res.ID == "os/docs/10_basic.yml :: an unlisted error fails" {
			// Setup, the two steps and the teardown, methods aside.
			var got []string
			for _, call := range res.Transcript {
				_, rest, _ := strings.Cut(call, " ")
				got = append(got, rest)
			}
			want := "/test/_doc/1 -> 201|/test/_search -> 200|/test/_doc/nope -> 404|/test/_doc/teardown -> 404"
			if strings.Join(got, "|") != want {
				t.Errorf("transcript %q, want %s", res.Transcript, want)
			}
		}
		if res.Status != conformance.Failed && len(res.Transcript) > 0 {
			t.Errorf("%s: a transcript on a %s test", res.ID, res.Status)
		}
	}
	if started != 12 {
		t.Errorf("%d servers started, want one per test that ran (12)", started)
	}
	// The exact requests of two tests: setup, steps, teardown, in order. The
	// method is one of those the API spec allows, picked per step.
	joined := strings.Join(log, "\n")
	for _, wantSeq := range []string{
		"POST /test/_doc application/json {\"a\":1}\nGET /test/_doc/gen-1\nGET /test/_doc/teardown",
		" /_bulk application/x-ndjson {\"index\":{\"_index\":\"test\"}}\\n{\"a\":\"b\"}\\n{\"index\":{\"_index\":\"test\"}}\\n{\"c\":\"d\"}\\n opaque=my-id",
		" /test/_doc/1 application/json {\"title\":\"Hello\",\"n\":1.0}",
		" /test/_search?warn=1",
	} {
		if !strings.Contains(joined, wantSeq) {
			t.Errorf("request log lacks\n%s\nlog:\n%s", wantSeq, joined)
		}
	}
	methods := map[string]bool{}
	for _, entry := range log {
		if strings.Contains(entry, " /test/_doc/1 application/json") || strings.Contains(entry, " /test/_search") {
			m, _, _ := strings.Cut(entry, " ")
			methods[m] = true
		}
	}
	if !methods["PUT"] || !methods["POST"] || !methods["GET"] {
		t.Errorf("methods used for index and search calls: %v, want PUT, POST and GET all picked somewhere", methods)
	}
	if strings.Count(joined, "GET /test/_doc/teardown") != 12 {
		t.Errorf("teardown ran %d times, want 12", strings.Count(joined, "GET /test/_doc/teardown"))
	}
}

func TestRunFileSetupSkipAndBadFile(t *testing.T) {
	dir := writeSuite(t, map[string]string{
		"a/skip.yml":  "setup:\n  - skip:\n      version: all\n      reason: broken upstream\n---\nt1:\n  - do: {get: {index: x, id: '1'}}\n---\nt2:\n  - do: {get: {index: x, id: '1'}}\n",
		"a/bad.yml":   "t1:\n  - nonsense: {}\n",
		"a/api.yml":   "t1:\n  - do: {no.such_api: {}}\n",
		"a/old.yaml":  "\"not: a: suite\"\nsetup:\n",
		"a/comma.yml": "t1:\n  - skip:\n      version: ' - 2.6.99, 2.13.0 - '\n      reason: later\n      features: allowed_warnings, node_selector\n  - do: {get: {index: x, id: '1'}}\n",
	})
	var log []string
	started := 0
	r, err := New(context.Background(), Options{Dir: dir, Prefix: "os", NewTarget: newMini(&log, &started), Version: conformance.Version{Major: 2, Minor: 19}})
	if err != nil {
		t.Fatal(err)
	}
	res := r.RunFile(context.Background(), "a/skip.yml")
	if len(res) != 2 || res[0].Status != conformance.Skipped || res[0].Reason != "setup skips versions [all] and the server is 2.19.0: broken upstream" {
		t.Fatalf("skip.yml: %+v", res)
	}
	res = r.RunFile(context.Background(), "a/bad.yml")
	if len(res) != 1 || res[0].ID != "os/a/bad.yml :: (file)" || res[0].Status != conformance.Failed || !strings.Contains(res[0].Reason, `unknown step "nonsense"`) {
		t.Fatalf("bad.yml: %+v", res)
	}
	res = r.RunFile(context.Background(), "a/api.yml")
	if len(res) != 1 || res[0].Reason != "test step 1 (do no.such_api): no API spec for [no.such_api]" {
		t.Fatalf("api.yml: %+v", res)
	}
	res = r.RunFile(context.Background(), "a/old.yaml")
	if len(res) != 1 || res[0].ID != "os/a/old.yaml :: (file)" || res[0].Status != conformance.Skipped || !strings.Contains(res[0].Reason, ".yaml files") {
		t.Fatalf("old.yaml: %+v", res)
	}
	// A features string "a, b" names two supported features: the version
	// range decides.
	res = r.RunFile(context.Background(), "a/comma.yml")
	if len(res) != 1 || res[0].Status != conformance.Skipped || res[0].Reason != "test skips versions [- 2.6.99, 2.13.0 -] and the server is 2.19.0: later" {
		t.Fatalf("comma.yml: %+v", res)
	}
	if started != 1 || len(log) != 0 {
		t.Fatalf("started %d servers, log %v; want only the api.yml test's server and no request", started, log)
	}
}

func TestCheckCatch(t *testing.T) {
	errBody := conformance.M("error", conformance.M("root_cause", []any{}, "type", "index_not_found_exception", "reason", "no such index [x]"), "status", conformance.Number("404"))
	cases := []struct {
		catch  string
		status int
		body   any
		ok     bool
	}{
		{"", 200, nil, true},
		{"", 500, nil, false},
		{"missing", 404, errBody, true},
		{"missing", 200, nil, false},
		{"missing", 400, nil, false},
		{"conflict", 409, nil, true},
		{"bad_request", 400, nil, true},
		{"unauthorized", 401, nil, true},
		{"forbidden", 403, nil, true},
		{"request_timeout", 408, nil, true},
		{"unavailable", 503, nil, true},
		{"request", 500, nil, true},
		{"request", 503, nil, true},
		{"request", 404, nil, false},
		{"/no such index/", 404, errBody, true},
		{"/\\{root_cause=\\[\\], type=index_not_found_exception/", 404, errBody, true},
		{"/other/", 404, errBody, false},
		{"/no such index/", 404, "plain text", false},
		{"/no such index/", 200, errBody, false},
		{"/(?<=x)/", 404, errBody, false},
		{"weird", 404, errBody, false},
	}
	for _, c := range cases {
		err := checkCatch(c.catch, c.status >= 400, &conformance.Response{Status: c.status}, c.body)
		if (err == nil) != c.ok {
			t.Errorf("catch %q status %d: err = %v, want ok=%v", c.catch, c.status, err, c.ok)
		}
	}
}

func TestCheckWarnings(t *testing.T) {
	cases := []struct {
		name              string
		expected, allowed []string
		got, unmatched    []string
		ok                bool
	}{
		{"none", nil, nil, nil, nil, true},
		{"unexpected", nil, nil, []string{"w"}, nil, false},
		{"allowed", nil, []string{"w"}, []string{"w"}, nil, true},
		{"allowed but absent", nil, []string{"w"}, nil, nil, true},
		{"expected", []string{"w"}, nil, []string{"w"}, nil, true},
		{"expected but absent", []string{"w"}, nil, nil, nil, false},
		{"types removal ignored", nil, nil, []string{"[types removal] Specifying types is deprecated"}, nil, true},
		{"unreadable header", nil, nil, nil, []string{"garbage"}, false},
	}
	for _, c := range cases {
		err := checkWarnings(&Do{Warnings: c.expected, AllowedWarnings: c.allowed}, c.got, c.unmatched)
		if (err == nil) != c.ok {
			t.Errorf("%s: err = %v, want ok=%v", c.name, err, c.ok)
		}
	}
}

// BenchmarkRunFile measures the runner's own cost per file (a fresh
// httptest server per test, parsing, requests and assertions).
func BenchmarkRunFile(b *testing.B) {
	dir := b.TempDir()
	for _, line := range strings.Split(strings.TrimSpace(miniSpecs), "\n") {
		name, body, _ := strings.Cut(line, "=")
		if err := os.MkdirAll(filepath.Join(dir, "api"), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "api", name), []byte(body), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "docs.yml"), []byte(docsSuite), 0o644); err != nil {
		b.Fatal(err)
	}
	var log []string
	started := 0
	r, err := New(context.Background(), Options{Dir: dir, Prefix: "os", NewTarget: newMini(&log, &started), Version: conformance.Version{Major: 2, Minor: 19}})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		log = log[:0]
		if res := r.RunFile(context.Background(), "docs.yml"); len(res) != 14 {
			b.Fatalf("%d results", len(res))
		}
	}
}
