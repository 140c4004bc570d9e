package fake

import (
	"slices"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/rest"
)

// TestEveryRouteStatesItsOperation checks the wrappers' metadata against
// the route table of a server with every layer (tasks, node statistics,
// persistence): each route row carries metadata stating every property
// (task action or none, thread pool or none, flags, persistence), taken
// from a row of the operation table written for its operation rather than
// the fallback for unknown ones; and the table names no operation the
// server does not serve.
func TestEveryRouteStatesItsOperation(t *testing.T) {
	s := New(t, WithDataDir(t.TempDir()))
	served, writes := map[string]bool{}, map[string]bool{}
	for _, r := range s.router.Routes() {
		served[r.Op] = true
		if !r.Meta.Stated() {
			t.Errorf("%s %s (%s) states no pool or persistence: %+v", r.Method, r.Path, r.Op, r.Meta)
		}
		want, ok := rest.LookupOp(r.Op)
		if !ok {
			t.Errorf("operation %s (%s %s) has no row in the operation table", r.Op, r.Method, r.Path)
			continue
		}
		if r.Meta != want {
			t.Errorf("%s %s carries %+v, the table states %+v", r.Method, r.Path, r.Meta, want)
		}
		if r.Meta.Has(rest.Tracked) && !r.Meta.Has(rest.Cancellable) {
			t.Errorf("%s: resource tracking without a cancellable task (OpenSearch tracks SearchTask only)", r.Op)
		}
		if (r.Meta.Has(rest.Cancellable) || r.Meta.Has(rest.Tracked)) && r.Meta.Action == "" {
			t.Errorf("%s: task flags without a task action", r.Op)
		}
		if !slices.Contains([]string{"GET", "HEAD"}, r.Method) {
			writes[r.Op] = true
		}
	}
	// The persister never logs a GET or HEAD: an operation served by
	// nothing else must say it is read-only.
	for name := range served {
		if m, _ := rest.LookupOp(name); !writes[name] && !m.ReadOnly() {
			t.Errorf("%s is served by GET and HEAD only but is not read-only", name)
		}
	}
	for _, name := range rest.OperationNames() {
		if !served[name] {
			t.Errorf("the operation table states %s, which no route serves", name)
		}
	}
}
