package otel_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	clustersearch "github.com/clustersearch/clustersearch-go"
	csotel "github.com/clustersearch/clustersearch-go/contrib/otel"
	"github.com/clustersearch/clustersearch-go/fake"
)

// setup starts a fake with one document behind a front server that answers
// the first request 503, and a client observed by csotel with in-memory
// exporters.
type setup struct {
	spans  *tracetest.SpanRecorder
	reader *sdkmetric.ManualReader
	client *clustersearch.Client
	port   string
}

func newSetup(t *testing.T, opts ...csotel.Option) *setup {
	t.Helper()
	srv := fake.New(t)
	if err := srv.IndexDocuments("books", fake.Doc{ID: "1", Source: map[string]any{"title": "go"}}); err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int32
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		srv.Handler().ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	s := &setup{spans: tracetest.NewSpanRecorder(), reader: sdkmetric.NewManualReader()}
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(s.spans))
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(s.reader))
	obs := csotel.New(append([]csotel.Option{csotel.WithTracerProvider(tp), csotel.WithMeterProvider(mp)}, opts...)...)
	c, err := clustersearch.New(clustersearch.WithAddresses(front.URL), clustersearch.WithObserver(obs),
		clustersearch.WithDefaultRetryPolicy(clustersearch.RetryPolicy{MaxRetries: 2, MinBackoff: time.Millisecond, MaxBackoff: time.Millisecond}))
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(front.URL)
	s.client, s.port = c, u.Port()
	return s
}

// attrs renders a span's or event's attributes as sorted "key=value" lines.
func attrs(kvs []attribute.KeyValue) string {
	var out []string
	for _, kv := range kvs {
		out = append(out, string(kv.Key)+"="+kv.Value.Emit())
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

const searchBody = `{"query":{"match":{"title":"go"}}}`

func (s *setup) search(t *testing.T) {
	t.Helper()
	_, err := s.client.Do(context.Background(), &clustersearch.Request{Method: "POST", Path: "/books/_search", Body: []byte(searchBody)}, nil)
	if err != nil {
		t.Fatal(err)
	}
}

func TestOneSpanPerCallWithAttemptEvents(t *testing.T) {
	s := newSetup(t)
	s.search(t)
	ended := s.spans.Ended()
	if len(ended) != 1 {
		t.Fatalf("%d spans, want 1", len(ended))
	}
	sp := ended[0]
	if sp.Name() != "search" || sp.SpanKind() != trace.SpanKindClient || sp.Status().Code != codes.Unset {
		t.Errorf("span %q kind %v status %v", sp.Name(), sp.SpanKind(), sp.Status())
	}
	want := strings.Join([]string{
		"db.operation.name=search",
		"db.operation.parameter.index=books",
		"db.response.status_code=200",
		"db.system.name=opensearch",
		"http.request.method=POST",
		"server.address=127.0.0.1",
		"server.port=" + s.port,
		"url.full=http://127.0.0.1:" + s.port + "/books/_search",
	}, "\n")
	if got := attrs(sp.Attributes()); got != want {
		t.Errorf("attributes:\n%s\nwant:\n%s", got, want)
	}
	events := sp.Events()
	if len(events) != 2 {
		t.Fatalf("%d events, want 2", len(events))
	}
	wantEvents := []string{
		"clustersearch.attempt=1\nerror.type=503\nhttp.response.status_code=503\nserver.address=127.0.0.1\nserver.port=" + s.port,
		"clustersearch.attempt=2\nhttp.response.status_code=200\nserver.address=127.0.0.1\nserver.port=" + s.port,
	}
	for i, e := range events {
		if e.Name != "attempt" || attrs(e.Attributes) != wantEvents[i] {
			t.Errorf("event %d %q:\n%s\nwant:\n%s", i, e.Name, attrs(e.Attributes), wantEvents[i])
		}
		if e.Time.Before(sp.StartTime()) || e.Time.After(sp.EndTime()) {
			t.Errorf("event %d at %v, outside the span", i, e.Time)
		}
	}
}

func TestQueryTextOnlyWhenAskedFor(t *testing.T) {
	s := newSetup(t, csotel.WithQueryText())
	s.search(t)
	// A write's body is a document, not a query: never recorded.
	if _, err := s.client.Do(context.Background(), &clustersearch.Request{Method: "PUT", Path: "/books/_doc/2", Body: []byte(`{"title":"private"}`)}, nil); err != nil {
		t.Fatal(err)
	}
	ended := s.spans.Ended()
	if len(ended) != 2 {
		t.Fatalf("%d spans", len(ended))
	}
	text := func(sp sdktrace.ReadOnlySpan) string {
		for _, kv := range sp.Attributes() {
			if kv.Key == "db.query.text" {
				return kv.Value.AsString()
			}
		}
		return ""
	}
	if got := text(ended[0]); got != searchBody {
		t.Errorf("db.query.text of the search: %q", got)
	}
	if ended[1].Name() != "index" || text(ended[1]) != "" {
		t.Errorf("span %q records %q", ended[1].Name(), text(ended[1]))
	}
}

func TestErrorsAreTyped(t *testing.T) {
	s := newSetup(t)
	s.search(t) // uses up the front server's 503
	_, err := s.client.Do(context.Background(), &clustersearch.Request{Method: "GET", Path: "/missing/_doc/1"}, nil)
	if err == nil {
		t.Fatal("no error")
	}
	sp := s.spans.Ended()[1]
	got := attrs(sp.Attributes())
	if sp.Name() != "get" || sp.Status().Code != codes.Error || !strings.Contains(got, "error.type=404") || !strings.Contains(got, "db.response.status_code=404") {
		t.Errorf("span %q status %v attributes:\n%s", sp.Name(), sp.Status(), got)
	}

	// A connection that cannot be made: no status, the error's Go type.
	ln := httptest.NewServer(http.NotFoundHandler())
	dead := ln.URL
	ln.Close()
	rec := tracetest.NewSpanRecorder()
	c, _ := clustersearch.New(clustersearch.WithAddresses(dead), clustersearch.WithoutRetries(),
		clustersearch.WithObserver(csotel.New(csotel.WithTracerProvider(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))))))
	if _, err := c.Do(context.Background(), &clustersearch.Request{Method: "GET", Path: "/_cluster/health"}, nil); err == nil {
		t.Fatal("no error from a closed port")
	}
	sp = rec.Ended()[0]
	got = attrs(sp.Attributes())
	if sp.Name() != "cluster.health" || !strings.Contains(got, "error.type=*net.OpError") || strings.Contains(got, "db.response.status_code") {
		t.Errorf("span %q attributes:\n%s", sp.Name(), got)
	}
}

func TestAttemptSpans(t *testing.T) {
	s := newSetup(t, csotel.WithAttemptSpans())
	s.search(t)
	ended := s.spans.Ended()
	if len(ended) != 3 {
		t.Fatalf("%d spans, want 3", len(ended))
	}
	call := ended[2]
	if call.Name() != "search" || len(call.Events()) != 0 {
		t.Fatalf("last span %q with %d events", call.Name(), len(call.Events()))
	}
	want := []string{
		"error.type=503\nhttp.request.method=POST\nhttp.response.status_code=503\nserver.address=127.0.0.1\nserver.port=" + s.port + "\nurl.full=http://127.0.0.1:" + s.port + "/books/_search",
		"http.request.method=POST\nhttp.request.resend_count=1\nhttp.response.status_code=200\nserver.address=127.0.0.1\nserver.port=" + s.port + "\nurl.full=http://127.0.0.1:" + s.port + "/books/_search",
	}
	for i, sp := range ended[:2] {
		if sp.Name() != "POST" || sp.Parent().SpanID() != call.SpanContext().SpanID() || sp.SpanKind() != trace.SpanKindClient {
			t.Errorf("attempt span %d: %q, parent %v", i, sp.Name(), sp.Parent().SpanID())
		}
		if got := attrs(sp.Attributes()); got != want[i] {
			t.Errorf("attempt span %d:\n%s\nwant:\n%s", i, got, want[i])
		}
	}
	if ended[0].Status().Code != codes.Error || ended[1].Status().Code != codes.Unset {
		t.Errorf("attempt statuses %v, %v", ended[0].Status(), ended[1].Status())
	}
}

func TestDurationHistogram(t *testing.T) {
	s := newSetup(t)
	s.search(t)
	s.search(t)
	if _, err := s.client.Do(context.Background(), &clustersearch.Request{Method: "GET", Path: "/missing/_doc/1"}, nil); err == nil {
		t.Fatal("no error")
	}
	var rm metricdata.ResourceMetrics
	if err := s.reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	if len(rm.ScopeMetrics) != 1 || len(rm.ScopeMetrics[0].Metrics) != 1 {
		t.Fatalf("metrics: %+v", rm.ScopeMetrics)
	}
	m := rm.ScopeMetrics[0].Metrics[0]
	if rm.ScopeMetrics[0].Scope.Name != csotel.ScopeName || m.Name != "db.client.operation.duration" || m.Unit != "s" {
		t.Fatalf("metric %q unit %q scope %q", m.Name, m.Unit, rm.ScopeMetrics[0].Scope.Name)
	}
	h, ok := m.Data.(metricdata.Histogram[float64])
	if !ok {
		t.Fatalf("data %T", m.Data)
	}
	got := map[string]uint64{}
	for _, dp := range h.DataPoints {
		got[attrs(dp.Attributes.ToSlice())] = dp.Count
		if dp.Sum <= 0 || fmt.Sprint(dp.Bounds) != "[0.001 0.005 0.01 0.05 0.1 0.5 1 5 10]" {
			t.Errorf("sum %v bounds %v", dp.Sum, dp.Bounds)
		}
	}
	server := "\nserver.address=127.0.0.1\nserver.port=" + s.port
	want := map[string]uint64{
		"db.operation.name=search\ndb.response.status_code=200\ndb.system.name=opensearch" + server:              2,
		"db.operation.name=get\ndb.response.status_code=404\ndb.system.name=opensearch\nerror.type=404" + server: 1,
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("data points:\n%v\nwant:\n%v", got, want)
	}
}

// BenchmarkObserver measures a call recorded by the observer (SDK tracer
// and meter, spans dropped by a recorder) against the same call unobserved,
// over a transport that answers from memory.
func BenchmarkObserver(b *testing.B) {
	answer := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: 200, Header: http.Header{}, Body: http.NoBody, Request: r}, nil
	})
	rec := tracetest.NewSpanRecorder()
	obs := csotel.New(csotel.WithTracerProvider(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))),
		csotel.WithMeterProvider(sdkmetric.NewMeterProvider(sdkmetric.WithReader(sdkmetric.NewManualReader()))))
	req := &clustersearch.Request{Method: "POST", Path: "/books/_search", Body: []byte(searchBody)}
	for _, c := range []struct {
		name string
		opts []clustersearch.Option
	}{{"unobserved", nil}, {"otel", []clustersearch.Option{clustersearch.WithObserver(obs)}}} {
		b.Run(c.name, func(b *testing.B) {
			client, err := clustersearch.New(append([]clustersearch.Option{clustersearch.WithAddresses("http://node.test:9200"), clustersearch.WithTransport(answer)}, c.opts...)...)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := client.Do(context.Background(), req, nil); err != nil {
					b.Fatal(err)
				}
				if i%1000 == 999 {
					rec.Reset()
				}
			}
		})
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
