package transport

import (
	"context"
	"log/slog"
	"time"
)

// requestLogger writes one debug line per request and passes the retry loop's
// own messages to slog. It never logs headers or bodies, and addresses carry
// no userinfo (parseAddresses strips it), so credentials cannot reach a log.
type requestLogger struct {
	l *slog.Logger
}

func newRequestLogger(l *slog.Logger) *requestLogger { return &requestLogger{l: l} }

// leveled returns the adapter for go-retryablehttp, or nil (no logging at all).
func (r *requestLogger) leveled() any {
	if r.l == nil {
		return nil
	}
	return slogLeveled{r.l}
}

func (r *requestLogger) done(ctx context.Context, req *Request, status int, took time.Duration) {
	if r.l == nil {
		return
	}
	r.l.DebugContext(ctx, "clustersearch request", "method", req.Method, "path", req.Path, "status", status, "took", took)
}

func (r *requestLogger) failed(ctx context.Context, req *Request, err error) {
	if r.l == nil {
		return
	}
	r.l.WarnContext(ctx, "clustersearch request failed", "method", req.Method, "path", req.Path, "error", err.Error())
}

// slogLeveled adapts slog to go-retryablehttp's LeveledLogger. The library's
// messages are about single attempts, so they go out one level lower than
// their name says: a retried attempt is not yet the caller's problem.
type slogLeveled struct{ l *slog.Logger }

func (s slogLeveled) Error(msg string, kv ...any) { s.l.Warn(msg, kv...) }
func (s slogLeveled) Info(msg string, kv ...any)  { s.l.Debug(msg, kv...) }
func (s slogLeveled) Debug(msg string, kv ...any) { s.l.Debug(msg, kv...) }
func (s slogLeveled) Warn(msg string, kv ...any)  { s.l.Info(msg, kv...) }
