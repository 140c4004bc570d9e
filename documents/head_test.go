package documents

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/transport"
)

// TestExistsWithHeadContentLength: a real cluster answers HEAD with the Content-Length the
// GET would have had and no body (elastic/elasticsearch#21123, #23112, inherited by
// OpenSearch). httpmock and the fake do not, so this runs a real HTTP server.
func TestExistsWithHeadContentLength(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=UTF-8")
		w.Header().Set("Content-Length", "243")
		if r.URL.Path == "/books/_doc/missing" {
			w.Header().Set("Content-Length", "389")
			w.WriteHeader(http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	defer srv.Close()
	tc, err := transport.New(transport.Config{Addresses: []string{srv.URL}})
	if err != nil {
		t.Fatal(err)
	}
	svc := NewService(tc)
	ok, err := svc.Exists(ctx, "books", "1", nil)
	if err != nil {
		t.Fatalf("Exists against a HEAD answer with Content-Length and no body: %v", err)
	}
	if !ok {
		t.Error("exists = false")
	}
	if ok, err := svc.Exists(ctx, "books", "missing", nil); ok || err != nil {
		t.Errorf("missing = %v %v", ok, err)
	}
}
