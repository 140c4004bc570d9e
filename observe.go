package clustersearch

import (
	"net/http"
	"net/url"

	"github.com/clustersearch/clustersearch-go/internal/transport"
)

// Observer watches every call and every attempt of a Client, for tracing,
// metrics or audit logs (the contrib/otel module is one). RequestStart and
// RequestEnd bracket a call, retries included; AttemptStart and AttemptEnd
// bracket each attempt, below the retry loop. The context a Start method
// returns is the one the call or attempt goes on with.
type Observer = transport.Observer

// RequestInfo describes one call to an Observer: the endpoint's name in
// OpenSearch's API specification ("search", "indices.create"), its path
// parts, method, path, query and (uncompressed) body.
type RequestInfo = transport.RequestInfo

// RequestResult is how a call ended: last status, error, attempts, duration.
type RequestResult = transport.RequestResult

// AttemptInfo describes one attempt: its number (1 for the first), URL,
// server address and port.
type AttemptInfo = transport.AttemptInfo

// AttemptResult is how an attempt ended: an answer's status or a transport error.
type AttemptResult = transport.AttemptResult

// Middleware wraps the RoundTripper that sends each attempt (see WithMiddleware).
type Middleware = transport.Middleware

// WithMiddleware wraps the client's transport with m: request signing
// (contrib/awssigv4), tracing, recording. Unlike WithTransport it keeps the
// SDK's own transport underneath, so WithCACert, WithInsecureSkipVerify and
// WithProxy still apply, and the auth headers are already on the request.
// It runs below the retry loop: every attempt passes through it, each with its
// own address and a fresh body, so a signer signs every retry anew. With
// several middlewares the first given is the outermost (it sees the request first).
func WithMiddleware(m ...Middleware) Option {
	return func(s *settings) { s.middleware = append(s.middleware, m...) }
}

// WithObserver adds o to the client's observers; they are called in the
// order given (and ended in reverse).
func WithObserver(o Observer) Option {
	return func(s *settings) { s.observers = append(s.observers, o) }
}

// WithProxy sends the built-in transport's requests through the proxy that
// proxy picks for each (http.ProxyURL(u) for a fixed one). Without it the
// environment's HTTPS_PROXY, HTTP_PROXY and NO_PROXY apply.
func WithProxy(proxy func(*http.Request) (*url.URL, error)) Option {
	return func(s *settings) { s.proxy = proxy }
}
