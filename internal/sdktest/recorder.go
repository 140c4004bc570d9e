package sdktest

import (
	"io"
	"net/http"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jarcoal/httpmock"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/transport"
)

// Call is what the SDK sent in one request.
type Call struct {
	Method      string
	Path        string // escaped path
	Query       string // raw query, as sent
	ContentType string
	Body        []byte
}

// Answer is one queued reply of a Recorder.
type Answer struct {
	Status int
	Body   []byte
}

// Recorder answers every request with its queued Answers in turn (then
// 200 {}) and keeps every Call. Read Calls once the requests are done.
type Recorder struct {
	mu      sync.Mutex
	Calls   []Call
	Answers []Answer
}

// Last returns the latest call, failing the test when nothing was sent.
func (r *Recorder) Last(t testing.TB) Call {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.Calls) == 0 {
		t.Fatal("no request was sent")
	}
	return r.Calls[len(r.Calls)-1]
}

// NewRecorded returns a transport client whose requests a Recorder answers
// with the given fixtures (see Fixture) and status, echoing X-Opaque-Id "trace-1".
func NewRecorded(t testing.TB, status int, fixtures ...string) (*transport.Client, *Recorder) {
	t.Helper()
	tc, mock := New(t)
	rec := &Recorder{}
	for _, f := range fixtures {
		rec.Answers = append(rec.Answers, Answer{status, Fixture(t, f)})
	}
	mock.RegisterNoResponder(func(req *http.Request) (*http.Response, error) {
		var body []byte
		if req.Body != nil {
			body, _ = io.ReadAll(req.Body)
		}
		rec.mu.Lock()
		defer rec.mu.Unlock()
		rec.Calls = append(rec.Calls, Call{req.Method, req.URL.EscapedPath(), req.URL.RawQuery, req.Header.Get("Content-Type"), body})
		a := Answer{200, []byte(`{}`)}
		if len(rec.Answers) > 0 {
			a, rec.Answers = rec.Answers[0], rec.Answers[1:]
		}
		resp := httpmock.NewBytesResponse(a.Status, a.Body)
		resp.Header.Set("Content-Type", "application/json; charset=UTF-8")
		resp.Header.Set("X-Opaque-Id", "trace-1")
		return resp, nil
	})
	return tc, rec
}

// CheckCall asserts method, escaped path, exact raw query and body (JSON
// compared as trees; an empty want means no body).
func CheckCall(t testing.TB, got Call, method, path, query, body string) {
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
	JSONEqual(t, got.Body, []byte(body))
}

// RoundTrip decodes data into out, encodes it back and fails when the two
// JSON trees differ: a field the types do not carry would be lost.
func RoundTrip(t testing.TB, data []byte, out any) {
	t.Helper()
	if d := RoundTripDiff(t, data, out); d != "" {
		t.Errorf("decode→encode changed the document (-fixture +re-encoded):\n%s", d)
	}
}

// RoundTripDiff is RoundTrip's comparison, returned instead of reported.
func RoundTripDiff(t testing.TB, data []byte, out any) string {
	t.Helper()
	if err := jsonx.Unmarshal(data, out); err != nil {
		t.Fatalf("decode: %v", err)
	}
	again, err := jsonx.Marshal(out)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	return cmp.Diff(Tree(t, data), Tree(t, again))
}
