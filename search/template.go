package search

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// TemplateRequest is a search template: a mustache Source (a string, or
// any value that marshals to the template's JSON) or the ID of a stored
// script with lang "mustache", rendered with Params into a search body.
type TemplateRequest struct {
	ID      string         `json:"id,omitempty"`
	Source  any            `json:"source,omitempty"`
	Params  map[string]any `json:"params,omitempty"`
	Explain *bool          `json:"explain,omitempty"`
	Profile *bool          `json:"profile,omitempty"`
}

// validate refuses a template without its script before any request.
func (t *TemplateRequest) validate() error {
	if t == nil || (t.ID == "" && t.Source == nil) {
		return errors.New("search: a template needs an ID or a Source")
	}
	return nil
}

// TemplateParams are the URL parameters of SearchTemplate.
type TemplateParams struct {
	AllowNoIndices        *bool                 `url:"allow_no_indices,omitempty"`
	CCSMinimizeRoundtrips *bool                 `url:"ccs_minimize_roundtrips,omitempty"`
	ExpandWildcards       types.ExpandWildcards `url:"expand_wildcards,omitempty"`
	IgnoreThrottled       *bool                 `url:"ignore_throttled,omitempty"`
	IgnoreUnavailable     *bool                 `url:"ignore_unavailable,omitempty"`
	Preference            string                `url:"preference,omitempty"`
	RestTotalHitsAsInt    *bool                 `url:"rest_total_hits_as_int,omitempty"`
	Routing               []string              `url:"routing,comma,omitempty"`
	Scroll                types.Duration        `url:"scroll,omitempty"`
	SearchType            string                `url:"search_type,omitempty"`
	TypedKeys             *bool                 `url:"typed_keys,omitempty"`
}

// SearchTemplate renders a search template and runs the search over indices
// (none means all): GET/POST /_search/template, /<index>/_search/template.
//
//	resp, err := client.Search.SearchTemplate(ctx, []string{"books"}, &search.TemplateRequest{
//		ID:     "by_author",
//		Params: map[string]any{"author": "knuth"},
//	}, nil)
func (s *Service) SearchTemplate(ctx context.Context, indices []string, body *TemplateRequest, params *TemplateParams) (*Response, error) {
	if err := body.validate(); err != nil {
		return nil, err
	}
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	req := &transport.Request{Method: http.MethodPost, Path: transport.Path(target, "_search", "template"), Params: params, Body: body}
	out := new(Response)
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}

// RenderTemplateResponse is the search body a template renders to.
type RenderTemplateResponse struct {
	types.ResponseMeta

	TemplateOutput json.RawMessage `json:"template_output"`
}

// RenderTemplate renders a search template without running it
// (POST /_render/template): a way to check what a template sends.
func (s *Service) RenderTemplate(ctx context.Context, body *TemplateRequest) (*RenderTemplateResponse, error) {
	if err := body.validate(); err != nil {
		return nil, err
	}
	req := &transport.Request{Method: http.MethodPost, Path: "/_render/template", Body: body}
	out := new(RenderTemplateResponse)
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}
