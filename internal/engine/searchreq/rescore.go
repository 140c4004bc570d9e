package searchreq

import (
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
		return nil, APIError(err)
	}
	return r, nil
}

// dropScoreSort forgets a sort on _score alone, descending: SortBuilder.buildSort
// builds no Lucene sort for it, so the hits carry no sort values, max_score is
// reported, rescore is allowed and search_after has no sort to follow.
func (s *Spec) dropScoreSort() {
	if len(s.Sort) == 1 && s.Sort[0].Kind == search.SortScore && s.Sort[0].Desc {
		s.Sort = nil
	}
}

// RescoreQueries are the rescorers' queries.
func (s *Spec) RescoreQueries() []dsl.Query {
	var out []dsl.Query
	for _, r := range s.Rescore {
		out = append(out, r.Query)
	}
	return out
}
