package search

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/aggs"
	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/mapping"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestSearchPathsAndMethod(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		indices []string
		body    *Request
		method  string
		path    string
	}{
		{"all indexes, no body", nil, nil, "GET", "/_search"},
		{"one index with body", []string{"books"}, &Request{}, "POST", "/books/_search"},
		{"list and wildcard", []string{"logs-2024*", "books"}, nil, "GET", "/logs-2024%2A,books/_search"},
		{"odd names are escaped", []string{"a b", "ü/x"}, nil, "GET", "/a%20b,%C3%BC%2Fx/_search"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			svc, rec := newService(t, 200, "search_no_total.json")
			if _, err := svc.Search(context.Background(), c.indices, c.body, nil); err != nil {
				t.Fatal(err)
			}
			body := ""
			if c.body != nil {
				body = `{}`
			}
			sdktest.CheckCall(t, rec.Last(t), c.method, c.path, "", body)
		})
	}
}

func TestSearchEncodesEveryURLParameter(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "search_no_total.json", "search_no_total.json", "search_no_total.json")
	params := &Params{
		AllowNoIndices:             query.Ptr(false),
		AllowPartialSearchResults:  query.Ptr(false),
		Analyzer:                   "standard",
		AnalyzeWildcard:            query.Ptr(true),
		BatchedReduceSize:          query.Ptr(256),
		CancelAfterTimeInterval:    types.Duration(90 * time.Second),
		CCSMinimizeRoundtrips:      query.Ptr(false),
		DefaultOperator:            "AND",
		DF:                         "title",
		DocvalueFields:             []string{"year", "ts"},
		ExpandWildcards:            types.ExpandWildcards{types.WildcardsOpen, types.WildcardsHidden},
		Explain:                    query.Ptr(true),
		From:                       query.Ptr(0),
		IgnoreThrottled:            query.Ptr(false),
		IgnoreUnavailable:          query.Ptr(true),
		IncludeNamedQueriesScore:   query.Ptr(true),
		Lenient:                    query.Ptr(true),
		MaxConcurrentShardRequests: query.Ptr(3),
		PhaseTook:                  query.Ptr(true),
		PreFilterShardSize:         query.Ptr(64),
		Preference:                 "_shards:0,1|_local",
		Q:                          "title:(quick OR fox) AND year:>2020",
		RequestCache:               query.Ptr(true),
		RestTotalHitsAsInt:         query.Ptr(true),
		Routing:                    []string{"user-1", "user-2"},
		Scroll:                     types.Duration(time.Minute),
		SearchPipeline:             "my_pipeline",
		SearchType:                 types.SearchDFSQueryThenFetch,
		SeqNoPrimaryTerm:           query.Ptr(true),
		Size:                       query.Ptr(25),
		Sort:                       []string{"year:desc", "_id"},
		Source:                     query.SourceFields("title", "year"),
		SourceExcludes:             []string{"big.*"},
		SourceIncludes:             []string{"title"},
		Stats:                      []string{"group1", "group2"},
		StoredFields:               []string{"_none_"},
		SuggestField:               "title",
		SuggestMode:                "popular",
		SuggestSize:                query.Ptr(3),
		SuggestText:                "quikc",
		TerminateAfter:             query.Ptr(1000),
		Timeout:                    types.Duration(1500 * time.Millisecond),
		TrackScores:                query.Ptr(true),
		TrackTotalHits:             TrackTotalHitsUpTo(5000),
		TypedKeys:                  query.Ptr(true),
		VerbosePipeline:            query.Ptr(false),
		Version:                    query.Ptr(true),
	}
	if _, err := svc.Search(context.Background(), []string{"books"}, nil, params); err != nil {
		t.Fatal(err)
	}
	want := "_source=title%2Cyear&_source_excludes=big.%2A&_source_includes=title&allow_no_indices=false" +
		"&allow_partial_search_results=false&analyze_wildcard=true&analyzer=standard&batched_reduce_size=256" +
		"&cancel_after_time_interval=90s&ccs_minimize_roundtrips=false&default_operator=AND&df=title" +
		"&docvalue_fields=year%2Cts&expand_wildcards=open%2Chidden&explain=true&from=0&ignore_throttled=false" +
		"&ignore_unavailable=true&include_named_queries_score=true&lenient=true&max_concurrent_shard_requests=3" +
		"&phase_took=true&pre_filter_shard_size=64&preference=_shards%3A0%2C1%7C_local" +
		"&q=title%3A%28quick+OR+fox%29+AND+year%3A%3E2020&request_cache=true&rest_total_hits_as_int=true" +
		"&routing=user-1%2Cuser-2&scroll=1m&search_pipeline=my_pipeline&search_type=dfs_query_then_fetch" +
		"&seq_no_primary_term=true&size=25&sort=year%3Adesc%2C_id&stats=group1%2Cgroup2&stored_fields=_none_" +
		"&suggest_field=title&suggest_mode=popular&suggest_size=3&suggest_text=quikc&terminate_after=1000" +
		"&timeout=1500ms&track_scores=true&track_total_hits=5000&typed_keys=true&verbose_pipeline=false&version=true"
	sdktest.CheckCall(t, rec.Last(t), "GET", "/books/_search", want, "")

	// The other spellings of track_total_hits, _source and a disabled duration.
	if _, err := svc.Search(context.Background(), nil, nil, &Params{TrackTotalHits: TrackTotalHitsTrue,
		Source: query.SourceOff(), CancelAfterTimeInterval: types.DurationDisabled}); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/_search", "_source=false&cancel_after_time_interval=-1&track_total_hits=true", "")
	if _, err := svc.Search(context.Background(), nil, nil, &Params{TrackTotalHits: TrackTotalHitsFalse}); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/_search", "track_total_hits=false", "")
}

func TestSearchRejectsBadParameterValues(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200)
	_, err := svc.Search(context.Background(), nil, nil, &Params{TrackTotalHits: "lots"})
	if err == nil || !containsAll(err.Error(), "track_total_hits") {
		t.Fatalf("err = %v", err)
	}
	_, err = svc.Search(context.Background(), nil, &Request{Sort: []Sort{{Order: "asc"}}}, nil)
	if err == nil || !containsAll(err.Error(), "sort key needs a field") {
		t.Fatalf("err = %v", err)
	}
	if len(rec.Calls) != 0 {
		t.Fatalf("bad requests must not be sent, got %d", len(rec.Calls))
	}
}

func TestSearchBodyCarriesEveryField(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "search_full.json")
	rescores := []Rescore{{WindowSize: query.Ptr(50), Query: RescoreQuery{RescoreQuery: query.MatchPhrase("title", "quick fox"),
		QueryWeight: query.Ptr(0.7), RescoreQueryWeight: query.Ptr(1.2), ScoreMode: RescoreMultiply}}, QueryRescore(query.MatchAll())}
	body := &Request{
		Query:          query.Bool().Must(query.Match("title", "quick")).Filter(query.Range("year").Gte(2019)),
		From:           query.Ptr(0),
		Size:           query.Ptr(2),
		Sort:           []Sort{SortBy("year", "desc"), SortByScore(), {Field: "ts", Order: "asc", Missing: "_first", UnmappedType: "date", Mode: "min", NumericType: "date_nanos", Format: "strict_date_optional_time", Nested: &NestedSort{Path: "p"}}, {Field: "_doc"}},
		SearchAfter:    []any{2021, "1"},
		TrackTotalHits: TrackTotalHitsTrue,
		TrackScores:    query.Ptr(true),
		Source:         query.SourceIncludesExcludes([]string{"title", "year"}, []string{"secret"}),
		Fields:         []FieldAndFormat{{Field: "published", Format: "epoch_millis"}, {Field: "year"}},
		DocvalueFields: []FieldAndFormat{{Field: "ts", Format: "yyyy", IncludeUnmapped: query.Ptr(true)}},
		StoredFields:   []string{"_id"},
		ScriptFields:   map[string]ScriptField{"double": {Script: &types.Script{Source: "doc['year'].value * 2", Lang: "painless"}, IgnoreFailure: query.Ptr(true)}},
		PostFilter:     query.Term("tags", "classic"),
		Highlight: &Highlight{
			Fields: map[string]HighlightField{
				"title": {HighlightOptions: HighlightOptions{NumberOfFragments: query.Ptr(0)}},
				"body*": {HighlightOptions: HighlightOptions{FragmentSize: query.Ptr(100), HighlightQuery: query.Match("body", "x")}, MatchedFields: []string{"body", "body.plain"}},
			},
			Encoder: "html",
			HighlightOptions: HighlightOptions{
				Type: "unified", BoundaryChars: ".,!? ", BoundaryMaxScan: query.Ptr(20), BoundaryScanner: "sentence",
				BoundaryScannerLocale: "en-US", ForceSource: query.Ptr(false), Fragmenter: "span", FragmentOffset: query.Ptr(2),
				FragmentSize: query.Ptr(150), HighlightFilter: query.Ptr(true), HighlightQuery: query.MatchAll(),
				MaxFragmentLength: query.Ptr(300), MaxAnalyzerOffset: query.Ptr(1000000), NoMatchSize: query.Ptr(10),
				NumberOfFragments: query.Ptr(3), Options: map[string]any{"return_offsets": true}, Order: "score",
				PhraseLimit: query.Ptr(256), PreTags: []string{"<em>"}, PostTags: []string{"</em>"},
				RequireFieldMatch: query.Ptr(false), TagsSchema: "styled",
			},
		},
		Aggs:                     aggs.Aggs{"by_tag": aggs.Map{"terms": map[string]any{"field": "tags"}}, "avg_year": jsonx.RawMessage(`{"avg":{"field":"year"}}`), "n": aggs.ValueCount("year")},
		Suggest:                  map[string]any{"title_suggest": map[string]any{"text": "quikc", "term": map[string]any{"field": "title"}}},
		Collapse:                 &Collapse{Field: "author.keyword"},
		Rescore:                  rescores,
		Explain:                  query.Ptr(true),
		Version:                  query.Ptr(true),
		SeqNoPrimaryTerm:         query.Ptr(true),
		IndicesBoost:             []map[string]float64{{"books": 1.4}, {"books-*": 1.3}},
		MinScore:                 query.Ptr(0.5),
		Stats:                    []string{"group1"},
		TerminateAfter:           query.Ptr(100),
		Timeout:                  types.Duration(10 * time.Second),
		Profile:                  query.Ptr(false),
		PIT:                      &PointInTime{ID: "46ToAwMDaWR5BXV1aWQy", KeepAlive: types.Duration(time.Minute)},
		IncludeNamedQueriesScore: query.Ptr(true),
		Slice:                    &SlicedScroll{ID: 0, Max: 4, Field: "ts"},
		Derived:                  map[string]*mapping.DerivedField{"d": mapping.Derived(mapping.DerivedKeyword, "emit('x')")},
		Ext:                      map[string]any{"generative_qa_parameters": map[string]any{"llm_model": "m"}},
	}
	if _, err := svc.Search(context.Background(), []string{"books"}, body, nil); err != nil {
		t.Fatal(err)
	}
	// The aggregations make the SDK ask for typed keys.
	sdktest.CheckCall(t, rec.Last(t), "POST", "/books/_search", "typed_keys=true", `{
		"query":{"bool":{"must":[{"match":{"title":{"query":"quick"}}}],"filter":[{"range":{"year":{"gte":2019}}}]}},
		"from":0,"size":2,
		"sort":[{"year":"desc"},"_score",{"ts":{"order":"asc","missing":"_first","unmapped_type":"date","mode":"min","numeric_type":"date_nanos","format":"strict_date_optional_time","nested":{"path":"p"}}},"_doc"],
		"search_after":[2021,"1"],
		"track_total_hits":true,"track_scores":true,
		"_source":{"includes":["title","year"],"excludes":["secret"]},
		"fields":[{"field":"published","format":"epoch_millis"},{"field":"year"}],
		"docvalue_fields":[{"field":"ts","format":"yyyy","include_unmapped":true}],
		"stored_fields":["_id"],
		"script_fields":{"double":{"script":{"source":"doc['year'].value * 2","lang":"painless"},"ignore_failure":true}},
		"post_filter":{"term":{"tags":{"value":"classic"}}},
		"highlight":{"fields":{"title":{"number_of_fragments":0},"body*":{"fragment_size":100,"matched_fields":["body","body.plain"],"highlight_query":{"match":{"body":{"query":"x"}}}}},
			"encoder":"html","type":"unified","boundary_chars":".,!? ","boundary_max_scan":20,"boundary_scanner":"sentence",
			"boundary_scanner_locale":"en-US","force_source":false,"fragmenter":"span","fragment_offset":2,"fragment_size":150,
			"highlight_filter":true,"highlight_query":{"match_all":{}},"max_fragment_length":300,"max_analyzer_offset":1000000,
			"no_match_size":10,"number_of_fragments":3,"options":{"return_offsets":true},"order":"score","phrase_limit":256,
			"pre_tags":["<em>"],"post_tags":["</em>"],"require_field_match":false,"tags_schema":"styled"},
		"aggs":{"by_tag":{"terms":{"field":"tags"}},"avg_year":{"avg":{"field":"year"}},"n":{"value_count":{"field":"year"}}},
		"suggest":{"title_suggest":{"text":"quikc","term":{"field":"title"}}},
		"collapse":{"field":"author.keyword"},
		"rescore":[{"window_size":50,"query":{"rescore_query":{"match_phrase":{"title":{"query":"quick fox"}}},"query_weight":0.7,"rescore_query_weight":1.2,"score_mode":"multiply"}},
			{"query":{"rescore_query":{"match_all":{}}}}],
		"explain":true,"version":true,"seq_no_primary_term":true,
		"indices_boost":[{"books":1.4},{"books-*":1.3}],
		"min_score":0.5,"stats":["group1"],"terminate_after":100,"timeout":"10s","profile":false,
		"pit":{"id":"46ToAwMDaWR5BXV1aWQy","keep_alive":"1m"},
		"include_named_queries_score":true,
		"slice":{"id":0,"max":4,"field":"ts"},
		"derived":{"d":{"type":"keyword","script":{"source":"emit('x')"}}},
		"ext":{"generative_qa_parameters":{"llm_model":"m"}}
	}`)
}

func TestSearchDecodesFullResponse(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 200, "search_full.json")
	resp, err := svc.Search(context.Background(), []string{"books"}, &Request{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.OpaqueID() != "trace-1" {
		t.Errorf("meta = %d %q", resp.StatusCode, resp.OpaqueID())
	}
	if resp.Took != 12 || resp.TimedOut || resp.TerminatedEarly == nil || *resp.TerminatedEarly || *resp.NumReducePhases != 2 {
		t.Errorf("top level = %+v", resp)
	}
	if resp.PhaseTook == nil || resp.PhaseTook.Query != 9 || resp.PhaseTook.CanMatch != 1 {
		t.Errorf("phase_took = %+v", resp.PhaseTook)
	}
	sh := resp.Shards
	if sh.Total != 3 || sh.Successful != 2 || sh.Failed != 1 || *sh.Skipped != 0 || len(sh.Failures) != 1 {
		t.Fatalf("_shards = %+v", sh)
	}
	f := sh.Failures[0]
	if f.Shard != 2 || f.Reason.Type != "query_shard_exception" || f.Reason.CausedBy.Type != "number_format_exception" || f.Reason.Index() != "books" {
		t.Errorf("shard failure = %+v", f)
	}
	if resp.Clusters == nil || resp.Clusters.Total != 1 {
		t.Errorf("_clusters = %+v", resp.Clusters)
	}
	if resp.Hits.Total.Value != 2 || resp.Hits.Total.Relation != "eq" || *resp.Hits.MaxScore != 1.3862942 {
		t.Errorf("hits meta = %+v %v", resp.Hits.Total, *resp.Hits.MaxScore)
	}
	h := resp.Hits.Hits[0]
	if h.Index != "books" || h.ID != "1" || *h.Version != 3 || *h.SeqNo != 4 || *h.PrimaryTerm != 1 || *h.Score != 1.3862942 ||
		h.Routing != "user-7" || h.Shard != "[books][0]" || h.Node != "Vx1_2Jq9R0uA8p0Q1nGhbw" || h.Ignored[0] != "summary.keyword" {
		t.Errorf("hit 0 = %+v", h)
	}
	var src struct {
		Title string `json:"title"`
		Year  int    `json:"year"`
	}
	if err := h.DecodeSource(&src); err != nil || src.Title != "The quick brown fox" || src.Year != 2021 {
		t.Errorf("source = %+v, %v", src, err)
	}
	if string(h.Fields["year"]) != "[2021]" || h.Highlight["title"][0] != "The <em>quick</em> brown fox" {
		t.Errorf("fields/highlight = %s %v", h.Fields["year"], h.Highlight)
	}
	if h.MatchedQueries.Names[0] != "title_match" || h.MatchedQueries.Scores != nil {
		t.Errorf("matched_queries = %+v", h.MatchedQueries)
	}
	ex := h.Explanation
	if ex.Value != 1.3862942 || len(ex.Details) != 1 || ex.Details[0].Details[1].Details[1].Description != "N, total number of documents with field" {
		t.Errorf("explanation = %+v", ex)
	}
	inner := h.InnerHits["comments"].Hits
	if inner.Total.Value != 1 || inner.Hits[0].Nested.Field != "comments" || inner.Hits[0].Nested.Offset != 0 {
		t.Errorf("inner hits = %+v", inner)
	}
	h1 := resp.Hits.Hits[1]
	if h1.ID != "a/b c?" || h1.MatchedQueries.Scores["title_match"] != 0.2876821 || string(h1.IgnoredValues["summary.keyword"][0]) != `"a very long summary"` {
		t.Errorf("hit 1 = %+v", h1)
	}
	avg, err := resp.Aggregations.Avg("avg_year")
	if err != nil || *avg.Value != 2020 || len(resp.Suggest["title_suggest"]) == 0 || resp.Profile == nil || resp.Profile.Shards == nil || len(resp.Ext["rag"]) == 0 {
		t.Errorf("aggs/suggest/profile/ext = %v %v %v %+v %s", err, resp.Aggregations, resp.Suggest["title_suggest"], resp.Profile, resp.Ext["rag"])
	}
}

func TestSearchDecodesIntegerTotalNullScoresAndSortValues(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 200, "search_sorted_int_total.json")
	resp, err := svc.Search(context.Background(), []string{"logs-2024"}, nil, &Params{RestTotalHitsAsInt: query.Ptr(true), Scroll: types.Duration(time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Hits.Total.Value != 3 || resp.Hits.MaxScore != nil || resp.Hits.Hits[0].Score != nil || resp.ScrollID == "" {
		t.Errorf("got %+v", resp.Hits)
	}
	sv := resp.Hits.Hits[1].SortValues()
	if len(sv) != 2 || string(sv[0].(jsonx.RawMessage)) != "9223372036854775807" {
		t.Errorf("sort values = %v", sv)
	}
	// The raw sort values go back out unchanged as search_after.
	b, err := jsonx.Marshal(&Request{SearchAfter: sv})
	if err != nil || string(b) != `{"search_after":[9223372036854775807,"x2"]}` {
		t.Errorf("search_after = %s, %v", b, err)
	}
}

type book struct {
	Title string   `json:"title"`
	Year  int      `json:"year"`
	Tags  []string `json:"tags"`
}

func TestSearchAsDecodesSourcesIntoCallerType(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 200, "search_full.json")
	resp, err := SearchAs[book](context.Background(), svc, []string{"books"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Hits.Hits) != 2 || resp.Hits.Hits[0].Source.Title != "The quick brown fox" || resp.Hits.Hits[1].Source.Year != 2019 ||
		resp.Hits.Hits[0].Source.Tags[1] != "classic" {
		t.Errorf("hits = %+v", resp.Hits.Hits)
	}
	if err := resp.Hits.Hits[0].DecodeSource(&book{}); err == nil {
		t.Error("DecodeSource on an already decoded hit must fail")
	}
}

func TestSearchErrorKeepsTheServerError(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 404, `{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [nope]","index":"nope","resource.id":"nope","resource.type":"index_or_alias","index_uuid":"_na_"}],"type":"index_not_found_exception","reason":"no such index [nope]","index":"nope","resource.id":"nope","resource.type":"index_or_alias","index_uuid":"_na_"},"status":404}`)
	resp, err := svc.Search(context.Background(), []string{"nope"}, nil, nil)
	if resp != nil || !types.IsNotFound(err) || !types.IsType(err, "index_not_found_exception") {
		t.Fatalf("resp=%v err=%v", resp, err)
	}
	var e *types.Error
	if !errors.As(err, &e) || e.Index() != "nope" {
		t.Errorf("error = %+v", e)
	}
}

func TestSearchResponsesSurviveRoundTrip(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"search_full.json", "search_sorted_int_total.json", "search_no_total.json"} {
		t.Run(name, func(t *testing.T) {
			sdktest.RoundTrip(t, sdktest.Fixture(t, name), new(Response))
		})
	}
	t.Run("msearch.json", func(t *testing.T) { sdktest.RoundTrip(t, sdktest.Fixture(t, "msearch.json"), new(MultiSearchResponse)) })
	t.Run("explain.json", func(t *testing.T) { sdktest.RoundTrip(t, sdktest.Fixture(t, "explain.json"), new(ExplainResponse)) })
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

func TestSearchIsSafeForConcurrentUse(t *testing.T) {
	t.Parallel()
	const n = 16
	fixtures := make([]string, n)
	for i := range fixtures {
		fixtures[i] = "search_full.json"
	}
	svc, rec := newService(t, 200, fixtures...)
	body := &Request{Query: query.Match("title", "quick")} // one body shared by every goroutine
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		go func() {
			resp, err := SearchAs[book](context.Background(), svc, []string{"books"}, body, nil)
			if err == nil && resp.Hits.Hits[0].Source.Title != "The quick brown fox" {
				err = errors.New("wrong hit")
			}
			errs <- err
		}()
	}
	for i := 0; i < n; i++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if len(rec.Calls) != n {
		t.Errorf("%d requests, want %d", len(rec.Calls), n)
	}
}

func TestEmptyIndexNamesAreRejected(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200)
	bad := []string{"books", ""}
	ctx := context.Background()
	for name, err := range map[string]error{
		"search":     second(svc.Search(ctx, bad, nil, nil)),
		"msearch":    second(svc.MultiSearch(ctx, bad, []MultiSearchItem{{}}, nil)),
		"count":      second(svc.Count(ctx, bad, nil, nil)),
		"create pit": second(svc.CreatePIT(ctx, bad, &CreatePITParams{KeepAlive: types.Duration(time.Minute)})),
	} {
		if err == nil || !strings.Contains(err.Error(), "name 1 of the list is empty") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	if len(rec.Calls) != 0 {
		t.Errorf("%d requests sent", len(rec.Calls))
	}
}

func second[T any](_ T, err error) error { return err }
