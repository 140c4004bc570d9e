package search

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

const (
	scrollPage1 = `{"_scroll_id":"s1","took":1,"timed_out":false,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0},"hits":{"total":3,"max_score":1.0,"hits":[
		{"_index":"books","_id":"a","_score":1.0,"_source":{"title":"A"}},
		{"_index":"books","_id":"b","_score":1.0,"_source":{"title":"B"}}]}}`
	scrollPage2 = `{"_scroll_id":"s2","took":1,"timed_out":false,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0},"hits":{"total":3,"max_score":1.0,"hits":[
		{"_index":"books","_id":"c","_score":1.0,"_source":{"title":"C"}}]}}`
	scrollEmpty  = `{"_scroll_id":"s2","took":1,"timed_out":false,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0},"hits":{"total":3,"max_score":1.0,"hits":[]}}`
	scrollFailed = `{"_scroll_id":"s1","took":1,"timed_out":false,"_shards":{"total":2,"successful":1,"skipped":0,"failed":1,"failures":[{"shard":1,"index":"books","node":"n1","reason":{"type":"script_exception","reason":"runtime error"}}]},"hits":{"total":3,"max_score":1.0,"hits":[
		{"_index":"books","_id":"c","_score":1.0,"_source":{"title":"C"}}]}}`
	clearedOne = `{"succeeded":true,"num_freed":1}`
)

func scrollTitles(t *testing.T, svc *Service, params *Params) ([]string, error) {
	t.Helper()
	var titles []string
	body := &Request{Query: query.MatchAll(), Size: query.Ptr(2)}
	for hit, err := range ScrollAll[book](context.Background(), svc, []string{"books"}, body, types.Duration(time.Minute), params) {
		if err != nil {
			return titles, err
		}
		titles = append(titles, hit.Source.Title)
	}
	return titles, nil
}

func TestScrollAllPagesAndClears(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, scrollPage1, scrollPage2, scrollEmpty, clearedOne)
	titles, err := scrollTitles(t, svc, &Params{RestTotalHitsAsInt: query.Ptr(true), Scroll: types.Duration(time.Hour)})
	if err != nil || strings.Join(titles, ",") != "A,B,C" {
		t.Fatalf("titles %v, %v", titles, err)
	}
	if len(rec.Calls) != 4 {
		t.Fatalf("%d requests, want 4", len(rec.Calls))
	}
	sdktest.CheckCall(t, rec.Calls[0], "POST", "/books/_search", "rest_total_hits_as_int=true&scroll=1m", `{"query":{"match_all":{}},"size":2}`)
	sdktest.CheckCall(t, rec.Calls[1], "POST", "/_search/scroll", "rest_total_hits_as_int=true", `{"scroll":"1m","scroll_id":"s1"}`)
	sdktest.CheckCall(t, rec.Calls[2], "POST", "/_search/scroll", "rest_total_hits_as_int=true", `{"scroll":"1m","scroll_id":"s2"}`)
	sdktest.CheckCall(t, rec.Calls[3], "DELETE", "/_search/scroll", "", `{"scroll_id":["s2"]}`)
}

func TestScrollAllClearsWhenTheCallerBreaks(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, scrollPage1, clearedOne)
	for hit, err := range ScrollAll[book](context.Background(), svc, nil, nil, types.Duration(time.Minute), nil) {
		if err != nil || hit.ID != "a" {
			t.Fatalf("%v %v", hit, err)
		}
		break
	}
	if len(rec.Calls) != 2 {
		t.Fatalf("%d requests after break, want 2", len(rec.Calls))
	}
	sdktest.CheckCall(t, rec.Calls[0], "GET", "/_search", "scroll=1m", "")
	sdktest.CheckCall(t, rec.Calls[1], "DELETE", "/_search/scroll", "", `{"scroll_id":["s1"]}`)
}

func TestScrollAllShardFailures(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, scrollPage1, scrollFailed, clearedOne)
	titles, err := scrollTitles(t, svc, nil)
	var se *ScrollShardsError
	if !errors.As(err, &se) || strings.Join(titles, ",") != "A,B,C" {
		t.Fatalf("titles %v, error %v", titles, err)
	}
	if err.Error() != "search: a scroll page failed on 1 of 2 shards" || se.Shards.Failures[0].Reason.Type != "script_exception" {
		t.Errorf("error %q, shards %+v", err, se.Shards)
	}
	if len(rec.Calls) != 3 {
		t.Fatalf("%d requests, want 3", len(rec.Calls))
	}
	sdktest.CheckCall(t, rec.Calls[2], "DELETE", "/_search/scroll", "", `{"scroll_id":["s1"]}`)
}

func TestScrollAllErrors(t *testing.T) {
	t.Parallel()
	missing := `{"error":{"root_cause":[{"type":"search_context_missing_exception","reason":"No search context found for id [1]"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[],"caused_by":{"type":"search_context_missing_exception","reason":"No search context found for id [1]"}},"status":404}`
	svc, rec := newService(t, 200, scrollPage1)
	rec.Answers = append(rec.Answers, sdktest.Answer{Status: 404, Body: []byte(missing)}, sdktest.Answer{Status: 404, Body: []byte(`{"succeeded":true,"num_freed":0}`)})
	titles, err := scrollTitles(t, svc, nil)
	if !types.IsNotFound(err) || strings.Join(titles, ",") != "A,B" {
		t.Fatalf("titles %v, error %v", titles, err)
	}
	if len(rec.Calls) != 3 {
		t.Fatalf("%d requests, want 3 (the clear included)", len(rec.Calls))
	}
	sdktest.CheckCall(t, rec.Calls[2], "DELETE", "/_search/scroll", "", `{"scroll_id":["s1"]}`)

	svc, rec = newService(t, 200)
	rec.Answers = append(rec.Answers, sdktest.Answer{Status: 400, Body: []byte(`{"error":{"type":"action_request_validation_exception","reason":"Validation Failed: 1: using [from] is not allowed in a scroll context;"},"status":400}`)})
	if _, err := scrollTitles(t, svc, nil); err == nil || len(rec.Calls) != 1 {
		t.Fatalf("error %v after %d requests, want one request and its error", err, len(rec.Calls))
	}

	svc, rec = newService(t, 200)
	for _, err := range ScrollAll[book](context.Background(), svc, nil, nil, 0, nil) {
		if err == nil || err.Error() != "search: ScrollAll needs a keep-alive above 0" {
			t.Fatalf("error %v", err)
		}
	}
	if len(rec.Calls) != 0 {
		t.Fatalf("%d requests without a keep-alive", len(rec.Calls))
	}
}
