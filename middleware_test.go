package clustersearch_test

import (
	"context"
	"encoding/pem"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	clustersearch "github.com/clustersearch/clustersearch-go"
)

// stamp is a middleware that numbers the attempts it sees in a header, as a
// signer stamps each attempt with a fresh date, and records what it was given.
type stamp struct {
	name  string
	mu    sync.Mutex
	n     int
	seen  []string // Authorization header it saw
	order *[]string
}

func (s *stamp) wrap(next http.RoundTripper) http.RoundTripper {
	return roundTripFunc(func(r *http.Request) (*http.Response, error) {
		s.mu.Lock()
		s.n++
		n := s.n
		s.seen = append(s.seen, r.Header.Get("Authorization"))
		if s.order != nil {
			*s.order = append(*s.order, s.name)
		}
		s.mu.Unlock()
		r = r.Clone(r.Context())
		r.Header.Set("X-Stamp-"+s.name, strconv.Itoa(n))
		return next.RoundTrip(r)
	})
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestMiddlewareKeepsTLSAndAuthAndRunsPerAttempt: a middleware sits on top of
// the SDK's own TLS transport (trusting a CA given by option), sees the basic
// auth header, and stamps each retry anew.
func TestMiddlewareKeepsTLSAndAuthAndRunsPerAttempt(t *testing.T) {
	var stamps []string
	var calls atomic.Int32
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		stamps = append(stamps, r.Header.Get("X-Stamp-a"))
		if calls.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"ok":true}`)
	}))
	defer srv.Close()
	ca := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
	mw := &stamp{name: "a"}
	c, err := clustersearch.New(
		clustersearch.WithAddresses(srv.URL),
		clustersearch.WithCACert(ca),
		clustersearch.WithBasicAuth("alice", "secret"),
		clustersearch.WithDefaultRetryPolicy(clustersearch.RetryPolicy{MaxRetries: 2, MinBackoff: time.Millisecond, MaxBackoff: time.Millisecond}),
		clustersearch.WithMiddleware(mw.wrap),
	)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Do(context.Background(), &clustersearch.Request{Method: "GET", Path: "/_cluster/health"}, nil); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(stamps, ","); got != "1,2" {
		t.Errorf("stamps the server saw: %q, want 1,2 (one per attempt)", got)
	}
	if len(mw.seen) != 2 || mw.seen[0] != "Basic YWxpY2U6c2VjcmV0" || mw.seen[1] != mw.seen[0] {
		t.Errorf("Authorization seen by the middleware: %q", mw.seen)
	}
}

func TestMiddlewareOrderFirstIsOutermost(t *testing.T) {
	var order []string
	var got http.Header
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Clone()
		io.WriteString(w, `{}`)
	}))
	defer srv.Close()
	a, b := &stamp{name: "a", order: &order}, &stamp{name: "b", order: &order}
	c, err := clustersearch.New(clustersearch.WithAddresses(srv.URL), clustersearch.WithMiddleware(a.wrap), clustersearch.WithMiddleware(b.wrap))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Do(context.Background(), &clustersearch.Request{Method: "GET", Path: "/"}, nil); err != nil {
		t.Fatal(err)
	}
	if strings.Join(order, ",") != "a,b" || got.Get("X-Stamp-a") != "1" || got.Get("X-Stamp-b") != "1" {
		t.Errorf("order %v, headers a=%q b=%q", order, got.Get("X-Stamp-a"), got.Get("X-Stamp-b"))
	}
}

// TestProxyOption sends a request through a loopback HTTP proxy.
func TestProxyOption(t *testing.T) {
	var target string
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		target = r.URL.String() // a proxy receives the absolute URL
		io.WriteString(w, `{"via":"proxy"}`)
	}))
	defer proxy.Close()
	pu, _ := url.Parse(proxy.URL)
	c, err := clustersearch.New(clustersearch.WithAddresses("http://cluster.invalid:9200"), clustersearch.WithProxy(http.ProxyURL(pu)))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Do(context.Background(), &clustersearch.Request{Method: "GET", Path: "/_cluster/health"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if target != "http://cluster.invalid:9200/_cluster/health" || string(resp.Body) != `{"via":"proxy"}` {
		t.Errorf("proxy saw %q, answer %s", target, resp.Body)
	}
}

func TestProxyWithCustomTransportIsRejected(t *testing.T) {
	_, err := clustersearch.New(clustersearch.WithTransport(http.DefaultTransport), clustersearch.WithProxy(http.ProxyFromEnvironment))
	if err == nil || !strings.Contains(err.Error(), "proxy") {
		t.Fatalf("err = %v", err)
	}
}

// events is an Observer that writes down what it is told, and puts a marker
// in the contexts it returns so the test can see they are passed on.
type events struct {
	mu  sync.Mutex
	log []string
}

type markKey struct{}

func (e *events) add(format string, args ...any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.log = append(e.log, fmt.Sprintf(format, args...))
}

func (e *events) RequestStart(ctx context.Context, r *clustersearch.RequestInfo) context.Context {
	e.add("request start %s %s %s parts=%v query=%s body=%s", r.Operation, r.Method, r.Path, r.PathParts, r.Query, r.Body)
	return context.WithValue(ctx, markKey{}, "request")
}

func (e *events) RequestEnd(ctx context.Context, r *clustersearch.RequestInfo, res clustersearch.RequestResult) {
	e.add("request end %s status=%d attempts=%d err=%v mark=%v", r.Operation, res.StatusCode, res.Attempts, res.Err != nil, ctx.Value(markKey{}))
}

func (e *events) AttemptStart(ctx context.Context, a *clustersearch.AttemptInfo) context.Context {
	e.add("attempt %d start %s:%d mark=%v", a.Attempt, a.ServerAddress, a.ServerPort, ctx.Value(markKey{}))
	return context.WithValue(ctx, markKey{}, fmt.Sprintf("attempt %d", a.Attempt))
}

func (e *events) AttemptEnd(ctx context.Context, a *clustersearch.AttemptInfo, res clustersearch.AttemptResult) {
	e.add("attempt %d end status=%d err=%v mark=%v", a.Attempt, res.StatusCode, res.Err != nil, ctx.Value(markKey{}))
}

func TestObserverSeesCallAndAttempts(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		io.WriteString(w, `{"hits":{"total":{"value":0,"relation":"eq"},"hits":[]}}`)
	}))
	defer srv.Close()
	u, _ := url.Parse(srv.URL)
	var marks []any
	ev := &events{}
	c, err := clustersearch.New(
		clustersearch.WithAddresses(srv.URL),
		clustersearch.WithGzip(),
		clustersearch.WithDefaultRetryPolicy(clustersearch.RetryPolicy{MaxRetries: 2, MinBackoff: time.Millisecond, MaxBackoff: time.Millisecond}),
		clustersearch.WithObserver(ev),
		clustersearch.WithMiddleware(func(next http.RoundTripper) http.RoundTripper {
			return roundTripFunc(func(r *http.Request) (*http.Response, error) {
				marks = append(marks, r.Context().Value(markKey{}))
				return next.RoundTrip(r)
			})
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Do(context.Background(), &clustersearch.Request{Method: "POST", Path: "/books%2F1/_search", Params: url.Values{"size": {"0"}}, Body: []byte(`{"query":{"match_all":{}}}`)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`request start search POST /books%2F1/_search parts=map[index:books/1] query=size=0 body={"query":{"match_all":{}}}`,
		"attempt 1 start 127.0.0.1:" + u.Port() + " mark=request",
		"attempt 1 end status=429 err=false mark=attempt 1",
		"attempt 2 start 127.0.0.1:" + u.Port() + " mark=request",
		"attempt 2 end status=200 err=false mark=attempt 2",
		"request end search status=200 attempts=2 err=false mark=request",
	}
	if got := strings.Join(ev.log, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("events:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	if fmt.Sprint(marks) != "[attempt 1 attempt 2]" {
		t.Errorf("contexts the middleware saw: %v", marks)
	}
}

func TestObserverSeesErrors(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"error":{"type":"index_not_found_exception","reason":"no such index [x]"},"status":404}`)
	}))
	dead := srv.URL
	ev := &events{}
	c, err := clustersearch.New(clustersearch.WithAddresses(srv.URL), clustersearch.WithObserver(ev), clustersearch.WithoutRetries())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Do(context.Background(), &clustersearch.Request{Method: "DELETE", Path: "/x"}, nil); err == nil {
		t.Fatal("no error for a 404")
	}
	srv.Close()
	c2, err := clustersearch.New(clustersearch.WithAddresses(dead), clustersearch.WithObserver(ev), clustersearch.WithoutRetries())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c2.Do(context.Background(), &clustersearch.Request{Method: "GET", Path: "/_whatever"}, nil); err == nil {
		t.Fatal("no error from a closed server")
	}
	want := []string{
		"request start indices.delete DELETE /x parts=map[index:x] query= body=",
		"attempt 1 end status=404 err=false mark=attempt 1",
		"request end indices.delete status=404 attempts=1 err=true mark=request",
		"request start  GET /_whatever parts=map[] query= body=",
		"attempt 1 end status=0 err=true mark=attempt 1",
		"request end  status=0 attempts=1 err=true mark=request",
	}
	var got []string
	for _, l := range ev.log {
		if !strings.Contains(l, " start 127.0.0.1") {
			got = append(got, l)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
