package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// parseRescore reads the body's "rescore": one rescorer object or an array
// of them (SearchSourceBuilder); any other value is an unknown key.
func parseRescore(m *xcontent.Member) ([]dsl.Rescore, error) {
	if m.Value.Kind != xcontent.Object && m.Value.Kind != xcontent.Array {
		return nil, unknownKey(m)
	}
	r, err := dsl.ParseRescore(&m.Value)
	if err != nil {
		return nil, xerr(err)
	}
	return r, nil
}

// dropScoreSort forgets a sort on _score alone, descending: SortBuilder.buildSort
// builds no Lucene sort for it, so the hits carry no sort values, max_score is
// reported, rescore is allowed and search_after has no sort to follow.
func (s *searchSpec) dropScoreSort() {
	if len(s.Sort) == 1 && s.Sort[0].Kind == search.SortScore && s.Sort[0].Desc {
		s.Sort = nil
	}
}

// rescoreQueries are the rescorers' queries.
func (s *searchSpec) RescoreQueries() []dsl.Query {
	var out []dsl.Query
	for _, r := range s.Rescore {
		out = append(out, r.Query)
	}
	return out
}

// rescoreCollapseCause is SearchService.parseSource's refusal of collapse
// with rescore, or nil.
func rescoreCollapseCause(s *searchSpec) *apierr.Error {
	if s.Collapse != "" && len(s.Rescore) > 0 {
		return apierr.New("search_exception", "cannot use `collapse` in conjunction with `rescore`")
	}
	return nil
}

// rescoreCause is DefaultSearchContext.preProcess's check of the rescorers
// (after the result window's): no sort, and each window within
// index.max_rescore_window (maxWindow). nil when they pass.
func rescoreCause(s *searchSpec, maxWindow int) *apierr.Error {
	if len(s.Rescore) == 0 {
		return nil
	}
	if len(s.Sort) > 0 {
		return apierr.IllegalArgument("Cannot use [sort] option in conjunction with [rescore].")
	}
	for _, r := range s.Rescore {
		if r.WindowSize > maxWindow {
			return apierr.IllegalArgument("Rescore window [%d] is too large. It must be less than [%d]. This prevents allocating massive heaps for storing the results to be rescored. This limit can be set by changing the [index.max_rescore_window] index level setting.", r.WindowSize, maxWindow)
		}
	}
	return nil
}
