package search_test

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

// The span builders against the fake: "the cruise" and "the drive" are
// the titles with "the" right before a word starting with "dr" or "cr".
func TestSpanBuildersAgainstFake(t *testing.T) {
	t.Parallel()
	srv := newMovies(t)
	q := query.SpanNear(0, true, query.SpanTerm("title", "the"),
		query.SpanOr(query.SpanMulti(query.Prefix("title", "dr")), query.SpanMulti(query.Prefix("title", "cr"))))
	resp, err := srv.Client().Search.Search(context.Background(), []string{"movies"}, &search.Request{Query: q, Sort: []search.Sort{search.SortBy("id", "asc")}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, h := range resp.Hits.Hits {
		ids = append(ids, h.ID)
	}
	if len(ids) != 2 || ids[0] != "m1" || ids[1] != "m4" {
		t.Errorf("hits = %v, want [m1 m4]", ids)
	}
}
