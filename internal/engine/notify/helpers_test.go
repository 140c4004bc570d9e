package notify

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"
)

// fakeClock is a settable clock for deterministic timestamps.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

// newTestService returns a service on a fake clock at 1652760532774 ms.
func newTestService(t *testing.T, opts Options) (*Service, *fakeClock) {
	t.Helper()
	clk := &fakeClock{t: time.UnixMilli(1652760532774)}
	if opts.Now == nil {
		opts.Now = clk.now
	}
	if opts.Random == nil {
		opts.Random = strings.NewReader("0123456789abcdef")
	}
	return New(opts), clk
}

// call runs an operation through Handle.
func call(t *testing.T, s *Service, op, id string, params url.Values, body string) (Result, *Error) {
	t.Helper()
	var path map[string]string
	if id != "" {
		path = map[string]string{"config_id": id}
	}
	return s.Handle(context.Background(), op, Request{PathParams: path, Params: params, Body: []byte(body)})
}

// mustOK runs an operation that must succeed and returns its body.
func mustOK(t *testing.T, s *Service, op, id string, params url.Values, body string) string {
	t.Helper()
	res, err := call(t, s, op, id, params, body)
	if err != nil {
		t.Fatalf("%s %s: unexpected error %s", op, id, err.Body())
	}
	if res.Status != 200 {
		t.Fatalf("%s %s: status %d", op, id, res.Status)
	}
	if !json.Valid(res.Body) {
		t.Fatalf("%s %s: invalid JSON %s", op, id, res.Body)
	}
	return string(res.Body)
}

// mustFail runs an operation that must fail with the given error.
func mustFail(t *testing.T, s *Service, op, id string, params url.Values, body string, status int, typ, reason string) {
	t.Helper()
	res, err := call(t, s, op, id, params, body)
	if err == nil {
		t.Fatalf("%s %s: want error %d %s %q, got %d %s", op, id, status, typ, reason, res.Status, res.Body)
	}
	if err.Status != status || err.Type != typ || err.Reason != reason {
		t.Fatalf("%s %s:\n got %d %s %q\nwant %d %s %q", op, id, err.Status, err.Type, err.Reason, status, typ, reason)
	}
}

func create(t *testing.T, s *Service, body string) string {
	t.Helper()
	out := mustOK(t, s, OpCreate, "", nil, body)
	var r struct {
		ConfigID string `json:"config_id"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	return r.ConfigID
}

func slackBody(id, name, url string) string {
	return `{"config_id":"` + id + `","config":{"name":"` + name + `","config_type":"slack","slack":{"url":"` + url + `"}}}`
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// configIDs extracts config_list[].config_id from a list response.
func configIDs(t *testing.T, body string) []string {
	t.Helper()
	var r struct {
		List []struct {
			ID string `json:"config_id"`
		} `json:"config_list"`
	}
	if err := json.Unmarshal([]byte(body), &r); err != nil {
		t.Fatalf("%v in %s", err, body)
	}
	ids := []string{}
	for _, c := range r.List {
		ids = append(ids, c.ID)
	}
	return ids
}
