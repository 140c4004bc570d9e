package clustersearch

import (
	"context"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
)

// Request describes a call to any endpoint, for APIs the SDK does not model.
type Request struct {
	Method string // GET, POST, PUT, DELETE, HEAD
	// Path is the escaped path, starting with "/". Build it with PathOf when
	// it holds user values, so ids such as "a/b" stay one segment.
	Path string
	// Params is nil, a url.Values, or a struct with go-querystring `url` tags.
	Params any
	// Body is nil, a []byte sent as is, or any value, sent as JSON.
	Body any
	// ContentType defaults to application/json when there is a body;
	// use application/x-ndjson for _bulk and _msearch bodies.
	ContentType string
	Header      http.Header // extra headers
}

// Response is a raw answer: status, headers and the whole body.
type Response struct {
	StatusCode int
	Header     http.Header
	Body       []byte
}

// Do sends req through the client's transport (addresses, credentials,
// retries) and, for a 2xx answer, decodes the body into out unless out is nil.
// A non-2xx answer returns a *types.Error together with the Response.
//
//	var health struct{ Status string `json:"status"` }
//	_, err := c.Do(ctx, &clustersearch.Request{Method: "GET", Path: "/_cluster/health"}, &health)
func (c *Client) Do(ctx context.Context, req *Request, out any) (*Response, error) {
	resp, err := c.t.Do(ctx, &transport.Request{
		Method:      req.Method,
		Path:        req.Path,
		Params:      req.Params,
		Body:        req.Body,
		ContentType: req.ContentType,
		Header:      req.Header,
	}, out)
	if resp == nil {
		return nil, err
	}
	return &Response{StatusCode: resp.StatusCode, Header: resp.Header, Body: resp.Body}, err
}

// PathOf escapes each segment and joins them with "/", keeping "," literal
// as the server's list separator: PathOf("my index", "_doc", "a/b") is
// "/my%20index/_doc/a%2Fb".
func PathOf(segments ...string) string { return transport.Path(segments...) }

// WithOpaqueID returns a context whose requests carry the header
// X-Opaque-Id: id. The server echoes it in the answer (see
// types.ResponseMeta.OpaqueID) and records it on the tasks the request starts,
// so a slow or runaway task can be traced to its caller.
func WithOpaqueID(ctx context.Context, id string) context.Context {
	return transport.WithOpaqueID(ctx, id)
}

// WithRequestHeader returns a context whose requests carry the header key: value.
func WithRequestHeader(ctx context.Context, key, value string) context.Context {
	return transport.WithHeader(ctx, key, value)
}

// ErrMaybeApplied is wrapped by the error of a call that may change data and
// failed after its request may have reached the server (the answer was lost,
// the attempt timed out). Such a call is not retried, because the server may
// have applied it; errors.Is(err, ErrMaybeApplied) tells you to check what the
// cluster holds before sending it again.
var ErrMaybeApplied = transport.ErrMaybeApplied

// ErrAttemptTimeout is matched (errors.Is) by the error of a call whose last
// attempt ran past RetryPolicy.AttemptTimeout (see WithAttemptTimeout).
var ErrAttemptTimeout = transport.ErrAttemptTimeout

// WithRetryPolicy returns a context whose calls follow p instead of the
// client's retry policy, attempt timeout included:
//
//	// a long synchronous reindex: no attempt timeout, no retry
//	ctx := clustersearch.WithRetryPolicy(ctx, clustersearch.RetryPolicy{})
func WithRetryPolicy(ctx context.Context, p RetryPolicy) context.Context {
	return transport.WithRetryPolicy(ctx, transport.RetryPolicy(p))
}

// WithoutRetry returns a context whose calls make a single attempt. The
// attempt timeout of the policy in force still applies.
func WithoutRetry(ctx context.Context) context.Context {
	return transport.WithoutRetry(ctx)
}
