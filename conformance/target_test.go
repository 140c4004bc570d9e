package conformance_test

import (
	"fmt"

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
func newTarget(version string) conformance.NewTarget {
	var opts []fake.Option
	if version != "" {
		opts = append(opts, fake.WithVersion(version))
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
		return fakeTarget{s}, nil
	}
}
