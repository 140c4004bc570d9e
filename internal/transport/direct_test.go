package transport

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// forBothTransports runs a test on net/http's transport and on the direct
// one (Config.Direct): the retry and timeout behaviour must not depend on it.
func forBothTransports(t *testing.T, test func(t *testing.T, direct bool)) {
	t.Run("net-http", func(t *testing.T) { test(t, false) })
	t.Run("direct", func(t *testing.T) { test(t, true) })
}

// countingServer is an httptest server that counts the connections made to it.
func countingServer(t *testing.T, h http.HandlerFunc) (*httptest.Server, *atomic.Int32) {
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, &conns
}

func directClient(t *testing.T, urls ...string) *Client {
	t.Helper()
	c, err := New(Config{Addresses: urls, Direct: true, Retry: fastRetry()})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Answers of every framing come back whole, and the connection carries the
// next request: by length, chunked, empty, HEAD, 204.
func TestDirectReusesTheConnection(t *testing.T) {
	t.Parallel()
	srv, conns := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch r.URL.Path {
		case "/chunked":
			w.Write([]byte("part one,"))
			w.(http.Flusher).Flush()
			w.Write([]byte("part two"))
		case "/empty":
			w.Header().Set("Content-Length", "0")
		case "/nothing":
			w.WriteHeader(http.StatusNoContent)
		default:
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"echo":` + string(body) + `}`))
		}
	})
	c := directClient(t, srv.URL)
	ctx := context.Background()
	for i := 0; i < 3; i++ {
		for _, tc := range []struct {
			method, path string
			body         any
			want         string
		}{
			{"POST", "/echo", []byte(`[1,2]`), `{"echo":[1,2]}`},
			{"GET", "/chunked", nil, "part one,part two"},
			{"GET", "/empty", nil, ""},
			{"DELETE", "/nothing", nil, ""},
			{"HEAD", "/echo", nil, ""},
		} {
			resp, err := c.Perform(ctx, &Request{Method: tc.method, Path: tc.path, Body: tc.body})
			if err != nil {
				t.Fatalf("%s %s: %v", tc.method, tc.path, err)
			}
			if string(resp.Body) != tc.want {
				t.Fatalf("%s %s: %q, want %q", tc.method, tc.path, resp.Body, tc.want)
			}
		}
	}
	if n := conns.Load(); n != 1 {
		t.Fatalf("%d connections for one caller, want 1", n)
	}
}

// A keep-alive connection the server closed while it was idle is replaced
// without the caller noticing, a write included: the liveness check finds
// it closed before anything is written.
func TestDirectReplacesAConnectionTheServerClosed(t *testing.T) {
	t.Parallel()
	srv, conns := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{}`))
	})
	srv.Config.SetKeepAlivesEnabled(true)
	c := directClient(t, srv.URL)
	tr := c.http.Transport.(*healthTransport).next.(*directTransport)
	ctx := context.Background()
	for _, method := range []string{"GET", "POST", "GET"} {
		if _, err := c.Perform(ctx, &Request{Method: method, Path: "/x", Body: []byte(`{}`)}); err != nil {
			t.Fatalf("%s: %v", method, err)
		}
		// The server drops its idle connections; the idle one in the
		// client's pool looks old enough to be checked.
		srv.CloseClientConnections()
		tr.mu.Lock()
		for _, list := range tr.idle {
			for _, dc := range list {
				dc.since = dc.since.Add(-2 * checkIdleAfter)
			}
		}
		tr.mu.Unlock()
	}
	if n := conns.Load(); n != 3 {
		t.Fatalf("%d connections, want 3", n)
	}
}

// A server that closes the connection without answering: a read is
// retried on a new connection, a write reports that it may have been applied.
func TestDirectLostAnswer(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	var served atomic.Int32
	go func() {
		for {
			nc, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer nc.Close()
				br := bufio.NewReader(nc)
				req, err := http.ReadRequest(br)
				if err != nil {
					return
				}
				io.Copy(io.Discard, req.Body)
				if served.Add(1)%2 == 1 {
					return // the request arrived; the answer never leaves
				}
				io.WriteString(nc, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
			}()
		}
	}()
	c := directClient(t, "http://"+l.Addr().String())
	if _, err := c.Perform(context.Background(), &Request{Method: "GET", Path: "/r"}); err != nil {
		t.Fatalf("read: %v", err)
	}
	_, err = c.Perform(context.Background(), &Request{Method: "POST", Path: "/w/_doc", Body: []byte(`{}`)})
	if !errors.Is(err, ErrMaybeApplied) {
		t.Fatalf("write: %v, want ErrMaybeApplied", err)
	}
}

// Cancelling the context ends a request waiting for its answer, and one
// reading its body.
func TestDirectCancel(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow-body" {
			w.Header().Set("Content-Length", "10")
			w.Write([]byte("12345"))
			w.(http.Flusher).Flush()
		}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	defer close(release)
	c, err := New(Config{Addresses: []string{srv.URL}, Direct: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/slow-head", "/slow-body"} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		_, err := c.Perform(ctx, &Request{Method: "GET", Path: path})
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%s: %v, want the deadline", path, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("%s: took %v", path, d)
		}
	}
}

// HTTPS goes through net/http's transport.
func TestDirectLeavesHTTPSToNetHTTP(t *testing.T) {
	t.Parallel()
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(r.Proto))
	}))
	t.Cleanup(srv.Close)
	rt := newDirectTransport(srv.Client().Transport.(*http.Transport).Clone())
	req, _ := http.NewRequest("GET", srv.URL, nil)
	resp, err := rt.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if b, _ := io.ReadAll(resp.Body); !strings.HasPrefix(string(b), "HTTP/") || resp.TLS == nil {
		t.Fatalf("answer %q, TLS %v", b, resp.TLS)
	}
}

// A body closed before its end takes its connection with it; reads after
// Close fail.
func TestDirectBodyClosedEarly(t *testing.T) {
	t.Parallel()
	srv, conns := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(strings.Repeat("x", 100)))
	})
	tr := newDirectTransport(http.DefaultTransport.(*http.Transport).Clone())
	for i := 0; i < 2; i++ {
		req, _ := http.NewRequest("GET", srv.URL, nil)
		resp, err := tr.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		p := make([]byte, 10)
		if _, err := resp.Body.Read(p); err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if _, err := resp.Body.Read(p); err == nil {
			t.Fatal("read after Close succeeded")
		}
	}
	if n := conns.Load(); n != 2 {
		t.Fatalf("%d connections, want 2", n)
	}
}

// A header value that would break the request's framing is refused before
// anything is sent, as net/http refuses it.
func TestDirectRefusesHeaderInjection(t *testing.T) {
	t.Parallel()
	srv, conns := countingServer(t, func(w http.ResponseWriter, r *http.Request) {})
	tr := newDirectTransport(http.DefaultTransport.(*http.Transport).Clone())
	std := http.DefaultTransport.(*http.Transport).Clone()
	for _, h := range []http.Header{
		{"X-A": {"ok\r\nX-Injected: 1"}},
		{"X-A": {"nul\x00"}},
		{"Bad Name": {"v"}},
		{"": {"v"}},
	} {
		req, _ := http.NewRequest("GET", srv.URL, nil)
		req.Header = h
		_, err := tr.RoundTrip(req)
		_, stdErr := std.RoundTrip(req)
		if err == nil || stdErr == nil || err.Error() != stdErr.Error() {
			t.Errorf("%q: direct %v, net/http %v", h, err, stdErr)
		}
	}
	req, _ := http.NewRequest("GET", srv.URL, nil)
	req.Method = "GE T"
	if _, err := tr.RoundTrip(req); err == nil {
		t.Error("a method with a space was sent")
	}
	if n := conns.Load(); n != 0 {
		t.Fatalf("%d connections made", n)
	}
}
