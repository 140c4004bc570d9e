// Package rest is the fake's HTTP layer: one route table drives dispatch,
// 405/400 answers, unknown-parameter rejection and the list of supported
// operations; handlers return a value or an API error and one writer renders
// it (pretty, filter_path, human, error_trace).
package rest

import (
	"net/http"
	"strings"
)

// Handler serves one operation. It returns the response, or an error that is
// an *apierr.Error (any other error becomes a 500).
type Handler func(r *Request) (*Response, error)

// Route is one row of the route table.
type Route struct {
	Op      string   // operation name as in the REST spec, e.g. "indices.create"
	Method  string   // HTTP method
	Path    string   // pattern, e.g. "/{index}/_doc/{id}"
	Params  []string // accepted URL parameters besides the common ones
	Body    bool     // whether the operation reads a body
	Handler Handler
	// SelfChecked routes reject unread parameters in their handler, because
	// which ones the server reads depends on the request (Params still lists
	// every one for the docs and the spec checks).
	SelfChecked bool
	// Meta is the operation's metadata for the wrappers (tasks, node
	// statistics, persistence); Server.Add fills it from operationMeta
	// when the row leaves it zero.
	Meta OpMeta
}

// CommonParams returns the parameters every route accepts (consumed by the
// REST layer itself).
func CommonParams() []string { return []string{"error_trace", "filter_path", "human", "pretty"} }

// BodyParams returns the parameters every route that reads a body accepts
// (a body may be sent as a URL parameter).
func BodyParams() []string { return []string{"source", "source_content_type"} }

// Response is what a handler returns. A HEAD request gets the same response
// without its body (Content-Length still counts it), so HEAD routes share
// their GET handler as the real server does.
type Response struct {
	Status int
	Body   any // rendered with jsonout; nil for no body
	Header http.Header
	// PrettyByDefault pretty-prints unless the request has a pretty
	// parameter (RestMainAction's GET /).
	PrettyByDefault bool
}

// OK is a 200 response with body.
func OK(body any) *Response { return &Response{Status: http.StatusOK, Body: body} }

// segment is one parsed path segment of a route pattern.
type segment struct {
	literal string
	param   string // set for {name}
}

type compiled struct {
	route Route
	segs  []segment
}

func compile(r Route) compiled {
	c := compiled{route: r}
	for _, s := range splitPath(r.Path) {
		if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
			c.segs = append(c.segs, segment{param: s[1 : len(s)-1]})
		} else {
			c.segs = append(c.segs, segment{literal: s})
		}
	}
	return c
}

// splitPath splits a path into its segments ("/" gives none).
func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// match reports whether the route's pattern matches the decoded segments and
// returns a rank: a bit per position, set where a literal matched, so that
// literals win over parameters at the earliest position (as PathTrie prefers
// explicit nodes).
func (c *compiled) match(segs []string) (uint64, bool) {
	if len(segs) != len(c.segs) {
		return 0, false
	}
	var rank uint64
	for i, s := range c.segs {
		if s.param != "" {
			if segs[i] == "" {
				return 0, false
			}
			continue
		}
		if s.literal != segs[i] {
			return 0, false
		}
		rank |= 1 << (63 - uint(i))
	}
	return rank, true
}
