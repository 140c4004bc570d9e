package documents

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
)

// TestExistsWithHeadContentLength: a real cluster answers HEAD with the Content-Length the
// GET would have had and no body; Exists must read that as found or not found.
func TestExistsWithHeadContentLength(t *testing.T) {
	t.Parallel()
	svc := NewService(sdktest.NewHeadServer(t, "/books/_doc/missing"))
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
