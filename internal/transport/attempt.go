package transport

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"sync/atomic"
	"time"
)

// ErrMaybeApplied marks the error of a call that changes data and failed after
// the request may have reached the server: it was not retried, because the
// server may have applied it. Check what the cluster holds before sending it again.
var ErrMaybeApplied = errors.New("the server may have applied the request, so it was not retried")

// ErrAttemptTimeout matches (errors.Is) the error of an attempt that ran past
// the policy's AttemptTimeout.
var ErrAttemptTimeout = errors.New("attempt timeout")

// AttemptTimeoutError is the failure of an attempt that got no whole answer
// within the policy's AttemptTimeout.
type AttemptTimeoutError struct {
	Host  string
	Limit time.Duration // the AttemptTimeout in force
	Err   error         // what the transport reported when the time ran out
}

func (e *AttemptTimeoutError) Error() string {
	return fmt.Sprintf("no answer from %s within the attempt timeout of %v: %v", e.Host, e.Limit, e.Err)
}

func (e *AttemptTimeoutError) Unwrap() error { return e.Err }

// Is makes errors.Is(err, ErrAttemptTimeout) true.
func (e *AttemptTimeoutError) Is(target error) bool { return target == ErrAttemptTimeout }

// Timeout reports true, as net.Error does for a timed-out operation.
func (e *AttemptTimeoutError) Timeout() bool { return true }

// callKey keys the state of one call in its requests' context.
type callKey struct{}

// call is what the retry decision needs to know about one Perform: the policy
// in force, whether the request may be repeated, and how far the current
// attempt got. Attempts run one after the other; the trace callbacks may run
// on the transport's goroutines, hence the atomics.
type call struct {
	policy     RetryPolicy
	idempotent bool
	// lastMayHaveReached is set by checkRetry: the last attempt failed after
	// the request may have reached the server.
	lastMayHaveReached bool

	info       *RequestInfo // what observers are told; nil without observers
	attempts   atomic.Int32 // attempts started
	lastStatus atomic.Int32 // status of the last answer (0: none yet)

	connStarted atomic.Bool // net/http began getting a connection: the trace below works
	wrote       atomic.Bool // the whole request was handed to a connection
	trace       *httptrace.ClientTrace
}

func newCall(p RetryPolicy, idempotent bool) *call {
	cl := &call{policy: p, idempotent: idempotent || p.TreatAsIdempotent}
	cl.trace = &httptrace.ClientTrace{
		GetConn: func(string) { cl.connStarted.Store(true) },
		WroteRequest: func(info httptrace.WroteRequestInfo) {
			if info.Err == nil {
				cl.wrote.Store(true)
			}
		},
	}
	return cl
}

// callFrom returns the call state carried by ctx; a request built elsewhere
// gets the conservative default (a write under the zero policy).
func callFrom(ctx context.Context) *call {
	if cl, ok := ctx.Value(callKey{}).(*call); ok {
		return cl
	}
	return newCall(RetryPolicy{}.normalized(), false)
}

// beginAttempt forgets what the previous attempt did and returns the number
// of the attempt starting (1 for the first).
func (cl *call) beginAttempt() int {
	cl.connStarted.Store(false)
	cl.wrote.Store(false)
	return int(cl.attempts.Add(1))
}

// neverReached reports whether the attempt that failed with err certainly
// never delivered a whole request: the dial failed, or net/http's trace shows
// that no connection took the whole request. A transport that does not report
// through httptrace (a custom RoundTripper) proves only dial failures.
func (cl *call) neverReached(err error) bool {
	var op *net.OpError
	if errors.As(err, &op) && (op.Op == "dial" || op.Op == "proxyconnect") {
		return true
	}
	return cl.connStarted.Load() && !cl.wrote.Load()
}

// healthTransport runs one attempt: it bounds it by the policy's attempt
// timeout, watches how far the request got, and tells the pool which
// addresses answer and which do not. An address is marked dead when it
// cannot be reached, when an attempt times out, and when the caller's own
// deadline passes while it has not answered; a caller that cancels says
// nothing about the address.
type healthTransport struct {
	next http.RoundTripper
	pool *pool
	obs  Observer // nil: nobody watches
}

func (t *healthTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	cl := callFrom(r.Context())
	n := cl.beginAttempt()
	if t.obs == nil || cl.info == nil {
		return t.attempt(r, cl)
	}
	a := attemptInfo(cl.info, n, r)
	octx := t.obs.AttemptStart(r.Context(), a)
	resp, err := t.attempt(r.WithContext(octx), cl)
	res := AttemptResult{Err: err, Duration: time.Since(a.Started)}
	if resp != nil {
		res.StatusCode = resp.StatusCode
	}
	t.obs.AttemptEnd(octx, a, res)
	return resp, err
}

// attempt sends r once, under the attempt timeout.
func (t *healthTransport) attempt(r *http.Request, cl *call) (*http.Response, error) {
	ctx := httptrace.WithClientTrace(r.Context(), cl.trace)
	cancel := context.CancelFunc(func() {})
	if d := cl.policy.AttemptTimeout; d > 0 {
		ctx, cancel = context.WithTimeoutCause(ctx, d, ErrAttemptTimeout)
	}
	resp, err := t.next.RoundTrip(r.WithContext(ctx))
	if err != nil {
		err = t.failed(r, ctx, cl, err)
		cancel()
		return nil, err
	}
	t.pool.markAlive(r.URL.Host)
	cl.lastStatus.Store(int32(resp.StatusCode))
	resp.Body = &attemptBody{ReadCloser: resp.Body, ctx: ctx, cancel: cancel, host: r.URL.Host, cl: cl, pool: t.pool, caller: r.Context()}
	return resp, nil
}

// failed marks the address as the failure deserves and returns the error to
// report: an attempt timeout becomes an *AttemptTimeoutError.
func (t *healthTransport) failed(r *http.Request, attemptCtx context.Context, cl *call, err error) error {
	caller := r.Context()
	if caller.Err() == nil && context.Cause(attemptCtx) == ErrAttemptTimeout {
		err = &AttemptTimeoutError{Host: r.URL.Host, Limit: cl.policy.AttemptTimeout, Err: err}
	}
	if caller.Err() == nil || errors.Is(caller.Err(), context.DeadlineExceeded) {
		t.pool.markDead(r.URL.Host)
	}
	return err
}

// attemptBody is an answer body read under its attempt's timeout: closing it
// ends the attempt, and a read cut short by the timeout marks the address.
type attemptBody struct {
	io.ReadCloser
	ctx    context.Context
	cancel context.CancelFunc
	host   string
	cl     *call
	pool   *pool
	caller context.Context
}

func (b *attemptBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && err != io.EOF && b.caller.Err() == nil && context.Cause(b.ctx) == ErrAttemptTimeout {
		b.pool.markDead(b.host)
		err = &AttemptTimeoutError{Host: b.host, Limit: b.cl.policy.AttemptTimeout, Err: err}
	}
	return n, err
}

func (b *attemptBody) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}
