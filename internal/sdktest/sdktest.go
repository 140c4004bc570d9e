// Package sdktest holds helpers for the SDK's wire-format tests: a transport
// backed by its own httpmock.MockTransport (never global activation, so tests
// can run in parallel) and assertions on what was sent.
package sdktest

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jarcoal/httpmock"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/transport"
)

// BaseURL is the address the test transport points at; register responders
// with full URLs under it.
const BaseURL = "http://cluster.test:9200"

// New returns a transport client pointed at BaseURL with retries off, and the
// mock transport under it.
func New(t testing.TB) (*transport.Client, *httpmock.MockTransport) {
	t.Helper()
	mock := httpmock.NewMockTransport()
	c, err := transport.New(transport.Config{Addresses: []string{BaseURL}, Transport: mock})
	if err != nil {
		t.Fatalf("sdktest: %v", err)
	}
	return c, mock
}

// JSONEqual fails the test unless got and want hold the same JSON value
// (key order and spacing aside).
func JSONEqual(t testing.TB, got, want []byte) {
	t.Helper()
	var g, w any
	if err := jsonx.Unmarshal(got, &g); err != nil {
		t.Fatalf("sdktest: got is not JSON: %v\n%s", err, got)
	}
	if err := jsonx.Unmarshal(want, &w); err != nil {
		t.Fatalf("sdktest: want is not JSON: %v\n%s", err, want)
	}
	if diff := cmp.Diff(w, g); diff != "" {
		t.Fatalf("JSON differs (-want +got):\n%s\ngot: %s", diff, got)
	}
}
