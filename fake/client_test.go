package fake

import (
	"context"
	"testing"
)

// Client() must reach the server through TLS and basic auth without extra setup.
func TestClientWithTLSAndAuth(t *testing.T) {
	s := newTestServer(t, WithTLS(), WithBasicAuth("admin", "pw"))
	if err := s.CreateIndex("books", `{"settings":{"number_of_replicas":0}}`); err != nil {
		t.Fatal(err)
	}
	ok, err := s.Client().Indices.Exists(context.Background(), []string{"books"}, nil)
	if err != nil || !ok {
		t.Fatalf("Exists(books) = %v, %v", ok, err)
	}
	if s.Client() != s.Client() {
		t.Error("Client() should return the same client each time")
	}
}
