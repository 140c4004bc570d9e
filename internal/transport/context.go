package transport

import (
	"context"
	"net/http"
)

// requestOptionsKey keys the per-request options stored in a context.
type requestOptionsKey struct{}

// requestOptions are headers one call adds, carried by its context so every
// API method supports them without a parameter of its own.
type requestOptions struct {
	header http.Header
}

// WithHeader returns a context whose requests carry the header key: value
// (in addition to earlier ones in ctx).
func WithHeader(ctx context.Context, key, value string) context.Context {
	h := http.Header{}
	if prev, ok := ctx.Value(requestOptionsKey{}).(*requestOptions); ok {
		h = prev.header.Clone()
	}
	h.Set(key, value)
	return context.WithValue(ctx, requestOptionsKey{}, &requestOptions{header: h})
}

// WithOpaqueID returns a context whose requests carry X-Opaque-Id: id, which the
// server echoes in its answer and records on the tasks the request starts.
func WithOpaqueID(ctx context.Context, id string) context.Context {
	return WithHeader(ctx, "X-Opaque-Id", id)
}

func headerFromContext(ctx context.Context) http.Header {
	if o, ok := ctx.Value(requestOptionsKey{}).(*requestOptions); ok {
		return o.header
	}
	return nil
}

// retryOverrideKey keys a per-call retry override stored in a context.
type retryOverrideKey struct{}

// retryOverride replaces the client's policy for the calls made with a context.
type retryOverride struct {
	policy  *RetryPolicy // nil: the client's policy
	noRetry bool         // a single attempt, whatever the policy says
}

// WithRetryPolicy returns a context whose calls follow p instead of the
// client's retry policy.
func WithRetryPolicy(ctx context.Context, p RetryPolicy) context.Context {
	p = p.normalized()
	return context.WithValue(ctx, retryOverrideKey{}, retryOverride{policy: &p})
}

// WithoutRetry returns a context whose calls make a single attempt (the
// policy's attempt timeout still applies).
func WithoutRetry(ctx context.Context) context.Context {
	o, _ := ctx.Value(retryOverrideKey{}).(retryOverride)
	o.noRetry = true
	return context.WithValue(ctx, retryOverrideKey{}, o)
}

// retryOverrideFrom returns the override carried by ctx, if any.
func retryOverrideFrom(ctx context.Context) (retryOverride, bool) {
	o, ok := ctx.Value(retryOverrideKey{}).(retryOverride)
	return o, ok
}
