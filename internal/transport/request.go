package transport

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/google/go-querystring/query"
	"github.com/hashicorp/go-retryablehttp"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// Path joins escaped segments with "/". Each segment is escaped as a path
// segment (ids may hold "/", "?", "#", spaces or any Unicode) except that ","
// stays literal, because the server reads it as the list separator in index
// and node names. Empty segments are skipped.
//
//	Path("logs-1,logs-2", "_search") == "/logs-1,logs-2/_search"
//	Path("books", "_doc", "a/b c")   == "/books/_doc/a%2Fb%20c"
func Path(segments ...string) string {
	var b strings.Builder
	for _, s := range segments {
		if s == "" {
			continue
		}
		b.WriteByte('/')
		b.WriteString(strings.ReplaceAll(url.PathEscape(s), "%2C", ","))
	}
	if b.Len() == 0 {
		return "/"
	}
	return b.String()
}

// parseAddresses validates the base URLs, strips their userinfo (returned as
// credentials, so it never reaches a log line or an error) and trailing slashes.
func parseAddresses(addrs []string) (bases []*url.URL, user, pass string, err error) {
	for _, a := range addrs {
		u, perr := url.Parse(strings.TrimSpace(a))
		if perr != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			return nil, "", "", fmt.Errorf("clustersearch: address %q is not an http(s) URL with a host", redactAddress(a))
		}
		if u.User != nil {
			user = u.User.Username()
			pass, _ = u.User.Password()
			u.User = nil
		}
		u.Path = strings.TrimRight(u.Path, "/")
		u.RawPath = strings.TrimRight(u.RawPath, "/")
		u.RawQuery, u.Fragment = "", ""
		bases = append(bases, u)
	}
	return bases, user, pass, nil
}

// redactAddress hides any userinfo of an address that failed to parse.
func redactAddress(a string) string {
	if at := strings.LastIndex(a, "@"); at >= 0 {
		if scheme := strings.Index(a, "://"); scheme >= 0 && scheme < at {
			return a[:scheme+3] + "REDACTED" + a[at:]
		}
		return "REDACTED" + a[at:]
	}
	return a
}

// encodeQuery turns Params (nil, url.Values or a go-querystring struct) into a query string.
func encodeQuery(params any) (string, error) {
	switch p := params.(type) {
	case nil:
		return "", nil
	case url.Values:
		return p.Encode(), nil
	case map[string][]string:
		return url.Values(p).Encode(), nil
	default:
		v, err := query.Values(params)
		if err != nil {
			return "", fmt.Errorf("clustersearch: encoding URL parameters: %w", err)
		}
		return v.Encode(), nil
	}
}

// encodeBody returns the body bytes: []byte as given, anything else as JSON.
func encodeBody(body any) ([]byte, error) {
	switch b := body.(type) {
	case nil:
		return nil, nil
	case []byte:
		return b, nil
	case jsonx.RawMessage:
		return b, nil
	default:
		data, err := jsonx.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("clustersearch: encoding the request body: %w", err)
		}
		return data, nil
	}
}

// newRequest builds the retryable request for req against the next address,
// with the state its retry decisions need under policy p.
func (c *Client) newRequest(ctx context.Context, req *Request, p RetryPolicy) (*retryablehttp.Request, *call, error) {
	if req.Method == "" || !strings.HasPrefix(req.Path, "/") {
		return nil, nil, errors.New("clustersearch: a request needs a method and a path starting with /")
	}
	rawQuery, err := encodeQuery(req.Params)
	if err != nil {
		return nil, nil, err
	}
	body, err := encodeBody(req.Body)
	if err != nil {
		return nil, nil, err
	}
	plain, compressed := body, false
	if c.gzip && len(body) > 0 {
		if body, err = c.compress(body); err != nil {
			return nil, nil, err
		}
		compressed = true
	}
	cl := newCall(p, idempotent(req.Method, req.Path, rawQuery))
	if c.obs != nil {
		cl.info = &RequestInfo{Method: req.Method, Path: req.Path, Query: rawQuery, Body: plain}
		cl.info.Operation, cl.info.PathParts = operationFor(req.Method, req.Path)
	}
	ctx = context.WithValue(ctx, callKey{}, cl)
	var raw any // a nil []byte would still be sent as an empty body
	if body != nil {
		raw = body
	}
	rreq, err := retryablehttp.NewRequestWithContext(ctx, req.Method, "", raw)
	if err != nil {
		return nil, nil, fmt.Errorf("clustersearch: building the request: %w", err)
	}
	rreq.URL = targetURL(c.pool.pick(), req.Path, rawQuery)
	rreq.Host = ""
	h := rreq.Header
	for k, vs := range c.header {
		h[k] = vs
	}
	if body != nil {
		ct := req.ContentType
		if ct == "" {
			ct = "application/json"
		}
		h.Set("Content-Type", ct)
		if compressed {
			h.Set("Content-Encoding", "gzip")
		}
	}
	for k, vs := range headerFromContext(ctx) {
		h[k] = vs
	}
	for k, vs := range req.Header {
		h[k] = vs
	}
	return rreq, cl, nil
}

// targetURL joins a base address with an escaped path and a query.
func targetURL(base *url.URL, escapedPath, rawQuery string) *url.URL {
	u := *base
	u.RawPath = base.EscapedPath() + escapedPath
	u.Path, _ = url.PathUnescape(u.RawPath) // escapedPath comes from Path, so it unescapes
	u.RawQuery = rawQuery
	return &u
}

// rotateAddress points a retry at the next live address, keeping path and query.
func (c *Client) rotateAddress(r *http.Request) error {
	if len(c.pool.nodes) == 1 {
		return nil
	}
	old := c.pool.find(r.URL.Host)
	rel := r.URL.EscapedPath()
	if old != nil {
		rel = strings.TrimPrefix(rel, old.base.EscapedPath())
	}
	r.URL = targetURL(c.pool.pick(), rel, r.URL.RawQuery)
	r.Host = ""
	return nil
}

// compress gzips body with a pooled writer.
func (c *Client) compress(body []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, _ := c.gzipPool.Get().(*gzip.Writer)
	if zw == nil {
		zw = gzip.NewWriter(&buf)
	} else {
		zw.Reset(&buf)
	}
	defer c.gzipPool.Put(zw)
	if _, err := zw.Write(body); err != nil {
		return nil, fmt.Errorf("clustersearch: compressing the request body: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("clustersearch: compressing the request body: %w", err)
	}
	return buf.Bytes(), nil
}
