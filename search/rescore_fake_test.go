package search_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

// rankedMovies scores m1..m5 with 5, 4, 3, 2 and 1.
func rankedMovies() query.Query {
	b := query.Bool()
	for i, id := range []string{"m1", "m2", "m3", "m4", "m5"} {
		b.Should(query.ConstantScore(query.IDs(id)).WithBoost(float64(5 - i)))
	}
	return b
}

func TestRescoreAgainstFake(t *testing.T) {
	t.Parallel()
	srv := newMovies(t)
	client := srv.Client()
	ctx := context.Background()

	// Window 3: m1 and m2 keep first pass * 0.5, m3 matches (3*0.5 +
	// 10*1.5); m4 and m5 past the window get first pass * 0.5.
	req := &search.Request{
		Query:  rankedMovies(),
		Source: query.SourceOff(),
		Rescore: []search.Rescore{{WindowSize: query.Ptr(3), Query: search.RescoreQuery{
			RescoreQuery: query.ConstantScore(query.IDs("m3")).WithBoost(10),
			QueryWeight:  query.Ptr(0.5), RescoreQueryWeight: query.Ptr(1.5), ScoreMode: search.RescoreTotal,
		}}},
	}
	resp, err := client.Search.Search(ctx, []string{"movies"}, req, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range resp.Hits.Hits {
		got = append(got, h.ID+"="+strconv.FormatFloat(*h.Score, 'g', -1, 64))
	}
	if strings.Join(got, " ") != "m3=16.5 m1=2.5 m2=2 m4=1 m5=0.5" || *resp.Hits.MaxScore != 16.5 {
		t.Errorf("hits %v max %v", got, *resp.Hits.MaxScore)
	}

	// The explanation of the rescored hit: sum of the two weighted products.
	req.Explain, req.Size = query.Ptr(true), query.Ptr(1)
	resp, err = client.Search.Search(ctx, []string{"movies"}, req, nil)
	if err != nil {
		t.Fatal(err)
	}
	ex := resp.Hits.Hits[0].Explanation
	if ex == nil || ex.Value != 16.5 || ex.Description != "sum of:" || len(ex.Details) != 2 {
		t.Fatalf("explanation %+v", ex)
	}
	prim, sec := ex.Details[0], ex.Details[1]
	if prim.Value != 1.5 || prim.Description != "product of:" || prim.Details[1].Description != "primaryWeight" || prim.Details[1].Value != 0.5 {
		t.Errorf("primary %+v", prim)
	}
	if sec.Value != 15 || sec.Description != "product of:" || sec.Details[0].Description != "ConstantScore(_id:(m3))^10.0" ||
		sec.Details[1].Description != "secondaryWeight" || sec.Details[1].Value != 1.5 {
		t.Errorf("secondary %+v", sec)
	}

	// Rescoring with a field sort fails on every shard.
	_, err = client.Search.Search(ctx, []string{"movies"}, &search.Request{
		Sort:    []search.Sort{search.SortBy("year", "desc")},
		Rescore: []search.Rescore{search.QueryRescore(query.MatchAll())},
	}, nil)
	var e *types.Error
	if !errors.As(err, &e) || e.StatusCode != 400 || e.Type != "search_phase_execution_exception" ||
		len(e.RootCause) != 1 || e.RootCause[0].Reason != "Cannot use [sort] option in conjunction with [rescore]." {
		t.Errorf("sort with rescore: %v", err)
	}
}
