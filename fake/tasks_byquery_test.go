package fake

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"
)

// seed indexes n documents {"n":i,"tag":"a"|"b"} (even i are "a") and refreshes.
func seed(t *testing.T, s *Server, index string, n int, settings string) {
	t.Helper()
	if settings != "" {
		expect(t, s, "PUT", "/"+index, settings, 200, "")
	}
	var b strings.Builder
	for i := 0; i < n; i++ {
		tag := "a"
		if i%2 == 1 {
			tag = "b"
		}
		b.WriteString(`{"index":{"_index":"` + index + `","_id":"` + strconv.Itoa(i) + `"}}` + "\n")
		b.WriteString(`{"n":` + strconv.Itoa(i) + `,"tag":"` + tag + `"}` + "\n")
	}
	expect(t, s, "POST", "/_bulk?refresh=true", b.String(), 200, "")
}

func count(t *testing.T, s *Server, index string) int {
	t.Helper()
	expect(t, s, "POST", "/"+index+"/_refresh", "", 200, "")
	body := expect(t, s, "GET", "/"+index+"/_count", "", 200, "")
	var c struct{ Count int }
	if err := json.Unmarshal([]byte(body), &c); err != nil {
		t.Fatal(err)
	}
	return c.Count
}

func TestDeleteByQuerySync(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "t", 10, "")
	expect(t, s, "POST", "/t/_delete_by_query?scroll_size=2", `{"query":{"term":{"tag":"a"}}}`, 200,
		`{"took":0,"timed_out":false,"total":5,"deleted":5,"batches":3,"version_conflicts":0,"noops":0,"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0,"failures":[]}`)
	if n := count(t, s, "t"); n != 5 {
		t.Errorf("left %d documents, want 5", n)
	}
	expect(t, s, "POST", "/t/_delete_by_query?max_docs=2&refresh=true", `{"query":{"match_all":{}}}`, 200, `{<**>"total":2,"deleted":2,"batches":1,<**>}`)
	expect(t, s, "GET", "/t/_count", "", 200, `{"count":3,<**>}`)
	expect(t, s, "POST", "/t/_delete_by_query?q=n:9&human=true", ``, 200, `{<**>"deleted":1,<**>"throttled":"0s","throttled_millis":0,"requests_per_second":-1.0,"throttled_until":"0s","throttled_until_millis":0,"failures":[]}`)
	expect(t, s, "POST", "/missing/_delete_by_query", `{"query":{"match_all":{}}}`, 404, `{<**>"type":"index_not_found_exception"<**>}`)
}

func TestDeleteByQueryConflicts(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/test", `{"settings":{"index.refresh_interval":-1}}`, 200, "")
	expect(t, s, "PUT", "/test/_doc/1", `{"text":"test"}`, 201, "")
	expect(t, s, "POST", "/test/_refresh", "", 200, "")
	expect(t, s, "PUT", "/test/_doc/1", `{"text":"test2"}`, 200, "")
	expect(t, s, "POST", "/test/_delete_by_query", `{"query":{"match_all":{}}}`, 409,
		`{"took":0,"timed_out":false,"total":1,"deleted":0,"batches":1,"version_conflicts":1,"noops":0,"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0,"failures":[{"index":"test","id":"1","cause":{"type":"version_conflict_engine_exception","reason":"[1]: version conflict, required seqNo [0], primary term [1]. current document has seqNo [1] and primary term [1]","index":"test","shard":"0","index_uuid":<*>},"status":409}]}`)
	expect(t, s, "POST", "/test/_delete_by_query?conflicts=proceed", `{"query":{"match_all":{}}}`, 200, `{<**>"deleted":0,"batches":1,"version_conflicts":1,<**>"failures":[]}`)
	expect(t, s, "POST", "/test/_delete_by_query", `{"conflicts":"proceed","query":{"match_all":{}}}`, 200, `{<**>"version_conflicts":1,<**>}`)
}

func TestByQueryValidation(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "test", 1, "")
	for _, c := range []struct{ url, body, reason string }{
		{"/test/_delete_by_query?conflicts=cat", `{"query":{"match_all":{}}}`, `conflicts may only be \"proceed\" or \"abort\" but was [cat]`},
		{"/test/_delete_by_query?size=-4", `{"query":{"match_all":{}}}`, `[max_docs] parameter cannot be negative, found [-4]`},
		{"/test/_delete_by_query?max_docs=-4", `{"query":{"match_all":{}}}`, `[max_docs] parameter cannot be negative, found [-4]`},
		{"/test/_delete_by_query?size=4&max_docs=5", `{"query":{"match_all":{}}}`, `[max_docs] set to two different values [4] and [5]`},
		{"/test/_delete_by_query?max_docs=1&slices=2", `{"query":{"match_all":{}}}`, `Validation Failed: 1: [max_docs] should be >= [slices];`},
		{"/test/_delete_by_query?scroll_size=asdf", `{"query":{"match_all":{}}}`, `Failed to parse int parameter [scroll_size] with value [asdf]`},
		{"/test/_delete_by_query", `{"stored_fields":["_id"]}`, `Validation Failed: 1: stored_fields is not supported in this context;2: query is missing;`},
		{"/test/_delete_by_query", `{}`, `Validation Failed: 1: query is missing;`},
		{"/test/_delete_by_query?from=1", `{"query":{"match_all":{}}}`, `Validation Failed: 1: using [from] is not allowed in a scroll context;2: from is not supported in this context;`},
		{"/test/_delete_by_query?requests_per_second=", `{"query":{"match_all":{}}}`, `[requests_per_second] must be a float greater than 0. Use -1 to disable throttling.`},
		{"/test/_delete_by_query?requests_per_second=-12", `{"query":{"match_all":{}}}`, `[requests_per_second] must be a float greater than 0. Use -1 to disable throttling.`},
		{"/test/_delete_by_query?requests_per_second=0", `{"query":{"match_all":{}}}`, `[requests_per_second] must be a float greater than 0. Use -1 to disable throttling.`},
		{"/test/_delete_by_query?requests_per_second=unlimited", `{"query":{"match_all":{}}}`, `[requests_per_second] must be a float greater than 0. Use -1 to disable throttling.`},
		{"/test/_delete_by_query?slices=junk", `{"query":{"match_all":{}}}`, `[slices] must be a positive integer or the string \"auto\", but was [junk]`},
		{"/test/_delete_by_query?slices=0", `{"query":{"match_all":{}}}`, `[slices] must be a positive integer or the string \"auto\", but was [0]`},
		{"/test/_update_by_query", `{"script":{"lang":"painless"}}`, `must specify either [source] for an inline script or [id] for a stored script`},
	} {
		expect(t, s, "POST", c.url, c.body, 400, `{<**>"reason":"`+c.reason+`"<**>}`)
	}
}

func TestUpdateByQuery(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "t", 6, "")
	expect(t, s, "POST", "/t/_update_by_query?refresh=true", `{"query":{"term":{"tag":"a"}},"script":{"source":"ctx._source.n += params.k; if (ctx._source.n == 12) { ctx.op = 'noop' } else if (ctx._source.n == 14) { ctx.op = 'DELETE' }","params":{"k":10}}}`, 200,
		`{"took":0,"timed_out":false,"total":3,"updated":1,"deleted":1,"batches":1,"version_conflicts":0,"noops":1,"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0,"failures":[]}`)
	expect(t, s, "GET", "/t/_doc/0", "", 200, `{<**>"_version":2,<**>"_source":{"tag":"a","n":10}}`) // rewritten in HashMap order
	expect(t, s, "GET", "/t/_doc/2", "", 200, `{<**>"_version":1,<**>}`)
	expect(t, s, "GET", "/t/_doc/4", "", 404, "")
	// Without a script every matching document is written again.
	expect(t, s, "POST", "/t/_update_by_query", ``, 200, `{<**>"total":5,"updated":5,<**>}`)
	for body, reason := range map[string]string{
		`{"script":"ctx.op = 'none'"}`:       "Operation type [none] not allowed, only [noop, index, delete] are allowed",
		`{"script":"ctx.op = null"}`:         "Script cleared operation type",
		`{"script":"ctx._id = 'x'"}`:         "Modifying [_id] not allowed",
		`{"script":"ctx.junk = 1"}`:          "Invalid fields added to context [junk]",
		`{"script":"ctx._source.a.b = 1"}`:   "runtime error",
		`{"script":"ctx._source.n = ;"}`:     "compile error",
		`{"script":{"id":"nope"}}`:           "unable to find script [nope] in cluster state",
		`{"script":"1","conflicts":"maybe"}`: `conflicts may only be \"proceed\" or \"abort\" but was [maybe]`,
	} {
		code, _, got := call(t, s, "POST", "/t/_update_by_query", body)
		if code < 400 || !strings.Contains(got, `"reason":"`+reason+`"`) {
			t.Errorf("%s: %d %s; want reason %q", body, code, got, reason)
		}
	}
	// A script error is the top-level error (no "failed to execute script").
	expect(t, s, "POST", "/t/_update_by_query", `{"script":"ctx._source.a.b = 1"}`, 400,
		`{"error":{"root_cause":[{"type":"script_exception","reason":"runtime error",<**>}],"type":"script_exception","reason":"runtime error",<**>"caused_by":{"type":"null_pointer_exception",<**>},"status":400}`)
}

// taskGet reads GET /_tasks/<id>.
func taskGet(t *testing.T, s *Server, id string, params string) map[string]any {
	t.Helper()
	body := expect(t, s, "GET", "/_tasks/"+id+params, "", 200, "")
	var m map[string]any
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func startTask(t *testing.T, s *Server, url, body string) string {
	t.Helper()
	got := expect(t, s, "POST", url, body, 200, `{"task":"<**>"}`)
	var r struct{ Task string }
	if err := json.Unmarshal([]byte(got), &r); err != nil {
		t.Fatal(err)
	}
	return r.Task
}

// waitStatus polls the task until cond holds on its status.
func waitStatus(t *testing.T, s *Server, id string, cond func(st map[string]any) bool) map[string]any {
	t.Helper()
	for i := 0; i < 2000; i++ {
		m := taskGet(t, s, id, "")
		task, _ := m["task"].(map[string]any)
		st, _ := task["status"].(map[string]any)
		if st != nil && cond(st) {
			return m
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatalf("task %s never reached the wanted state", id)
	return nil
}

func TestDeleteByQueryAsyncMatchesSync(t *testing.T) {
	a, b := newTestServer(t), newTestServer(t)
	seed(t, a, "t", 7, "")
	seed(t, b, "t", 7, "")
	sync := expect(t, a, "POST", "/t/_delete_by_query?scroll_size=3&conflicts=proceed", `{"query":{"match_all":{}}}`, 200, "")
	id := startTask(t, b, "/t/_delete_by_query?scroll_size=3&conflicts=proceed&wait_for_completion=false", `{"query":{"match_all":{}}}`)
	raw := expect(t, b, "GET", "/_tasks/"+id+"?wait_for_completion=true", "", 200, `{"completed":true,<**>}`)
	var parts map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &parts); err != nil {
		t.Fatal(err)
	}
	resp := parts["response"]
	res := taskGet(t, b, id, "")
	// The stored response keeps updated and created; the synchronous one omits them.
	want := strings.Replace(sync, `"total":7,`, `"total":7,"updated":0,"created":0,`, 1)
	if string(resp) != want {
		t.Errorf("async response\n got %s\nwant %s", resp, want)
	}
	task := res["task"].(map[string]any)
	if task["action"] != "indices:data/write/delete/byquery" || task["description"] != "delete-by-query [t]" || task["cancellable"] != true {
		t.Errorf("task %v", task)
	}
	// The finished task stays readable.
	if again := taskGet(t, b, id, ""); again["completed"] != true {
		t.Errorf("stored result lost: %v", again)
	}
	if n := count(t, b, "t"); n != 0 {
		t.Errorf("%d documents left", n)
	}
}

func TestDeleteByQueryThrottledCancel(t *testing.T) {
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(clk))
	seed(t, s, "t", 10, "")
	id := startTask(t, s, "/t/_delete_by_query?scroll_size=2&requests_per_second=1&wait_for_completion=false", `{"query":{"match_all":{}}}`)
	// One batch runs at once; the next waits 2 seconds of server time.
	m := waitStatus(t, s, id, func(st map[string]any) bool { return st["deleted"] == 2.0 && st["batches"] == 2.0 })
	st := m["task"].(map[string]any)["status"].(map[string]any)
	if st["throttled_until_millis"] != 2000.0 || st["throttled_millis"] != 2000.0 || st["requests_per_second"] != 1.0 || st["total"] != 10.0 {
		t.Errorf("throttled status %v", st)
	}
	expect(t, s, "GET", "/_tasks?actions=*byquery&detailed=true&group_by=none", "", 200,
		`{"tasks":[{<**>"action":"indices:data/write/delete/byquery","status":{"total":10,"updated":0,"created":0,"deleted":2,"batches":2,<**>},"description":"delete-by-query [t]",<**>"cancellable":true,"cancelled":false,<**>}]}`)
	clk.Advance(2 * time.Second)
	waitStatus(t, s, id, func(st map[string]any) bool { return st["deleted"] == 4.0 })
	expect(t, s, "POST", "/_tasks/"+id+"/_cancel", "", 200, `{"nodes":{<**>"cancellable":true,"cancelled":true,<**>}`)
	res := taskGet(t, s, id, "?wait_for_completion=true")
	resp := res["response"].(map[string]any)
	if resp["deleted"] != 4.0 || resp["canceled"] != "by user request" || resp["batches"] != 3.0 {
		t.Errorf("cancelled response %v", resp)
	}
	if n := count(t, s, "t"); n != 6 {
		t.Errorf("%d documents left after a cancel that reported 4 deleted, want 6", n)
	}
}

func TestDeleteByQueryRethrottle(t *testing.T) {
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(clk))
	seed(t, s, "t", 6, "")
	id := startTask(t, s, "/t/_delete_by_query?scroll_size=2&requests_per_second=0.5&wait_for_completion=false", `{"query":{"match_all":{}}}`)
	// Wait for the throttle delay itself, not just the first batch: a
	// rethrottle that lands between the two would find no delay to shorten.
	waitStatus(t, s, id, func(st map[string]any) bool { return st["deleted"] == 2.0 && st["throttled_until_millis"] == 4000.0 })
	expect(t, s, "POST", "/_delete_by_query/"+id+"/_rethrottle?requests_per_second=-1", "", 200, `{"nodes":{<**>"status":{<**>"requests_per_second":-1.0,<**>}`)
	res := taskGet(t, s, id, "?wait_for_completion=true")
	if resp := res["response"].(map[string]any); resp["deleted"] != 6.0 || resp["throttled_millis"] != 4000.0 {
		t.Errorf("rethrottled response %v", resp)
	}
	expect(t, s, "POST", "/_delete_by_query/"+id+"/_rethrottle?requests_per_second=5", "", 200, `{"node_failures":[{<**>"reason":"task [`+id+`] is not found"}}],"nodes":{}}`)
	expect(t, s, "POST", "/_delete_by_query/"+id+"/_rethrottle", "", 400, `{<**>"reason":"requests_per_second is a required parameter"<**>}`)
}

func TestDeleteByQuerySlices(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "t", 20, `{"settings":{"number_of_shards":5}}`)
	got := expect(t, s, "POST", "/t/_delete_by_query?slices=auto", `{"query":{"match_all":{}}}`, 200,
		`{"took":0,"timed_out":false,"total":20,"deleted":20,"batches":5,<**>"slices":[{"slice_id":0,<**>},{"slice_id":1,<**>},{"slice_id":2,<**>},{"slice_id":3,<**>},{"slice_id":4,<**>}],"failures":[]}`)
	var r struct {
		Slices []struct{ Total, Deleted int }
	}
	if err := json.Unmarshal([]byte(got), &r); err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, sl := range r.Slices {
		if sl.Total != sl.Deleted {
			t.Errorf("slice %+v", sl)
		}
		sum += sl.Deleted
	}
	if sum != 20 {
		t.Errorf("slices deleted %d", sum)
	}
	seed(t, s, "u", 20, `{"settings":{"number_of_shards":2}}`)
	expect(t, s, "POST", "/u/_delete_by_query?slices=3", `{"query":{"match_all":{}}}`, 200, `{<**>"total":20,"deleted":20,<**>"slices":[{"slice_id":0,<**>},{"slice_id":1,<**>},{"slice_id":2,<**>}],"failures":[]}`)
}

func TestByQueryWaitForActiveShards(t *testing.T) {
	c := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(c))
	seed(t, s, "test", 1, `{"settings":{"number_of_replicas":5}}`)
	// The bulk request of a batch waits timeout on the server clock for the
	// copies, then its items fail and the job aborts.
	ch := callAsync(s, "POST", "/test/_delete_by_query?timeout=1s&wait_for_active_shards=4", `{"query":{"match_all":{}}}`)
	parked(t, c, 1)
	c.Advance(999 * time.Millisecond)
	pending(t, ch, "delete_by_query before its timeout")
	c.Advance(time.Millisecond)
	if a := <-ch; a.code != 503 || !jsonLike(`{<**>"failures":[{"index":"test","id":"0","cause":{"type":"unavailable_shards_exception","reason":"[test][0] Not enough active copies to meet shard count of [4] (have 1, needed 4). Timeout: [1s], request: [BulkShardRequest [[test][0]] containing [1] requests]",<**>},"status":503}]}`, a.body) {
		t.Errorf("delete_by_query: %d %s", a.code, a.body)
	}
	if n := count(t, s, "test"); n != 1 {
		t.Errorf("count %d", n)
	}
	// A batch waits once: every document of the timed-out shard fails with it.
	seed(t, s, "many", 3, `{"settings":{"number_of_replicas":5}}`)
	ch = callAsync(s, "POST", "/_reindex?timeout=2s&wait_for_active_shards=all", `{"source":{"index":"many"},"dest":{"index":"test"}}`)
	parked(t, c, 1)
	c.Advance(2 * time.Second)
	if a := <-ch; a.code != 503 || !jsonLike(`{<**>"failures":[{"index":"test","id":"0",<**>},{"index":"test","id":"1",<**>},{"index":"test","id":"2",<**>Timeout: [2s]<**>}]}`, a.body) {
		t.Errorf("reindex: %d %s", a.code, a.body)
	}
	expect(t, s, "POST", "/test/_delete_by_query?wait_for_active_shards=1", `{"query":{"match_all":{}}}`, 200, `{<**>"deleted":1,<**>}`)
}

func TestDeleteByQueryManualSlices(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "t", 30, `{"settings":{"number_of_shards":3}}`)
	total := 0
	for id := 0; id < 2; id++ {
		got := expect(t, s, "POST", "/t/_delete_by_query", `{"slice":{"id":`+strconv.Itoa(id)+`,"max":2},"query":{"match_all":{}}}`, 200,
			`{"took":0,"timed_out":false,"slice_id":`+strconv.Itoa(id)+`,"total":<*>,<**>}`)
		var r struct{ Deleted int }
		if err := json.Unmarshal([]byte(got), &r); err != nil {
			t.Fatal(err)
		}
		total += r.Deleted
	}
	if total != 30 || count(t, s, "t") != 0 {
		t.Errorf("manual slices deleted %d of 30", total)
	}
	expect(t, s, "POST", "/t/_delete_by_query?slices=2", `{"slice":{"id":0,"max":2},"query":{"match_all":{}}}`, 400,
		`{<**>"reason":"Validation Failed: 1: can't specify both manual and automatic slicing at the same time;"<**>}`)
	expect(t, s, "POST", "/t/_delete_by_query", `{"slice":{"id":2,"max":2},"query":{"match_all":{}}}`, 400, `{<**>"reason":"max must be greater than id"<**>}`)
}

// A sliced job runs one child task per slice under the request's task.
func TestByQuerySlicedTasks(t *testing.T) {
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(clk))
	seed(t, s, "t", 12, `{"settings":{"number_of_shards":2}}`)
	id := startTask(t, s, "/t/_update_by_query?slices=2&scroll_size=1&requests_per_second=2&wait_for_completion=false", ``)
	waitStatus(t, s, id, func(st map[string]any) bool {
		sl, _ := st["slices"].([]any)
		return len(sl) == 2 && st["updated"] == 2.0
	})
	expect(t, s, "GET", "/_tasks?parent_task_id="+id+"&group_by=none&detailed=true", "", 200,
		`{"tasks":[{<**>"action":"indices:data/write/update/byquery","status":{"slice_id":0,<**>"parent_task_id":"`+id+`",<**>},{<**>"status":{"slice_id":1,<**>"parent_task_id":"`+id+`",<**>}]}`)
	expect(t, s, "GET", "/_tasks?actions=*update/byquery&group_by=parents", "", 200,
		`{"tasks":{"`+id+`":{<**>"children":[{<**>},{<**>}]}}}`)
	// An empty detailed is true (paramAsBoolean with a primitive default);
	// without it a listing has neither status nor description (Task.taskInfo).
	expect(t, s, "GET", "/_tasks?parent_task_id="+id+"&group_by=none&detailed", "", 200,
		`{"tasks":[{<**>"action":"indices:data/write/update/byquery","status":{"slice_id":0,<**>"description":<**>},{<**>"status":{"slice_id":1,<**>}]}`)
	brief := expect(t, s, "GET", "/_tasks?parent_task_id="+id+"&group_by=none", "", 200,
		`{"tasks":[{<**>"action":"indices:data/write/update/byquery","start_time_in_millis":<**>},{<**>}]}`)
	if strings.Contains(brief, `"status"`) || strings.Contains(brief, `"description"`) {
		t.Errorf("a listing without detailed shows status or description: %s", brief)
	}
	// Each slice gets half the rate; rethrottling the parent reaches them.
	expect(t, s, "POST", "/_update_by_query/"+id+"/_rethrottle?requests_per_second=-1", "", 200, "")
	res := taskGet(t, s, id, "?wait_for_completion=true")
	resp := res["response"].(map[string]any)
	if resp["updated"] != 12.0 || len(resp["slices"].([]any)) != 2 {
		t.Errorf("sliced response %v", resp)
	}
}

// max_docs counts documents written: a noop lets update by query go on.
func TestUpdateByQueryMaxDocsSkipsNoops(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "t", 5, "")
	expect(t, s, "POST", "/t/_update_by_query?max_docs=2&scroll_size=1&refresh=true", `{"script":"if (ctx._source.n == 0) { ctx.op = 'noop' }"}`, 200,
		`{<**>"total":2,"updated":2,"deleted":0,"batches":3,"version_conflicts":0,"noops":1,<**>}`)
	// A page is cut to what max_docs allows and the rest of it is dropped.
	expect(t, s, "POST", "/t/_update_by_query?max_docs=2", `{"script":"if (ctx._source.n == 0) { ctx.op = 'noop' }"}`, 200,
		`{<**>"total":2,"updated":1,"deleted":0,"batches":1,"version_conflicts":0,"noops":1,<**>}`)
	expect(t, s, "POST", "/t/_update_by_query?max_docs=0", ``, 400, `{<**>"reason":"Validation Failed: 1: maxDocs should be greater than 0 if the request is limited to some number of documents or -1 if it isn't but it was [0];2: [max_docs] should be >= [slices];"<**>}`)
}
