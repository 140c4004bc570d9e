package sdktest

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/transport"
)

// NewHeadServer starts an HTTP server that answers every request as a real
// cluster answers HEAD: the Content-Length the GET would have had and no
// body (elastic/elasticsearch#21123, #23112, inherited by OpenSearch),
// 404 for missingPath and 200 for any other path. httpmock and the fake do
// not answer so, hence a real server. It returns a transport client pointed
// at it; the server closes when the test ends.
func NewHeadServer(t testing.TB, missingPath string) *transport.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=UTF-8")
		w.Header().Set("Content-Length", "243")
		if r.URL.Path == missingPath {
			w.Header().Set("Content-Length", "389")
			w.WriteHeader(http.StatusNotFound)
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(srv.Close)
	tc, err := transport.New(transport.Config{Addresses: []string{srv.URL}})
	if err != nil {
		t.Fatal(err)
	}
	return tc
}
