package search

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestRoundTripCheckDetectsLostFields(t *testing.T) {
	t.Parallel()
	d := sdktest.RoundTripDiff(t, []byte(`{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"failed":0},"hits":{"max_score":null,"hits":[]},"brand_new":1}`), new(Response))
	if !strings.Contains(d, "brand_new") {
		t.Fatalf("an unknown key must show up in the diff, got %q", d)
	}
}

func TestMultiSearchWritesNDJSON(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "msearch.json")
	searches := []MultiSearchItem{
		{Header: MultiSearchHeader{Index: []string{"books"}}, Body: &Request{Query: query.Match("title", "fox"), Size: query.Ptr(1)}},
		{Header: MultiSearchHeader{
			Index: []string{"nope", "books-*"}, AllowNoIndices: query.Ptr(false), AllowPartialSearchResults: query.Ptr(true),
			CancelAfterTimeInterval: types.Duration(30 * time.Second), CCSMinimizeRoundtrips: query.Ptr(false),
			ExpandWildcards: types.ExpandWildcards{"open", "closed"}, IgnoreThrottled: query.Ptr(true), IgnoreUnavailable: query.Ptr(false),
			PhaseTook: query.Ptr(true), Preference: "_local", RequestCache: query.Ptr(true), Routing: []string{"r1", "r2"},
			SearchType: types.SearchQueryThenFetch,
		}, Body: &Request{Query: query.Raw("{\n  \"match_all\": {}\n}")}},
		{}, // no header, no body: {} and {}
	}
	params := &MultiSearchParams{
		AllowNoIndices: query.Ptr(true), AllowPartialResults: query.Ptr(false), CancelAfterTimeInterval: types.Duration(2 * time.Minute), CCSMinimizeRoundtrips: query.Ptr(true),
		ExpandWildcards: types.ExpandWildcards{"all"}, IgnoreUnavailable: query.Ptr(true), MaxConcurrentSearches: query.Ptr(4),
		MaxConcurrentShardRequests: query.Ptr(5), PreFilterShardSize: query.Ptr(128), RestTotalHitsAsInt: query.Ptr(false),
		SearchPipeline: "p", SearchType: types.SearchDFSQueryThenFetch, TypedKeys: query.Ptr(true),
	}
	resp, err := svc.MultiSearch(context.Background(), []string{"books"}, searches, params)
	if err != nil {
		t.Fatal(err)
	}
	got := rec.Last(t)
	wantQuery := "allow_no_indices=true&allow_partial_results=false&cancel_after_time_interval=2m&ccs_minimize_roundtrips=true&expand_wildcards=all" +
		"&ignore_unavailable=true&max_concurrent_searches=4&max_concurrent_shard_requests=5&pre_filter_shard_size=128" +
		"&rest_total_hits_as_int=false&search_pipeline=p&search_type=dfs_query_then_fetch&typed_keys=true"
	if got.Method != "POST" || got.Path != "/books/_msearch" || got.Query != wantQuery || got.ContentType != "application/x-ndjson" {
		t.Errorf("sent %s %s?%s (%s)", got.Method, got.Path, got.Query, got.ContentType)
	}
	body := string(got.Body)
	if !strings.HasSuffix(body, "\n") {
		t.Fatalf("NDJSON must end with a newline: %q", body)
	}
	lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	want := []string{
		`{"index":"books"}`,
		`{"query":{"match":{"title":{"query":"fox"}}},"size":1}`,
		`{"index":["nope","books-*"],"allow_no_indices":false,"allow_partial_search_results":true,"cancel_after_time_interval":"30s",
		  "ccs_minimize_roundtrips":false,"expand_wildcards":"open,closed","ignore_throttled":true,"ignore_unavailable":false,
		  "phase_took":true,"preference":"_local","request_cache":true,"routing":"r1,r2","search_type":"query_then_fetch"}`,
		`{"query":{"match_all":{}}}`,
		`{}`,
		`{}`,
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), body)
	}
	for i := range want {
		jsonEqualString(t, lines[i], want[i])
	}

	if resp.Took != 7 || len(resp.Responses) != 3 {
		t.Fatalf("resp = %+v", resp)
	}
	ok, failed, aggOnly := resp.Responses[0], resp.Responses[1], resp.Responses[2]
	if ok.Failed() || ok.Status != 200 || ok.Hits.Hits[0].ID != "1" || ok.Hits.Total.Value != 1 {
		t.Errorf("entry 0 = %+v", ok)
	}
	// Reading a failed entry's search fields is safe: they are empty.
	if !failed.Failed() || failed.Status != 404 || len(failed.Hits.Hits) != 0 || failed.Hits.Total != nil || failed.Error.Type != "index_not_found_exception" ||
		failed.Error.RootCause[0].MetadataString("resource.id") != "nope" {
		t.Errorf("entry 1 = %+v", failed)
	}
	if n, err := aggOnly.Aggregations.Value("n"); aggOnly.Hits.Total.Value != 0 || err != nil || *n.Value != 0 {
		t.Errorf("entry 2 = %+v", aggOnly)
	}
}

func TestMultiSearchAsDecodesEachEntry(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "msearch.json")
	resp, err := MultiSearchAs[book](context.Background(), svc, nil, []MultiSearchItem{{Body: &Request{}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Last(t); got.Path != "/_msearch" || string(got.Body) != "{}\n{}\n" {
		t.Errorf("sent %s %q", got.Path, got.Body)
	}
	if resp.Responses[0].Hits.Hits[0].Source.Year != 2021 || resp.Responses[1].Error == nil {
		t.Errorf("resp = %+v", resp.Responses)
	}
}

func TestMultiSearchRejectsEmptyAndBadEntries(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200)
	if _, err := svc.MultiSearch(context.Background(), nil, nil, nil); err == nil || !strings.Contains(err.Error(), "at least one search") {
		t.Errorf("err = %v", err)
	}
	_, err := svc.MultiSearch(context.Background(), nil, []MultiSearchItem{{}, {Body: &Request{TrackTotalHits: "x"}}}, nil)
	if err == nil || !strings.Contains(err.Error(), "entry 1 body") {
		t.Errorf("err = %v", err)
	}
	if len(rec.Calls) != 0 {
		t.Errorf("sent %d requests", len(rec.Calls))
	}
}

func jsonEqualString(t *testing.T, got, want string) {
	t.Helper()
	var g, w any
	if err := jsonx.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("line %q: %v", got, err)
	}
	if err := jsonx.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("want %q: %v", want, err)
	}
	gb, _ := jsonx.Marshal(g)
	wb, _ := jsonx.Marshal(w)
	if string(gb) != string(wb) {
		t.Errorf("line\n got %s\nwant %s", gb, wb)
	}
}
