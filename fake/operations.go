package fake

import (
	"sort"

	"github.com/clustersearch/clustersearch-go/internal/engine/rest"
)

// Operation is one REST operation the fake serves: the name of the operation
// in OpenSearch's REST API specification, its HTTP method and path pattern.
type Operation struct {
	Name   string // e.g. "indices.create"
	Method string // e.g. "PUT"
	Path   string // e.g. "/{index}"; {name} marks a path parameter
}

// Routes returns every operation the server serves, sorted by name, then path,
// then method. docs/fake-operations.md is generated from it.
func (s *Server) Routes() []Operation {
	routes := s.router.Routes()
	out := make([]Operation, len(routes))
	for i, r := range routes {
		out[i] = Operation{Name: r.Op, Method: r.Method, Path: r.Path}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Method < b.Method
	})
	return out
}

// addRoutes registers extra routes (tests of the dispatch layer).
func (s *Server) addRoutes(routes ...rest.Route) { s.router.Add(routes...) }
