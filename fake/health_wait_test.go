package fake

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

type answer struct {
	code int
	body string
}

// callAsync sends a request in the background; the answer arrives on the channel.
func callAsync(s *Server, method, path, body string) <-chan answer {
	ch := make(chan answer, 1)
	go func() {
		req, err := http.NewRequest(method, s.URL()+path, strings.NewReader(body))
		if err != nil {
			ch <- answer{code: -1, body: err.Error()}
			return
		}
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := s.HTTPClient().Do(req)
		if err != nil {
			ch <- answer{code: -1, body: err.Error()}
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		ch <- answer{code: resp.StatusCode, body: string(b)}
	}()
	return ch
}

// parked waits until n requests wait on the manual clock.
func parked(t *testing.T, c *ManualClock, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for c.Waiters() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d waiters on the clock, want %d", c.Waiters(), n)
		}
		time.Sleep(time.Millisecond)
	}
}

func pending(t *testing.T, ch <-chan answer, what string) {
	t.Helper()
	select {
	case a := <-ch:
		t.Fatalf("%s answered early: %d %s", what, a.code, a.body)
	case <-time.After(20 * time.Millisecond):
	}
}

func TestHealthWaitsOnTheClock(t *testing.T) {
	c := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(c))
	expect(t, s, "PUT", "/books", "", 200, "") // one replica, unassigned on one node: yellow

	// The default timeout is 30s of server time; then 408 with the state at that moment.
	ch := callAsync(s, "GET", "/_cluster/health?wait_for_status=green", "")
	parked(t, c, 1)
	c.Advance(29 * time.Second)
	pending(t, ch, "health before the timeout")
	c.Advance(time.Second)
	a := <-ch
	want := `{"cluster_name":"opensearch","status":"yellow","timed_out":true,"number_of_nodes":1,"number_of_data_nodes":1,"discovered_master":true,"discovered_cluster_manager":true,"active_primary_shards":1,"active_shards":1,"relocating_shards":0,"initializing_shards":0,"unassigned_shards":1,"delayed_unassigned_shards":0,"number_of_pending_tasks":0,"number_of_in_flight_fetch":0,"task_max_waiting_in_queue_millis":0,"active_shards_percent_as_number":50.0}`
	if a.code != 408 || a.body != want {
		t.Errorf("timed out health: %d %s", a.code, a.body)
	}

	// A change of the cluster state that meets the condition answers at once.
	ch = callAsync(s, "GET", "/_cluster/health?wait_for_status=green&timeout=1m&filter_path=status,timed_out", "")
	parked(t, c, 1)
	expect(t, s, "PUT", "/books/_settings", `{"index":{"number_of_replicas":0}}`, 200, "")
	if a := <-ch; a.code != 200 || a.body != `{"status":"green","timed_out":false}` {
		t.Errorf("released health: %d %s", a.code, a.body)
	}

	// A named index that does not exist yet: red until it is created.
	ch = callAsync(s, "GET", "/_cluster/health/later?filter_path=status,timed_out", "")
	parked(t, c, 1)
	pending(t, ch, "health of a missing index")
	expect(t, s, "PUT", "/later", `{"settings":{"number_of_replicas":0}}`, 200, "")
	if a := <-ch; a.code != 200 || a.body != `{"status":"green","timed_out":false}` {
		t.Errorf("health once the index exists: %d %s", a.code, a.body)
	}
}

func TestHealthWaitConditions(t *testing.T) {
	s := newTestServer(t, WithNodes(2))
	expect(t, s, "PUT", "/books", `{"settings":{"number_of_shards":2,"number_of_replicas":2}}`, 200, "") // 2 of 3 copies per shard
	for _, c := range []struct {
		query string
		code  int
		want  string
	}{
		{"wait_for_nodes=2", 200, `{"status":"yellow","timed_out":false}`},
		{"wait_for_nodes=>=2", 200, `{"status":"yellow","timed_out":false}`},
		{"wait_for_nodes=ge(2)", 200, `{"status":"yellow","timed_out":false}`},
		{"wait_for_nodes=<3", 200, `{"status":"yellow","timed_out":false}`},
		{"wait_for_nodes=3&timeout=0s", 408, `{"status":"yellow","timed_out":true}`},
		{"wait_for_nodes=gt(2)&timeout=0s", 408, `{"status":"yellow","timed_out":true}`},
		{"wait_for_active_shards=4", 200, `{"status":"yellow","timed_out":false}`},
		{"wait_for_active_shards=5&timeout=0s", 408, `{"status":"yellow","timed_out":true}`},
		{"wait_for_active_shards=all&timeout=0s", 408, `{"status":"yellow","timed_out":true}`},
		{"wait_for_active_shards=0", 200, `{"status":"yellow","timed_out":false}`},
		{"wait_for_status=yellow&wait_for_no_relocating_shards=true&wait_for_no_initializing_shards=true", 200, `{"status":"yellow","timed_out":false}`},
		{"wait_for_status=green&timeout=-1", 408, `{"status":"yellow","timed_out":true}`},
	} {
		expect(t, s, "GET", "/_cluster/health?filter_path=status,timed_out&"+c.query, "", c.code, c.want)
	}
	expect(t, s, "GET", "/_cluster/health?wait_for_nodes=x", "", 400,
		`{"error":{"root_cause":[{"type":"number_format_exception","reason":"For input string: \"x\""}],"type":"number_format_exception","reason":"For input string: \"x\""},"status":400}`)
	expect(t, s, "GET", "/_cluster/health?wait_for_active_shards=x", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"cannot parse ActiveShardCount[x]"}],"type":"illegal_argument_exception","reason":"cannot parse ActiveShardCount[x]"},"status":400}`)
}
