package transport

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// dropServer answers like a server whose answers are lost on the way back for
// the first `drop` requests: it reads each whole request, counts it as
// received, then closes the connection without a word.
func dropServer(t *testing.T, drop int32) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var received atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		if received.Add(1) <= drop {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"ok":true}`)
	}))
	t.Cleanup(srv.Close)
	return srv, &received
}

// refusedAddress returns a loopback address where nothing listens.
func refusedAddress(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := "http://" + l.Addr().String()
	l.Close()
	return addr
}

func TestLostAnswerRetriesReadsOnly(t *testing.T) {
	t.Parallel()
	forBothTransports(t, testLostAnswerRetriesReadsOnly)
}

func testLostAnswerRetriesReadsOnly(t *testing.T, direct bool) {
	t.Parallel()
	for _, tc := range []struct {
		method, path string
		want         int32 // requests the server received
		maybeApplied bool
	}{
		{"GET", "/books/_doc/1", 2, false},
		{"POST", "/books/_search", 2, false},
		{"PUT", "/books/_doc/1", 2, false},
		{"DELETE", "/books/_doc/1", 2, false},
		{"POST", "/books/_doc", 1, true},
		{"POST", "/books/_update/1", 1, true},
		{"POST", "/_bulk", 1, true},
		{"POST", "/_search/scroll", 1, true},
		{"PUT", "/books/_create/1", 1, true},
	} {
		srv, received := dropServer(t, 1)
		c, err := New(Config{Direct: direct, Addresses: []string{srv.URL}, Retry: fastRetry()})
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Perform(context.Background(), &Request{Method: tc.method, Path: tc.path, Body: map[string]int{"n": 1}})
		if got := received.Load(); got != tc.want {
			t.Errorf("%s %s: the server received %d requests, want %d", tc.method, tc.path, got, tc.want)
		}
		if tc.maybeApplied != errors.Is(err, ErrMaybeApplied) || (tc.want == 2) != (err == nil) {
			t.Errorf("%s %s: err = %v", tc.method, tc.path, err)
		}
	}
}

func TestWriteRetriedWhenRefused(t *testing.T) {
	t.Parallel()
	forBothTransports(t, testWriteRetriedWhenRefused)
}

func testWriteRetriedWhenRefused(t *testing.T, direct bool) {
	t.Parallel()
	srv, received := dropServer(t, 0)
	c, err := New(Config{Direct: direct, Addresses: []string{refusedAddress(t), srv.URL}, Retry: fastRetry()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Perform(context.Background(), &Request{Method: "POST", Path: "/books/_doc", Body: map[string]int{"n": 1}}); err != nil {
		t.Fatal(err)
	}
	if received.Load() != 1 {
		t.Fatalf("received %d, want 1", received.Load())
	}
}

// resetListener resets the first `reset` connections it accepts before
// reading a byte, so a large request cannot be written whole.
type resetListener struct {
	net.Listener
	reset atomic.Int32
}

func (l *resetListener) Accept() (net.Conn, error) {
	for {
		conn, err := l.Listener.Accept()
		if err != nil || l.reset.Add(-1) < 0 {
			return conn, err
		}
		_ = conn.(*net.TCPConn).SetLinger(0) // close with RST
		conn.Close()
	}
}

func TestWriteRetriedWhenResetBeforeWritten(t *testing.T) {
	t.Parallel()
	forBothTransports(t, testWriteRetriedWhenResetBeforeWritten)
}

func testWriteRetriedWhenResetBeforeWritten(t *testing.T, direct bool) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	rl := &resetListener{Listener: l}
	rl.reset.Store(1)
	var received atomic.Int32
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		received.Add(1)
		_, _ = io.WriteString(w, `{}`)
	}), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(rl) }()
	t.Cleanup(func() { srv.Close() })

	c, err := New(Config{Direct: direct, Addresses: []string{"http://" + l.Addr().String()}, Retry: fastRetry()})
	if err != nil {
		t.Fatal(err)
	}
	// 32 MiB cannot sit in the socket buffers: the write fails on the reset.
	body := []byte(`{"index":{}}` + "\n" + `{"pad":"` + strings.Repeat("x", 32<<20) + `"}` + "\n")
	if _, err := c.Perform(context.Background(), &Request{Method: "POST", Path: "/_bulk", Body: body, ContentType: "application/x-ndjson"}); err != nil {
		t.Fatal(err)
	}
	if received.Load() != 1 {
		t.Fatalf("received %d, want 1", received.Load())
	}
}

func TestWriteStatusRetries(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		status   int
		attempts int
	}{{429, 2}, {502, 1}, {503, 1}, {504, 1}} {
		rec := &recorder{replies: []reply{{status: tc.status, body: `{}`}, {status: 201, body: `{}`}}}
		c := newTestClient(t, Config{Retry: fastRetry()}, rec)
		_, err := c.Perform(context.Background(), &Request{Method: "POST", Path: "/books/_doc", Body: map[string]int{"n": 1}})
		if rec.count() != tc.attempts || (tc.attempts == 2) != (err == nil) {
			t.Errorf("status %d: %d attempts (want %d), err %v", tc.status, rec.count(), tc.attempts, err)
		}
		if errors.Is(err, ErrMaybeApplied) {
			t.Errorf("status %d: an answer is not a lost answer: %v", tc.status, err)
		}
	}
}

func TestPerCallRetryOverrides(t *testing.T) {
	t.Parallel()
	get := &Request{Method: "GET", Path: "/_cluster/health"}
	cases := []struct {
		name     string
		ctx      context.Context
		req      *Request
		attempts int
	}{
		{"default", context.Background(), get, 4},
		{"without retry", WithoutRetry(context.Background()), get, 1},
		{"policy", WithRetryPolicy(context.Background(), RetryPolicy{MaxRetries: 1}), get, 2},
		{"policy then without", WithoutRetry(WithRetryPolicy(context.Background(), fastRetry())), get, 1},
		{"statuses", WithRetryPolicy(context.Background(), RetryPolicy{MaxRetries: 3, RetryOnStatus: []int{}}), get, 1},
		{"write", context.Background(), &Request{Method: "POST", Path: "/i/_doc", Body: []byte(`{}`)}, 1},
		{"write as idempotent", WithRetryPolicy(context.Background(), RetryPolicy{MaxRetries: 2, TreatAsIdempotent: true}),
			&Request{Method: "POST", Path: "/i/_doc", Body: []byte(`{}`)}, 3},
	}
	for _, tc := range cases {
		rec := &recorder{replies: []reply{{status: 503, body: `{}`}}}
		c := newTestClient(t, Config{Retry: fastRetry()}, rec)
		_, err := c.Perform(tc.ctx, tc.req)
		if !strings.Contains(err.Error(), "503") || rec.count() != tc.attempts {
			t.Errorf("%s: %d attempts, want %d (err %v)", tc.name, rec.count(), tc.attempts, err)
		}
	}
}

func TestLostAnswerOfIdempotentWriteAsIdempotent(t *testing.T) {
	t.Parallel()
	forBothTransports(t, testLostAnswerOfIdempotentWriteAsIdempotent)
}

func testLostAnswerOfIdempotentWriteAsIdempotent(t *testing.T, direct bool) {
	t.Parallel()
	srv, received := dropServer(t, 1)
	c, err := New(Config{Direct: direct, Addresses: []string{srv.URL}, Retry: fastRetry()})
	if err != nil {
		t.Fatal(err)
	}
	ctx := WithRetryPolicy(context.Background(), RetryPolicy{MaxRetries: 1, TreatAsIdempotent: true})
	if _, err := c.Perform(ctx, &Request{Method: "PUT", Path: "/books", Body: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	if received.Load() != 2 {
		t.Fatalf("received %d, want 2", received.Load())
	}
}

// Callers sharing one client with different overrides do not see each other's.
func TestOverridesAreConcurrent(t *testing.T) {
	t.Parallel()
	forBothTransports(t, testOverridesAreConcurrent)
}

func testOverridesAreConcurrent(t *testing.T, direct bool) {
	t.Parallel()
	srv, received := dropServer(t, 0)
	c, err := New(Config{Direct: direct, Addresses: []string{srv.URL}, Retry: fastRetry()})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			ctx := context.Background()
			if i%2 == 0 {
				ctx = WithoutRetry(ctx)
			}
			if _, err := c.Perform(ctx, &Request{Method: "GET", Path: "/"}); err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	if received.Load() != 8 {
		t.Fatalf("received %d", received.Load())
	}
}
