package transport

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/types"
)

// Client sends requests to the cluster. It is safe for concurrent use.
type Client struct {
	rc       *retryablehttp.Client // runs the client's own policy
	http     *http.Client          // under every retry loop
	pool     *pool
	retry    RetryPolicy // normalized
	header   http.Header // fixed headers: user agent, auth, custom
	gzip     bool
	gzipPool sync.Pool
	log      *requestLogger
	obs      Observer // nil: nobody watches
}

// Request is one API call (the public types.Request, which the area
// services build).
type Request = types.Request

// Response is the server's answer, read whole.
type Response = types.Response

// New builds a Client from cfg.
func New(cfg Config) (*Client, error) {
	if len(cfg.Addresses) == 0 {
		return nil, errors.New("clustersearch: no address configured")
	}
	bases, user, pass, err := parseAddresses(cfg.Addresses)
	if err != nil {
		return nil, err
	}
	if cfg.Username == "" && cfg.Password == "" {
		cfg.Username, cfg.Password = user, pass
	}
	rt, err := baseTransport(cfg)
	if err != nil {
		return nil, err
	}
	c := &Client{
		pool:   newPool(bases),
		retry:  cfg.Retry.normalized(),
		header: fixedHeader(cfg),
		gzip:   cfg.CompressRequestBody,
		log:    newRequestLogger(cfg.Logger),
		obs:    newObserver(cfg.Observers),
	}
	for i := len(cfg.Middleware) - 1; i >= 0; i-- {
		if cfg.Middleware[i] != nil {
			rt = cfg.Middleware[i](rt)
		}
	}
	if rt == nil {
		return nil, errors.New("clustersearch: a middleware returned a nil RoundTripper")
	}
	c.http = &http.Client{Transport: &healthTransport{next: rt, pool: c.pool, obs: c.obs}}
	c.rc = c.retryClient(c.retry)
	return c, nil
}

// retryClient returns the retry loop that runs policy p (normalized).
func (c *Client) retryClient(p RetryPolicy) *retryablehttp.Client {
	return &retryablehttp.Client{
		HTTPClient:   c.http,
		Logger:       c.log.leveled(), // nil when no logger: the library's stderr default stays off
		RetryWaitMin: p.MinBackoff,
		RetryWaitMax: p.MaxBackoff,
		RetryMax:     p.MaxRetries,
		CheckRetry:   c.checkRetry,
		Backoff:      p.backoff,
		ErrorHandler: retryablehttp.PassthroughErrorHandler,
		PrepareRetry: c.rotateAddress,
	}
}

// policyFor returns the policy of a call made with ctx and its retry loop:
// the client's, or the override WithRetryPolicy and WithoutRetry put in ctx.
func (c *Client) policyFor(ctx context.Context) (RetryPolicy, *retryablehttp.Client) {
	o, ok := retryOverrideFrom(ctx)
	if !ok {
		return c.retry, c.rc
	}
	p := c.retry
	if o.policy != nil {
		p = *o.policy
	}
	if o.noRetry {
		p.MaxRetries = 0
	}
	return p, c.retryClient(p)
}

// fixedHeader computes the headers every request carries.
func fixedHeader(cfg Config) http.Header {
	h := http.Header{}
	for k, vs := range cfg.Header {
		for _, v := range vs {
			h.Add(k, v)
		}
	}
	h.Set("Accept", "application/json")
	if cfg.UserAgent != "" {
		h.Set("User-Agent", cfg.UserAgent)
	}
	switch {
	case cfg.BearerToken != "":
		h.Set("Authorization", "Bearer "+cfg.BearerToken)
	case cfg.APIKey != "":
		h.Set("Authorization", "ApiKey "+cfg.APIKey)
	case cfg.Username != "" || cfg.Password != "":
		h.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(cfg.Username+":"+cfg.Password)))
	}
	return h
}

// baseTransport returns the RoundTripper under the retry loop.
func baseTransport(cfg Config) (http.RoundTripper, error) {
	if cfg.Transport != nil {
		if len(cfg.CACert) > 0 || cfg.InsecureSkipVerify || cfg.Proxy != nil {
			return nil, errors.New("clustersearch: CA certificates, skip-verify and proxy apply to the built-in transport; configure them on the custom transport, or wrap the built-in one with a middleware instead")
		}
		return cfg.Transport, nil
	}
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 64 // the default of 2 makes concurrent callers reconnect constantly
	// The default 4 KB buffers split most answers in two reads (a search
	// page of ten hits is 5 to 10 KB) and a large bulk body in 4 KB writes,
	// one system call each.
	t.ReadBufferSize = 32 << 10
	t.WriteBufferSize = 32 << 10
	if cfg.Proxy != nil {
		t.Proxy = cfg.Proxy
	}
	if len(cfg.CACert) > 0 || cfg.InsecureSkipVerify {
		tc := &tls.Config{MinVersion: tls.VersionTLS12, InsecureSkipVerify: cfg.InsecureSkipVerify} //nolint:gosec // explicit user opt-in
		if len(cfg.CACert) > 0 {
			roots, err := x509.SystemCertPool()
			if err != nil || roots == nil {
				roots = x509.NewCertPool()
			}
			if !roots.AppendCertsFromPEM(cfg.CACert) {
				return nil, errors.New("clustersearch: the CA certificate option holds no PEM certificate")
			}
			tc.RootCAs = roots
		}
		t.TLSClientConfig = tc
	}
	if cfg.Direct {
		return newDirectTransport(t), nil
	}
	return t, nil
}

// Perform sends req and reads the whole answer. A non-2xx status returns the
// Response together with a *types.Error describing it. When ctx ends, its error
// is returned, whatever else went wrong.
func (c *Client) Perform(ctx context.Context, req *Request) (*Response, error) {
	started := time.Now()
	policy, rc := c.policyFor(ctx)
	rreq, cl, err := c.newRequest(ctx, req, policy)
	if err != nil {
		return nil, err
	}
	if c.obs == nil {
		return c.send(ctx, req, rreq, cl, rc, started)
	}
	cl.info.Started = started // the call's duration counts from here
	octx := c.obs.RequestStart(rreq.Context(), cl.info)
	out, err := c.send(ctx, req, rreq.WithContext(octx), cl, rc, started)
	res := RequestResult{Err: err, Attempts: int(cl.attempts.Load()), Duration: time.Since(started)}
	if out != nil {
		res.StatusCode, res.Header = out.StatusCode, out.Header
	} else if s := cl.lastStatus.Load(); s != 0 {
		res.StatusCode = int(s)
	}
	c.obs.RequestEnd(octx, cl.info, res)
	return out, err
}

// send runs the retry loop for rreq and reads the answer.
func (c *Client) send(ctx context.Context, req *Request, rreq *retryablehttp.Request, cl *call, rc *retryablehttp.Client, started time.Time) (*Response, error) {
	resp, err := rc.Do(rreq)
	if ctxErr := ctx.Err(); ctxErr != nil {
		if resp != nil {
			resp.Body.Close()
		}
		return nil, ctxErr
	}
	if err != nil {
		c.log.failed(ctx, req, err)
		if cl.lastMayHaveReached && changesData(req.Method) {
			return nil, fmt.Errorf("clustersearch: %s %s: %w: %w", req.Method, req.Path, ErrMaybeApplied, err)
		}
		return nil, fmt.Errorf("clustersearch: %s %s: %w", req.Method, req.Path, err)
	}
	body, err := readBody(resp, req.Method)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, ctxErr
		}
		return nil, fmt.Errorf("clustersearch: %s %s: reading the answer: %w", req.Method, req.Path, err)
	}
	out := &Response{StatusCode: resp.StatusCode, Header: resp.Header, Body: body}
	c.log.done(ctx, req, out.StatusCode, time.Since(started))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return out, types.NewError(resp.StatusCode, resp.Header, body)
	}
	return out, nil
}

// metaSetter is implemented by every response type through types.ResponseMeta.
type metaSetter interface {
	SetMeta(statusCode int, header http.Header)
}

// Do is Perform followed by decoding a 2xx body into out (when out is not nil)
// and recording the status and headers on out when it embeds types.ResponseMeta.
func (c *Client) Do(ctx context.Context, req *Request, out any) (*Response, error) {
	resp, err := c.Perform(ctx, req)
	if err != nil || out == nil {
		return resp, err
	}
	if len(resp.Body) > 0 {
		if err := jsonx.Unmarshal(resp.Body, out); err != nil {
			return resp, fmt.Errorf("clustersearch: decoding the answer to %s %s: %w", req.Method, req.Path, err)
		}
	}
	if m, ok := out.(metaSetter); ok {
		m.SetMeta(resp.StatusCode, resp.Header)
	}
	return resp, nil
}

// readBody reads and closes the body, sizing the buffer from Content-Length.
// A HEAD answer carries the Content-Length its GET would have, but no body.
func readBody(resp *http.Response, method string) ([]byte, error) {
	defer resp.Body.Close()
	if resp.ContentLength == 0 || method == http.MethodHead {
		return nil, nil
	}
	if resp.ContentLength > 0 && resp.ContentLength < 1<<30 {
		buf := make([]byte, resp.ContentLength)
		_, err := io.ReadFull(resp.Body, buf)
		return buf, err
	}
	return io.ReadAll(resp.Body)
}

// changesData reports whether a request with this method may change data.
func changesData(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}
