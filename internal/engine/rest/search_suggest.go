package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/suggest"
)

// runWithSuggest runs the search and its suggestions (search.RunWithSuggest)
// and keeps the suggestions in spec for rendering.
func (b *Backend) runWithSuggest(req *search.Request, spec *searchreq.Spec) (*search.Result, *apierr.Error) {
	var sreq *suggest.Request
	if spec.Suggest != nil {
		sreq = spec.Suggest.Req
	}
	run, err := search.RunWithSuggest(req, sreq, spec.Query == nil, spec.Scroll)
	if err != nil {
		return nil, err
	}
	if run.Failed != nil {
		return nil, b.searchFailed(run.Failed)
	}
	if run.Ran {
		spec.Suggest.Results, spec.Suggest.Ran = run.Suggestions, true
	}
	return run.Result, nil
}

// appendSuggest adds the "suggest" section after the hits
// (search.RenderSuggestions), completion options rendered with the
// request's hit options.
func appendSuggest(out jsonout.Object, spec *searchreq.Spec) jsonout.Object {
	sg := spec.Suggest
	if sg == nil || !sg.Ran {
		return out
	}
	named := search.RenderSuggestions(sg.Results, sg.TypedKeys, func(w *suggest.Option) jsonout.Object { return completionOption(w, spec) })
	return append(out, jsonout.Field{Key: "suggest", Value: named})
}
