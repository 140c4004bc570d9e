package documents

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// MGetDoc names one document of MGet. Index may be empty when MGet is given a
// default index.
type MGetDoc struct {
	Index        string              `json:"_index,omitempty"`
	ID           string              `json:"_id"`
	Routing      string              `json:"routing,omitempty"`
	Source       *query.SourceFilter `json:"_source,omitempty"`
	StoredFields []string            `json:"stored_fields,omitempty"`
}

// MGetParams are the URL parameters of MGet; they apply to every document
// that does not say otherwise.
type MGetParams struct {
	Preference     string              `url:"preference,omitempty"`
	Realtime       *bool               `url:"realtime,omitempty"`
	Refresh        *bool               `url:"refresh,omitempty"`
	Routing        string              `url:"routing,omitempty"`
	Source         *query.SourceFilter `url:"_source,omitempty"`
	SourceExcludes []string            `url:"_source_excludes,comma,omitempty"`
	SourceIncludes []string            `url:"_source_includes,comma,omitempty"`
	StoredFields   []string            `url:"stored_fields,comma,omitempty"`
}

// MGetResponse is the answer of MGet, each _source kept raw.
type MGetResponse = MGetResult[json.RawMessage]

// MGetResult is the answer of MGetAs: one item per requested document, in
// the order asked.
type MGetResult[S any] struct {
	types.ResponseMeta

	Docs []MGetItem[S] `json:"docs"`
}

// MGetItem is one document of an MGet. A document that does not exist has
// Found false; one that could not be read (a missing index, say) has Error
// set instead, while the other items are still answered.
type MGetItem[S any] struct {
	Index       string                     `json:"_index"`
	ID          string                     `json:"_id"`
	Version     *int64                     `json:"_version,omitempty"`
	SeqNo       *int64                     `json:"_seq_no,omitempty"`
	PrimaryTerm *int64                     `json:"_primary_term,omitempty"`
	Found       bool                       `json:"found"`
	Routing     string                     `json:"_routing,omitempty"`
	Source      S                          `json:"_source,omitempty"`
	Fields      map[string]json.RawMessage `json:"fields,omitempty"`
	Error       *types.ErrorCause          `json:"error,omitempty"`
}

// MGet reads several documents in one request (POST /[<index>/]_mget), in real
// time as Get does. index is the default for docs that name none; it may be
// empty when each doc names its index.
func (s *Service) MGet(ctx context.Context, index string, docs []MGetDoc, params *MGetParams) (*MGetResponse, error) {
	return MGetAs[json.RawMessage](ctx, s, index, docs, params)
}

// MGetAs is MGet with every _source decoded into S.
func MGetAs[S any](ctx context.Context, s *Service, index string, docs []MGetDoc, params *MGetParams) (*MGetResult[S], error) {
	if len(docs) == 0 {
		return nil, errors.New("documents: MGet needs at least one document")
	}
	for i, d := range docs {
		if d.ID == "" {
			return nil, errors.New("documents: MGet: document " + strconv.Itoa(i) + " has no id")
		}
		if d.Index == "" && index == "" {
			return nil, errors.New("documents: MGet: document " + strconv.Itoa(i) + " names no index and there is no default index")
		}
	}
	body := struct {
		Docs []MGetDoc `json:"docs"`
	}{docs}
	out := new(MGetResult[S])
	req := &transport.Request{Method: http.MethodPost, Path: transport.Path(index, "_mget"), Params: params, Body: body}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}
