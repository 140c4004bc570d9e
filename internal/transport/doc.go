// Package transport sends the SDK's requests: it builds URLs and bodies, adds
// credentials and headers, spreads requests over the configured addresses,
// retries what is safe to retry with jittered backoff, and turns non-2xx
// answers into *types.Error.
//
// go-retryablehttp drives the retry loop; this package supplies the policy
// (which failures to retry, how long to wait), the address rotation between
// attempts, and an error handler that hands the caller the server's last
// answer rather than a generic "giving up" error.
package transport
