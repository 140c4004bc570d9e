package transport

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"strings"
	"sync"
	"time"
)

// directTransport sends plain-http requests on the caller's goroutine: it
// writes the request and reads the answer itself, on keep-alive
// connections of its own. net/http's Transport hands each request to a
// writing goroutine and each answer over from a reading one; on a loopback
// or LAN round trip of a few tens of microseconds those hand-overs, and the
// wake-ups of idle threads they cause, cost as much as the exchange. HTTPS,
// requests through a proxy and anything else go to the standard transport.
//
// It keeps net/http's contract where the retry loop depends on it: the
// httptrace GetConn, GotConn and WroteRequest events, errors that tell a
// failed dial apart, a stale keep-alive connection replaced transparently
// (when nothing was written, or for a request that may be repeated), the
// context cancelling a request and the reading of its answer. It does not
// ask for compressed answers.
type directTransport struct {
	fallback *http.Transport
	dialer   net.Dialer
	maxIdle  int           // idle connections kept per address
	idleFor  time.Duration // an idle connection older than this is closed, not reused

	mu   sync.Mutex
	idle map[string][]*directConn // by host:port, most recent last
}

// directConn is one keep-alive connection.
type directConn struct {
	nc     net.Conn
	br     *bufio.Reader
	bw     *bufio.Writer // writes through sent
	sent   int64         // bytes handed to nc
	head   []byte        // the last request's head, its storage reused
	reused bool
	since  time.Time // when it went idle
}

// sentCounter is the writer under a connection's buffer: it counts what
// reaches the connection, so a failed request knows whether any of it left.
type sentCounter struct{ c *directConn }

func (w sentCounter) Write(p []byte) (int, error) {
	n, err := w.c.nc.Write(p)
	w.c.sent += int64(n)
	return n, err
}

func newDirectTransport(fallback *http.Transport) *directTransport {
	return &directTransport{
		fallback: fallback,
		dialer:   net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second},
		maxIdle:  fallback.MaxIdleConnsPerHost,
		idleFor:  fallback.IdleConnTimeout,
		idle:     map[string][]*directConn{},
	}
}

// RoundTrip sends r and returns the answer, whose body must be read to the
// end and closed for the connection to be reused.
func (t *directTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Scheme != "http" || r.URL.Host == "" || t.proxied(r) {
		return t.fallback.RoundTrip(r)
	}
	if err := checkRequest(r); err != nil {
		if r.Body != nil {
			r.Body.Close()
		}
		return nil, err
	}
	addr := hostPort(r.URL.Host)
	ctx := r.Context()
	trace := httptrace.ContextClientTrace(ctx)
	for {
		if trace != nil && trace.GetConn != nil {
			trace.GetConn(addr)
		}
		c, err := t.conn(ctx, addr)
		if err != nil {
			return nil, err
		}
		if trace != nil && trace.GotConn != nil {
			trace.GotConn(httptrace.GotConnInfo{Conn: c.nc, Reused: c.reused})
		}
		resp, written, err := t.exchange(ctx, c, addr, r)
		if err == nil {
			return resp, nil
		}
		rewindable := r.Body == nil || r.Body == http.NoBody || r.GetBody != nil
		if !c.reused || ctx.Err() != nil || (written && !replayable(r)) || !rewindable {
			return nil, err
		}
		// A keep-alive connection the server had closed: once more on a
		// new one, as net/http does.
		if r, err = rewound(r); err != nil {
			return nil, err
		}
	}
}

// checkRequest refuses what net/http's transport refuses before sending:
// a method, header name or header value that would not stay one token or
// one line on the wire (a value with CR or LF could smuggle headers in).
func checkRequest(r *http.Request) error {
	if r.Header == nil {
		return errors.New("http: nil Request.Header")
	}
	for _, hdrs := range []struct {
		what string
		h    http.Header
	}{{"header", r.Header}, {"trailer", r.Trailer}} {
		for k, vs := range hdrs.h {
			if !isToken(k) {
				return fmt.Errorf("net/http: invalid %s field name %q", hdrs.what, k)
			}
			for _, v := range vs {
				for i := 0; i < len(v); i++ {
					if c := v[i]; c < ' ' && c != '\t' || c == 0x7f {
						return fmt.Errorf("net/http: invalid %s field value for %q", hdrs.what, k)
					}
				}
			}
		}
	}
	if r.Method != "" && !isToken(r.Method) {
		return fmt.Errorf("net/http: invalid method %q", r.Method)
	}
	return nil
}

// isToken reports whether s is an HTTP token (RFC 9110, section 5.6.2).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0 {
			continue
		}
		return false
	}
	return true
}

// proxied reports whether the standard transport would send r through a proxy.
func (t *directTransport) proxied(r *http.Request) bool {
	if t.fallback.Proxy == nil {
		return false
	}
	u, err := t.fallback.Proxy(r)
	return err != nil || u != nil
}

// hostPort adds the default port to an address without one.
func hostPort(host string) string {
	if _, _, err := net.SplitHostPort(host); err == nil {
		return host
	}
	return net.JoinHostPort(host, "80")
}

// replayable reports whether net/http would repeat r on a new connection
// after an old one failed mid-answer: the methods that change nothing.
func replayable(r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace:
		return true
	}
	return false
}

// rewound returns r with a fresh copy of its body.
func rewound(r *http.Request) (*http.Request, error) {
	if r.Body == nil || r.Body == http.NoBody {
		return r, nil
	}
	body, err := r.GetBody()
	if err != nil {
		return nil, err
	}
	r2 := *r
	r2.Body = body
	return &r2, nil
}

// conn returns an idle connection to addr, or dials one.
func (t *directTransport) conn(ctx context.Context, addr string) (*directConn, error) {
	now := time.Now()
	t.mu.Lock()
	for list := t.idle[addr]; len(list) > 0; list = t.idle[addr] {
		c := list[len(list)-1]
		list[len(list)-1] = nil
		t.idle[addr] = list[:len(list)-1]
		t.mu.Unlock()
		idle := now.Sub(c.since)
		if t.idleFor > 0 && idle > t.idleFor || idle > checkIdleAfter && !c.alive() {
			c.nc.Close()
			t.mu.Lock()
			continue
		}
		c.reused = true
		return c, nil
	}
	t.mu.Unlock()
	nc, err := t.dialer.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	c := &directConn{nc: nc, br: bufio.NewReaderSize(nc, t.fallback.ReadBufferSize)}
	c.bw = bufio.NewWriterSize(sentCounter{c}, t.fallback.WriteBufferSize)
	return c, nil
}

// checkIdleAfter is how long a connection may wait in the pool before it
// is checked for a close by the server (its idle timeout, a load balancer's)
// ahead of reuse. net/http's transport notices such a close at once, with a
// goroutine reading every idle connection; the check costs a read call, so
// a connection reused sooner is trusted, as net/http trusts one whose close
// has not arrived yet.
const checkIdleAfter = time.Second

// alive reports whether the server has neither closed c nor sent anything
// on it since its last answer.
func (c *directConn) alive() bool {
	if err := c.nc.SetReadDeadline(time.Now().Add(50 * time.Microsecond)); err != nil {
		return false
	}
	_, err := c.br.Peek(1)
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() {
		return false // closed, or bytes nobody asked for
	}
	return c.nc.SetReadDeadline(time.Time{}) == nil
}

// release keeps c for the next request to addr, or closes it.
func (t *directTransport) release(addr string, c *directConn) {
	if c.br.Buffered() > 0 {
		c.nc.Close() // bytes the server sent beyond its answer: out of step
		return
	}
	c.since = time.Now()
	t.mu.Lock()
	if len(t.idle[addr]) < t.maxIdle {
		t.idle[addr] = append(t.idle[addr], c)
		c = nil
	}
	t.mu.Unlock()
	if c != nil {
		c.nc.Close()
	}
}

// aLongTimeAgo is a deadline in the past: it makes blocked I/O return.
var aLongTimeAgo = time.Unix(1, 0)

// exchange writes r on c and reads the answer's head. written reports
// whether any of the request reached the connection.
func (t *directTransport) exchange(ctx context.Context, c *directConn, addr string, r *http.Request) (resp *http.Response, written bool, err error) {
	stop := context.AfterFunc(ctx, func() { _ = c.nc.SetDeadline(aLongTimeAgo) })
	start := c.sent
	defer func() {
		if err != nil {
			written = c.sent != start
			stop()
			c.nc.Close()
			if ctxErr := ctx.Err(); ctxErr != nil {
				err = ctxErr
			}
		}
	}()
	// WroteRequest is reported once the request is in the buffer, as
	// net/http's transport does.
	if err = c.writeRequest(r); err != nil {
		return nil, false, err
	}
	if err = c.bw.Flush(); err != nil {
		return nil, false, err
	}
	for {
		resp, err = http.ReadResponse(c.br, r)
		if err != nil {
			return nil, true, err
		}
		// 1xx informational answers come before the real one.
		if resp.StatusCode < 100 || resp.StatusCode >= 200 || resp.StatusCode == http.StatusSwitchingProtocols {
			break
		}
	}
	b := &directBody{body: resp.Body, t: t, c: c, addr: addr, ctx: ctx, stop: stop, keep: !resp.Close && !r.Close}
	if resp.Body == http.NoBody {
		b.finish(true)
		return resp, true, nil
	}
	resp.Body = b
	return resp, true, nil
}

// directBody is an answer body: its end hands the connection back.
type directBody struct {
	body io.ReadCloser
	t    *directTransport
	c    *directConn
	addr string
	ctx  context.Context
	stop func() bool
	keep bool // the connection may carry another request

	mu   sync.Mutex
	done bool // the connection is released
	eof  bool // the whole answer was read
}

func (b *directBody) Read(p []byte) (int, error) {
	b.mu.Lock()
	done, eof := b.done, b.eof
	b.mu.Unlock()
	if eof {
		return 0, io.EOF
	}
	if done {
		return 0, errClosedBody
	}
	n, err := b.body.Read(p)
	switch {
	case err == io.EOF:
		b.finish(true)
	case err != nil:
		if ctxErr := b.ctx.Err(); ctxErr != nil {
			err = ctxErr
		}
		b.finish(false)
	}
	return n, err
}

// Close ends the answer; a body not read to its end takes the connection
// with it.
func (b *directBody) Close() error {
	b.finish(false)
	return nil
}

// finish releases the connection once: back to the pool after a whole
// answer, closed otherwise.
func (b *directBody) finish(atEOF bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.done {
		return
	}
	b.done, b.eof = true, atEOF
	if b.stop() && atEOF && b.keep {
		b.t.release(b.addr, b.c)
		return
	}
	b.c.nc.Close()
}

// errClosedBody is what a read after Close returns.
var errClosedBody = errors.New("http: read on closed response body")
