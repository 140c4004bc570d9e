package fake

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/query"
	sdktasks "github.com/clustersearch/clustersearch-go/tasks"
	"github.com/clustersearch/clustersearch-go/types"
)

// holdOne starts a held search in the background and returns its task id
// and the channel of its answer.
func holdOne(t *testing.T, s *Server, h *SearchHold, method, path, body string) (string, <-chan answer) {
	t.Helper()
	done := callAsync(s, method, path, body)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	id, err := h.Parked(ctx)
	if err != nil {
		t.Fatalf("%s %s never parked: %v", method, path, err)
	}
	return id, done
}

// listedTask returns the detailed listing of one running task.
func listedTask(t *testing.T, s *Server, id string) map[string]any {
	t.Helper()
	_, _, body := call(t, s, "GET", "/_tasks?detailed=true&group_by=none", "")
	var out struct{ Tasks []map[string]any }
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatal(err)
	}
	for _, tk := range out.Tasks {
		if tk["node"].(string)+":"+jsonNumber(tk["id"]) == id {
			return tk
		}
	}
	t.Fatalf("task %s not listed: %s", id, body)
	return nil
}

func jsonNumber(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestSearchTaskDescriptionAndCancel(t *testing.T) {
	s := newTestServer(t)
	node := s.backend.Cluster.Nodes[0].ID
	seed(t, s, "idx", 5, "")
	h := s.HoldSearches()
	defer h.Release()
	id, done := holdOne(t, s, h, "POST", "/idx/_search", `{"query":{"match":{"tag":"a"}},"size":3}`)

	tk := listedTask(t, s, id)
	if want := `indices[idx], search_type[QUERY_THEN_FETCH], source[{"size":3,"query":{"match":{"tag":{"query":"a","operator":"OR","prefix_length":0,"max_expansions":50,"fuzzy_transpositions":true,"lenient":false,"zero_terms_query":"NONE","auto_generate_synonyms_phrase_query":true,"boost":1.0}}}}]`; tk["description"] != want {
		t.Errorf("description\n got %v\nwant %s", tk["description"], want)
	}
	if tk["action"] != "indices:data/read/search" || tk["cancellable"] != true || tk["cancelled"] != false {
		t.Errorf("task %v", tk)
	}
	rs := tk["resource_stats"].(map[string]any)
	if ti := rs["thread_info"].(map[string]any); ti["thread_executions"] != 1.0 || ti["active_threads"] != 1.0 {
		t.Errorf("thread_info %v", ti)
	}
	// Parsing and resolving the search before it parked was real work. A
	// running thread's CPU time is read from its schedstat, which only
	// Linux kernels with scheduler statistics have.
	_, statErr := os.Stat("/proc/thread-self/schedstat")
	measured := runtime.GOOS == "linux" && statErr == nil
	total := rs["total"].(map[string]any)
	// The heap counter moves a span at a time, so a short run may show no
	// memory yet (the tasks package's own test allocates enough to see it).
	if total["memory_in_bytes"].(float64) < 0 || (measured && total["cpu_time_in_nanos"].(float64) <= 0) {
		t.Errorf("resource use of a running search: %v", rs)
	}

	expect(t, s, "POST", "/_tasks/"+id+"/_cancel?group_by=none", "", 200,
		`{"tasks":[{"node":"`+node+`","id":`+strings.Split(id, ":")[1]+`,"type":"transport","action":"indices:data/read/search","start_time_in_millis":1700000000000,"running_time_in_nanos":0,"cancellable":true,"cancelled":true,"cancellation_time_millis":1700000000000,"headers":{}}]}`)
	got := <-done
	want := `{"error":{"root_cause":[{"type":"task_cancelled_exception","reason":"cancelled task with reason: by user request"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,` +
		`"failed_shards":[{"shard":0,"index":"idx","node":"` + node + `","reason":{"type":"task_cancelled_exception","reason":"cancelled task with reason: by user request"}}],` +
		`"caused_by":{"type":"task_cancelled_exception","reason":"cancelled task with reason: by user request"}},"status":500}`
	if got.code != 500 || got.body != want {
		t.Errorf("cancelled search: %d\n got %s\nwant %s", got.code, got.body, want)
	}
	// The task is gone once the search has answered.
	if tasks := s.Tasks(); len(tasks) != 0 {
		t.Errorf("tasks left: %v", tasks)
	}
}

func TestSearchCancelAfterTimeInterval(t *testing.T) {
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(clk))
	seed(t, s, "idx", 3, "")
	h := s.HoldSearches()
	defer h.Release()
	id, done := holdOne(t, s, h, "GET", "/idx/_search?cancel_after_time_interval=1500ms", "")
	if c := listedTask(t, s, id)["cancelled"]; c != false {
		t.Fatalf("cancelled before the interval: %v", c)
	}
	clk.Advance(1499 * time.Millisecond)
	if c := listedTask(t, s, id)["cancelled"]; c != false {
		t.Fatalf("cancelled before the interval: %v", c)
	}
	clk.Advance(time.Millisecond)
	got := <-done
	const reason = "cancelled task with reason: Cancellation timeout of 1.5s is expired"
	if got.code != 500 || !jsonLike(`{"error":{"root_cause":[{"type":"task_cancelled_exception","reason":"`+reason+`"}],"type":"search_phase_execution_exception","reason":"all shards failed",<**>"caused_by":{"type":"task_cancelled_exception","reason":"`+reason+`"}},"status":500}`, got.body) {
		t.Errorf("timed-out search: %d %s", got.code, got.body)
	}
	// A search that ends first withdraws its timer; -1 is off.
	h.Release()
	expect(t, s, "GET", "/idx/_search?cancel_after_time_interval=10s&size=0", "", 200, `{<**>"hits":{"total":{"value":3,"relation":"eq"},<**>}`)
	expect(t, s, "GET", "/idx/_search?cancel_after_time_interval=-1&size=0", "", 200, `{<**>"hits":{"total":{"value":3,<**>}`)
	if n := clk.Waiters(); n != 0 {
		t.Errorf("%d timers left on the clock", n)
	}
	expect(t, s, "GET", "/idx/_search?cancel_after_time_interval=soon", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to parse setting [cancel_after_time_interval] with value [soon] as a time value: unit is missing or unrecognized"}],<**>"status":400}`)
}

func TestCountTaskDescription(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "idx", 3, "")
	h := s.HoldSearches()
	defer h.Release()
	id, done := holdOne(t, s, h, "GET", "/idx/_count?q=tag:a&terminate_after=5&min_score=0.01", "")
	want := `indices[idx], search_type[QUERY_THEN_FETCH], source[{"size":0,"terminate_after":5,"query":{"query_string":{"query":"tag:a","fields":[],"type":"best_fields","default_operator":"or","max_determinized_states":10000,"enable_position_increments":true,"fuzziness":"AUTO","fuzzy_prefix_length":0,"fuzzy_max_expansions":50,"phrase_slop":0,"analyze_wildcard":false,"escape":false,"auto_generate_synonyms_phrase_query":true,"fuzzy_transpositions":true,"boost":1.0}},"min_score":0.01,"track_total_hits":2147483647}]`
	tk := listedTask(t, s, id)
	if tk["description"] != want || tk["action"] != "indices:data/read/search" {
		t.Errorf("count task %v\nwant description %s", tk, want)
	}
	h.Release()
	if got := <-done; got.code != 200 || !strings.HasPrefix(got.body, `{"count":2,`) {
		t.Errorf("released count: %d %s", got.code, got.body)
	}
}

// A multi-search runs each search as a child task with its own
// description; cancelling the multi-search cancels the running child.
func TestMultiSearchTasks(t *testing.T) {
	s := newTestServer(t)
	node := s.backend.Cluster.Nodes[0].ID
	seed(t, s, "a", 2, "")
	seed(t, s, "b", 2, "")
	h := s.HoldSearches()
	defer h.Release()
	body := "{\"index\":\"a\"}\n{\"query\":{\"term\":{\"tag\":\"a\"}}}\n{\"index\":\"b\",\"search_type\":\"dfs_query_then_fetch\"}\n{}\n"
	child, done := holdOne(t, s, h, "POST", "/_msearch", body)
	c := listedTask(t, s, child)
	if want := `indices[a], search_type[QUERY_THEN_FETCH], source[{"query":{"term":{"tag":{"value":"a","boost":1.0}}}}]`; c["description"] != want || c["action"] != "indices:data/read/search" {
		t.Errorf("child %v\nwant description %s", c, want)
	}
	parent := c["parent_task_id"].(string)
	p := listedTask(t, s, parent)
	want := `,indices[a], search_type[QUERY_THEN_FETCH], source[{"query":{"term":{"tag":{"value":"a","boost":1.0}}}}]indices:data/read/msearch[indices[b], search_type[DFS_QUERY_THEN_FETCH], source[{}]]`
	if p["description"] != want || p["action"] != "indices:data/read/msearch" || p["cancellable"] != true {
		t.Errorf("msearch task %v\nwant description %s", p, want)
	}
	// The multi-search task is not resource-tracked; its searches are.
	if ti := p["resource_stats"].(map[string]any)["thread_info"].(map[string]any); ti["thread_executions"] != 0.0 {
		t.Errorf("msearch thread_info %v", ti)
	}
	expect(t, s, "POST", "/_tasks/"+parent+"/_cancel", "", 200, `{"nodes":{"`+node+`":{<**>"action":"indices:data/read/msearch",<**>"cancelled":true,<**>}}}}`)
	got := <-done
	first := `{"error":{"root_cause":[{"type":"task_cancelled_exception","reason":"cancelled task with reason: by user request"}],"type":"search_phase_execution_exception","reason":"all shards failed",<**>"status":500}`
	var out struct{ Responses []json.RawMessage }
	if err := json.Unmarshal([]byte(got.body), &out); err != nil || got.code != 200 || len(out.Responses) != 2 {
		t.Fatalf("msearch: %d %s", got.code, got.body)
	}
	if !jsonLike(first, string(out.Responses[0])) {
		t.Errorf("first search of a cancelled msearch: %s", out.Responses[0])
	}
}

// parkedAgain waits for the held search to park at its next shard.
func parkedAgain(t *testing.T, h *SearchHold) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := h.Parked(ctx); err != nil {
		t.Fatal(err)
	}
}

// A search cancelled between its shards keeps the first shard's results
// when it has nothing to fetch, fails with allow_partial_search_results=false,
// and answers 501 when the fetch phase of a cancelled search would run.
func TestSearchCancelledBetweenShards(t *testing.T) {
	s := newTestServer(t)
	node := s.backend.Cluster.Nodes[0].ID
	seed(t, s, "p", 10, `{"settings":{"number_of_shards":2}}`)
	_, _, first := call(t, s, "GET", "/p/_count?preference=_shards:0", "")
	var c0 struct{ Count int }
	if err := json.Unmarshal([]byte(first), &c0); err != nil || c0.Count == 0 || c0.Count == 10 {
		t.Fatalf("shard 0 holds %d of 10 documents (%s): pick other ids", c0.Count, first)
	}
	h := s.HoldSearches()
	defer h.Release()
	cancelAtSecondShard := func(path string) answer {
		t.Helper()
		id, done := holdOne(t, s, h, "GET", path, "")
		h.Step()
		parkedAgain(t, h)
		expect(t, s, "POST", "/_tasks/"+id+"/_cancel", "", 200, "")
		return <-done
	}
	got := cancelAtSecondShard("/p/_search?size=0")
	want := `{"took":<*>,"timed_out":false,"_shards":{"total":2,"successful":1,"skipped":0,"failed":1,"failures":[{"shard":1,"index":"p","node":"` + node + `","reason":{"type":"task_cancelled_exception","reason":"cancelled task with reason: by user request"}}]},` +
		`"hits":{"total":{"value":` + jsonNumber(c0.Count) + `,"relation":"eq"},"max_score":null,"hits":[]}}`
	if got.code != 200 || !jsonLike(want, got.body) {
		t.Errorf("partial results: %d\n got %s\nwant %s", got.code, got.body, want)
	}
	got = cancelAtSecondShard("/p/_search?size=0&allow_partial_search_results=false")
	if got.code != 500 || !jsonLike(`{"error":{"root_cause":[{"type":"task_cancelled_exception",<**>"type":"search_phase_execution_exception","reason":"Partial shards failure",<**>"status":500}`, got.body) {
		t.Errorf("no partial results: %d %s", got.code, got.body)
	}
	got = cancelAtSecondShard("/p/_search")
	if got.code != 501 || !strings.Contains(got.body, `"reason":"clustersearch-fake does not support the fetch phase of a search cancelled while its shards ran yet"`) {
		t.Errorf("cancelled before the fetch phase: %d %s", got.code, got.body)
	}
}

// Through the SDK: the running search is listed with its typed resource
// stats, the cancel reports it cancelled, and the search fails with the
// typed error.
func TestSearchCancelThroughSDK(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "idx", 3, "")
	c := s.Client()
	ctx := context.Background()
	h := s.HoldSearches()
	defer h.Release()
	failed := make(chan error, 1)
	go func() {
		_, err := c.Search.Search(ctx, []string{"idx"}, nil, nil)
		failed <- err
	}()
	pctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	id, err := h.Parked(pctx)
	if err != nil {
		t.Fatal(err)
	}
	list, err := c.Tasks.List(ctx, &sdktasks.ListParams{Actions: []string{"indices:data/read/search"}, Detailed: query.Ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	all := list.All()
	if len(all) != 1 || string(all[0].TaskID()) != id || all[0].Description == nil ||
		*all[0].Description != `indices[idx], search_type[QUERY_THEN_FETCH], source[{}]` || !all[0].Cancellable || all[0].Cancelled {
		t.Fatalf("listed %+v", all)
	}
	if rs := all[0].ResourceStats; rs == nil || rs.ThreadInfo == nil || rs.ThreadInfo.ThreadExecutions != 1 || rs.ThreadInfo.ActiveThreads != 1 ||
		rs.Total == nil || rs.Total.MemoryInBytes < 0 || rs.Average == nil || rs.Min == nil || rs.Max == nil {
		t.Errorf("resource stats %+v", rs)
	}
	res, err := c.Tasks.Cancel(ctx, sdktasks.TaskID(id), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.All(); len(got) != 1 || !got[0].Cancelled || got[0].CancellationTimeMillis == nil {
		t.Errorf("cancel answer %+v", got)
	}
	err = <-failed
	var e *types.Error
	if !errors.As(err, &e) || e.StatusCode != 500 || e.Type != "search_phase_execution_exception" || !types.IsType(err, "task_cancelled_exception") ||
		e.CausedBy == nil || e.CausedBy.Reason != "cancelled task with reason: by user request" {
		t.Errorf("search error %v", err)
	}
}

func TestMultiSearchCancelAfterTimeInterval(t *testing.T) {
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(clk))
	seed(t, s, "a", 2, "")
	h := s.HoldSearches()
	defer h.Release()
	// The header's interval wins over the request's; the reason names the
	// interval that expired.
	for _, c := range []struct{ header, reason string }{
		{`{"index":"a","cancel_after_time_interval":"2s"}`, "Cancellation timeout of 2s is expired"},
		{`{"index":"a"}`, "Cancellation timeout of 1s is expired"},
	} {
		_, done := holdOne(t, s, h, "POST", "/_msearch?cancel_after_time_interval=1s", c.header+"\n{}\n")
		clk.Advance(2 * time.Second)
		got := <-done
		if got.code != 200 || !jsonLike(`{"took":<*>,"responses":[{"error":{"root_cause":[{"type":"task_cancelled_exception","reason":"cancelled task with reason: `+c.reason+`"}],<**>,"status":500}]}`, got.body) {
			t.Errorf("msearch with %s: %d %s", c.header, got.code, got.body)
		}
	}
	expect(t, s, "POST", "/_msearch?cancel_after_time_interval=x", "{}\n{}\n", 400, `{<**>"reason":"failed to parse setting [cancel_after_time_interval] with value [x] as a time value: unit is missing or unrecognized"<**>}`)
}
