package fake

import (
	"encoding/json"
	"fmt"

	"github.com/clustersearch/clustersearch-go/internal/engine/rest"
)

// Doc is a document for IndexDocuments.
type Doc struct {
	ID      string // empty: an id is generated as the index API does
	Routing string
	// Source is the document: []byte, json.RawMessage or string are used as
	// JSON text; anything else is encoded with encoding/json.
	Source any
}

func sourceBytes(v any) ([]byte, error) {
	switch x := v.(type) {
	case []byte:
		return x, nil
	case json.RawMessage:
		return x, nil
	case string:
		return []byte(x), nil
	}
	return json.Marshal(v)
}

// CreateIndex creates an index without HTTP; body is the create-index body
// (settings, mappings) in any form sourceBytes accepts, or nil.
func (s *Server) CreateIndex(name string, body any) error {
	var raw []byte
	if body != nil {
		var err error
		if raw, err = sourceBytes(body); err != nil {
			return err
		}
	}
	req, err := rest.ParseCreateIndex(name, raw)
	if err != nil {
		return err
	}
	if _, e := s.backend.Indices.Create(req); e != nil {
		return e
	}
	return nil
}

// IndexDocuments indexes documents without HTTP (auto-creating the index) and
// refreshes the index so searches see them.
func (s *Server) IndexDocuments(index string, docs ...Doc) error {
	return s.indexDocs(index, true, docs)
}

// IndexDocumentsNoRefresh indexes documents without refreshing: searches see
// them only after the next refresh, GET sees them at once.
func (s *Server) IndexDocumentsNoRefresh(index string, docs ...Doc) error {
	return s.indexDocs(index, false, docs)
}

func (s *Server) indexDocs(index string, refresh bool, docs []Doc) error {
	dd := make([]rest.DirectDoc, len(docs))
	for i, d := range docs {
		src, err := sourceBytes(d.Source)
		if err != nil {
			return fmt.Errorf("fake: document %d: %w", i, err)
		}
		dd[i] = rest.DirectDoc{ID: d.ID, Routing: d.Routing, Source: src}
	}
	return s.backend.IndexDirect(index, refresh, dd...)
}

// Document returns the stored _source of a document (realtime) and whether it exists.
func (s *Server) Document(index, id string) (json.RawMessage, bool) {
	src, ok := s.backend.GetDirect(index, id, "")
	return src, ok
}

// DocumentRouted is Document for a document indexed with a routing value.
func (s *Server) DocumentRouted(index, id, routing string) (json.RawMessage, bool) {
	src, ok := s.backend.GetDirect(index, id, routing)
	return src, ok
}

// Refresh refreshes every index.
func (s *Server) Refresh() {
	for _, x := range s.backend.Indices.All() {
		x.Refresh(s.backend.Indices)
	}
}

// Reset deletes every index and every index template, as the conformance
// runner's wipe between tests.
func (s *Server) Reset() {
	s.backend.Indices.Reset()
	if s.ext != nil && s.ext.templates != nil {
		s.ext.templates.Reset()
	}
}
