package conformance_test

import (
	"fmt"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/internal/conformance"
)

// fakeTarget adapts *fake.Server to the runners' Target.
type fakeTarget struct{ s *fake.Server }

func (f fakeTarget) URL() string { return f.s.URL() }

func (f fakeTarget) Close() error {
	f.s.Close()
	return nil
}

// newTarget starts a fresh fake server, with default options (OpenSearch
// 2.19.x), for one YAML test or one story. A panic while starting becomes an
// error, so one bad start fails one test instead of the whole run.
func newTarget() (t conformance.Target, err error) {
	defer func() {
		if p := recover(); p != nil {
			t, err = nil, fmt.Errorf("fake.NewServer panicked: %v", p)
		}
	}()
	s, err := fake.NewServer()
	if err != nil {
		return nil, err
	}
	return fakeTarget{s}, nil
}
