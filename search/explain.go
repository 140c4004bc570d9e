package search

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// ExplainRequest is the body of Explain.
type ExplainRequest struct {
	Query query.Query `json:"query,omitempty"`
}

// ExplainResponse tells whether document id matches the query and how its score is computed.
type ExplainResponse struct {
	types.ResponseMeta

	Index       string             `json:"_index"`
	ID          string             `json:"_id"`
	Matched     bool               `json:"matched"`
	Explanation *types.Explanation `json:"explanation,omitempty"` // absent when the document does not exist
	Get         *ExplainGet        `json:"get,omitempty"`         // with _source or stored_fields
}

// ExplainGet is the document part of an explain answer, present when _source or
// stored_fields were asked for.
type ExplainGet struct {
	SeqNo       *int64                     `json:"_seq_no,omitempty"`
	PrimaryTerm *int64                     `json:"_primary_term,omitempty"`
	Found       bool                       `json:"found"`
	Routing     string                     `json:"_routing,omitempty"`
	Ignored     []string                   `json:"_ignored,omitempty"`
	Source      json.RawMessage            `json:"_source,omitempty"`
	Fields      map[string]json.RawMessage `json:"fields,omitempty"`
}

// Explain computes the score explanation of document id in index (exactly one index) for
// body's query, or for params.Q. A missing document answers 404 (types.IsNotFound).
func (s *Service) Explain(ctx context.Context, index, id string, body *ExplainRequest, params *ExplainParams) (*ExplainResponse, error) {
	if index == "" || id == "" {
		return nil, errors.New("search: Explain needs an index and a document id")
	}
	req := &transport.Request{
		Method: http.MethodGet,
		Path:   transport.Path(index, "_explain", id),
		Params: params,
	}
	if body != nil {
		req.Method = http.MethodPost
		req.Body = body
	}
	out := new(ExplainResponse)
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}
