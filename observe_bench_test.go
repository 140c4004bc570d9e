package clustersearch_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
)

// nopObserver is an Observer that does nothing: what the hook itself costs.
type nopObserver struct{}

func (nopObserver) RequestStart(ctx context.Context, _ *clustersearch.RequestInfo) context.Context {
	return ctx
}
func (nopObserver) RequestEnd(context.Context, *clustersearch.RequestInfo, clustersearch.RequestResult) {
}
func (nopObserver) AttemptStart(ctx context.Context, _ *clustersearch.AttemptInfo) context.Context {
	return ctx
}
func (nopObserver) AttemptEnd(context.Context, *clustersearch.AttemptInfo, clustersearch.AttemptResult) {
}

// BenchmarkHooks measures what a pass-through middleware and a no-op
// observer add to a call, over a transport that answers from memory (no
// network, so the hooks' share is not hidden).
func BenchmarkHooks(b *testing.B) {
	answer := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		if r.Body != nil {
			io.Copy(io.Discard, r.Body)
			r.Body.Close()
		}
		return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}},
			Body: io.NopCloser(strings.NewReader(`{"took":1}`)), ContentLength: 10, Request: r}, nil
	})
	pass := func(next http.RoundTripper) http.RoundTripper { return next }
	cases := []struct {
		name string
		opts []clustersearch.Option
	}{
		{"none", nil},
		{"middleware", []clustersearch.Option{clustersearch.WithMiddleware(pass)}},
		{"observer", []clustersearch.Option{clustersearch.WithObserver(nopObserver{})}},
	}
	req := &clustersearch.Request{Method: "POST", Path: "/books/_search", Body: []byte(`{"query":{"match_all":{}}}`)}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			c, err := clustersearch.New(append([]clustersearch.Option{clustersearch.WithAddresses("http://node.test:9200"), clustersearch.WithTransport(answer)}, c.opts...)...)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := c.Do(context.Background(), req, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
