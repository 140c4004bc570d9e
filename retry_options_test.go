package clustersearch_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"

	clustersearch "github.com/clustersearch/clustersearch-go"
)

// attempts counts the attempts of one GET answered 503 every time.
func attempts(t *testing.T, ctx context.Context, opts ...clustersearch.Option) int32 {
	t.Helper()
	var n atomic.Int32
	mock := httpmock.NewMockTransport()
	mock.RegisterNoResponder(func(*http.Request) (*http.Response, error) {
		n.Add(1)
		return httpmock.NewStringResponse(503, `{}`), nil
	})
	opts = append([]clustersearch.Option{clustersearch.WithAddresses("http://node.test:9200"), clustersearch.WithTransport(mock),
		clustersearch.WithDefaultRetryPolicy(clustersearch.RetryPolicy{MaxRetries: 2, MinBackoff: time.Millisecond, MaxBackoff: time.Millisecond})}, opts...)
	c, err := clustersearch.New(opts...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Do(ctx, &clustersearch.Request{Method: "GET", Path: "/_cluster/health"}, nil); err == nil {
		t.Fatal("want the 503")
	}
	return n.Load()
}

func TestRetryOptions(t *testing.T) {
	t.Parallel()
	bg := context.Background()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		opts []clustersearch.Option
		want int32
	}{
		{"client policy", bg, nil, 3},
		{"without retries", bg, []clustersearch.Option{clustersearch.WithoutRetries()}, 1},
		{"per call without retry", clustersearch.WithoutRetry(bg), nil, 1},
		{"per call policy", clustersearch.WithRetryPolicy(bg, clustersearch.RetryPolicy{MaxRetries: 4}), nil, 5},
		{"per call policy over without retries", clustersearch.WithRetryPolicy(bg, clustersearch.RetryPolicy{MaxRetries: 1}),
			[]clustersearch.Option{clustersearch.WithoutRetries()}, 2},
	} {
		if got := attempts(t, tc.ctx, tc.opts...); got != tc.want {
			t.Errorf("%s: %d attempts, want %d", tc.name, got, tc.want)
		}
	}
}

func TestWithAttemptTimeout(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0") // accepts, never answers
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	// The attempt timeout wins over the policy given after it.
	c, err := clustersearch.New(clustersearch.WithAddresses("http://"+l.Addr().String()),
		clustersearch.WithAttemptTimeout(50*time.Millisecond), clustersearch.WithDefaultRetryPolicy(clustersearch.RetryPolicy{}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Do(context.Background(), &clustersearch.Request{Method: "GET", Path: "/"}, nil)
	if !errors.Is(err, clustersearch.ErrAttemptTimeout) || errors.Is(err, clustersearch.ErrMaybeApplied) {
		t.Fatalf("err = %v", err)
	}
	_, err = c.Do(context.Background(), &clustersearch.Request{Method: "POST", Path: "/i/_doc", Body: []byte(`{}`)}, nil)
	if !errors.Is(err, clustersearch.ErrAttemptTimeout) || !errors.Is(err, clustersearch.ErrMaybeApplied) {
		t.Fatalf("write: err = %v", err)
	}
}
