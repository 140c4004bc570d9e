package indices

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jarcoal/httpmock"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
)

// call is what the SDK sent.
type call struct {
	Method      string
	Path        string // escaped path
	Query       string // raw query, as sent
	ContentType string
	Body        []byte
}

// recorder answers every request with the queued (status, body) pairs in turn and keeps
// what was sent.
type recorder struct {
	mu      sync.Mutex
	calls   []call
	answers []answer
}

type answer struct {
	status int
	body   []byte
}

func (r *recorder) last(t *testing.T) call {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.calls) == 0 {
		t.Fatal("no request was sent")
	}
	return r.calls[len(r.calls)-1]
}

// newService returns a Service on a mock transport that answers with the given fixtures
// (file names under testdata, or literal JSON when they start with '{').
func newService(t *testing.T, status int, fixtures ...string) (*Service, *recorder) {
	t.Helper()
	tc, mock := sdktest.New(t)
	rec := &recorder{}
	for _, f := range fixtures {
		rec.answers = append(rec.answers, answer{status, fixture(t, f)})
	}
	mock.RegisterNoResponder(func(req *http.Request) (*http.Response, error) {
		var body []byte
		if req.Body != nil {
			body, _ = io.ReadAll(req.Body)
		}
		rec.mu.Lock()
		defer rec.mu.Unlock()
		rec.calls = append(rec.calls, call{req.Method, req.URL.EscapedPath(), req.URL.RawQuery, req.Header.Get("Content-Type"), body})
		a := answer{200, []byte(`{}`)}
		if len(rec.answers) > 0 {
			a, rec.answers = rec.answers[0], rec.answers[1:]
		}
		resp := httpmock.NewBytesResponse(a.status, a.body)
		resp.Header.Set("Content-Type", "application/json; charset=UTF-8")
		resp.Header.Set("X-Opaque-Id", "trace-1")
		return resp, nil
	})
	return NewService(tc), rec
}

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	if len(name) > 0 && name[0] == '{' {
		return []byte(name)
	}
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkCall asserts method, escaped path, exact raw query and body (JSON compared as trees;
// empty want means no body).
func checkCall(t *testing.T, got call, method, path, query, body string) {
	t.Helper()
	if got.Method != method || got.Path != path || got.Query != query {
		t.Errorf("sent %s %s?%s\nwant %s %s?%s", got.Method, got.Path, got.Query, method, path, query)
	}
	if body == "" {
		if len(got.Body) != 0 {
			t.Errorf("sent body %s, want none", got.Body)
		}
		return
	}
	if got.ContentType != "application/json" {
		t.Errorf("Content-Type %q, want application/json", got.ContentType)
	}
	sdktest.JSONEqual(t, got.Body, []byte(body))
}

// roundTrip decodes a fixture into out, encodes it back and fails when the two JSON trees
// differ: a field the types do not carry would be lost.
func roundTrip(t *testing.T, data []byte, out any) {
	t.Helper()
	if d := roundTripDiff(t, data, out); d != "" {
		t.Errorf("decode→encode changed the document (-fixture +re-encoded):\n%s", d)
	}
}

func roundTripDiff(t *testing.T, data []byte, out any) string {
	t.Helper()
	if err := jsonx.Unmarshal(data, out); err != nil {
		t.Fatalf("decode: %v", err)
	}
	again, err := jsonx.Marshal(out)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	return cmp.Diff(tree(t, data), tree(t, again))
}

// tree decodes JSON keeping numbers as written, so 64-bit values compare exactly.
func tree(t *testing.T, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, data)
	}
	return normalizeNumbers(v)
}

// normalizeNumbers turns each number into an int64 when it is whole and fits (so -1.0 and -1
// compare equal, and 64-bit ids stay exact), and into a float64 otherwise.
func normalizeNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, err := x.Float64()
		if err == nil && f == math.Trunc(f) && math.Abs(f) < 1<<53 {
			return int64(f)
		}
		return f
	case map[string]any:
		for k, e := range x {
			x[k] = normalizeNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = normalizeNumbers(e)
		}
	}
	return v
}
