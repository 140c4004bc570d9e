// Package sdktest holds helpers for the SDK's wire-format tests: a transport
// backed by its own httpmock.MockTransport (never global activation, so tests
// can run in parallel) and assertions on what was sent.
package sdktest

import (
	"io"
	"net/http"
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

// ReadBody returns the request body (empty when there is none).
func ReadBody(t testing.TB, r *http.Request) []byte {
	t.Helper()
	if r.Body == nil {
		return nil
	}
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatalf("sdktest: reading the request body: %v", err)
	}
	return b
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

// Responder answers with status and the given JSON body, and records each
// request it sees in *seen (when seen is not nil) with its body already read
// into the returned slice of bodies.
func Responder(status int, body string, seen *[]*http.Request, bodies *[][]byte) httpmock.Responder {
	return func(r *http.Request) (*http.Response, error) {
		if bodies != nil {
			var b []byte
			if r.Body != nil {
				b, _ = io.ReadAll(r.Body)
			}
			*bodies = append(*bodies, b)
		}
		if seen != nil {
			*seen = append(*seen, r)
		}
		resp := httpmock.NewStringResponse(status, body)
		resp.Header.Set("Content-Type", "application/json; charset=UTF-8")
		return resp, nil
	}
}
