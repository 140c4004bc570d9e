package story

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

// miniServer answers a handful of routes with canned bodies and records
// every request.
type miniServer struct {
	mu    sync.Mutex
	log   *[]string
	calls map[string]int
}

func (m *miniServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	m.mu.Lock()
	entry := r.Method + " " + r.URL.RequestURI() + " [" + r.Header.Get("Content-Type") + "]"
	if len(body) > 0 {
		entry += " " + strings.ReplaceAll(string(body), "\n", `\n`)
	}
	*m.log = append(*m.log, entry)
	m.calls[r.URL.Path]++
	n := m.calls[r.URL.Path]
	m.mu.Unlock()
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	switch {
	case r.URL.Path == "/":
		_, _ = io.WriteString(w, `{"version":{"number":"2.19.0","distribution":"opensearch"}}`)
	case r.URL.Path == "/books/_delete_by_query":
		w.Header().Set("X-Task", "hdr-1")
		_, _ = io.WriteString(w, `{"task":"node1:7"}`)
	case strings.HasPrefix(r.URL.Path, "/_tasks/"):
		fmt.Fprintf(w, `{"completed":true,"task":{"node":"node1","id":7,"action":"indices:data/write/delete/byquery"},"extra":[1,2,3]}`)
	case r.URL.Path == "/slow":
		// Becomes ready on the third call, for the retry test.
		if n < 3 {
			_, _ = io.WriteString(w, `{"ready":false}`)
			return
		}
		_, _ = io.WriteString(w, `{"ready":true}`)
	case r.URL.Path == "/books" && r.Method == "DELETE":
		w.WriteHeader(404)
		_, _ = io.WriteString(w, `{"error":{"type":"index_not_found_exception"},"status":404}`)
	case r.URL.Path == "/text":
		w.Header().Set("Content-Type", "text/plain; charset=UTF-8")
		_, _ = io.WriteString(w, "hello")
	case r.URL.Path == "/_msearch":
		_, _ = io.WriteString(w, `{"responses":[{"status":200}]}`)
	default:
		w.WriteHeader(400)
		_, _ = io.WriteString(w, `{"error":{"type":"illegal_argument_exception","reason":"no handler"},"status":400}`)
	}
}

type target struct{ srv *httptest.Server }

func (t target) URL() string  { return t.srv.URL }
func (t target) Close() error { t.srv.Close(); return nil }

func newMini(log *[]string) conformance.NewTarget {
	return func() (conformance.Target, error) {
		return target{httptest.NewServer(&miniServer{log: log, calls: map[string]int{}})}, nil
	}
}

func writeStories(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, "tests", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const tasksStory = `$schema: ../../../json_schemas/test_story.schema.yaml
description: Test tasks.
prologues:
  - path: /books/_delete_by_query
    id: task
    method: POST
    parameters:
      refresh: true
      wait_for_completion: false
    request:
      payload:
        query: {match_all: {}}
    output:
      id: payload.task
      header: headers.X-Task
      fallback:
        path: payload.nothing
        default: dflt
epilogues:
  - path: /books
    method: DELETE
    status: [200, 404]
chapters:
  - synopsis: Get task by id.
    path: /_tasks/{task_id}
    method: GET
    parameters:
      task_id: ${task.id}
      note: ${task.header}-${task.fallback}
    response:
      status: 200
      payload:
        completed: true
        task: {node: node1, id: 7}
        extra: [1, 2]
  - synopsis: Payload mismatch.
    path: /_tasks/{task_id}
    method: [GET, POST]
    parameters:
      task_id: x
    response:
      status: 200
      payload:
        completed: false
        extra: [1, 2, 3, 4]
  - synopsis: Status list.
    path: /nowhere
    method: GET
    response:
      status: [400, 404]
  - synopsis: Pending.
    pending: Not implemented upstream.
    path: /x
    method: GET
  - synopsis: Newer only.
    version: '>= 3.0'
    path: /x
    method: GET
  - synopsis: Not on this distribution.
    distributions:
      excluded: [opensearch.org]
    path: /x
    method: GET
  - synopsis: Retried until ready.
    path: /slow
    method: GET
    retry:
      count: 3
      wait: 1
    response:
      status: 200
      payload: {ready: true}
  - synopsis: NDJSON.
    path: /_msearch
    method: POST
    request:
      content_type: application/x-ndjson
      payload:
        - {index: books}
        - {query: {match_all: {}}}
  - synopsis: Expected payload uses outputs.
    path: /_tasks/{task_id}
    method: GET
    parameters:
      task_id: ${task.id}
    response:
      status: 200
      payload:
        task: {node: '${task.fallback}'}
  - synopsis: Not JSON.
    path: /text
    method: GET
  - synopsis: Plain text expected.
    path: /text
    method: GET
    response:
      status: 200
      content_type: text/plain
      payload: hello
  - synopsis: Missing output stops the story.
    id: broken
    path: /_tasks/{task_id}
    method: GET
    parameters:
      task_id: x
    output:
      nothing: payload.nothing
  - synopsis: Wrong status.
    path: /nowhere
    method: GET
`

func TestRunStory(t *testing.T) {
	dir := writeStories(t, map[string]string{
		"default/_core/tasks.yaml": tasksStory,
		"default/_core/old.yaml":   "description: Old.\nversion: '< 2.0'\nchapters:\n  - synopsis: A.\n    path: /\n    method: GET\n",
		"default/_core/bad.yaml":   "description: Bad.\nchapters:\n  - synopsis: A.\n    method: GET\n",
		"default/_core/stop.yaml":  "description: Stop.\nchapters:\n  - synopsis: A.\n    path: /nowhere\n    method: GET\n  - synopsis: B.\n    path: /\n    method: GET\n",
		"default/_core/pro.yaml":   "description: Prologue fails.\nprologues:\n  - path: /nowhere\n    method: PUT\nchapters:\n  - synopsis: A.\n    path: /\n    method: GET\n",
	})
	var log []string
	r, err := New(context.Background(), Options{Dir: dir, Prefix: "api-spec", NewTarget: newMini(&log)})
	if err != nil {
		t.Fatal(err)
	}
	files, err := r.Files()
	if err != nil || strings.Join(files, ",") != "default/_core/bad.yaml,default/_core/old.yaml,default/_core/pro.yaml,default/_core/stop.yaml,default/_core/tasks.yaml" {
		t.Fatalf("files = %v, %v", files, err)
	}
	log = nil
	results := r.RunFile(context.Background(), "default/_core/tasks.yaml")
	want := []string{
		"Get task by id.: passed",
		"Payload mismatch. [GET]: failed: payload differs: completed: expected false, got true; extra.3: missing",
		"Payload mismatch. [POST]: failed: payload differs: completed: expected false, got true; extra.3: missing",
		"Status list.: passed",
		"Pending.: skipped: pending in the suite: Not implemented upstream.",
		"Newer only.: skipped: chapter needs version >= 3.0 and the server is 2.19.0",
		"Not on this distribution.: skipped: chapter excludes the opensearch.org distribution",
		"Retried until ready.: passed",
		"NDJSON.: passed",
		`Expected payload uses outputs.: failed: payload differs: task.node: expected "dflt", got "node1"`,
		`Not JSON.: failed: content type "text/plain; charset=UTF-8", want "application/json"`,
		"Plain text expected.: passed",
		`Missing output stops the story.: failed: output nothing: no value at payload.nothing: {"completed":true,"task":{"node":"node1","id":7,"action":"indices:data/write/delete/byquery"},"extra":[1,2,3]}`,
		`Wrong status.: failed: not run: an earlier chapter failed (Missing output stops the story.): output nothing: no value at payload.nothing: {"completed":true,"task":{"node":"node1","id":7,"action":"indices:data/write/delete/byquery"},"extra":[1,2,3]}`,
		"(epilogues): passed",
	}
	var got []string
	for _, res := range results {
		s := strings.TrimPrefix(res.ID, "api-spec/default/_core/tasks.yaml :: ") + ": " + res.Status.String()
		if res.Reason != "" {
			s += ": " + res.Reason
		}
		got = append(got, s)
		if res.Group != "api-spec/default/_core" {
			t.Errorf("group = %s", res.Group)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, res := range results {
		if strings.HasSuffix(res.ID, ":: Not JSON.") {
			want := "POST /books/_delete_by_query?refresh=true&wait_for_completion=false -> 200"
			if len(res.Transcript) < 2 || res.Transcript[0] != want || res.Transcript[len(res.Transcript)-1] != "GET /text -> 200" {
				t.Errorf("transcript %q: want the story's calls from %q to the failing GET /text", res.Transcript, want)
			}
		}
		if res.Status != conformance.Failed && len(res.Transcript) > 0 {
			t.Errorf("%s: a transcript on a %s chapter", res.ID, res.Status)
		}
	}
	joined := strings.Join(log, "\n")
	for _, wantReq := range []string{
		`POST /books/_delete_by_query?refresh=true&wait_for_completion=false [application/json] {"query":{"match_all":{}}}`,
		`GET /_tasks/node1:7?note=hdr-1-dflt [application/json]`,
		`POST /_msearch [application/x-ndjson] {"index":"books"}\n{"query":{"match_all":{}}}\n`,
		`DELETE /books [application/json]`,
	} {
		if !strings.Contains(joined, wantReq) {
			t.Errorf("request log lacks %s\nlog:\n%s", wantReq, joined)
		}
	}
	if n := strings.Count(joined, "GET /slow"); n != 3 {
		t.Errorf("/slow called %d times, want 3 (two retries)", n)
	}

	res := r.RunFile(context.Background(), "default/_core/old.yaml")
	if len(res) != 1 || res[0].Status != conformance.Skipped || res[0].Reason != "story needs version < 2.0 and the server is 2.19.0" {
		t.Fatalf("old.yaml: %+v", res)
	}
	res = r.RunFile(context.Background(), "default/_core/bad.yaml")
	if len(res) != 1 || res[0].ID != "api-spec/default/_core/bad.yaml :: (file)" || !strings.Contains(res[0].Reason, "path and method are required") {
		t.Fatalf("bad.yaml: %+v", res)
	}
	res = r.RunFile(context.Background(), "default/_core/pro.yaml")
	if len(res) != 1 || res[0].Status != conformance.Failed || !strings.HasPrefix(res[0].Reason, "not run: prologue 1 (PUT /nowhere): status 400, want one of [200 201]") {
		t.Fatalf("pro.yaml: %+v", res)
	}
	res = r.RunFile(context.Background(), "default/_core/stop.yaml")
	if len(res) != 2 || res[0].Status != conformance.Failed || res[1].Reason != `not run: an earlier chapter failed (A.): status 400, want [200]: {"error":{"type":"illegal_argument_exception","reason":"no handler"},"status":400}` {
		t.Fatalf("stop.yaml: %+v", res)
	}
}

func TestParseStoryErrors(t *testing.T) {
	cases := map[string]string{
		"no chapters":          "description: X.\n",
		"unknown key":          "description: X.\nfoo: 1\nchapters: []\n",
		"chapter status":       "description: X.\nchapters:\n  - {synopsis: A., path: /, method: GET, status: [200]}\n",
		"prologue response":    "description: X.\nprologues:\n  - {path: /, method: GET, response: {status: 200}}\nchapters:\n  - {synopsis: A., path: /, method: GET}\n",
		"no synopsis":          "description: X.\nchapters:\n  - {path: /, method: GET}\n",
		"bad status":           "description: X.\nchapters:\n  - {synopsis: A., path: /, method: GET, response: {status: ok}}\n",
		"bad output":           "description: X.\nchapters:\n  - {synopsis: A., path: /, method: GET, output: {a: body.x}}\n",
		"bad retry":            "description: X.\nchapters:\n  - {synopsis: A., path: /, method: GET, retry: {count: x}}\n",
		"bad version":          "description: X.\nversion: '>= two'\nchapters:\n  - {synopsis: A., path: /, method: GET}\n",
		"not a map":            "- a\n",
		"bad method list":      "description: X.\nchapters:\n  - {synopsis: A., path: /, method: []}\n",
		"bad request key":      "description: X.\nchapters:\n  - {synopsis: A., path: /, method: GET, request: {body: {}}}\n",
		"bad distributions":    "description: X.\ndistributions: {only: [x]}\nchapters:\n  - {synopsis: A., path: /, method: GET}\n",
		"non-integer status":   "description: X.\nchapters:\n  - {synopsis: A., path: /, method: GET, response: {status: 200.5}}\n",
		"parameters not a map": "description: X.\nchapters:\n  - {synopsis: A., path: /, method: GET, parameters: [a]}\n",
	}
	for name, src := range cases {
		if _, err := Parse([]byte(src)); err == nil {
			t.Errorf("%s: Parse succeeded", name)
		}
	}
}

func TestBuildPath(t *testing.T) {
	p, q, err := buildPath("/{index}/_doc/{id}", conformance.M("index", []any{"a", "b"}, "id", "x/y", "refresh", true, "size", conformance.Number("5")))
	if err != nil || p != "/a,b/_doc/x%2Fy" || q.Encode() != "refresh=true&size=5" {
		t.Fatalf("got %s ?%s %v", p, q.Encode(), err)
	}
	if _, _, err := buildPath("/{index}", conformance.M()); err == nil || err.Error() != "path /{index}: no value for index" {
		t.Fatalf("err = %v", err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(tasksStory))
	f.Add([]byte("description: X.\nchapters:\n  - {synopsis: A., path: /, method: [GET, HEAD]}\n"))
	f.Add([]byte("description: X.\nversion: '>= 2'\nchapters: []\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data)
		if err != nil {
			return
		}
		for _, c := range s.Chapters {
			if c.Expected == nil || len(c.Methods) == 0 || c.Path == "" {
				t.Fatalf("parsed chapter lacks required parts: %+v", c)
			}
		}
	})
}
