package documents

import (
	"context"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// UpdateRequest is the body of Update and of a bulk update: a partial Doc or a Script,
// plus upsert options.
type UpdateRequest struct {
	Doc            any                 `json:"doc,omitempty"`             // fields to merge into the document
	Script         *types.Script       `json:"script,omitempty"`          // source, lang, params
	Upsert         any                 `json:"upsert,omitempty"`          // document to insert when none exists
	DocAsUpsert    *bool               `json:"doc_as_upsert,omitempty"`   // insert Doc when none exists
	ScriptedUpsert *bool               `json:"scripted_upsert,omitempty"` // run Script on Upsert even when inserting
	DetectNoop     *bool               `json:"detect_noop,omitempty"`     // default true: result "noop" when Doc changes nothing
	Source         *query.SourceFilter `json:"_source,omitempty"`         // return the updated source in Get
}

func (r *UpdateRequest) check() error {
	if r == nil {
		return errors.New("documents: an update needs a body with doc or script")
	}
	if r.Doc == nil && r.Script == nil {
		return errors.New("documents: an update needs doc or script")
	}
	if r.Doc != nil && r.Script != nil {
		return errors.New("documents: an update takes doc or script, not both")
	}
	return nil
}

// UpdateResponse is the answer to Update: result is updated, created (through an upsert,
// HTTP 201) or noop.
type UpdateResponse = WriteResponse

// Update changes document id of index with a partial document or a script
// (POST /<index>/_update/<id>).
//
//	client.Documents.Update(ctx, "books", "1", &documents.UpdateRequest{
//		Script: types.NewScript("ctx._source.likes += params.n", map[string]any{"n": 1}),
//		Upsert: map[string]any{"likes": 1},
//	}, nil)
func (s *Service) Update(ctx context.Context, index, id string, body *UpdateRequest, params *UpdateParams) (*UpdateResponse, error) {
	if index == "" || id == "" {
		return nil, errors.New("documents: Update needs an index and an id")
	}
	if err := body.check(); err != nil {
		return nil, err
	}
	return s.write(ctx, &transport.Request{Method: http.MethodPost, Path: transport.Path(index, "_update", id), Params: params, Body: body})
}
