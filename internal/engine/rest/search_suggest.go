package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/suggest"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// suggestSpec is a search's suggest section and its results.
type SuggestSpec struct {
	Req       *suggest.Request
	TypedKeys bool
	// ran is set once the suggesters ran on at least one shard; results
	// are then rendered (a search over no shard has no "suggest").
	Ran     bool
	Results []suggest.Result
}

// parseSuggest reads the body's "suggest" section.
func (s *searchSpec) parseSuggest(m *xcontent.Member) error {
	if m.Value.Kind != xcontent.Object {
		return unknownKey(m)
	}
	req, err := suggest.Parse(&m.Value)
	if err != nil {
		return err
	}
	s.Suggest = &SuggestSpec{Req: req}
	return nil
}

// applySuggestParams builds the term suggestion of suggest_field as
// RestSearchAction.parseSearchRequest does (named after the field, text from
// suggest_text or q, size from suggest_size, mode from suggest_mode), reads
// typed_keys, and checks what the fake cannot run.
func (s *searchSpec) applySuggestParams(r *Request) error {
	if field, ok := r.Param("suggest_field"); ok {
		sg := suggest.NewTerm(field, field)
		if t, ok := r.Param("suggest_text"); ok {
			sg.Text = &t
		} else if q, ok := r.Param("q"); ok {
			sg.Text = &q
		}
		size, err := r.Int("suggest_size", 5)
		if err != nil {
			return err
		}
		if size <= 0 {
			return apierr.IllegalArgument("size must be positive")
		}
		sg.Size = int(size)
		mode, ok := r.Param("suggest_mode")
		if !ok {
			// SuggestMode.resolve(null): Objects.requireNonNull fails.
			return apierr.New(typeNullPointer, "Input string is null")
		}
		if sg.Term.Mode, err = suggestMode(mode); err != nil {
			return err
		}
		s.Suggest = &SuggestSpec{Req: &suggest.Request{Suggestions: []*suggest.Suggestion{sg}}}
	}
	if s.Suggest == nil {
		return nil
	}
	var err error
	if s.Suggest.TypedKeys, err = r.Bool("typed_keys", false); err != nil {
		return err
	}
	if what := s.Suggest.Req.Unsupported(); what != "" {
		return apierr.Unsupported(what)
	}
	return nil
}

// typeNullPointer is Java's NullPointerException (a 500).
const typeNullPointer = "null_pointer_exception"

// suggestMode resolves suggest_mode, returning a nil error (not a typed nil
// *apierr.Error) when it is valid.
func suggestMode(s string) (suggest.SuggestMode, error) {
	m, err := suggest.ParseMode(s)
	if err != nil {
		return 0, err
	}
	return m, nil
}

// runWithSuggest runs the search and its suggestions (search.RunWithSuggest)
// and keeps the suggestions in spec for rendering.
func (b *Backend) runWithSuggest(req *search.Request, spec *searchSpec) (*search.Result, *apierr.Error) {
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
func appendSuggest(out jsonout.Object, spec *searchSpec) jsonout.Object {
	sg := spec.Suggest
	if sg == nil || !sg.Ran {
		return out
	}
	named := search.RenderSuggestions(sg.Results, sg.TypedKeys, func(w *suggest.Option) jsonout.Object { return completionOption(w, spec) })
	return append(out, jsonout.Field{Key: "suggest", Value: named})
}
