package fake

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestTasksListSelf(t *testing.T) {
	s := newTestServer(t)
	node := s.backend.Cluster.Nodes[0]
	req, _ := http.NewRequest("GET", s.URL()+"/_tasks?actions=cluster:monitor/tasks/lists&group_by=none", nil)
	req.Header.Set("X-Opaque-Id", "That is me")
	resp, err := s.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.Header.Get("X-Opaque-Id") != "That is me" {
		t.Errorf("X-Opaque-Id echo: %q", resp.Header.Get("X-Opaque-Id"))
	}
	var sb strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		sb.Write(buf[:n])
		if err != nil {
			break
		}
	}
	want := `{"tasks":[{"node":"` + node.ID + `","id":<*>,"type":"transport","action":"cluster:monitor/tasks/lists","start_time_in_millis":1700000000000,"running_time_in_nanos":0,"cancellable":false,"cancelled":false,"headers":{"X-Opaque-Id":"That is me"}}]}`
	if !jsonLike(want, sb.String()) {
		t.Errorf("list\n got %s\nwant %s", sb.String(), want)
	}
	expect(t, s, "GET", "/_tasks", "", 200, `{"nodes":{"`+node.ID+`":{"name":"node-1","transport_address":"127.0.0.1:9300","host":"127.0.0.1","ip":"127.0.0.1:9300","roles":["cluster_manager","data","ingest","remote_cluster_client"],"tasks":{"`+node.ID+`:<*>":{<**>"action":"cluster:monitor/tasks/lists",<**>},"`+node.ID+`:<*>":{<**>"action":"cluster:monitor/tasks/lists[n]",<**>"parent_task_id":"`+node.ID+`:<*>","headers":{}}}}}}`)
	expect(t, s, "GET", "/_tasks?group_by=parents&detailed=true", "", 200, `{"tasks":{"`+node.ID+`:<*>":{<**>"action":"cluster:monitor/tasks/lists","description":"",<**>"resource_stats":{<**>},"children":[{<**>"action":"cluster:monitor/tasks/lists[n]"<**>}]}}}`)
	expect(t, s, "GET", "/_tasks?nodes=nope", "", 200, `{"nodes":{}}`)
	expect(t, s, "GET", "/_tasks?group_by=x", "", 400, `{<**>"reason":"[group_by] must be one of [nodes], [parents] or [none] but was [x]"<**>}`)
}

func TestTasksGetErrors(t *testing.T) {
	s := newTestServer(t)
	node := s.backend.Cluster.Nodes[0].ID
	expect(t, s, "GET", "/_tasks/"+node+":999", "", 404,
		`{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [.tasks]","index":".tasks","resource.id":".tasks","resource.type":"index_expression","index_uuid":"_na_"}],"type":"resource_not_found_exception","reason":"task [`+node+`:999] isn't running and hasn't stored its results","caused_by":{"type":"index_not_found_exception","reason":"no such index [.tasks]","index":".tasks","resource.id":".tasks","resource.type":"index_expression","index_uuid":"_na_"}},"status":404}`)
	expect(t, s, "GET", "/_tasks/other:1", "", 404,
		`{"error":{"root_cause":[{"type":"index_not_found_exception",<**>}],"type":"resource_not_found_exception","reason":"task [other:1] belongs to the node [other] which isn't part of the cluster and there is no record of the task","caused_by":{"type":"resource_not_found_exception","reason":"task [other:1] isn't running and hasn't stored its results","caused_by":{<**>}}},"status":404}`)
	expect(t, s, "GET", "/_tasks/bad", "", 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"malformed task id bad"}],"type":"illegal_argument_exception","reason":"malformed task id bad"},"status":400}`)
	expect(t, s, "POST", "/_tasks/"+node+":999/_cancel", "", 200,
		`{"node_failures":[{"type":"failed_node_exception","reason":"Failed node [`+node+`]","node_id":"`+node+`","caused_by":{"type":"resource_not_found_exception","reason":"task [`+node+`:999] is not found"}}],"nodes":{}}`)
	expect(t, s, "POST", "/_tasks/_cancel", "", 200, `{"nodes":{}}`)
	code, h, _ := call(t, s, "GET", "/nothing-here/_doc/1", "")
	if code != 404 || h.Get("X-Opaque-Id") != "" {
		t.Errorf("no opaque id sent: %d %q", code, h.Get("X-Opaque-Id"))
	}
}

func TestTasksOpaqueIDOnErrors(t *testing.T) {
	s := newTestServer(t)
	req, _ := http.NewRequest("GET", s.URL()+"/missing/_doc/1", nil)
	req.Header.Set("X-Opaque-Id", "op-7")
	resp, err := s.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 || resp.Header.Get("X-Opaque-Id") != "op-7" {
		t.Errorf("error response: %d X-Opaque-Id=%q", resp.StatusCode, resp.Header.Get("X-Opaque-Id"))
	}
}

// Results of wait_for_completion=false tasks live in the .tasks index.
func TestTasksResultIndex(t *testing.T) {
	s := newTestServer(t)
	node := s.backend.Cluster.Nodes[0].ID
	expect(t, s, "PUT", "/t/_doc/1?refresh=true", `{"a":1}`, 201, "")
	id := startTask(t, s, "/t/_delete_by_query?wait_for_completion=false", `{"query":{"match_all":{}}}`)
	expect(t, s, "GET", "/_tasks/"+id+"?wait_for_completion=true", "", 200, `{"completed":true,<**>"response":{<**>"deleted":1,<**>}}`)
	expect(t, s, "POST", "/.tasks/_refresh", "", 200, "")
	expect(t, s, "GET", "/.tasks/_count", "", 200, `{"count":1,<**>}`)
	expect(t, s, "GET", "/.tasks/_doc/"+id, "", 200, `{<**>"_source":{"completed":true,"task":{"node":"`+node+`",<**>"action":"indices:data/write/delete/byquery",<**>},"response":{"took":<*>,"timed_out":false,"total":1,"updated":0,"created":0,"deleted":1,<**>}}}`)
	// TaskResultsService does not hide .tasks: refreshing all indexes reaches it.
	expect(t, s, "GET", "/.tasks/_settings?filter_path=*.settings.index.hidden", "", 200, `{}`)
	expect(t, s, "POST", "/_refresh", "", 200, `{"_shards":{"total":4,"successful":2,"failed":0}}`)
	// Once .tasks exists an unknown task has no index_not_found cause.
	expect(t, s, "GET", "/_tasks/"+node+":999", "", 404,
		`{"error":{"root_cause":[{"type":"resource_not_found_exception","reason":"task [`+node+`:999] isn't running and hasn't stored its results"}],"type":"resource_not_found_exception","reason":"task [`+node+`:999] isn't running and hasn't stored its results"},"status":404}`)
	// Deleting the index forgets the results.
	expect(t, s, "DELETE", "/.tasks", "", 200, "")
	expect(t, s, "GET", "/_tasks/"+id, "", 404, `{<**>"caused_by":{"type":"index_not_found_exception","reason":"no such index [.tasks]"<**>}`)
}

// The task keeps the caller's X-Opaque-Id, and GET /_tasks can wait for
// the tasks it lists.
func TestTasksOpaqueIDAndListWait(t *testing.T) {
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(clk))
	seed(t, s, "t", 3, "")
	req, _ := http.NewRequest("POST", s.URL()+"/t/_delete_by_query?scroll_size=1&requests_per_second=1&wait_for_completion=false", strings.NewReader(`{"query":{"match_all":{}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Opaque-Id", "job-42")
	resp, err := s.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var started struct{ Task string }
	if err := json.NewDecoder(resp.Body).Decode(&started); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	id := started.Task
	if resp.Header.Get("X-Opaque-Id") != "job-42" {
		t.Errorf("echo %q", resp.Header.Get("X-Opaque-Id"))
	}
	expect(t, s, "GET", "/_tasks/"+id, "", 200, `{"completed":false,"task":{<**>"headers":{"X-Opaque-Id":"job-42"},<**>}}`)
	listed := make(chan string)
	go func() {
		_, _, body := call(t, s, "GET", "/_tasks?actions=*byquery&wait_for_completion=true&group_by=none", "")
		listed <- body
	}()
	select {
	case body := <-listed:
		t.Fatalf("the list did not wait: %s", body)
	case <-time.After(50 * time.Millisecond):
	}
	expect(t, s, "POST", "/_delete_by_query/"+id+"/_rethrottle?requests_per_second=-1", "", 200, "")
	if body := <-listed; !jsonLike(`{"tasks":[{<**>"action":"indices:data/write/delete/byquery",<**>"headers":{"X-Opaque-Id":"job-42"}}]}`, body) {
		t.Errorf("waited list %s", body)
	}
	expect(t, s, "GET", "/_tasks/"+id, "", 200, `{"completed":true,"task":{<**>"headers":{"X-Opaque-Id":"job-42"}},"response":{<**>"deleted":3,<**>}}`)
}

func TestTasksCancelByFilter(t *testing.T) {
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(clk))
	seed(t, s, "a", 3, "")
	seed(t, s, "b", 3, "")
	del := startTask(t, s, "/a/_delete_by_query?scroll_size=1&requests_per_second=1&wait_for_completion=false", `{"query":{"match_all":{}}}`)
	upd := startTask(t, s, "/b/_update_by_query?scroll_size=1&requests_per_second=1&wait_for_completion=false", ``)
	waitStatus(t, s, del, func(st map[string]any) bool { return st["deleted"] == 1.0 })
	waitStatus(t, s, upd, func(st map[string]any) bool { return st["updated"] == 1.0 })
	expect(t, s, "POST", "/_tasks/_cancel?actions=*delete/byquery&group_by=none", "", 200,
		`{"tasks":[{<**>"id":`+strings.Split(del, ":")[1]+`,"type":"transport","action":"indices:data/write/delete/byquery",<**>"cancellable":true,"cancelled":true,<**>}]}`)
	if res := taskGet(t, s, del, "?wait_for_completion=true"); res["response"].(map[string]any)["canceled"] != "by user request" {
		t.Errorf("delete by query not cancelled: %v", res)
	}
	if m := taskGet(t, s, upd, ""); m["completed"] != false || m["task"].(map[string]any)["cancelled"] != false {
		t.Errorf("update by query touched by the filter: %v", m)
	}
	// A filter skips tasks that cannot be cancelled.
	expect(t, s, "POST", "/_tasks/_cancel?actions=cluster:monitor/tasks/lists", "", 200, `{"nodes":{}}`)
	expect(t, s, "POST", "/_update_by_query/"+upd+"/_rethrottle?requests_per_second=-1", "", 200, "")
	if res := taskGet(t, s, upd, "?wait_for_completion=true"); res["response"].(map[string]any)["updated"] != 3.0 {
		t.Errorf("update by query after rethrottle: %v", res)
	}
}
