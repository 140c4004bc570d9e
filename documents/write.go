package documents

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// WriteResponse is the answer to a single-document write (index, create, update, delete).
type WriteResponse struct {
	types.ResponseMeta

	Index         string                `json:"_index"`
	ID            string                `json:"_id"`
	Version       int64                 `json:"_version"`
	Result        string                `json:"result"` // created, updated, deleted, noop, not_found
	ForcedRefresh *bool                 `json:"forced_refresh,omitempty"`
	Shards        types.ShardStatistics `json:"_shards"`
	SeqNo         int64                 `json:"_seq_no"`
	PrimaryTerm   int64                 `json:"_primary_term"`
	// Get holds the updated document when Update was asked for _source.
	Get *InlineGet `json:"get,omitempty"`
}

// InlineGet is the document embedded in an update (or bulk update) answer.
type InlineGet struct {
	SeqNo       *int64                     `json:"_seq_no,omitempty"`
	PrimaryTerm *int64                     `json:"_primary_term,omitempty"`
	Found       bool                       `json:"found"`
	Routing     string                     `json:"_routing,omitempty"`
	Ignored     []string                   `json:"_ignored,omitempty"`
	Source      json.RawMessage            `json:"_source,omitempty"`
	Fields      map[string]json.RawMessage `json:"fields,omitempty"`
}

// Index stores document in index: with an id under that id (PUT /<index>/_doc/<id>,
// replacing any document there), without one under a generated id (POST /<index>/_doc).
// document is any value that marshals to a JSON object, or raw JSON ([]byte or json.RawMessage).
func (s *Service) Index(ctx context.Context, index, id string, document any, params *IndexParams) (*WriteResponse, error) {
	if index == "" {
		return nil, errors.New("documents: Index needs an index")
	}
	body, err := documentBody(document)
	if err != nil {
		return nil, err
	}
	req := &transport.Request{Method: http.MethodPost, Path: transport.Path(index, "_doc"), Params: params, Body: body}
	if id != "" {
		req.Method = http.MethodPut
		req.Path = transport.Path(index, "_doc", id)
	}
	return s.write(ctx, req)
}

// Create stores document under id only if no document has that id (PUT /<index>/_create/<id>);
// otherwise the server answers 409 (types.IsConflict).
func (s *Service) Create(ctx context.Context, index, id string, document any, params *IndexParams) (*WriteResponse, error) {
	if index == "" || id == "" {
		return nil, errors.New("documents: Create needs an index and an id")
	}
	body, err := documentBody(document)
	if err != nil {
		return nil, err
	}
	return s.write(ctx, &transport.Request{Method: http.MethodPut, Path: transport.Path(index, "_create", id), Params: params, Body: body})
}

// Delete removes document id from index. A missing document answers 404 (types.IsNotFound).
func (s *Service) Delete(ctx context.Context, index, id string, params *DeleteParams) (*WriteResponse, error) {
	if index == "" || id == "" {
		return nil, errors.New("documents: Delete needs an index and an id")
	}
	return s.write(ctx, &transport.Request{Method: http.MethodDelete, Path: transport.Path(index, "_doc", id), Params: params})
}

func (s *Service) write(ctx context.Context, req *transport.Request) (*WriteResponse, error) {
	out := new(WriteResponse)
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}

// documentBody returns raw JSON as is and anything else for JSON encoding; a missing
// document is an error rather than a "null" body.
func documentBody(document any) (any, error) {
	switch d := document.(type) {
	case nil:
		return nil, errors.New("documents: the document is nil")
	case []byte:
		if !jsonx.Valid(d) {
			return nil, errors.New("documents: the raw document is not valid JSON")
		}
		return d, nil
	case json.RawMessage:
		if !jsonx.Valid(d) {
			return nil, errors.New("documents: the raw document is not valid JSON")
		}
		return []byte(d), nil
	case string:
		return nil, errors.New("documents: pass a raw JSON document as []byte, not string")
	}
	return document, nil
}
