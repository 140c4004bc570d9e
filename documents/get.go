package documents

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// GetResponse is a document read with Get, its _source kept raw.
type GetResponse = GetResult[json.RawMessage]

// GetResult is a document read with GetAs, its _source decoded into S.
type GetResult[S any] struct {
	types.ResponseMeta

	Index       string                     `json:"_index"`
	ID          string                     `json:"_id"`
	Version     *int64                     `json:"_version,omitempty"`
	SeqNo       *int64                     `json:"_seq_no,omitempty"`
	PrimaryTerm *int64                     `json:"_primary_term,omitempty"`
	Found       bool                       `json:"found"`
	Routing     string                     `json:"_routing,omitempty"`
	Ignored     []string                   `json:"_ignored,omitempty"`
	Source      S                          `json:"_source,omitempty"`
	Fields      map[string]json.RawMessage `json:"fields,omitempty"`
}

// Get reads document id of index in real time (GET /<index>/_doc/<id>). A missing document
// answers 404: the error satisfies types.IsNotFound.
func (s *Service) Get(ctx context.Context, index, id string, params *GetParams) (*GetResponse, error) {
	return GetAs[json.RawMessage](ctx, s, index, id, params)
}

// GetAs is Get with the _source decoded into S in the same pass.
func GetAs[S any](ctx context.Context, s *Service, index, id string, params *GetParams) (*GetResult[S], error) {
	if index == "" || id == "" {
		return nil, errors.New("documents: Get needs an index and an id")
	}
	out := new(GetResult[S])
	req := &transport.Request{Method: http.MethodGet, Path: transport.Path(index, "_doc", id), Params: params}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}

// Exists reports whether document id exists in index (HEAD /<index>/_doc/<id>).
// A 404 is false with no error; any other failure is an error.
func (s *Service) Exists(ctx context.Context, index, id string, params *GetParams) (bool, error) {
	if index == "" || id == "" {
		return false, errors.New("documents: Exists needs an index and an id")
	}
	_, err := s.t.Perform(ctx, &transport.Request{Method: http.MethodHead, Path: transport.Path(index, "_doc", id), Params: params})
	switch {
	case err == nil:
		return true, nil
	case types.IsNotFound(err):
		return false, nil
	}
	return false, err
}
