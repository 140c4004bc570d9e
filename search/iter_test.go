package search

import (
	"context"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
)

const (
	page1 = `{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":3,"relation":"eq"},"max_score":null,"hits":[
		{"_index":"books","_id":"a","_score":null,"_source":{"title":"A","year":1},"sort":["a"]},
		{"_index":"books","_id":"b","_score":null,"_source":{"title":"B","year":2},"sort":["b"]}]}}`
	page2 = `{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":3,"relation":"eq"},"max_score":null,"hits":[
		{"_index":"books","_id":"c","_score":null,"_source":{"title":"C","year":3},"sort":["c"]}]}}`
)

func TestAllPagesWithSearchAfter(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, page1, page2)
	body := &Request{Query: query.MatchAll(), Sort: []Sort{SortBy("id", "asc")}, Size: query.Ptr(2)}
	var titles []string
	for hit, err := range All[book](context.Background(), svc, []string{"books"}, body, nil) {
		if err != nil {
			t.Fatal(err)
		}
		titles = append(titles, hit.Source.Title)
	}
	if strings.Join(titles, ",") != "A,B,C" {
		t.Fatalf("titles = %v", titles)
	}
	if len(rec.Calls) != 2 {
		t.Fatalf("%d requests, want 2", len(rec.Calls))
	}
	sdktest.CheckCall(t, rec.Calls[0], "POST", "/books/_search", "", `{"query":{"match_all":{}},"size":2,"sort":[{"id":"asc"}]}`)
	sdktest.CheckCall(t, rec.Calls[1], "POST", "/books/_search", "", `{"query":{"match_all":{}},"size":2,"sort":[{"id":"asc"}],"search_after":["b"]}`)
	if body.SearchAfter != nil {
		t.Error("All must not change the caller's request")
	}
}

func TestAllStopsWhenTheCallerBreaks(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, page1, page2)
	for hit, err := range All[book](context.Background(), svc, nil, &Request{Sort: []Sort{SortBy("id", "asc")}, Size: query.Ptr(2)}, nil) {
		if err != nil || hit.ID != "a" {
			t.Fatalf("%v %v", hit, err)
		}
		break
	}
	if len(rec.Calls) != 1 {
		t.Fatalf("%d requests after break, want 1", len(rec.Calls))
	}
}

func TestAllYieldsErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		body *Request
		want string
	}{
		{"no body", nil, "needs a request with a sort"},
		{"no sort", &Request{}, "needs a request with a sort"},
		{"from", &Request{Sort: []Sort{SortByScore()}, From: query.Ptr(10)}, "from > 0"},
		{"size 0", &Request{Sort: []Sort{SortByScore()}, Size: query.Ptr(0)}, "page size"},
	}
	for _, c := range cases {
		svc, _ := newService(t, 200)
		n := 0
		for hit, err := range All[book](context.Background(), svc, nil, c.body, nil) {
			n++
			if hit != nil || err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v %v", c.name, hit, err)
			}
		}
		if n != 1 {
			t.Errorf("%s: yielded %d times", c.name, n)
		}
	}
	svc, _ := newService(t, 500, `{"error":{"type":"x","reason":"boom"},"status":500}`)
	for _, err := range All[book](context.Background(), svc, nil, &Request{Sort: []Sort{SortByScore()}}, nil) {
		if err == nil || !strings.Contains(err.Error(), "boom") {
			t.Errorf("err = %v", err)
		}
	}
}

func TestAllReportsANullHit(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 200, `{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"failed":0},"hits":{"max_score":null,"hits":[null]}}`)
	for hit, err := range All[book](context.Background(), svc, nil, &Request{Sort: []Sort{SortByScore()}}, nil) {
		if hit != nil || err == nil || !strings.Contains(err.Error(), "null hit") {
			t.Fatalf("%v %v", hit, err)
		}
	}
}
