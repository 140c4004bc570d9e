package search_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

// hitLine renders a hit as id:score plus its sort values and fields, for comparisons.
func hitLine(h *search.RawHit) string {
	s := h.ID
	if h.Score != nil {
		s += fmt.Sprintf(":%g", *h.Score)
	}
	for _, v := range h.Sort {
		s += " " + string(v)
	}
	if f, ok := h.Fields["decade"]; ok {
		s += " decade=" + string(f)
	}
	return s
}

func TestScriptsAgainstFake(t *testing.T) {
	t.Parallel()
	srv := newMovies(t)
	client := srv.Client()
	ctx := context.Background()
	cases := []struct {
		name string
		req  *search.Request
		want string
	}{
		{"script query", &search.Request{Query: query.Script(types.NewScript("doc['year'].value > params.y", map[string]any{"y": 2010}))},
			"m2:1|m3:1|m4:1|m5:1"},
		{"script_score", &search.Request{Query: query.ScriptScoreOf(query.MatchAll(), &types.Script{Source: "doc['year'].value - 1990"})},
			"m4:30|m5:23|m2:21|m3:21|m1:8"},
		{"script_score boost and min_score", &search.Request{Query: query.ScriptScoreOf(query.MatchAll(), &types.Script{Source: "doc['year'].value - 1990"}).WithBoost(0.5).WithMinScore(11)},
			"m4:15|m5:11.5"},
		{"function_score script function", &search.Request{Query: query.FunctionScore(query.Match("title", "drive"),
			query.ScriptScoreFunction(nil, &types.Script{Source: "_score > 0 ? 2 : 0"}))},
			// BM25 of "drive" (idf ln 2.4, avgdl 2): 1.1005893 for dl 1, 0.72680414 for dl 3; times 2
			"m2:2.2011786|m4:1.4536083"},
		{"_script sort", &search.Request{Sort: []search.Sort{search.SortByScript("string", &types.Script{Source: "doc['id'].value"}, "desc")}},
			`m5 "m5"|m4 "m4"|m3 "m3"|m2 "m2"|m1 "m1"`},
		{"script_fields", &search.Request{Query: query.IDs("m1", "m4"), ScriptFields: map[string]search.ScriptField{
			"decade": {Script: &types.Script{Source: "doc['year'].value / 10 * 10"}}}},
			"m1:1 decade=[1990]|m4:1 decade=[2020]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, err := client.Search.Search(ctx, []string{"movies"}, c.req, nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, h := range resp.Hits.Hits {
				got = append(got, hitLine(h))
			}
			if strings.Join(got, "|") != c.want {
				t.Fatalf("got  %s\nwant %s", strings.Join(got, "|"), c.want)
			}
		})
	}

	// a runtime failure comes back as the search_phase_execution_exception of the real server
	_, err := client.Search.Search(ctx, []string{"movies"}, &search.Request{Query: query.Script(&types.Script{Source: "doc['title'].value == 'x'"})}, nil)
	var e *types.Error
	if !errors.As(err, &e) || e.StatusCode != 400 || e.Type != "search_phase_execution_exception" || len(e.RootCause) != 1 || e.RootCause[0].Type != "script_exception" {
		t.Fatalf("runtime error: %v", err)
	}
}
