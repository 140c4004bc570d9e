// Package dangling keeps the fake's dangling indexes: index data found on a
// node's disk that the cluster state does not know (after a cluster was
// rebuilt, or a node rejoined with old data). OpenSearch lists them and can
// import them back into the cluster or delete them; this package holds them
// and renders the list, and the REST layer performs the import.
package dangling

import (
	"sort"
	"sync"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// Doc is one stored document of a dangling index.
type Doc struct {
	ID      string
	Routing string
	Source  []byte
	Version int64 // kept by an import (at least 1)
}

// Index is a dangling index.
type Index struct {
	Name         string
	UUID         string
	CreationDate int64 // ms since the epoch
	// NodeIDs are the nodes whose disk holds the index.
	NodeIDs []string
	// Body is the create-index body of its metadata: {"settings":...,"mappings":...}.
	Body []byte
	Docs []Doc
}

// Store holds the dangling indexes of one cluster. It is safe for concurrent use.
type Store struct {
	mu     sync.Mutex
	byUUID map[string]*Index
}

// NewStore returns an empty store.
func NewStore() *Store { return &Store{byUUID: map[string]*Index{}} }

// Add records a dangling index; a second index with the same UUID replaces
// nothing and is an error.
func (s *Store) Add(x Index) *apierr.Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.byUUID[x.UUID]; ok {
		return apierr.IllegalArgument("a dangling index with UUID [%s] is already known", x.UUID)
	}
	c := x
	s.byUUID[x.UUID] = &c
	return nil
}

// List returns the dangling indexes sorted by name, then UUID.
func (s *Store) List() []Index {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Index, 0, len(s.byUUID))
	for _, x := range s.byUUID {
		out = append(out, *x)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].UUID < out[j].UUID
	})
	return out
}

// Find returns the dangling index with this UUID, or the server's error
// for an unknown one.
func (s *Store) Find(uuid string) (Index, *apierr.Error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	x, ok := s.byUUID[uuid]
	if !ok {
		return Index{}, apierr.IllegalArgument("No dangling index found for UUID [%s]", uuid)
	}
	return *x, nil
}

// Remove forgets a dangling index (imported or deleted); it reports whether
// the index was there.
func (s *Store) Remove(uuid string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.byUUID[uuid]
	delete(s.byUUID, uuid)
	return ok
}

// CheckAcceptDataLoss is the check import and delete make once the index is
// found: the caller must accept that the data may be stale or incomplete.
func CheckAcceptDataLoss(accept bool) *apierr.Error {
	if !accept {
		return apierr.IllegalArgument("accept_data_loss must be set to true")
	}
	return nil
}

// RenderList is ListDanglingIndicesResponse: the nodes header, the cluster
// name and one entry per index (creation_date first when human), in the
// iteration order of the server's HashMap of UUIDs.
func RenderList(clusterName string, nodes int, human bool, list []Index) jsonout.Object {
	// The response aggregates the nodes' answers in a HashMap keyed by UUID.
	byUUID := make(map[string]Index, len(list))
	uuids := make([]string, len(list))
	for i, x := range list {
		byUUID[x.UUID] = x
		uuids[i] = x.UUID
	}
	entries := make([]any, 0, len(list))
	for _, u := range settings.HashMapOrder(uuids) {
		x := byUUID[u]
		e := jsonout.Object{{Key: "index_name", Value: x.Name}, {Key: "index_uuid", Value: x.UUID}}
		if human {
			e = append(e, jsonout.Field{Key: "creation_date", Value: time.UnixMilli(x.CreationDate).UTC().Format("2006-01-02T15:04:05.000Z")})
		}
		ids := make([]any, len(x.NodeIDs))
		for i, id := range x.NodeIDs {
			ids[i] = id
		}
		e = append(e, jsonout.Field{Key: "creation_date_millis", Value: x.CreationDate}, jsonout.Field{Key: "node_ids", Value: ids})
		entries = append(entries, e)
	}
	return jsonout.Object{
		{Key: "_nodes", Value: jsonout.Object{{Key: "total", Value: nodes}, {Key: "successful", Value: nodes}, {Key: "failed", Value: 0}}},
		{Key: "cluster_name", Value: clusterName},
		{Key: "dangling_indices", Value: entries},
	}
}
