package search

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestScrollWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "search_sorted_int_total.json", "search_sorted_int_total.json")
	resp, err := svc.Scroll(context.Background(), "FGluY2x1ZGVfY29udGV4dF91dWlk", types.Duration(time.Minute), &ScrollParams{RestTotalHitsAsInt: query.Ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/_search/scroll", "rest_total_hits_as_int=true", `{"scroll":"1m","scroll_id":"FGluY2x1ZGVfY29udGV4dF91dWlk"}`)
	if resp.ScrollID == "" || resp.Hits.Total.Value != 3 || len(resp.Hits.Hits) != 2 {
		t.Errorf("resp = %+v", resp)
	}
	typed, err := ScrollAs[map[string]any](context.Background(), svc, "abc", 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/_search/scroll", "", `{"scroll_id":"abc"}`)
	if typed.Hits.Hits[0].Source["msg"] != "started" {
		t.Errorf("typed = %+v", typed.Hits.Hits[0])
	}
	if _, err := svc.Scroll(context.Background(), "", 0, nil); err == nil || !strings.Contains(err.Error(), "needs a scroll id") {
		t.Errorf("err = %v", err)
	}
}

func TestClearScrollWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, `{"succeeded":true,"num_freed":2}`, `{"succeeded":true,"num_freed":5}`)
	resp, err := svc.ClearScroll(context.Background(), "a", "b")
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "DELETE", "/_search/scroll", "", `{"scroll_id":["a","b"]}`)
	if !resp.Succeeded || resp.NumFreed != 2 {
		t.Errorf("resp = %+v", resp)
	}
	if _, err := svc.ClearAllScrolls(context.Background()); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "DELETE", "/_search/scroll", "", `{"scroll_id":["_all"]}`)
	sent := len(rec.Calls)
	for _, ids := range [][]string{nil, {}, {"a", ""}, {"_all"}} {
		if _, err := svc.ClearScroll(context.Background(), ids...); err == nil || !strings.Contains(err.Error(), "ClearScroll") {
			t.Errorf("ClearScroll(%q): err = %v", ids, err)
		}
	}
	if len(rec.Calls) != sent {
		t.Errorf("a refused ClearScroll sent a request")
	}
	sdktest.RoundTrip(t, []byte(`{"succeeded":true,"num_freed":2}`), new(ClearScrollResponse))
}

func TestCountWire(t *testing.T) {
	t.Parallel()
	answer := `{"count":42,"terminated_early":true,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0}}`
	svc, rec := newService(t, 200, answer, answer)
	params := &CountParams{AllowNoIndices: query.Ptr(false), Analyzer: "standard", AnalyzeWildcard: query.Ptr(true),
		DefaultOperator: "AND", DF: "title", ExpandWildcards: types.ExpandWildcards{"open", "hidden"}, IgnoreThrottled: query.Ptr(false),
		IgnoreUnavailable: query.Ptr(true), Lenient: query.Ptr(true), MinScore: query.Ptr(0.5), Preference: "_local",
		Q: "title:go", Routing: []string{"a", "b"}, TerminateAfter: query.Ptr(100)}
	resp, err := svc.Count(context.Background(), []string{"books", "films"}, &CountRequest{Query: query.Term("tags", "go")}, params)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/books,films/_count",
		"allow_no_indices=false&analyze_wildcard=true&analyzer=standard&default_operator=AND&df=title&expand_wildcards=open%2Chidden"+
			"&ignore_throttled=false&ignore_unavailable=true&lenient=true&min_score=0.5&preference=_local&q=title%3Ago&routing=a%2Cb&terminate_after=100",
		`{"query":{"term":{"tags":{"value":"go"}}}}`)
	if resp.Count != 42 || !*resp.TerminatedEarly || resp.Shards.Total != 2 {
		t.Errorf("resp = %+v", resp)
	}
	if _, err := svc.Count(context.Background(), nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/_count", "", "")
	sdktest.RoundTrip(t, []byte(answer), new(CountResponse))
}
