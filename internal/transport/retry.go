package transport

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// checkRetry decides whether an attempt is worth repeating. A finished
// context stops at once. An idempotent request is retried after a connection
// error that another try may cure and on the policy's statuses. Any other
// request is retried only where the server cannot have applied it: the
// connection was never made or the request never fully written, or a 429
// (the server refused it before doing anything).
func (c *Client) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctxErr := ctx.Err(); ctxErr != nil {
		return false, ctxErr
	}
	cl := callFrom(ctx)
	if err != nil {
		reached := !cl.neverReached(err)
		cl.lastMayHaveReached = reached
		if !retryableConnError(err) {
			return false, nil
		}
		return cl.idempotent || !reached, nil
	}
	cl.lastMayHaveReached = false
	if !slices.Contains(cl.policy.RetryOnStatus, resp.StatusCode) {
		return false, nil
	}
	return cl.idempotent || resp.StatusCode == http.StatusTooManyRequests, nil
}

// normalized fills the defaults of p: the default statuses when none are
// named, a one-minute Retry-After cap, no negative retry count. It copies the
// status list, which the caller may go on changing.
func (p RetryPolicy) normalized() RetryPolicy {
	if p.RetryOnStatus == nil {
		p.RetryOnStatus = DefaultRetryStatuses()
	} else {
		p.RetryOnStatus = slices.Clone(p.RetryOnStatus)
	}
	if p.MaxRetryAfter <= 0 {
		p.MaxRetryAfter = time.Minute
	}
	p.MaxRetries = max(p.MaxRetries, 0)
	return p
}

// retryableConnError reports whether a transport error may go away on another try.
func retryableConnError(err error) bool {
	var timeout *AttemptTimeoutError
	if errors.As(err, &timeout) {
		return true
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var (
		unknownAuthority x509.UnknownAuthorityError
		hostname         x509.HostnameError
		invalid          x509.CertificateInvalidError
		verify           *tls.CertificateVerificationError
		recordHeader     tls.RecordHeaderError
	)
	if errors.As(err, &unknownAuthority) || errors.As(err, &hostname) || errors.As(err, &invalid) ||
		errors.As(err, &verify) || errors.As(err, &recordHeader) {
		return false
	}
	var urlErr *url.Error
	if errors.As(err, &urlErr) && strings.Contains(urlErr.Err.Error(), "unsupported protocol scheme") {
		return false
	}
	return true
}

// backoff returns the wait before retry number attempt (0-based): the server's
// Retry-After when it sent one (capped by MaxRetryAfter), otherwise an
// exponential wait from MinBackoff doubled per attempt up to MaxBackoff, with
// "equal jitter" (between half and all of it) so clients do not retry in step.
func (p RetryPolicy) backoff(minWait, maxWait time.Duration, attempt int, resp *http.Response) time.Duration {
	if resp != nil {
		if d, ok := parseRetryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
			return min(d, p.MaxRetryAfter)
		}
	}
	if minWait <= 0 {
		return 0
	}
	wait := maxWait
	if attempt < 32 && minWait<<attempt > 0 && minWait<<attempt < maxWait {
		wait = minWait << attempt
	}
	return wait/2 + rand.N(wait/2+1)
}

// parseRetryAfter reads a Retry-After header: delay seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		if secs > int64(time.Hour/time.Second)*24 {
			secs = int64(time.Hour/time.Second) * 24
		}
		return time.Duration(secs) * time.Second, true
	}
	if at, err := http.ParseTime(v); err == nil {
		return max(at.Sub(now), 0), true
	}
	return 0, false
}
