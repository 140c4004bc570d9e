package conformance_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/internal/conformance"
)

// fakeTarget adapts *fake.Server to the runners' Target.
type fakeTarget struct{ s *fake.Server }

// URL returns the fake's base address.
func (f fakeTarget) URL() string { return f.s.URL() }

// Close stops the fake.
func (f fakeTarget) Close() error {
	f.s.Close()
	return nil
}

// newTarget returns a factory of fresh fake servers, one per YAML test or
// story: default options (OpenSearch 2.19.x), or the given version when it is
// not empty. A panic while starting becomes an error, so one bad start fails
// one test instead of the whole run.
func newTarget(version string, env ...environment) conformance.NewTarget {
	var opts []fake.Option
	if version != "" {
		opts = append(opts, fake.WithVersion(version))
	}
	for _, e := range env {
		opts = append(opts, e.options...)
	}
	return func() (t conformance.Target, err error) {
		defer func() {
			if p := recover(); p != nil {
				t, err = nil, fmt.Errorf("fake.NewServer panicked: %v", p)
			}
		}()
		s, err := fake.NewServer(opts...)
		if err != nil {
			return nil, err
		}
		for _, e := range env {
			for _, d := range e.dangling {
				if _, err := s.AddDanglingIndex(d); err != nil {
					s.Close()
					return nil, err
				}
			}
		}
		return fakeTarget{s}, nil
	}
}

// environment is what a suite's own CI cluster has before its tests run,
// beyond a fresh node: extra server options and dangling indexes.
type environment struct {
	options  []fake.Option
	dangling []fake.DanglingIndex
}

// openSearchEnvironment is the test cluster of OpenSearch's YAML suites:
// the reindex module's build allows reindexing from any port of 127.0.0.1
// (reindex.remote.allowlist), which its remote tests use on the cluster
// itself, and the build's test clusters start every node with
// node.attr.testattr=test beside the attribute 2.x nodes add themselves
// (cluster.put_settings/10_basic reads it among the defaults).
func openSearchEnvironment() environment {
	return environment{options: []fake.Option{
		fake.WithReindexRemoteAllowlist("127.0.0.1:*"),
		fake.WithNodeAttribute(0, "testattr", "test"),
		fake.WithNodeAttribute(0, "shard_indexing_pressure_enabled", "true"),
	}}
}

// storyEnvironment reproduces the cluster the opensearch-api-specification
// project runs its stories against: two dangling indexes left by its setup
// (the dangling story lists, imports and deletes them by these UUIDs) and a
// webhook service at http://webhook:8080/ (the notifications test-send
// story posts to it). The webhook is a local server answering as that
// service does; the
// fake's notification client reaches it for that host name only.
func storyEnvironment(t *testing.T) environment {
	t.Helper()
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		_, _ = w.Write([]byte(`{"ok":"true"}`)) // what the story's webhook service answers (its status_text)
	}))
	t.Cleanup(hook.Close)
	dialer := &net.Dialer{Timeout: 5 * time.Second}
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			if addr == "webhook:8080" {
				addr = hook.Listener.Addr().String()
			}
			return dialer.DialContext(ctx, network, addr)
		},
	}}
	return environment{
		options: []fake.Option{fake.WithNotificationsHTTPClient(client)},
		dangling: []fake.DanglingIndex{
			{Name: ".opensearch-observability", UUID: "_bJfm1BsRdG-N91LRxI1Vg"},
			{Name: "movies", UUID: "p6tliBznQO-FzTdslShrwA"},
		},
	}
}
