package types

import (
	"context"
	"net/http"
)

// Request is one API call as an area service hands it to a Transport.
type Request struct {
	Method      string
	Path        string      // escaped path starting with "/"
	Params      any         // nil, url.Values, or a struct with go-querystring `url` tags
	Body        any         // nil; []byte sent as is; anything else sent as JSON
	ContentType string      // default application/json when there is a body
	Header      http.Header // extra headers for this call
}

// Response is a raw answer, read whole.
type Response struct {
	StatusCode int
	Header     http.Header
	Body       []byte
}

// Transport sends the requests of the area services (search.NewService and
// the others take one). clustersearch.New builds the SDK's own, with its
// addresses, credentials and retries, and hands it to every service of the
// Client; a test may give a service a Transport of its own.
type Transport interface {
	// Perform sends req and reads the whole answer. A non-2xx status returns
	// the Response together with a *Error.
	Perform(ctx context.Context, req *Request) (*Response, error)
	// Do is Perform followed, for a 2xx answer, by decoding the body into out
	// (unless out is nil) and recording status and headers on out when it
	// embeds ResponseMeta.
	Do(ctx context.Context, req *Request, out any) (*Response, error)
}
