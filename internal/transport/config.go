package transport

import (
	"log/slog"
	"net/http"
	"net/url"
	"time"
)

// Config is everything the transport needs; the root package fills it from
// the user's options and applies defaults before calling New.
type Config struct {
	Addresses []string // base URLs; userinfo in them becomes basic auth

	Username, Password string // basic auth
	APIKey             string // sent as "Authorization: ApiKey <APIKey>"
	BearerToken        string // sent as "Authorization: Bearer <BearerToken>"

	Header    http.Header // added to every request
	UserAgent string

	Transport http.RoundTripper // nil: a tuned clone of http.DefaultTransport
	// Direct sends plain-http requests of the built-in transport on the
	// caller's goroutine (directTransport); no effect with Transport.
	Direct             bool
	CACert             []byte // PEM certificates trusted beside the system pool
	InsecureSkipVerify bool   // skip TLS verification (explicit opt-in only)
	// Proxy picks the proxy of each request of the built-in transport
	// (nil: the environment's, as http.ProxyFromEnvironment reads it).
	Proxy func(*http.Request) (*url.URL, error)
	// Middleware wraps the transport (built-in or custom) that sends each
	// attempt; the first is the outermost, so it sees the request first.
	Middleware []Middleware
	// Observers watch every call and attempt, in order.
	Observers []Observer

	Retry               RetryPolicy
	CompressRequestBody bool         // gzip request bodies
	Logger              *slog.Logger // nil: no logging
}

// RetryPolicy says how failed attempts are retried. The zero value never retries.
// Which failures are retried also depends on the request: see idempotent and
// Client.checkRetry.
type RetryPolicy struct {
	MaxRetries    int           // retries after the first attempt
	MinBackoff    time.Duration // wait before the first retry (before jitter)
	MaxBackoff    time.Duration // cap of the exponential wait
	MaxRetryAfter time.Duration // cap applied to a server's Retry-After
	RetryOnStatus []int         // statuses worth another attempt; nil: DefaultRetryStatuses
	// AttemptTimeout bounds each attempt, answer body included; 0: no bound
	// beyond the context's. An address whose attempt times out is skipped for a while.
	AttemptTimeout time.Duration
	// TreatAsIdempotent retries a write as a read is retried, even after a
	// failure that may follow the server applying it.
	TreatAsIdempotent bool
}

// DefaultRetryStatuses are the statuses retried unless the policy names others:
// too many requests and the gateway/availability errors of a busy or restarting node.
func DefaultRetryStatuses() []int {
	return []int{http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout}
}
