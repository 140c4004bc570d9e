package rest

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/opstats"
	"github.com/clustersearch/clustersearch-go/internal/engine/urlparams"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Request is one HTTP request as handlers see it.
type Request struct {
	Ctx        context.Context
	Method     string
	Path       string // decoded path without the query string
	URI        string // the raw request URI, query string included
	PathParams map[string]string
	Params     map[string]string
	Body       []byte
	Header     http.Header
	Op         string
	// Route is the route row the dispatcher matched (nil for a request
	// built without dispatch); wrappers read its Meta.
	Route    *Route
	warnings []string
	// facts are what the handler recorded for the wrappers.
	facts opstats.Facts
}

// Warn adds a deprecation warning, sent as a Warning header (RFC 7234 code
// 299) as the server's HeaderWarning does; the thread context keeps one of
// identical warnings.
func (r *Request) Warn(msg string) {
	for _, w := range r.warnings {
		if w == msg {
			return
		}
	}
	r.warnings = append(r.warnings, msg)
}

// Meta returns the metadata of the request's operation: its route row's,
// or the operation table's for a request built without dispatch.
func (r *Request) Meta() OpMeta {
	if r.Route != nil {
		return r.Route.Meta
	}
	return metaFor(r.Op)
}

// PathParam returns a path parameter ("" when absent).
func (r *Request) PathParam(name string) string { return r.PathParams[name] }

// Param returns a URL parameter and whether it was given.
func (r *Request) Param(name string) (string, bool) { return urlparams.Params(r.Params).Param(name) }

// Bool reads a boolean parameter with the primitive default
// (urlparams.Params.Bool: ?detailed is true).
func (r *Request) Bool(name string, def bool) (bool, error) {
	return urlparams.Params(r.Params).Bool(name, def)
}

// BoolOrDefault reads a boolean parameter with the boxed default
// (urlparams.Params.BoolOrDefault: absent or empty gives def).
func (r *Request) BoolOrDefault(name string, def bool) (bool, error) {
	return urlparams.Params(r.Params).BoolOrDefault(name, def)
}

// Int parses an integer parameter.
func (r *Request) Int(name string, def int64) (int64, error) {
	return urlparams.Params(r.Params).Int(name, def)
}

// Duration parses a time parameter (timeout, master_timeout, ...).
func (r *Request) Duration(name string, def time.Duration) (time.Duration, error) {
	return urlparams.Params(r.Params).Duration(name, def)
}

// List splits a comma-separated parameter.
func (r *Request) List(name string) []string { return urlparams.Params(r.Params).List(name) }

// Human reports the human parameter.
func (r *Request) Human() bool { return urlparams.Params(r.Params).Human() }

// JSONBody decodes the body into ordered form; a missing body gives nil.
func (r *Request) JSONBody() (any, error) {
	if len(strings.TrimSpace(string(r.Body))) == 0 {
		return nil, nil
	}
	v, err := DecodeBody(r.Body)
	if err != nil {
		return nil, err
	}
	return v, nil // not the typed nil: a nil *apierr.Error would be a non-nil error
}

// DecodeBody decodes a JSON body into ordered form; malformed JSON gets the
// server's parser error (json_parse_exception with Jackson's message).
func DecodeBody(data []byte) (any, *apierr.Error) {
	v, err := jsonout.Decode(data)
	if err != nil {
		return nil, apierr.JSONSyntax(data, err)
	}
	return v, nil
}

// BodyParseError is the error for a body that is not valid JSON.
func BodyParseError(err error) *apierr.Error {
	if xe, ok := err.(*xcontent.Error); ok {
		return apierr.FromXContent(xe)
	}
	return apierr.New(apierr.TypeXContentParse, "Failed to parse request body: "+err.Error()).
		WithCause(apierr.New(apierr.TypeJSONParse, err.Error()))
}
