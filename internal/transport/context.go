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
