// Package transport sends the SDK's requests: it builds URLs and bodies, adds
// credentials and headers, spreads requests over the configured addresses,
// retries what is safe to retry with jittered backoff, and turns non-2xx
// answers into *types.Error.
//
// go-retryablehttp drives the retry loop; this package supplies the policy
// (which failures to retry, how long to wait), the address rotation between
// attempts, and an error handler that hands the caller the server's last
// answer rather than a generic "giving up" error.
//
// Which failures are retried depends on the request (idempotent, in
// classify.go) and on how far the attempt got (attempt.go): a request that is
// not idempotent is repeated only when net/http's trace shows it never went
// out whole, the dial failed, or the server answered 429. Each call carries
// its state in its context, so per-call policies (WithRetryPolicy,
// WithoutRetry) need no shared mutable state.
package transport
