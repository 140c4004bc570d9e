package clustersearch

import (
	"log/slog"
	"net/http"
	"net/url"
	"time"
)

// Option configures a Client; pass options to New.
type Option func(*settings)

// settings collects the options before New validates them.
type settings struct {
	addresses          []string
	username, password string
	apiKey             string
	bearerToken        string
	header             http.Header
	userAgent          string
	transport          http.RoundTripper
	direct             bool
	caCert             []byte
	insecureSkipVerify bool
	retry              RetryPolicy
	attemptTimeout     time.Duration // wins over retry.AttemptTimeout when set
	gzip               bool
	logger             *slog.Logger
	proxy              func(*http.Request) (*url.URL, error)
	middleware         []Middleware
	observers          []Observer
}

// RetryPolicy says how the client retries failed attempts. Waits grow
// exponentially from MinBackoff to MaxBackoff with jitter; a server's
// Retry-After header is honoured up to MaxRetryAfter. A finished context stops
// retrying at once.
//
// Which failures are retried depends on the request, so that a write the
// server may have applied is never sent twice (see the package documentation
// for the whole table). Requests that only read, and the writes that converge
// (PUT or DELETE of one document by id), are retried after connection errors
// and on RetryOnStatus. Every other request is retried only when it certainly
// never reached the server (the connection was refused, or broke before the
// request was written) or on 429, when the server refused it unread.
type RetryPolicy struct {
	MaxRetries    int           // retries after the first attempt; 0 disables retries
	MinBackoff    time.Duration // first wait
	MaxBackoff    time.Duration // longest wait between attempts
	MaxRetryAfter time.Duration // longest Retry-After honoured (default 1m)
	RetryOnStatus []int         // nil: 429, 502, 503, 504 (writes: 429 only)
	// AttemptTimeout bounds each attempt, reading the answer included; 0 leaves
	// only the context's deadline. An address whose attempt times out is
	// skipped for a while, as one that refuses connections is. Keep it above
	// the server-side time of your slowest call (a synchronous reindex, a
	// wait_for_completion) or give such calls their own policy.
	AttemptTimeout time.Duration
	// TreatAsIdempotent retries every request as a read is retried, even
	// after a failure that may follow the server applying it. Set it per call
	// (WithRetryPolicy) for a write you know is safe to apply twice.
	TreatAsIdempotent bool
}

// DefaultRetryPolicy is used when no WithDefaultRetryPolicy option is given:
// 3 retries, waits from 100ms up to 5s, no attempt timeout.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{MaxRetries: 3, MinBackoff: 100 * time.Millisecond, MaxBackoff: 5 * time.Second, MaxRetryAfter: time.Minute}
}

// WithAddresses sets the cluster's base URLs ("https://node1:9200"). Requests
// rotate over them; an address that fails to connect is skipped for a while.
// Credentials written in a URL ("https://user:pass@host:9200") become basic auth
// and are removed from the URL. Without this option the client reads the
// comma-separated CLUSTERSEARCH_URL environment variable, else uses
// http://localhost:9200.
func WithAddresses(urls ...string) Option {
	return func(s *settings) { s.addresses = append(s.addresses, urls...) }
}

// WithBasicAuth sends the user name and password with every request.
func WithBasicAuth(username, password string) Option {
	return func(s *settings) { s.username, s.password = username, password }
}

// WithAPIKey sends "Authorization: ApiKey <key>"; key is the encoded API key.
func WithAPIKey(key string) Option {
	return func(s *settings) { s.apiKey = key }
}

// WithBearerToken sends "Authorization: Bearer <token>" (for example a JWT).
func WithBearerToken(token string) Option {
	return func(s *settings) { s.bearerToken = token }
}

// WithHeader adds a header to every request.
func WithHeader(key, value string) Option {
	return func(s *settings) {
		if s.header == nil {
			s.header = http.Header{}
		}
		s.header.Add(key, value)
	}
}

// WithUserAgent replaces the User-Agent header (default "clustersearch-go/<Version>").
func WithUserAgent(ua string) Option {
	return func(s *settings) { s.userAgent = ua }
}

// WithTransport sends requests through rt instead of the built-in transport
// (for tests, or a transport configured entirely by the caller). TLS and
// proxy options cannot be combined with it: configure them on rt. To sign,
// trace or record requests while keeping those options, use WithMiddleware.
func WithTransport(rt http.RoundTripper) Option {
	return func(s *settings) { s.transport = rt }
}

// WithDirectTransport makes the built-in transport send plain-http requests
// on the calling goroutine, writing each request and reading its answer
// itself on keep-alive connections of its own, instead of through
// net/http's Transport, which hands every request and answer between
// goroutines. On a loopback or LAN round trip (a test cluster, the fake)
// that saves the hand-overs and the thread wake-ups they cause. HTTPS and
// requests through a proxy still go through net/http's Transport, and
// retries behave the same either way. The direct path does not ask for
// compressed answers (no Accept-Encoding: gzip). fake.Server.Client uses it
// for plain-http servers. It has no effect with WithTransport.
func WithDirectTransport() Option {
	return func(s *settings) { s.direct = true }
}

// WithCACert trusts the PEM-encoded certificates in pem, beside the system's,
// when verifying the cluster's TLS certificate.
func WithCACert(pem []byte) Option {
	return func(s *settings) { s.caCert = pem }
}

// WithInsecureSkipVerify turns TLS certificate verification off. Only for
// test clusters with throwaway certificates: anyone on the path can then read
// and change the traffic, credentials included.
func WithInsecureSkipVerify() Option {
	return func(s *settings) { s.insecureSkipVerify = true }
}

// WithDefaultRetryPolicy replaces DefaultRetryPolicy for every call; a call
// can still choose its own with WithRetryPolicy or WithoutRetry.
func WithDefaultRetryPolicy(p RetryPolicy) Option {
	return func(s *settings) { s.retry = p }
}

// WithoutRetries makes every request a single attempt.
func WithoutRetries() Option {
	return func(s *settings) { s.retry = RetryPolicy{AttemptTimeout: s.retry.AttemptTimeout} }
}

// WithAttemptTimeout bounds each attempt of every call by d (the
// AttemptTimeout of the default policy), whatever order the options come in.
func WithAttemptTimeout(d time.Duration) Option {
	return func(s *settings) { s.attemptTimeout = d }
}

// WithGzip compresses request bodies with gzip (worth it for large bulk loads).
func WithGzip() Option {
	return func(s *settings) { s.gzip = true }
}

// WithLogger logs one debug line per request (method, path, status, time) and
// retries at info level. Headers and bodies are never logged.
func WithLogger(l *slog.Logger) Option {
	return func(s *settings) { s.logger = l }
}
