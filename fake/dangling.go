package fake

import (
	"fmt"

	"github.com/clustersearch/clustersearch-go/internal/engine/dangling"
	"github.com/clustersearch/clustersearch-go/internal/engine/ids"
	"github.com/clustersearch/clustersearch-go/internal/engine/rest"
)

// DanglingIndex describes index data found on a node's disk that the
// cluster does not know, for AddDanglingIndex.
type DanglingIndex struct {
	Name string
	// UUID is the index uuid; empty gives a random one.
	UUID string
	// CreationDate is in ms since the epoch; zero means now.
	CreationDate int64
	// Body is the create-index body (settings, mappings) in any form
	// CreateIndex accepts, or nil for the defaults.
	Body any
	// Docs are the documents an import brings back.
	Docs []Doc
	// Nodes are the positions (0-based) of the nodes holding the data;
	// empty means the first node.
	Nodes []int
}

// AddDanglingIndex puts a dangling index on the nodes' disks: GET /_dangling
// lists it and POST /_dangling/<uuid> imports it with its documents. It
// returns the index uuid.
func (s *Server) AddDanglingIndex(d DanglingIndex) (string, error) {
	var body []byte
	if d.Body != nil {
		var err error
		if body, err = sourceBytes(d.Body); err != nil {
			return "", err
		}
	}
	if _, err := rest.ParseCreateIndex(d.Name, body); err != nil {
		return "", err
	}
	x := dangling.Index{Name: d.Name, UUID: d.UUID, CreationDate: d.CreationDate, Body: body}
	if x.UUID == "" {
		x.UUID = ids.RandomUUID()
	}
	if x.CreationDate == 0 {
		x.CreationDate = s.cfg.clock.Now().UnixMilli()
	}
	nodes := d.Nodes
	if len(nodes) == 0 {
		nodes = []int{0}
	}
	for _, n := range nodes {
		if n < 0 || n >= len(s.backend.Cluster.Nodes) {
			return "", fmt.Errorf("fake: dangling index %s: no node %d", d.Name, n)
		}
		x.NodeIDs = append(x.NodeIDs, s.backend.Cluster.Nodes[n].ID)
	}
	for i, doc := range d.Docs {
		src, err := sourceBytes(doc.Source)
		if err != nil {
			return "", fmt.Errorf("fake: dangling document %d: %w", i, err)
		}
		id := doc.ID
		if id == "" {
			id = s.backend.Indices.IDs.Next()
		}
		x.Docs = append(x.Docs, dangling.Doc{ID: id, Routing: doc.Routing, Source: src, Version: 1})
	}
	if err := s.ext.dangling.Store().Add(x); err != nil {
		return "", err
	}
	return x.UUID, nil
}

// DetachIndex makes a live index dangling, as when the cluster forgets an
// index whose data a node still holds: the index leaves the cluster and an
// import brings it back with its uuid, settings, mapping and documents. It
// returns the index uuid.
func (s *Server) DetachIndex(name string) (string, error) {
	x, err := s.ext.dangling.Detach(name)
	if err != nil {
		return "", err
	}
	return x.UUID, nil
}

// ExportIndex writes a live index, with its documents, to an index file.
// Put the file in the "dangling" folder of a data directory (see
// WithDataDir): a server started on that directory lists the index as
// dangling, as a node lists index data on its disk that the cluster state
// does not know.
func (s *Server) ExportIndex(name, path string) error {
	return s.ext.dangling.ExportIndex(name, path)
}
