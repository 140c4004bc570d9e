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

// hungNode accepts connections and never answers: a node stuck in a long
// pause, or a half-dead proxy. It counts the connections it accepted.
type hungNode struct {
	l        net.Listener
	accepted atomic.Int32
	mu       sync.Mutex
	conns    []net.Conn
}

func newHungNode(t *testing.T) *hungNode {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h := &hungNode{l: l}
	go func() {
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			h.accepted.Add(1)
			h.mu.Lock()
			h.conns = append(h.conns, conn)
			h.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		l.Close()
		h.mu.Lock()
		defer h.mu.Unlock()
		for _, c := range h.conns {
			c.Close()
		}
	})
	return h
}

func (h *hungNode) URL() string { return "http://" + h.l.Addr().String() }

// liveNode answers every request and counts them.
func liveNode(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		n.Add(1)
		_, _ = io.WriteString(w, `{"ok":true}`)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

// frozenClock stops the pool's clock, so an address marked dead stays dead
// for the whole test however slow the machine.
func frozenClock(c *Client) {
	now := time.Now()
	c.pool.now = func() time.Time { return now }
}

func TestHungNodeCostsOneAttempt(t *testing.T) {
	t.Parallel()
	forBothTransports(t, testHungNodeCostsOneAttempt)
}

func testHungNodeCostsOneAttempt(t *testing.T, direct bool) {
	t.Parallel()
	hung := newHungNode(t)
	live, served := liveNode(t)
	p := fastRetry()
	p.AttemptTimeout = 100 * time.Millisecond
	c, err := New(Config{Direct: direct, Addresses: []string{hung.URL(), live.URL}, Retry: p})
	if err != nil {
		t.Fatal(err)
	}
	frozenClock(c)
	for i := 0; i < 10; i++ {
		resp, err := c.Perform(context.Background(), &Request{Method: "GET", Path: "/_cluster/health"})
		if err != nil || string(resp.Body) != `{"ok":true}` {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	if hung.accepted.Load() != 1 || served.Load() != 10 {
		t.Fatalf("the hung node got %d connections, the live one %d requests; want 1 and 10", hung.accepted.Load(), served.Load())
	}
}

// Without an attempt timeout, the caller's deadline marks the hung node too.
func TestHungNodeMarkedByCallerDeadline(t *testing.T) {
	t.Parallel()
	forBothTransports(t, testHungNodeMarkedByCallerDeadline)
}

func testHungNodeMarkedByCallerDeadline(t *testing.T, direct bool) {
	t.Parallel()
	hung := newHungNode(t)
	live, served := liveNode(t)
	c, err := New(Config{Direct: direct, Addresses: []string{hung.URL(), live.URL}, Retry: fastRetry()})
	if err != nil {
		t.Fatal(err)
	}
	frozenClock(c)
	failed := 0
	for i := 0; i < 10; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		_, err := c.Perform(ctx, &Request{Method: "GET", Path: "/"})
		cancel()
		if err != nil {
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("call %d: %v", i, err)
			}
			failed++
		}
	}
	if failed != 1 || hung.accepted.Load() != 1 || served.Load() != 9 {
		t.Fatalf("%d calls failed, the hung node got %d connections, the live one %d requests; want 1, 1 and 9",
			failed, hung.accepted.Load(), served.Load())
	}
}

// A caller that gives up says nothing about the node.
func TestCancelledCallDoesNotMarkTheNode(t *testing.T) {
	t.Parallel()
	forBothTransports(t, testCancelledCallDoesNotMarkTheNode)
}

func testCancelledCallDoesNotMarkTheNode(t *testing.T, direct bool) {
	t.Parallel()
	hung := newHungNode(t)
	live, _ := liveNode(t)
	c, err := New(Config{Direct: direct, Addresses: []string{hung.URL(), live.URL}, Retry: fastRetry()})
	if err != nil {
		t.Fatal(err)
	}
	frozenClock(c)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	if _, err := c.Perform(ctx, &Request{Method: "GET", Path: "/"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
	if n := c.pool.find(strings.TrimPrefix(hung.URL(), "http://")); n.failures != 0 {
		t.Fatalf("a cancelled call marked the node: %d failures", n.failures)
	}
}

// A write that timed out may have been applied: not sent to the live node.
func TestTimedOutWriteIsNotRetried(t *testing.T) {
	t.Parallel()
	forBothTransports(t, testTimedOutWriteIsNotRetried)
}

func testTimedOutWriteIsNotRetried(t *testing.T, direct bool) {
	t.Parallel()
	hung := newHungNode(t)
	live, served := liveNode(t)
	p := fastRetry()
	p.AttemptTimeout = 100 * time.Millisecond
	c, err := New(Config{Direct: direct, Addresses: []string{hung.URL(), live.URL}, Retry: p})
	if err != nil {
		t.Fatal(err)
	}
	frozenClock(c)
	_, err = c.Perform(context.Background(), &Request{Method: "POST", Path: "/books/_doc", Body: []byte(`{"n":1}`)})
	var timeout *AttemptTimeoutError
	if !errors.Is(err, ErrMaybeApplied) || !errors.As(err, &timeout) || timeout.Limit != p.AttemptTimeout {
		t.Fatalf("err = %v", err)
	}
	if served.Load() != 0 {
		t.Fatalf("the write was sent again: the live node served %d", served.Load())
	}
	// The next call goes to the live node.
	if _, err := c.Perform(context.Background(), &Request{Method: "POST", Path: "/books/_doc", Body: []byte(`{"n":2}`)}); err != nil || served.Load() != 1 {
		t.Fatalf("next write: %v, live served %d", err, served.Load())
	}
}

// The attempt timeout covers reading the answer: a node that sends headers
// and then stalls does not hold the caller.
func TestAttemptTimeoutCoversTheBody(t *testing.T) {
	t.Parallel()
	forBothTransports(t, testAttemptTimeoutCoversTheBody)
}

func testAttemptTimeoutCoversTheBody(t *testing.T, direct bool) {
	t.Parallel()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "100")
		w.WriteHeader(200)
		_, _ = io.WriteString(w, `{"partial":`)
		w.(http.Flusher).Flush()
		<-release
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) })
	p := fastRetry()
	p.AttemptTimeout = 100 * time.Millisecond
	c, err := New(Config{Direct: direct, Addresses: []string{srv.URL}, Retry: p})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := c.Perform(context.Background(), &Request{Method: "GET", Path: "/"})
		done <- err
	}()
	select {
	case err := <-done:
		var timeout *AttemptTimeoutError
		if !errors.As(err, &timeout) {
			t.Fatalf("err = %v, want an *AttemptTimeoutError", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the stalled answer held the call past its attempt timeout")
	}
}

func TestWithoutRetryKeepsTheAttemptTimeout(t *testing.T) {
	t.Parallel()
	forBothTransports(t, testWithoutRetryKeepsTheAttemptTimeout)
}

func testWithoutRetryKeepsTheAttemptTimeout(t *testing.T, direct bool) {
	t.Parallel()
	hung := newHungNode(t)
	p := fastRetry()
	p.AttemptTimeout = 50 * time.Millisecond
	c, err := New(Config{Direct: direct, Addresses: []string{hung.URL()}, Retry: p})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Perform(WithoutRetry(context.Background()), &Request{Method: "GET", Path: "/"})
	var timeout *AttemptTimeoutError
	if !errors.As(err, &timeout) || hung.accepted.Load() != 1 {
		t.Fatalf("err = %v after %d connections", err, hung.accepted.Load())
	}
}
