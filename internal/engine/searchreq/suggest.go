package searchreq

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/suggest"
	"github.com/clustersearch/clustersearch-go/internal/engine/urlparams"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// SuggestSpec is a search's suggest section and its results.
type SuggestSpec struct {
	Req       *suggest.Request
	TypedKeys bool
	// ran is set once the suggesters ran on at least one shard; results
	// are then rendered (a search over no shard has no "suggest").
	Ran     bool
	Results []suggest.Result
}

// parseSuggest reads the body's "suggest" section.
func (s *Spec) parseSuggest(m *xcontent.Member) error {
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
func (s *Spec) applySuggestParams(p urlparams.Params) error {
	if field, ok := p.Param("suggest_field"); ok {
		sg := suggest.NewTerm(field, field)
		if t, ok := p.Param("suggest_text"); ok {
			sg.Text = &t
		} else if q, ok := p.Param("q"); ok {
			sg.Text = &q
		}
		size, err := p.Int("suggest_size", 5)
		if err != nil {
			return err
		}
		if size <= 0 {
			return apierr.IllegalArgument("size must be positive")
		}
		sg.Size = int(size)
		mode, ok := p.Param("suggest_mode")
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
	if s.Suggest.TypedKeys, err = p.Bool("typed_keys", false); err != nil {
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

// A scroll may carry a suggest section: SearchRequest.validate has no rule
// against it, and every page's query phase runs the suggesters again on the
// scroll's reader, so each page repeats the first page's suggestions (the
// scroll handler renders the spec's results again).

// ScrollPageSuggest is the suggest section a later scroll page renders: the
// first page's results without typed keys, since typed_keys is a response
// parameter of the search request that the scroll request does not take.
func ScrollPageSuggest(sg *SuggestSpec) *SuggestSpec {
	if sg == nil || !sg.TypedKeys {
		return sg
	}
	page := *sg
	page.TypedKeys = false
	return &page
}
