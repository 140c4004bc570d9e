package tasks_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/tasks"
	"github.com/clustersearch/clustersearch-go/types"
)

func ptr[T any](v T) *T { return &v }

func TestRequests(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name               string
		call               func(s *tasks.Service) error
		method, path, qury string
	}{
		{"list defaults", func(s *tasks.Service) error { _, err := s.List(ctx, nil); return err }, "GET", "/_tasks", ""},
		{"list every parameter", func(s *tasks.Service) error {
			_, err := s.List(ctx, &tasks.ListParams{
				Actions: []string{"indices:data/write/*", "*reindex"}, Detailed: ptr(true), GroupBy: tasks.GroupByParents,
				Nodes: []string{"n1", "_local"}, ParentTaskID: "n1:7", Timeout: types.Duration(10 * time.Second), WaitForCompletion: ptr(false),
			})
			return err
		}, "GET", "/_tasks", "actions=indices%3Adata%2Fwrite%2F%2A%2C%2Areindex&detailed=true&group_by=parents&nodes=n1%2C_local&parent_task_id=n1%3A7&timeout=10s&wait_for_completion=false"},
		{"get", func(s *tasks.Service) error { _, err := s.Get(ctx, "oTUltX4IQMOUUVeiohTt8A:124", nil); return err }, "GET", "/_tasks/oTUltX4IQMOUUVeiohTt8A:124", ""},
		{"get waiting", func(s *tasks.Service) error {
			_, err := s.Get(ctx, tasks.NewTaskID("n1", 5), &tasks.GetParams{WaitForCompletion: ptr(true), Timeout: types.Duration(time.Minute)})
			return err
		}, "GET", "/_tasks/n1:5", "timeout=1m&wait_for_completion=true"},
		{"cancel all", func(s *tasks.Service) error { _, err := s.CancelAll(ctx, nil); return err }, "POST", "/_tasks/_cancel", ""},
		{"cancel one", func(s *tasks.Service) error { _, err := s.Cancel(ctx, "n1:5", nil); return err }, "POST", "/_tasks/n1:5/_cancel", ""},
		{"cancel by filter", func(s *tasks.Service) error {
			_, err := s.CancelAll(ctx, &tasks.CancelParams{Actions: []string{"*reindex"}, Nodes: []string{"n1"}, ParentTaskID: "n1:2", WaitForCompletion: ptr(true), GroupBy: tasks.GroupByNone})
			return err
		}, "POST", "/_tasks/_cancel", "actions=%2Areindex&group_by=none&nodes=n1&parent_task_id=n1%3A2&wait_for_completion=true"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tr, mock := sdktest.New(t)
			got := sdktest.Capture(mock, 200, `{"completed":false,"task":{"node":"n1","id":5}}`, nil)
			if err := tc.call(tasks.NewService(tr)); err != nil {
				t.Fatal(err)
			}
			r := (*got)[0]
			if len(*got) != 1 || r.Method != tc.method || r.Path != tc.path || r.Query != tc.qury || len(r.Body) != 0 {
				t.Fatalf("sent %s %s ?%s body %q; want %s %s ?%s", r.Method, r.Path, r.Query, r.Body, tc.method, tc.path, tc.qury)
			}
		})
	}
}

func TestMalformedTaskIDIsRefusedBeforeSending(t *testing.T) {
	tr, mock := sdktest.New(t)
	got := sdktest.Capture(mock, 200, `{}`, nil)
	s := tasks.NewService(tr)
	ctx := context.Background()
	if _, err := s.Get(ctx, "node-without-number", nil); err == nil {
		t.Fatal("Get accepted a malformed id")
	}
	if _, err := s.Cancel(ctx, "n1:x", nil); err == nil {
		t.Fatal("Cancel accepted a malformed id")
	}
	if _, err := s.Cancel(ctx, "", &tasks.CancelParams{Actions: []string{"*"}}); err == nil || !strings.Contains(err.Error(), "CancelAll") {
		t.Fatalf("Cancel with no id: %v", err)
	}
	if _, err := s.Wait(ctx, "", nil); err == nil {
		t.Fatal("Wait accepted an empty id")
	}
	if len(*got) != 0 {
		t.Fatalf("%d requests sent", len(*got))
	}
}

func TestOpaqueIDSentAndEchoed(t *testing.T) {
	tr, mock := sdktest.New(t)
	got := sdktest.Capture(mock, 200, string(sdktest.Fixture(t, "list_nodes_detailed.json")), http.Header{"X-Opaque-Id": {"reindex-books"}})
	ctx := transport.WithOpaqueID(context.Background(), "reindex-books")
	res, err := tasks.NewService(tr).List(ctx, &tasks.ListParams{Detailed: ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	if h := (*got)[0].Header.Get("X-Opaque-Id"); h != "reindex-books" {
		t.Fatalf("sent X-Opaque-Id %q", h)
	}
	if res.OpaqueID() != "reindex-books" || res.StatusCode != 200 {
		t.Fatalf("echo %q status %d", res.OpaqueID(), res.StatusCode)
	}
	task := res.Nodes["oTUltX4IQMOUUVeiohTt8A"].Tasks["oTUltX4IQMOUUVeiohTt8A:124"]
	if task.Headers["X-Opaque-Id"] != "reindex-books" {
		t.Fatalf("task headers %v", task.Headers)
	}
}

func TestListGroupedByNodes(t *testing.T) {
	res := sdktest.AssertRoundTrip[tasks.ListResponse](t, sdktest.Fixture(t, "list_nodes_detailed.json"))
	n := res.Nodes["oTUltX4IQMOUUVeiohTt8A"]
	if n.Name != "opensearch-node1" || n.Attributes["shard_indexing_pressure_enabled"] != "true" || len(n.Tasks) != 3 {
		t.Fatalf("node = %+v", n)
	}
	r := n.Tasks["oTUltX4IQMOUUVeiohTt8A:124"]
	if r.TaskID() != "oTUltX4IQMOUUVeiohTt8A:124" || *r.Description != "reindex from [books] to [books-v2]" || r.RunningTimeInNanos != 1412345678 ||
		r.ResourceStats.Total.MemoryInBytes != 163840 || r.ResourceStats.ThreadInfo.ThreadExecutions != 8 {
		t.Fatalf("task = %+v", r)
	}
	st, err := r.BulkByScrollStatus()
	if err != nil || st.Total != 6154 || st.Updated != 3500 || st.Batches != 4 || st.RequestsPerSecond != -1 {
		t.Fatalf("status = %+v, %v", st, err)
	}
	child := n.Tasks["oTUltX4IQMOUUVeiohTt8A:130"]
	if child.ParentTaskID != "oTUltX4IQMOUUVeiohTt8A:129" || child.Type != "direct" {
		t.Fatalf("child = %+v", child)
	}
	c := n.Tasks["oTUltX4IQMOUUVeiohTt8A:131"]
	if !c.Cancelled || c.CancellationTimeMillis == nil || *c.CancellationTimeMillis != 1732237201400 {
		t.Fatalf("cancelled task = %+v", c)
	}
	if got := len(res.All()); got != 3 {
		t.Fatalf("All() = %d tasks", got)
	}
}

func TestListGroupedByParents(t *testing.T) {
	res := sdktest.AssertRoundTrip[tasks.ListResponse](t, sdktest.Fixture(t, "list_parents.json"))
	if res.Nodes != nil || res.Tasks.Flat != nil || len(res.Tasks.ByParent) != 2 {
		t.Fatalf("forms = %+v", res)
	}
	p := res.Tasks.ByParent["oTUltX4IQMOUUVeiohTt8A:129"]
	if len(p.Children) != 1 || p.Children[0].ID != 130 || p.Children[0].ParentTaskID != "oTUltX4IQMOUUVeiohTt8A:129" {
		t.Fatalf("parent = %+v", p)
	}
	var ids []tasks.TaskID
	for _, ti := range res.All() {
		ids = append(ids, ti.TaskID())
	}
	if fmt.Sprint(ids) != "[oTUltX4IQMOUUVeiohTt8A:124 oTUltX4IQMOUUVeiohTt8A:129 oTUltX4IQMOUUVeiohTt8A:130]" {
		t.Fatalf("All() = %v, want parents in id order, each followed by its children", ids)
	}
}

func TestListNotGrouped(t *testing.T) {
	res := sdktest.AssertRoundTrip[tasks.ListResponse](t, sdktest.Fixture(t, "list_none.json"))
	if res.Tasks.ByParent != nil || len(res.Tasks.Flat) != 2 || res.Tasks.Flat[1].ID != 130 {
		t.Fatalf("flat = %+v", res.Tasks)
	}
}

func TestListFailures(t *testing.T) {
	res := sdktest.AssertRoundTrip[tasks.ListResponse](t, sdktest.Fixture(t, "list_failures.json"))
	if len(res.NodeFailures) != 1 || res.NodeFailures[0].CausedBy.Type != "node_not_connected_exception" {
		t.Fatalf("node failures = %+v", res.NodeFailures)
	}
	f := res.TaskFailures[0]
	if f.TaskID != 77 || f.NodeID != "oTUltX4IQMOUUVeiohTt8A" || f.Status != "INTERNAL_SERVER_ERROR" || f.Reason.Type != "illegal_state_exception" {
		t.Fatalf("task failure = %+v", f)
	}
	if res.Nodes == nil || len(res.Nodes) != 0 {
		t.Fatalf("nodes = %#v, want empty but present", res.Nodes)
	}
}

func TestCancelUnknownTaskIsNotAnError(t *testing.T) {
	tr, mock := sdktest.New(t)
	sdktest.Capture(mock, 200, string(sdktest.Fixture(t, "cancel_unknown.json")), nil)
	res, err := tasks.NewService(tr).Cancel(context.Background(), "oTUltX4IQMOUUVeiohTt8A:999", nil)
	if err != nil {
		t.Fatal(err)
	}
	nf := res.NodeFailures
	if len(nf) != 1 || nf[0].MetadataString("node_id") != "oTUltX4IQMOUUVeiohTt8A" || nf[0].CausedBy.Reason != "task [oTUltX4IQMOUUVeiohTt8A:999] is not found" {
		t.Fatalf("node_failures = %+v", nf)
	}
	sdktest.AssertRoundTrip[tasks.CancelResponse](t, sdktest.Fixture(t, "cancel_unknown.json"))
}

func TestGetRunningSliced(t *testing.T) {
	res := sdktest.AssertRoundTrip[tasks.GetResponse](t, sdktest.Fixture(t, "get_running_sliced.json"))
	if res.Completed || res.Response != nil || res.Error != nil {
		t.Fatalf("running task = %+v", res)
	}
	st, err := res.Task.BulkByScrollStatus()
	if err != nil {
		t.Fatal(err)
	}
	if st.Deleted != 9000 || st.Throttled != "250ms" || st.RequestsPerSecond != 500 || len(st.Slices) != 3 {
		t.Fatalf("status = %+v", st)
	}
	if s0 := st.Slices[0]; s0.Status == nil || *s0.Status.SliceID != 0 || s0.Status.Deleted != 5000 {
		t.Fatalf("slice 0 = %+v", s0)
	}
	if s1 := st.Slices[1]; s1.Error == nil || s1.Error.Type != "search_phase_execution_exception" || s1.Status != nil {
		t.Fatalf("slice 1 = %+v", s1)
	}
	if st.Slices[2] != nil {
		t.Fatalf("slice 2 = %+v, want nil (not reported yet)", st.Slices[2])
	}
	if _, err := res.BulkByScrollResult(); err == nil {
		t.Fatal("a running task has no result")
	}
}

func TestGetCompletedReindex(t *testing.T) {
	res := sdktest.AssertRoundTrip[tasks.GetResponse](t, sdktest.Fixture(t, "get_completed_reindex.json"))
	r, err := res.BulkByScrollResult()
	if err != nil {
		t.Fatal(err)
	}
	if !res.Completed || r.Took != 2411 || r.TimedOut || r.Created != 2652 || r.VersionConflicts != 2 || r.Throttled != "0s" || len(r.Failures) != 2 {
		t.Fatalf("result = %+v", r)
	}
	bulk, search := r.Failures[0], r.Failures[1]
	if bulk.ID != "17" || bulk.Status != 409 || bulk.Cause.Type != "version_conflict_engine_exception" || bulk.Cause.MetadataString("shard") != "0" {
		t.Fatalf("bulk failure = %+v", bulk)
	}
	if *search.Shard != 2 || search.Node != "xS9VXy4DTXmtO49gPaC3bw" || search.Reason.Reason != "Result window is too large" {
		t.Fatalf("search failure = %+v", search)
	}
	sdktest.AssertRoundTrip[tasks.BulkByScrollResult](t, res.Response)
}

func TestGetCompletedCanceledAndFailed(t *testing.T) {
	res := sdktest.AssertRoundTrip[tasks.GetResponse](t, sdktest.Fixture(t, "get_completed_canceled.json"))
	r, err := res.BulkByScrollResult()
	if err != nil || r.Canceled != "by user request" || *r.SliceID != 1 || r.Failures == nil || len(r.Failures) != 0 {
		t.Fatalf("result = %+v, %v", r, err)
	}
	failed := sdktest.AssertRoundTrip[tasks.GetResponse](t, sdktest.Fixture(t, "get_completed_error.json"))
	if failed.Error == nil || failed.Error.Type != "index_not_found_exception" || failed.Error.Index() != "missing" || failed.Response != nil {
		t.Fatalf("failed = %+v", failed)
	}
}

func TestGetUnknownTask(t *testing.T) {
	tr, mock := sdktest.New(t)
	sdktest.Capture(mock, 404, `{"error":{"root_cause":[{"type":"resource_not_found_exception","reason":"task [n1:9] isn't running and hasn't stored its results"}],"type":"resource_not_found_exception","reason":"task [n1:9] isn't running and hasn't stored its results"},"status":404}`, nil)
	_, err := tasks.NewService(tr).Get(context.Background(), "n1:9", nil)
	if !types.IsNotFound(err) || !types.IsType(err, "resource_not_found_exception") {
		t.Fatalf("err = %v", err)
	}
}

func TestFixturesCoverEveryField(t *testing.T) {
	var all [][]byte
	for _, f := range []string{"list_nodes_detailed.json", "list_parents.json", "list_none.json", "list_failures.json"} {
		all = append(all, sdktest.Fixture(t, f))
	}
	sdktest.AssertFixturesCoverType[tasks.ListResponse](t, all...)
	gets := [][]byte{sdktest.Fixture(t, "get_running_sliced.json"), sdktest.Fixture(t, "get_completed_canceled.json"), sdktest.Fixture(t, "get_completed_reindex.json"), sdktest.Fixture(t, "get_completed_error.json")}
	sdktest.AssertFixturesCoverType[tasks.GetResponse](t, gets...)
	sdktest.AssertFixturesCoverType[tasks.BulkByScrollStatus](t,
		part(t, "get_running_sliced.json", "task", "status"), part(t, "get_completed_canceled.json", "task", "status"))
	sdktest.AssertFixturesCoverType[tasks.BulkByScrollResult](t,
		part(t, "get_completed_reindex.json", "response"), part(t, "get_completed_canceled.json", "response"))
}

// part returns the JSON found under keys in a fixture.
func part(t *testing.T, name string, keys ...string) []byte {
	t.Helper()
	v := sdktest.Tree(t, sdktest.Fixture(t, name))
	for _, k := range keys {
		v = v.(map[string]any)[k]
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestTaskFailedErrorMessage(t *testing.T) {
	e := &tasks.TaskFailedError{TaskID: "n1:3", Cause: types.ErrorCause{Type: "index_not_found_exception", Reason: "no such index [x]"}}
	var target *tasks.TaskFailedError
	if !errors.As(error(e), &target) || e.Error() != "tasks: task n1:3 failed: index_not_found_exception: no such index [x]" {
		t.Fatalf("error = %q", e.Error())
	}
}
