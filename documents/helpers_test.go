package documents

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
)

// newService returns a Service whose requests a recorder answers with the
// given fixtures (file names under testdata, or literal JSON starting with '{').
func newService(t *testing.T, status int, fixtures ...string) (*Service, *sdktest.Recorder) {
	t.Helper()
	tc, rec := sdktest.NewRecorded(t, status, fixtures...)
	return NewService(tc), rec
}
