package documents

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

var ctx = context.Background()

func TestIndexWithAndWithoutID(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 201, "index_created.json", "index_created.json", "index_created.json")
	params := &IndexParams{IfSeqNo: query.Ptr(int64(3)), IfPrimaryTerm: query.Ptr(int64(1)), OpType: "create", Pipeline: "p",
		Refresh: types.RefreshWaitFor, RequireAlias: query.Ptr(false), Routing: "user-7", Timeout: types.Duration(time.Minute),
		Version: query.Ptr(int64(7)), VersionType: types.VersionExternal, WaitForActiveShards: "all"}
	resp, err := svc.Index(ctx, "books", "a/b c?", map[string]any{"title": "x"}, params)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "PUT", "/books/_doc/a%2Fb%20c%3F",
		"if_primary_term=1&if_seq_no=3&op_type=create&pipeline=p&refresh=wait_for&require_alias=false&routing=user-7"+
			"&timeout=1m&version=7&version_type=external&wait_for_active_shards=all", `{"title":"x"}`)
	if resp.StatusCode != 201 || resp.Result != "created" || resp.ID != "a/b c?" || resp.Version != 1 || *resp.ForcedRefresh != true ||
		resp.Shards.Total != 2 || resp.Shards.Successful != 1 || resp.SeqNo != 0 || resp.PrimaryTerm != 1 {
		t.Errorf("resp = %+v", resp)
	}
	if _, err := svc.Index(ctx, "books", "", []byte(`{"raw": true}`), nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/books/_doc", "", `{"raw":true}`)
	if _, err := svc.Create(ctx, "books", "1", jsonx.RawMessage(`{"a":1}`), &IndexParams{Refresh: types.RefreshTrue}); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "PUT", "/books/_create/1", "refresh=true", `{"a":1}`)
}

func TestWritesRejectBadInput(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200)
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"index without index", second(svc.Index(ctx, "", "1", map[string]any{}, nil)), "needs an index"},
		{"nil document", second(svc.Index(ctx, "i", "1", nil, nil)), "document is nil"},
		{"string document", second(svc.Index(ctx, "i", "1", `{"a":1}`, nil)), "not string"},
		{"invalid raw document", second(svc.Create(ctx, "i", "1", []byte(`{"a":`), nil)), "not valid JSON"},
		{"create without id", second(svc.Create(ctx, "i", "", map[string]any{}, nil)), "needs an index and an id"},
		{"delete without id", second(svc.Delete(ctx, "i", "", nil)), "needs an index and an id"},
		{"update without body", second(svc.Update(ctx, "i", "1", nil, nil)), "needs a body"},
		{"update empty", second(svc.Update(ctx, "i", "1", &UpdateRequest{}, nil)), "needs doc or script"},
		{"update both", second(svc.Update(ctx, "i", "1", &UpdateRequest{Doc: map[string]any{}, Script: &types.Script{Source: "x"}}, nil)), "not both"},
		{"get without id", second(svc.Get(ctx, "i", "", nil)), "needs an index and an id"},
	}
	for _, c := range cases {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.name, c.err, c.want)
		}
	}
	if len(rec.Calls) != 0 {
		t.Errorf("%d requests sent", len(rec.Calls))
	}
}

func second[T any](_ T, err error) error { return err }

func TestGetAndExistsAndDelete(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "get.json", "get.json")
	params := &GetParams{Preference: "_local", Realtime: query.Ptr(false), Refresh: query.Ptr(true), Routing: "user-7",
		Source: query.SourceFields("title"), SourceExcludes: []string{"b"}, SourceIncludes: []string{"a", "c"},
		StoredFields: []string{"tags"}, Version: query.Ptr(int64(3)), VersionType: types.VersionInternal}
	resp, err := svc.Get(ctx, "books", "1", params)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/books/_doc/1",
		"_source=title&_source_excludes=b&_source_includes=a%2Cc&preference=_local&realtime=false&refresh=true&routing=user-7"+
			"&stored_fields=tags&version=3&version_type=internal", "")
	if !resp.Found || *resp.Version != 3 || *resp.SeqNo != 4 || *resp.PrimaryTerm != 1 || resp.Routing != "user-7" ||
		string(resp.Source) != `{"title":"The quick brown fox","year":2021}` || string(resp.Fields["tags"]) != `["animals"]` || resp.Ignored[0] != "summary.keyword" {
		t.Errorf("resp = %+v", resp)
	}
	type bookDoc struct {
		Title string `json:"title"`
		Year  int    `json:"year"`
	}
	typed, err := GetAs[bookDoc](ctx, svc, "books", "1", nil)
	if err != nil || typed.Source.Year != 2021 {
		t.Errorf("typed = %+v %v", typed, err)
	}

	svc2, rec2 := newService(t, 200, `{}`)
	rec2.Answers = []sdktest.Answer{{Status: 200}, {Status: 404}, {Status: 500, Body: []byte(`{"error":{"type":"x","reason":"boom"},"status":500}`)}}
	ok, err := svc2.Exists(ctx, "books", "1", &GetParams{Routing: "r"})
	sdktest.CheckCall(t, rec2.Last(t), "HEAD", "/books/_doc/1", "routing=r", "")
	if !ok || err != nil {
		t.Errorf("exists = %v %v", ok, err)
	}
	if ok, err := svc2.Exists(ctx, "books", "2", nil); ok || err != nil {
		t.Errorf("missing = %v %v", ok, err)
	}
	if ok, err := svc2.Exists(ctx, "books", "3", nil); ok || err == nil {
		t.Errorf("failure = %v %v", ok, err)
	}

	svc3, rec3 := newService(t, 404, `{"_index":"books","_id":"9","_version":1,"result":"not_found","_shards":{"total":2,"successful":1,"failed":0},"_seq_no":7,"_primary_term":1}`)
	_, err = svc3.Delete(ctx, "books", "9", &DeleteParams{IfSeqNo: query.Ptr(int64(1)), IfPrimaryTerm: query.Ptr(int64(2)),
		Refresh: types.RefreshFalse, Routing: "r", Timeout: types.Duration(2 * time.Second), Version: query.Ptr(int64(4)),
		VersionType: types.VersionExternalGTE, WaitForActiveShards: "1"})
	sdktest.CheckCall(t, rec3.Last(t), "DELETE", "/books/_doc/9",
		"if_primary_term=2&if_seq_no=1&refresh=false&routing=r&timeout=2s&version=4&version_type=external_gte&wait_for_active_shards=1", "")
	if !types.IsNotFound(err) {
		t.Errorf("err = %v", err)
	}
}

func TestUpdateWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "update_get.json", "update_noop.json")
	params := &UpdateParams{IfSeqNo: query.Ptr(int64(4)), IfPrimaryTerm: query.Ptr(int64(17)), Lang: "painless",
		RequireAlias: query.Ptr(true), Refresh: types.RefreshTrue, RetryOnConflict: query.Ptr(3), Routing: "r1",
		Source: query.SourceOn(), SourceExcludes: []string{"secret"}, SourceIncludes: []string{"title", "likes"},
		Timeout: types.Duration(30 * time.Second), WaitForActiveShards: "2"}
	body := &UpdateRequest{
		Script:         &types.Script{Source: "ctx._source.likes += params.n", Lang: "painless", Params: map[string]any{"n": 1}},
		Upsert:         map[string]any{"likes": 1},
		ScriptedUpsert: query.Ptr(true),
		DetectNoop:     query.Ptr(false),
		Source:         query.SourceFields("likes"),
	}
	resp, err := svc.Update(ctx, "books", "1", body, params)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/books/_update/1",
		"_source=true&_source_excludes=secret&_source_includes=title%2Clikes&if_primary_term=17&if_seq_no=4&lang=painless"+
			"&refresh=true&require_alias=true&retry_on_conflict=3&routing=r1&timeout=30s&wait_for_active_shards=2",
		`{"script":{"source":"ctx._source.likes += params.n","lang":"painless","params":{"n":1}},"upsert":{"likes":1},
		  "scripted_upsert":true,"detect_noop":false,"_source":["likes"]}`)
	if resp.Result != "updated" || resp.Version != 3 || resp.SeqNo != 4 || resp.PrimaryTerm != 17 || resp.Get == nil ||
		!resp.Get.Found || string(resp.Get.Source) != `{"title":"The quick brown fox","likes":3}` {
		t.Errorf("resp = %+v", resp)
	}
	resp, err = svc.Update(ctx, "sample-index1", "1", &UpdateRequest{Doc: map[string]any{"title": "same"}, DocAsUpsert: query.Ptr(true)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/sample-index1/_update/1", "", `{"doc":{"title":"same"},"doc_as_upsert":true}`)
	if resp.Result != "noop" || resp.Shards.Total != 0 {
		t.Errorf("noop = %+v", resp)
	}
}

func TestReindexWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "reindex.json", `{"task":"oTUltX4IQMOUUVeiohTt8A:124"}`)
	body := &ReindexRequest{
		Conflicts: ConflictsProceed,
		MaxDocs:   query.Ptr(int64(1000)),
		Size:      query.Ptr(int64(1000)),
		Source: ReindexSource{
			Index: []string{"books", "books-old"}, Query: query.Term("status", "published"), Size: query.Ptr(500),
			Remote: &RemoteSource{Host: "https://other:9200", Username: "admin", Password: "s3cret", Headers: map[string]string{"X-Trace": "1"},
				SocketTimeout: types.Duration(time.Minute), ConnectTimeout: types.Duration(10 * time.Second)},
			Slice:  &ManualSlice{ID: 0, Max: 2},
			Source: query.SourceFields("title", "year"),
			Sort:   []any{map[string]string{"year": "desc"}},
		},
		Dest:   ReindexDest{Index: "books-copy", VersionType: types.VersionExternalGT, OpType: "create", Pipeline: "p", Routing: "=cat"},
		Script: &types.Script{Source: "ctx._source.copied = true", Lang: "painless"},
	}
	params := &ReindexParams{MaxDocs: query.Ptr(int64(50)), Refresh: types.RefreshTrue, RequestsPerSecond: query.Ptr(-1.0),
		RequireAlias: query.Ptr(false), Scroll: types.Duration(5 * time.Minute), Slices: SlicesAuto, Timeout: types.Duration(30 * time.Second),
		WaitForActiveShards: "1", WaitForCompletion: query.Ptr(true)}
	resp, err := svc.Reindex(ctx, body, params)
	if err != nil {
		t.Fatal(err)
	}
	wantBody := `{"conflicts":"proceed","max_docs":1000,"size":1000,
		"source":{"index":["books","books-old"],"query":{"term":{"status":{"value":"published"}}},"size":500,
		  "remote":{"host":"https://other:9200","username":"admin","password":"s3cret","headers":{"X-Trace":"1"},"socket_timeout":"1m","connect_timeout":"10s"},
		  "slice":{"id":0,"max":2},"_source":["title","year"],"sort":[{"year":"desc"}]},
		"dest":{"index":"books-copy","version_type":"external_gt","op_type":"create","pipeline":"p","routing":"=cat"},
		"script":{"source":"ctx._source.copied = true","lang":"painless"}}`
	sdktest.CheckCall(t, rec.Last(t), "POST", "/_reindex",
		"max_docs=50&refresh=true&requests_per_second=-1&require_alias=false&scroll=5m&slices=auto&timeout=30s"+
			"&wait_for_active_shards=1&wait_for_completion=true", wantBody)
	if resp.Took != 147 || resp.Total != 120 || *resp.Created != 119 || *resp.Updated != 0 || resp.VersionConflicts != 1 ||
		resp.RequestsPerSecond != -1 || len(resp.Failures) != 1 || resp.Failures[0].Status != 409 ||
		resp.Failures[0].Cause.Type != "version_conflict_engine_exception" || resp.Failures[0].Cause.MetadataString("shard") != "0" {
		t.Errorf("resp = %+v", resp)
	}

	task, err := svc.ReindexAsync(ctx, &ReindexRequest{Source: ReindexSource{Index: []string{"books"}}, Dest: ReindexDest{Index: "copy"}},
		&ReindexParams{Slices: SliceCount(4), WaitForCompletion: query.Ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/_reindex", "slices=4&wait_for_completion=false", `{"source":{"index":"books"},"dest":{"index":"copy"}}`)
	if task.Task != "oTUltX4IQMOUUVeiohTt8A:124" || task.NodeID() != "oTUltX4IQMOUUVeiohTt8A" {
		t.Errorf("task = %+v", task)
	}

	for name, c := range map[string]struct {
		body   *ReindexRequest
		params *ReindexParams
		want   string
	}{
		"nil body":        {nil, nil, "needs a body"},
		"no dest":         {&ReindexRequest{Source: ReindexSource{Index: []string{"a"}}}, nil, "dest needs an index"},
		"no source":       {&ReindexRequest{Dest: ReindexDest{Index: "b"}}, nil, "source needs an index"},
		"async on a sync": {&ReindexRequest{Source: ReindexSource{Index: []string{"a"}}, Dest: ReindexDest{Index: "b"}}, &ReindexParams{WaitForCompletion: query.Ptr(false)}, "use ReindexAsync"},
	} {
		if _, err := svc.Reindex(ctx, c.body, c.params); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}

func TestDeleteByQueryWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "delete_by_query.json", `{"task":"n1:9"}`, "delete_by_query.json")
	params := &DeleteByQueryParams{
		AllowNoIndices: query.Ptr(false), Analyzer: "standard", AnalyzeWildcard: query.Ptr(true), Conflicts: ConflictsProceed,
		DefaultOperator: "AND", DF: "title", ExpandWildcards: types.ExpandWildcards{"open", "closed"}, From: query.Ptr(0),
		IgnoreUnavailable: query.Ptr(true), Lenient: query.Ptr(true), MaxDocs: query.Ptr(int64(100)), Preference: "_local",
		Q: "title:old", Refresh: types.RefreshTrue, RequestCache: query.Ptr(false), RequestsPerSecond: query.Ptr(500.5),
		Routing: "r", Scroll: types.Duration(time.Minute), ScrollSize: query.Ptr(1000), SearchTimeout: types.Duration(20 * time.Second),
		SearchType: "dfs_query_then_fetch", Size: query.Ptr(7), Slices: SliceCount(5), Sort: []string{"year:asc"}, Source: query.SourceOff(),
		SourceExcludes: []string{"x"}, SourceIncludes: []string{"y"}, Stats: []string{"s1"}, TerminateAfter: query.Ptr(10),
		Timeout: types.Duration(time.Minute), Version: query.Ptr(true), WaitForActiveShards: "all", WaitForCompletion: query.Ptr(true),
	}
	resp, err := svc.DeleteByQuery(ctx, []string{"test", "logs-*"}, &DeleteByQueryRequest{Query: query.Range("year").Lt(2000),
		MaxDocs: query.Ptr(int64(5)), Slice: &ManualSlice{ID: 1, Max: 3}}, params)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/test,logs-%2A/_delete_by_query",
		"_source=false&_source_excludes=x&_source_includes=y&allow_no_indices=false&analyze_wildcard=true&analyzer=standard"+
			"&conflicts=proceed&default_operator=AND&df=title&expand_wildcards=open%2Cclosed&from=0&ignore_unavailable=true"+
			"&lenient=true&max_docs=100&preference=_local&q=title%3Aold&refresh=true&request_cache=false&requests_per_second=500.5"+
			"&routing=r&scroll=1m&scroll_size=1000&search_timeout=20s&search_type=dfs_query_then_fetch&size=7&slices=5&sort=year%3Aasc"+
			"&stats=s1&terminate_after=10&timeout=1m&version=true&wait_for_active_shards=all&wait_for_completion=true",
		`{"query":{"range":{"year":{"lt":2000}}},"max_docs":5,"slice":{"id":1,"max":3}}`)
	if resp.Deleted != 2 || resp.Updated != nil || resp.Created != nil || len(resp.Failures) != 2 ||
		resp.Failures[1].Reason.Type != "search_context_missing_exception" || *resp.Failures[1].Shard != 1 {
		t.Errorf("resp = %+v", resp)
	}
	task, err := svc.DeleteByQueryAsync(ctx, []string{"_all"}, &DeleteByQueryRequest{Query: query.MatchAll()}, nil)
	if err != nil || task.Task != "n1:9" {
		t.Fatalf("task = %+v %v", task, err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/_all/_delete_by_query", "wait_for_completion=false", `{"query":{"match_all":{}}}`)
	if _, err := svc.DeleteByQuery(ctx, []string{"a"}, nil, &DeleteByQueryParams{Q: "x:y"}); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/a/_delete_by_query", "q=x%3Ay", "")
	if _, err := svc.DeleteByQuery(ctx, []string{"a"}, nil, &DeleteByQueryParams{WaitForCompletion: query.Ptr(false)}); err == nil {
		t.Error("wait_for_completion=false on the synchronous call must be refused")
	}
}

func TestByQueryResponsesSurviveRoundTrip(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		out  any
	}{
		{"index_created.json", new(WriteResponse)},
		{"update_get.json", new(UpdateResponse)},
		{"update_noop.json", new(UpdateResponse)},
		{"get.json", new(GetResponse)},
		{"reindex.json", new(ReindexResponse)},
		{"reindex_sliced.json", new(ReindexResponse)},
		{"delete_by_query.json", new(DeleteByQueryResponse)},
		{"bulk.json", new(BulkResponse)},
	} {
		t.Run(c.name, func(t *testing.T) { sdktest.RoundTrip(t, sdktest.Fixture(t, c.name), c.out) })
	}
}

func TestOddIDsAreEscapedInEveryDocumentPath(t *testing.T) {
	t.Parallel()
	const id = "x/y z?#%ü"
	const esc = "x%2Fy%20z%3F%23%25%C3%BC"
	svc, rec := newService(t, 200, "update_noop.json", "index_created.json", "get.json", "index_created.json")
	if _, err := svc.Update(ctx, "my index", id, &UpdateRequest{Doc: map[string]any{"a": 1}}, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/my%20index/_update/"+esc, "", `{"doc":{"a":1}}`)
	if _, err := svc.Delete(ctx, "books", id, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "DELETE", "/books/_doc/"+esc, "", "")
	if _, err := svc.Get(ctx, "books", id, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/books/_doc/"+esc, "", "")
	if _, err := svc.Create(ctx, "books", id, map[string]any{}, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "PUT", "/books/_create/"+esc, "", `{}`)
}

func TestSmallResponsesSurviveRoundTrip(t *testing.T) {
	t.Parallel()
	sdktest.RoundTrip(t, []byte(`{"task":"oTUltX4IQMOUUVeiohTt8A:124"}`), new(TaskStarted))
	sdktest.RoundTrip(t, []byte(`{"_index":"books","_id":"9","found":false}`), new(GetResponse))
}

func TestServiceIsSafeForConcurrentUse(t *testing.T) {
	t.Parallel()
	const n = 16
	fixtures := make([]string, n)
	for i := range fixtures {
		fixtures[i] = "get.json"
	}
	svc, rec := newService(t, 200, fixtures...)
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		go func() {
			resp, err := svc.Get(ctx, "books", "1", nil)
			if err == nil && !resp.Found {
				err = errors.New("not found")
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

func TestDeleteByQueryRejectsEmptyIndexNames(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200)
	// Joined, [""] would become "" and then _all: every document of the cluster.
	for _, indices := range [][]string{{""}, {"books", ""}} {
		if _, err := svc.DeleteByQuery(ctx, indices, &DeleteByQueryRequest{Query: query.MatchAll()}, nil); err == nil || !strings.Contains(err.Error(), "is empty") {
			t.Errorf("%q: err = %v", indices, err)
		}
		if _, err := svc.DeleteByQueryAsync(ctx, indices, nil, nil); err == nil {
			t.Errorf("%q: async accepted", indices)
		}
	}
	// No index at all must not mean every index either.
	for _, indices := range [][]string{nil, {}} {
		if _, err := svc.DeleteByQuery(ctx, indices, &DeleteByQueryRequest{Query: query.MatchAll()}, nil); err == nil || !strings.Contains(err.Error(), `"_all"`) {
			t.Errorf("DeleteByQuery(%q): err = %v", indices, err)
		}
		if _, err := svc.DeleteByQueryAsync(ctx, indices, nil, nil); err == nil {
			t.Errorf("DeleteByQueryAsync(%q) accepted", indices)
		}
		if _, err := svc.UpdateByQuery(ctx, indices, nil, nil); err == nil {
			t.Errorf("UpdateByQuery(%q) accepted", indices)
		}
		if _, err := svc.UpdateByQueryAsync(ctx, indices, nil, nil); err == nil {
			t.Errorf("UpdateByQueryAsync(%q) accepted", indices)
		}
	}
	if len(rec.Calls) != 0 {
		t.Errorf("%d requests sent", len(rec.Calls))
	}
}

func TestUpdateByQueryWire(t *testing.T) {
	t.Parallel()
	answer := `{"took":14,"timed_out":false,"total":3,"updated":3,"deleted":0,"batches":1,"version_conflicts":0,"noops":0,"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0,"failures":[]}`
	svc, rec := newService(t, 200, answer, `{"task":"n1:77"}`)
	params := &UpdateByQueryParams{
		DeleteByQueryParams: DeleteByQueryParams{Conflicts: ConflictsProceed, Refresh: types.RefreshTrue, Slices: SlicesAuto, ScrollSize: query.Ptr(500)},
		Pipeline:            "fix-titles",
	}
	resp, err := svc.UpdateByQuery(ctx, []string{"books"}, &UpdateByQueryRequest{
		Query:     query.Term("status", "draft"),
		Script:    types.NewScript("ctx._source.status = params.s", map[string]any{"s": "published"}),
		MaxDocs:   query.Ptr(int64(100)),
		Slice:     &ManualSlice{ID: 0, Max: 2},
		Conflicts: ConflictsProceed,
	}, params)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/books/_update_by_query",
		"conflicts=proceed&pipeline=fix-titles&refresh=true&scroll_size=500&slices=auto",
		`{"query":{"term":{"status":{"value":"draft"}}},"script":{"source":"ctx._source.status = params.s","lang":"painless","params":{"s":"published"}},
		  "max_docs":100,"slice":{"id":0,"max":2},"conflicts":"proceed"}`)
	if resp.Updated == nil || *resp.Updated != 3 || resp.Total != 3 {
		t.Errorf("resp = %+v", resp)
	}
	sdktest.RoundTrip(t, []byte(answer), new(UpdateByQueryResponse))
	task, err := svc.UpdateByQueryAsync(ctx, []string{"_all"}, nil, nil)
	if err != nil || task.Task != "n1:77" {
		t.Fatalf("task = %+v %v", task, err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/_all/_update_by_query", "wait_for_completion=false", "")
	if _, err := svc.UpdateByQuery(ctx, []string{"a"}, nil, &UpdateByQueryParams{DeleteByQueryParams: DeleteByQueryParams{WaitForCompletion: query.Ptr(false)}}); err == nil {
		t.Error("wait_for_completion=false on the synchronous call must be refused")
	}
	if _, err := svc.UpdateByQuery(ctx, []string{""}, nil, nil); err == nil {
		t.Error("an empty index name must be refused")
	}
}
