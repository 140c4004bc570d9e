// Package otel traces and measures the requests of a clustersearch client
// with OpenTelemetry, following its semantic conventions for database
// clients (as they are written for Elasticsearch, whose API OpenSearch shares):
//
//   - one CLIENT span per call, named after the endpoint ("search",
//     "indices.create"; "opensearch" for an endpoint the SDK does not know),
//     with db.system.name "opensearch", db.operation.name,
//     db.operation.parameter.<part> for the path parts (index, id, ...),
//     http.request.method, url.full, server.address and server.port of the
//     last attempt, db.response.status_code, and error.type when it failed;
//   - each attempt as an "attempt" event on that span, or, WithAttemptSpans,
//     as a child span of its own (HTTP client conventions, with
//     http.request.resend_count on retries);
//   - db.query.text, the request body, only WithQueryText (bodies may hold
//     personal data), and only for endpoints whose body is a query;
//   - the db.client.operation.duration histogram (seconds) per call.
//
// error.type is the HTTP status of an error answer ("404", "429"),
// "timeout" when the call or an attempt ran out of time, "canceled" when the
// caller cancelled, the error's Go type for a connection failure
// ("*net.OpError"), and "_OTHER" otherwise.
//
// Use it as an observer:
//
//	import csotel "github.com/clustersearch/clustersearch-go/contrib/otel"
//
//	c, err := clustersearch.New(clustersearch.WithObserver(csotel.New()))
package otel

import (
	"context"
	"errors"
	"net"
	"strconv"

	otelapi "go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	semconv "go.opentelemetry.io/otel/semconv/v1.39.0"
	"go.opentelemetry.io/otel/trace"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/types"
)

// ScopeName is the instrumentation scope of the spans and metrics.
const ScopeName = "github.com/clustersearch/clustersearch-go/contrib/otel"

// Option configures an Observer.
type Option func(*config)

type config struct {
	tp           trace.TracerProvider
	mp           metric.MeterProvider
	queryText    bool
	attemptSpans bool
}

// WithTracerProvider sets the tracer provider (default: the global one).
func WithTracerProvider(tp trace.TracerProvider) Option { return func(c *config) { c.tp = tp } }

// WithMeterProvider sets the meter provider (default: the global one).
func WithMeterProvider(mp metric.MeterProvider) Option { return func(c *config) { c.mp = mp } }

// WithQueryText records the request body of query endpoints (search,
// msearch, count, explain, by-query, templates, validate) as db.query.text.
// Off by default: queries may hold personal data.
func WithQueryText() Option { return func(c *config) { c.queryText = true } }

// WithAttemptSpans records each attempt as a child span instead of an event.
func WithAttemptSpans() Option { return func(c *config) { c.attemptSpans = true } }

// Observer is a clustersearch.Observer that records spans and metrics.
type Observer struct {
	tracer       trace.Tracer
	duration     metric.Float64Histogram
	queryText    bool
	attemptSpans bool
}

var _ clustersearch.Observer = (*Observer)(nil)

// New returns an Observer; pass it to clustersearch.WithObserver.
func New(opts ...Option) *Observer {
	c := config{}
	for _, o := range opts {
		o(&c)
	}
	if c.tp == nil {
		c.tp = otelapi.GetTracerProvider()
	}
	if c.mp == nil {
		c.mp = otelapi.GetMeterProvider()
	}
	meter := c.mp.Meter(ScopeName)
	// The semantic conventions' own buckets for this histogram.
	duration, err := meter.Float64Histogram("db.client.operation.duration",
		metric.WithUnit("s"),
		metric.WithDescription("Duration of database client operations."),
		metric.WithExplicitBucketBoundaries(0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10))
	if err != nil {
		otelapi.Handle(err)
	}
	return &Observer{tracer: c.tp.Tracer(ScopeName), duration: duration, queryText: c.queryText, attemptSpans: c.attemptSpans}
}

// callKey keys the state of one call in its context.
type callKey struct{}

// call is what the end of a call needs from its attempts. Attempts of one
// call run one after the other, so it needs no lock.
type call struct {
	address string
	port    int
}

// RequestStart opens the call's span.
func (o *Observer) RequestStart(ctx context.Context, r *clustersearch.RequestInfo) context.Context {
	name := r.Operation
	if name == "" {
		name = "opensearch"
	}
	attrs := make([]attribute.KeyValue, 0, 4+len(r.PathParts))
	attrs = append(attrs, semconv.DBSystemNameOpenSearch, semconv.HTTPRequestMethodKey.String(r.Method))
	if r.Operation != "" {
		attrs = append(attrs, semconv.DBOperationName(r.Operation))
	}
	for k, v := range r.PathParts {
		attrs = append(attrs, semconv.DBOperationParameter(k, v))
	}
	if o.queryText && len(r.Body) > 0 && queryOperations[r.Operation] {
		attrs = append(attrs, semconv.DBQueryText(string(r.Body)))
	}
	ctx, _ = o.tracer.Start(ctx, name, trace.WithSpanKind(trace.SpanKindClient), trace.WithTimestamp(r.Started), trace.WithAttributes(attrs...))
	return context.WithValue(ctx, callKey{}, &call{})
}

// RequestEnd closes the call's span and records its duration.
func (o *Observer) RequestEnd(ctx context.Context, r *clustersearch.RequestInfo, res clustersearch.RequestResult) {
	span := trace.SpanFromContext(ctx)
	attrs := []attribute.KeyValue{semconv.DBSystemNameOpenSearch}
	if r.Operation != "" {
		attrs = append(attrs, semconv.DBOperationName(r.Operation))
	}
	if cl, ok := ctx.Value(callKey{}).(*call); ok && cl.address != "" {
		attrs = append(attrs, semconv.ServerAddress(cl.address), semconv.ServerPort(cl.port))
	}
	if res.StatusCode > 0 {
		attrs = append(attrs, semconv.DBResponseStatusCode(strconv.Itoa(res.StatusCode)))
	}
	if res.Err != nil {
		attrs = append(attrs, semconv.ErrorTypeKey.String(errorType(res.Err, res.StatusCode)))
		span.RecordError(res.Err)
		span.SetStatus(codes.Error, res.Err.Error())
	}
	span.SetAttributes(attrs...)
	span.End(trace.WithTimestamp(r.Started.Add(res.Duration)))
	if o.duration != nil {
		o.duration.Record(ctx, res.Duration.Seconds(), metric.WithAttributes(attrs...))
	}
}

// AttemptStart notes the address tried on the call's span and, WithAttemptSpans, opens the attempt's span.
func (o *Observer) AttemptStart(ctx context.Context, a *clustersearch.AttemptInfo) context.Context {
	if cl, ok := ctx.Value(callKey{}).(*call); ok {
		cl.address, cl.port = a.ServerAddress, a.ServerPort
	}
	trace.SpanFromContext(ctx).SetAttributes(semconv.ServerAddress(a.ServerAddress), semconv.ServerPort(a.ServerPort), semconv.URLFull(a.URL.String()))
	if !o.attemptSpans {
		return ctx
	}
	attrs := []attribute.KeyValue{
		semconv.HTTPRequestMethodKey.String(a.Request.Method),
		semconv.ServerAddress(a.ServerAddress), semconv.ServerPort(a.ServerPort), semconv.URLFull(a.URL.String()),
	}
	if a.Attempt > 1 {
		attrs = append(attrs, semconv.HTTPRequestResendCount(a.Attempt-1))
	}
	ctx, _ = o.tracer.Start(ctx, a.Request.Method, trace.WithSpanKind(trace.SpanKindClient), trace.WithTimestamp(a.Started), trace.WithAttributes(attrs...))
	return ctx
}

// AttemptEnd records the attempt's outcome: an event on the call's span, or the end of its own span.
func (o *Observer) AttemptEnd(ctx context.Context, a *clustersearch.AttemptInfo, res clustersearch.AttemptResult) {
	var attrs []attribute.KeyValue
	if res.StatusCode > 0 {
		attrs = append(attrs, semconv.HTTPResponseStatusCode(res.StatusCode))
	}
	failed := res.Err != nil || res.StatusCode >= 400
	if failed {
		attrs = append(attrs, semconv.ErrorTypeKey.String(errorType(res.Err, res.StatusCode)))
	}
	span := trace.SpanFromContext(ctx)
	end := a.Started.Add(res.Duration)
	if o.attemptSpans {
		span.SetAttributes(attrs...)
		if failed {
			msg := ""
			if res.Err != nil {
				msg = res.Err.Error()
			}
			span.SetStatus(codes.Error, msg)
		}
		span.End(trace.WithTimestamp(end))
		return
	}
	attrs = append(attrs, attribute.Int("clustersearch.attempt", a.Attempt),
		semconv.ServerAddress(a.ServerAddress), semconv.ServerPort(a.ServerPort))
	if res.Err != nil {
		attrs = append(attrs, attribute.String("exception.message", res.Err.Error()))
	}
	span.AddEvent("attempt", trace.WithTimestamp(end), trace.WithAttributes(attrs...))
}

// queryOperations are the endpoints whose body is a query (WithQueryText).
var queryOperations = map[string]bool{
	"search": true, "msearch": true, "count": true, "explain": true, "scroll": true,
	"search_template": true, "msearch_template": true, "render_search_template": true,
	"delete_by_query": true, "update_by_query": true, "indices.validate_query": true,
	"field_caps": true, "rank_eval": true,
}

// errorType names a failure for error.type, with low cardinality (see the package doc).
func errorType(err error, status int) string {
	var apiErr *types.Error
	switch {
	case errors.As(err, &apiErr):
		return strconv.Itoa(apiErr.StatusCode)
	case err == nil && status >= 400:
		return strconv.Itoa(status)
	case errors.Is(err, clustersearch.ErrAttemptTimeout), errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, context.Canceled):
		return "canceled"
	}
	var opErr *net.OpError
	if errors.As(err, &opErr) {
		return semconv.ErrorType(opErr).Value.AsString()
	}
	var netErr net.Error
	if errors.As(err, &netErr) && netErr.Timeout() {
		return "timeout"
	}
	return semconv.ErrorTypeOther.Value.AsString()
}
