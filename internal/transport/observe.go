package transport

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Observer watches the client's requests: instrumentation (tracing, metrics,
// audit logs) plugs in here. RequestStart and RequestEnd bracket each call
// (every retry included); AttemptStart and AttemptEnd bracket each attempt,
// under the retry loop. The context a Start method returns is the one the
// call or attempt goes on with, so a tracer can put its span there (and a
// middleware below sees it). Methods are called from the caller's goroutine,
// one call's attempts one after the other, and must not keep the pointers
// they are given after returning, nor change what they point to.
type Observer interface {
	// RequestStart is called once per call that is sent (one that fails to
	// build, for bad parameters, is not), before its first attempt.
	RequestStart(ctx context.Context, r *RequestInfo) context.Context
	// RequestEnd is called once per call, with what the call returns, and
	// the context RequestStart returned.
	RequestEnd(ctx context.Context, r *RequestInfo, res RequestResult)
	// AttemptStart is called before each attempt, with a context derived
	// from the one RequestStart returned.
	AttemptStart(ctx context.Context, a *AttemptInfo) context.Context
	// AttemptEnd is called when the attempt has an answer's status line or
	// has failed, with the context AttemptStart returned.
	AttemptEnd(ctx context.Context, a *AttemptInfo, res AttemptResult)
}

// RequestInfo describes one call.
type RequestInfo struct {
	// Operation is the endpoint's name in OpenSearch's REST API
	// specification ("search", "bulk", "indices.create"), or "" for an
	// endpoint the SDK does not know (a Client.Do request).
	Operation string
	// PathParts holds the values of the endpoint's path parts by name
	// ("index", "id"), unescaped; nil when there are none.
	PathParts map[string]string
	Method    string
	Path      string // escaped, without the query
	Query     string // encoded query string
	// Body is the request body as encoded, before any compression. Record it
	// only when the user asked for it: it may hold personal data.
	Body    []byte
	Started time.Time
}

// RequestResult is how a call ended.
type RequestResult struct {
	StatusCode int         // the last answer's status; 0 when none came
	Header     http.Header // the last answer's headers; nil when none came
	Err        error       // what the call returned: a *types.Error for a non-2xx answer
	Attempts   int         // attempts made
	Duration   time.Duration
}

// AttemptInfo describes one attempt of a call.
type AttemptInfo struct {
	Request       *RequestInfo
	Attempt       int // 1 for the first attempt
	URL           *url.URL
	ServerAddress string // host name or IP of the address tried
	ServerPort    int    // its port (the scheme's default when the URL names none)
	Started       time.Time
}

// AttemptResult is how an attempt ended: an answer's status, or a transport error.
type AttemptResult struct {
	StatusCode int
	Err        error
	Duration   time.Duration
}

// Middleware wraps the RoundTripper that sends each attempt. The SDK builds
// its own transport (TLS, CA, proxy) and calls the middleware with it, so a
// signer or tracer keeps those settings. It runs below the retry loop: every
// attempt passes through it, with the address, headers and body of that
// attempt.
type Middleware func(next http.RoundTripper) http.RoundTripper

// observers calls several Observers in order (and ends them in reverse).
type observers []Observer

func (os observers) RequestStart(ctx context.Context, r *RequestInfo) context.Context {
	for _, o := range os {
		ctx = o.RequestStart(ctx, r)
	}
	return ctx
}

func (os observers) RequestEnd(ctx context.Context, r *RequestInfo, res RequestResult) {
	for i := len(os) - 1; i >= 0; i-- {
		os[i].RequestEnd(ctx, r, res)
	}
}

func (os observers) AttemptStart(ctx context.Context, a *AttemptInfo) context.Context {
	for _, o := range os {
		ctx = o.AttemptStart(ctx, a)
	}
	return ctx
}

func (os observers) AttemptEnd(ctx context.Context, a *AttemptInfo, res AttemptResult) {
	for i := len(os) - 1; i >= 0; i-- {
		os[i].AttemptEnd(ctx, a, res)
	}
}

// newObserver combines the configured observers; nil when there are none.
func newObserver(list []Observer) Observer {
	var kept observers
	for _, o := range list {
		if o != nil {
			kept = append(kept, o)
		}
	}
	switch len(kept) {
	case 0:
		return nil
	case 1:
		return kept[0]
	}
	return kept
}

// attemptInfo describes the attempt r is about to make.
func attemptInfo(info *RequestInfo, n int, r *http.Request) *AttemptInfo {
	port, _ := strconv.Atoi(r.URL.Port())
	if port == 0 {
		port = 80
		if r.URL.Scheme == "https" {
			port = 443
		}
	}
	return &AttemptInfo{Request: info, Attempt: n, URL: r.URL, ServerAddress: r.URL.Hostname(), ServerPort: port, Started: time.Now()}
}
