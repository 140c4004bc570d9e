package transport

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"

	"github.com/clustersearch/clustersearch-go/types"
)

// recorder is an httpmock responder that answers from a script of replies
// and keeps what each request carried.
type recorder struct {
	mu      sync.Mutex
	replies []reply
	reqs    []*http.Request
	bodies  [][]byte
}

type reply struct {
	status int
	body   string
	header http.Header
	err    error
}

func (r *recorder) respond(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
	}
	r.reqs = append(r.reqs, req)
	r.bodies = append(r.bodies, body)
	rep := r.replies[0]
	if len(r.replies) > 1 {
		r.replies = r.replies[1:]
	}
	if rep.err != nil {
		return nil, rep.err
	}
	resp := httpmock.NewStringResponse(rep.status, rep.body)
	for k, vs := range rep.header {
		resp.Header[k] = vs
	}
	return resp, nil
}

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.reqs)
}

func fastRetry() RetryPolicy {
	return RetryPolicy{MaxRetries: 3, MinBackoff: time.Millisecond, MaxBackoff: 2 * time.Millisecond}
}

func newTestClient(t *testing.T, cfg Config, rec *recorder, urls ...string) *Client {
	t.Helper()
	mock := httpmock.NewMockTransport()
	if len(urls) == 0 {
		urls = []string{"http://node1.test:9200"}
	}
	for _, u := range urls {
		mock.RegisterRegexpResponder(http.MethodGet, mustRegexp(u), rec.respond)
		mock.RegisterRegexpResponder(http.MethodPost, mustRegexp(u), rec.respond)
		mock.RegisterRegexpResponder(http.MethodPut, mustRegexp(u), rec.respond)
	}
	if cfg.Addresses == nil {
		cfg.Addresses = urls
	}
	cfg.Transport = mock
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestRetriesEachRetryableStatus(t *testing.T) {
	t.Parallel()
	for _, status := range []int{429, 502, 503, 504} {
		rec := &recorder{replies: []reply{{status: status, body: `{}`}, {status: 200, body: `{"ok":true}`}}}
		c := newTestClient(t, Config{Retry: fastRetry()}, rec)
		resp, err := c.Perform(context.Background(), &Request{Method: "GET", Path: "/_cluster/health"})
		if err != nil {
			t.Fatalf("status %d: %v", status, err)
		}
		if resp.StatusCode != 200 || string(resp.Body) != `{"ok":true}` || rec.count() != 2 {
			t.Fatalf("status %d: got %d %s after %d attempts", status, resp.StatusCode, resp.Body, rec.count())
		}
	}
}

func TestRetriesConnectionErrors(t *testing.T) {
	t.Parallel()
	rec := &recorder{replies: []reply{{err: errors.New("connection refused")}, {err: io.ErrUnexpectedEOF}, {status: 200, body: `{}`}}}
	c := newTestClient(t, Config{Retry: fastRetry()}, rec)
	if _, err := c.Perform(context.Background(), &Request{Method: "GET", Path: "/"}); err != nil {
		t.Fatal(err)
	}
	if rec.count() != 3 {
		t.Fatalf("attempts = %d, want 3", rec.count())
	}
}

func TestNoRetryOnClientErrors(t *testing.T) {
	t.Parallel()
	for _, status := range []int{400, 401, 403, 404, 405, 409, 500} {
		rec := &recorder{replies: []reply{{status: status, body: `{"error":{"type":"x","reason":"y"},"status":` + strconv.Itoa(status) + `}`}}}
		c := newTestClient(t, Config{Retry: fastRetry()}, rec)
		_, err := c.Perform(context.Background(), &Request{Method: "GET", Path: "/x"})
		if !types.IsStatus(err, status) {
			t.Fatalf("status %d: err = %v", status, err)
		}
		if rec.count() != 1 {
			t.Fatalf("status %d: %d attempts, want 1", status, rec.count())
		}
	}
}

func TestLastServerErrorReachesCaller(t *testing.T) {
	t.Parallel()
	body := `{"error":{"root_cause":[{"type":"rejected_execution_exception","reason":"queue full"}],"type":"rejected_execution_exception","reason":"queue full"},"status":429}`
	rec := &recorder{replies: []reply{{status: 429, body: body}}}
	c := newTestClient(t, Config{Retry: fastRetry()}, rec)
	resp, err := c.Perform(context.Background(), &Request{Method: "GET", Path: "/_search"})
	var e *types.Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v, want *types.Error", err)
	}
	if e.StatusCode != 429 || e.Type != "rejected_execution_exception" || e.Reason != "queue full" || string(e.Body) != body {
		t.Fatalf("decoded %+v", e)
	}
	if resp == nil || resp.StatusCode != 429 || rec.count() != 4 {
		t.Fatalf("resp %+v after %d attempts, want the 429 after 4", resp, rec.count())
	}
}

func TestExhaustedConnectionErrorsReturnTheCause(t *testing.T) {
	t.Parallel()
	rec := &recorder{replies: []reply{{err: errors.New("dial tcp: connection refused")}}}
	c := newTestClient(t, Config{Retry: fastRetry()}, rec)
	_, err := c.Perform(context.Background(), &Request{Method: "GET", Path: "/"})
	if err == nil || !strings.Contains(err.Error(), "connection refused") || strings.Contains(err.Error(), "giving up") {
		t.Fatalf("err = %v", err)
	}
	if rec.count() != 4 {
		t.Fatalf("attempts = %d, want 4", rec.count())
	}
}

func TestRetryAfter(t *testing.T) {
	t.Parallel()
	c := RetryPolicy{MinBackoff: time.Millisecond, MaxBackoff: time.Second, MaxRetryAfter: 20 * time.Second}
	resp := func(v string) *http.Response { return &http.Response{Header: http.Header{"Retry-After": {v}}} }
	if got := c.backoff(time.Millisecond, time.Second, 0, resp("7")); got != 7*time.Second {
		t.Fatalf("Retry-After 7 gave %v", got)
	}
	if got := c.backoff(time.Millisecond, time.Second, 0, resp("3600")); got != 20*time.Second {
		t.Fatalf("Retry-After 3600 gave %v, want the 20s cap", got)
	}
	future := time.Now().Add(5 * time.Second).UTC().Format(http.TimeFormat)
	if got := c.backoff(time.Millisecond, time.Second, 0, resp(future)); got < 3*time.Second || got > 5*time.Second {
		t.Fatalf("Retry-After date gave %v", got)
	}
	if got := c.backoff(time.Millisecond, time.Second, 0, resp("soon")); got > 2*time.Millisecond {
		t.Fatalf("unparsable Retry-After gave %v, want the computed backoff", got)
	}
}

func TestRetryAfterIsWaited(t *testing.T) {
	t.Parallel()
	rec := &recorder{replies: []reply{{status: 503, body: `{}`, header: http.Header{"Retry-After": {"1"}}}, {status: 200, body: `{}`}}}
	c := newTestClient(t, Config{Retry: fastRetry()}, rec)
	start := time.Now()
	if _, err := c.Perform(context.Background(), &Request{Method: "GET", Path: "/"}); err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(start); waited < time.Second {
		t.Fatalf("retried after %v, before the server's Retry-After of 1s", waited)
	}
}

func TestBackoffGrowsWithJitterWithinBounds(t *testing.T) {
	t.Parallel()
	c := RetryPolicy{}
	for attempt := 0; attempt < 40; attempt++ {
		base := min(100*time.Millisecond<<min(attempt, 20), 5*time.Second)
		for i := 0; i < 50; i++ {
			got := c.backoff(100*time.Millisecond, 5*time.Second, attempt, nil)
			if got < base/2 || got > base {
				t.Fatalf("attempt %d: backoff %v outside [%v, %v]", attempt, got, base/2, base)
			}
		}
	}
}

func TestContextCancelDuringBackoff(t *testing.T) {
	t.Parallel()
	forBothTransports(t, testContextCancelDuringBackoff)
}

func testContextCancelDuringBackoff(t *testing.T, direct bool) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	rec := &recorder{replies: []reply{{status: 503, body: `{}`}}}
	mock := httpmock.NewMockTransport()
	mock.RegisterRegexpResponder("GET", mustRegexp("http://node1.test:9200"), func(r *http.Request) (*http.Response, error) {
		resp, err := rec.respond(r)
		cancel() // the context ends while the client waits for its retry
		return resp, err
	})
	c, err := New(Config{Direct: direct, Addresses: []string{"http://node1.test:9200"}, Transport: mock,
		Retry: RetryPolicy{MaxRetries: 5, MinBackoff: time.Minute, MaxBackoff: time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := c.Perform(ctx, &Request{Method: "GET", Path: "/"})
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the request kept waiting after its context was cancelled")
	}
	if rec.count() != 1 {
		t.Fatalf("attempts = %d, want 1", rec.count())
	}
}

func TestContextErrorWins(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := &recorder{replies: []reply{{status: 200, body: `{}`}}}
	c := newTestClient(t, Config{Retry: fastRetry()}, rec)
	if _, err := c.Perform(ctx, &Request{Method: "GET", Path: "/"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestBodyResentIdentically(t *testing.T) {
	t.Parallel()
	rec := &recorder{replies: []reply{{status: 502, body: ``}, {err: errors.New("reset")}, {status: 200, body: `{}`}}}
	c := newTestClient(t, Config{Retry: fastRetry()}, rec)
	body := map[string]any{"query": map[string]any{"match": map[string]any{"title": "ünïcode \"quoted\""}}}
	if _, err := c.Perform(context.Background(), &Request{Method: "POST", Path: "/idx/_search", Body: body}); err != nil {
		t.Fatal(err)
	}
	want := `{"query":{"match":{"title":"ünïcode \"quoted\""}}}`
	if len(rec.bodies) != 3 {
		t.Fatalf("attempts = %d", len(rec.bodies))
	}
	for i, b := range rec.bodies {
		if string(b) != want {
			t.Fatalf("attempt %d sent %q, want %q", i, b, want)
		}
		if rec.reqs[i].ContentLength != int64(len(want)) {
			t.Fatalf("attempt %d Content-Length %d", i, rec.reqs[i].ContentLength)
		}
	}
}

func TestRoundRobinOverAddresses(t *testing.T) {
	t.Parallel()
	rec := &recorder{replies: []reply{{status: 200, body: `{}`}}}
	urls := []string{"http://a.test:9200", "http://b.test:9200/prefix", "http://c.test:9200"}
	c := newTestClient(t, Config{Retry: fastRetry()}, rec, urls...)
	for i := 0; i < 6; i++ {
		if _, err := c.Perform(context.Background(), &Request{Method: "GET", Path: "/idx/_doc/a%2Fb"}); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"a.test:9200/idx/_doc/a%2Fb", "b.test:9200/prefix/idx/_doc/a%2Fb", "c.test:9200/idx/_doc/a%2Fb"}
	for i, r := range rec.reqs {
		if got := r.URL.Host + r.URL.EscapedPath(); got != want[i%3] {
			t.Fatalf("request %d went to %s, want %s", i, got, want[i%3])
		}
	}
}

func TestDeadAddressSkippedAndRetriedLater(t *testing.T) {
	t.Parallel()
	forBothTransports(t, testDeadAddressSkippedAndRetriedLater)
}

func testDeadAddressSkippedAndRetriedLater(t *testing.T, direct bool) {
	t.Parallel()
	var mu sync.Mutex
	var hosts []string
	mock := httpmock.NewMockTransport()
	mock.RegisterRegexpResponder("GET", mustRegexp("http://dead.test"), func(r *http.Request) (*http.Response, error) {
		mu.Lock()
		hosts = append(hosts, r.URL.Host)
		mu.Unlock()
		return nil, errors.New("connection refused")
	})
	mock.RegisterRegexpResponder("GET", mustRegexp("http://live.test"), func(r *http.Request) (*http.Response, error) {
		mu.Lock()
		hosts = append(hosts, r.URL.Host)
		mu.Unlock()
		return httpmock.NewStringResponse(200, `{}`), nil
	})
	c, err := New(Config{Direct: direct, Addresses: []string{"http://dead.test", "http://live.test"}, Transport: mock, Retry: fastRetry()})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	c.pool.now = func() time.Time { return now }
	for i := 0; i < 5; i++ {
		if _, err := c.Perform(context.Background(), &Request{Method: "GET", Path: "/"}); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"dead.test", "live.test", "live.test", "live.test", "live.test", "live.test"}
	if strings.Join(hosts, " ") != strings.Join(want, " ") {
		t.Fatalf("hosts %v, want %v", hosts, want)
	}
	// Once its backoff is over, the dead address is tried again.
	now = now.Add(deadBackoffMax)
	hosts = nil
	_, _ = c.Perform(context.Background(), &Request{Method: "GET", Path: "/"})
	_, _ = c.Perform(context.Background(), &Request{Method: "GET", Path: "/"})
	if !strings.Contains(strings.Join(hosts, " "), "dead.test") {
		t.Fatalf("dead address not retried after its backoff: %v", hosts)
	}
}

func TestAuthAndHeaders(t *testing.T) {
	t.Parallel()
	basic := "Basic " + base64.StdEncoding.EncodeToString([]byte("elastic:s3cr3t"))
	cases := []struct {
		name string
		cfg  Config
		want string
	}{
		{"basic", Config{Username: "elastic", Password: "s3cr3t"}, basic},
		{"userinfo", Config{Addresses: []string{"http://elastic:s3cr3t@node1.test:9200"}}, basic},
		{"api key", Config{APIKey: "a2V5OnNlY3JldA=="}, "ApiKey a2V5OnNlY3JldA=="},
		{"bearer", Config{BearerToken: "tok.en"}, "Bearer tok.en"},
		{"none", Config{}, ""},
	}
	for _, tc := range cases {
		rec := &recorder{replies: []reply{{status: 200, body: `{}`}}}
		tc.cfg.UserAgent = "ua/1"
		tc.cfg.Header = http.Header{"X-Custom": {"one"}}
		c := newTestClient(t, tc.cfg, rec)
		ctx := WithOpaqueID(WithHeader(context.Background(), "X-Extra", "two"), "job-42")
		if _, err := c.Perform(ctx, &Request{Method: "GET", Path: "/"}); err != nil {
			t.Fatal(err)
		}
		h := rec.reqs[0].Header
		if h.Get("Authorization") != tc.want {
			t.Errorf("%s: Authorization %q, want %q", tc.name, h.Get("Authorization"), tc.want)
		}
		if h.Get("User-Agent") != "ua/1" || h.Get("X-Custom") != "one" || h.Get("X-Extra") != "two" ||
			h.Get("X-Opaque-Id") != "job-42" || h.Get("Accept") != "application/json" {
			t.Errorf("%s: headers %v", tc.name, h)
		}
		if rec.reqs[0].URL.User != nil {
			t.Errorf("%s: userinfo left in the URL", tc.name)
		}
	}
}

func TestGzipBody(t *testing.T) {
	t.Parallel()
	// 429: the one status on which a bulk request is sent again.
	rec := &recorder{replies: []reply{{status: 429, body: `{}`}, {status: 200, body: `{}`}}}
	c := newTestClient(t, Config{CompressRequestBody: true, Retry: fastRetry()}, rec)
	ndjson := []byte("{\"index\":{}}\n{\"a\":1}\n")
	if _, err := c.Perform(context.Background(), &Request{Method: "POST", Path: "/_bulk", Body: ndjson, ContentType: "application/x-ndjson"}); err != nil {
		t.Fatal(err)
	}
	for i, r := range rec.reqs {
		if r.Header.Get("Content-Encoding") != "gzip" || r.Header.Get("Content-Type") != "application/x-ndjson" {
			t.Fatalf("attempt %d headers %v", i, r.Header)
		}
		zr, err := gzip.NewReader(bytes.NewReader(rec.bodies[i]))
		if err != nil {
			t.Fatal(err)
		}
		plain, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(plain, ndjson) {
			t.Fatalf("attempt %d body %q (%v)", i, plain, err)
		}
	}
}

func TestQueryAndPathEncoding(t *testing.T) {
	t.Parallel()
	type params struct {
		Timeout   types.Duration        `url:"timeout,omitempty"`
		Refresh   types.Refresh         `url:"refresh,omitempty"`
		Expand    types.ExpandWildcards `url:"expand_wildcards,omitempty"`
		Fields    []string              `url:"_source_includes,comma,omitempty"`
		Pretty    *bool                 `url:"pretty,omitempty"`
		Routing   string                `url:"routing,omitempty"`
		Throttled types.Duration        `url:"scroll,omitempty"`
	}
	rec := &recorder{replies: []reply{{status: 200, body: `{}`}}}
	c := newTestClient(t, Config{}, rec)
	f := false
	p := &params{Timeout: types.Duration(90 * time.Second), Refresh: types.RefreshWaitFor,
		Expand: types.ExpandWildcards{types.WildcardsOpen, types.WildcardsHidden}, Fields: []string{"a", "b.c"},
		Pretty: &f, Routing: "r&1", Throttled: types.DurationDisabled}
	if _, err := c.Perform(context.Background(), &Request{Method: "GET", Path: Path("logs 1,logs-2", "_doc", "a/b?#ü"), Params: p}); err != nil {
		t.Fatal(err)
	}
	u := rec.reqs[0].URL
	if got, want := u.EscapedPath(), "/logs%201,logs-2/_doc/a%2Fb%3F%23%C3%BC"; got != want {
		t.Fatalf("path %s, want %s", got, want)
	}
	want := url.Values{"timeout": {"90s"}, "refresh": {"wait_for"}, "expand_wildcards": {"open,hidden"},
		"_source_includes": {"a,b.c"}, "pretty": {"false"}, "routing": {"r&1"}, "scroll": {"-1"}}
	if u.RawQuery != want.Encode() {
		t.Fatalf("query %s, want %s", u.RawQuery, want.Encode())
	}
}

func TestPath(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{nil, "/"},
		{[]string{"_search"}, "/_search"},
		{[]string{"", "_search"}, "/_search"},
		{[]string{"a,b", "_settings", "index.number_of_*"}, "/a,b/_settings/index.number_of_%2A"},
		{[]string{"i", "_doc", "a b/c"}, "/i/_doc/a%20b%2Fc"},
		{[]string{"_tasks", "node:12"}, "/_tasks/node:12"},
	} {
		if got := Path(tc.in...); got != tc.want {
			t.Errorf("Path(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestDoDecodesAndSetsMeta(t *testing.T) {
	t.Parallel()
	rec := &recorder{replies: []reply{{status: 201, body: `{"_id":"1","result":"created"}`, header: http.Header{"X-Opaque-Id": {"abc"}}}}}
	c := newTestClient(t, Config{}, rec)
	var out struct {
		types.ResponseMeta
		ID     string `json:"_id"`
		Result string `json:"result"`
	}
	if _, err := c.Do(context.Background(), &Request{Method: "PUT", Path: "/i/_doc/1", Body: map[string]int{"a": 1}}, &out); err != nil {
		t.Fatal(err)
	}
	if out.ID != "1" || out.Result != "created" || out.StatusCode != 201 || out.OpaqueID() != "abc" {
		t.Fatalf("decoded %+v", out)
	}
}

func TestDoReportsUndecodableBody(t *testing.T) {
	t.Parallel()
	rec := &recorder{replies: []reply{{status: 200, body: `{"_id":`}}}
	c := newTestClient(t, Config{}, rec)
	var out struct{ ID string }
	_, err := c.Do(context.Background(), &Request{Method: "GET", Path: "/i/_doc/1"}, &out)
	if err == nil || !strings.Contains(err.Error(), "decoding the answer to GET /i/_doc/1") {
		t.Fatalf("err = %v", err)
	}
}

func TestCredentialsNeverLogged(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	rec := &recorder{replies: []reply{{err: errors.New("connection refused")}, {status: 503, body: `{}`}, {status: 401, body: `{"error":"unauthorized"}`}}}
	c := newTestClient(t, Config{Addresses: []string{"http://admin:hunter2@node1.test:9200"}, Logger: logger, Retry: fastRetry()}, rec)
	_, err := c.Perform(context.Background(), &Request{Method: "GET", Path: "/_search"})
	if err == nil {
		t.Fatal("want the 401 error")
	}
	secretB64 := base64.StdEncoding.EncodeToString([]byte("admin:hunter2"))
	all := logs.String() + err.Error()
	if logs.Len() == 0 {
		t.Fatal("nothing was logged at debug level")
	}
	for _, secret := range []string{"hunter2", secretB64, "Authorization"} {
		if strings.Contains(all, secret) {
			t.Fatalf("%q leaked into logs or errors:\n%s", secret, all)
		}
	}
}

func TestBadAddressErrorHidesCredentials(t *testing.T) {
	t.Parallel()
	forBothTransports(t, testBadAddressErrorHidesCredentials)
}

func testBadAddressErrorHidesCredentials(t *testing.T, direct bool) {
	t.Parallel()
	_, err := New(Config{Direct: direct, Addresses: []string{"ftp://bob:pw123@host"}})
	if err == nil || strings.Contains(err.Error(), "pw123") || !strings.Contains(err.Error(), "REDACTED") {
		t.Fatalf("err = %v", err)
	}
	if _, err := New(Config{Direct: direct}); err == nil {
		t.Fatal("no address accepted")
	}
	if _, err := New(Config{Direct: direct, Addresses: []string{"http://x"}, Transport: http.DefaultTransport, InsecureSkipVerify: true}); err == nil {
		t.Fatal("TLS options accepted beside a custom transport")
	}
}

func TestHeadAnswerHasNoBody(t *testing.T) {
	t.Parallel()
	forBothTransports(t, testHeadAnswerHasNoBody)
}

func testHeadAnswerHasNoBody(t *testing.T, direct bool) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// As a real cluster does: the length of the GET answer, and no body.
		w.Header().Set("Content-Length", "230")
		w.Header().Set("Content-Type", "application/json; charset=UTF-8")
		if r.URL.Path == "/missing" {
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	defer srv.Close()
	c, err := New(Config{Direct: direct, Addresses: []string{srv.URL}})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Perform(context.Background(), &Request{Method: http.MethodHead, Path: "/books/_doc/1"})
	if err != nil || resp.StatusCode != 200 || len(resp.Body) != 0 {
		t.Fatalf("HEAD: %+v, %v", resp, err)
	}
	_, err = c.Perform(context.Background(), &Request{Method: http.MethodHead, Path: "/missing"})
	if !types.IsNotFound(err) {
		t.Fatalf("HEAD of a missing document: %v", err)
	}
}
