package fake

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestClusterSettingsRoundTrip(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "GET", "/_cluster/settings", "", 200, `{"persistent":{},"transient":{}}`)
	// Nested and flat keys mix; numbers and booleans become strings; the
	// response lists what each block set. Nested levels iterate as
	// HashMap(2)s: here "action" (bucket 1 of 4) before "search" (2).
	expect(t, s, "PUT", "/_cluster/settings",
		`{"persistent":{"search":{"max_keep_alive":"1h","default_keep_alive":"1m"},"action.auto_create_index":false},"transient":{"search.max_open_pit_context":10},"ignored":{"x":1}}`, 200,
		`{"acknowledged":true,"persistent":{"action":{"auto_create_index":"false"},"search":{"default_keep_alive":"1m","max_keep_alive":"1h"}},"transient":{"search":{"max_open_pit_context":"10"}}}`)
	expect(t, s, "PUT", "/_cluster/settings?flat_settings=true", `{"transient":{"search.cancel_after_time_interval":"5s"}}`, 200,
		`{"acknowledged":true,"persistent":{},"transient":{"search.cancel_after_time_interval":"5s"}}`)
	expect(t, s, "GET", "/_cluster/settings", "", 200,
		`{"persistent":{"action":{"auto_create_index":"false"},"search":{"default_keep_alive":"1m","max_keep_alive":"1h"}},"transient":{"search":{"max_open_pit_context":"10","cancel_after_time_interval":"5s"}}}`)
	expect(t, s, "GET", "/_cluster/settings?flat_settings=true&include_defaults=true", "", 200,
		`{"persistent":{"action.auto_create_index":"false","search.default_keep_alive":"1m","search.max_keep_alive":"1h"},`+
			`"transient":{"search.cancel_after_time_interval":"5s","search.max_open_pit_context":"10"},`+
			`"defaults":{"action.destructive_requires_name":"false",`+
			`"cluster.routing.allocation.allow_rebalance":"indices_all_active","cluster.routing.allocation.cluster_concurrent_rebalance":"2","cluster.routing.allocation.cluster_concurrent_recoveries":"-1","cluster.routing.allocation.disk.reroute_interval":"60s","cluster.routing.allocation.disk.threshold_enabled":"true","cluster.routing.allocation.enable":"all","cluster.routing.allocation.node_concurrent_incoming_recoveries":"2","cluster.routing.allocation.node_concurrent_outgoing_recoveries":"2","cluster.routing.allocation.node_concurrent_recoveries":"2","cluster.routing.allocation.node_initial_primaries_recoveries":"4","cluster.routing.allocation.same_shard.host":"false","cluster.routing.allocation.total_shards_per_node":"-1","cluster.routing.rebalance.enable":"all","node.attr.shard_indexing_pressure_enabled":"true","point_in_time.max_keep_alive":"24h","search.allow_expensive_queries":"true","search.max_buckets":"65535","search_backpressure.mode":"monitor_only","search_backpressure.search_shard_task.cancellation_burst":"10.0","search_backpressure.search_shard_task.cancellation_rate":"0.003","search_backpressure.search_shard_task.cancellation_ratio":"0.1","search_backpressure.search_task.cancellation_burst":"5.0","search_backpressure.search_task.cancellation_rate":"0.003","search_backpressure.search_task.cancellation_ratio":"0.1"}}`)
	// null resets one key; a trailing wildcard set to null resets a group.
	expect(t, s, "PUT", "/_cluster/settings", `{"persistent":{"action.auto_create_index":null},"transient":{"search.*":null}}`, 200,
		`{"acknowledged":true,"persistent":{},"transient":{}}`)
	expect(t, s, "GET", "/_cluster/settings?flat_settings=true", "", 200,
		`{"persistent":{"search.default_keep_alive":"1m","search.max_keep_alive":"1h"},"transient":{}}`)
	// Deletes go first: a wildcard reset beside a new value keeps the value.
	expect(t, s, "PUT", "/_cluster/settings?flat_settings=true", `{"persistent":{"search.*":null,"search.max_open_pit_context":4}}`, 200,
		`{"acknowledged":true,"persistent":{"search.max_open_pit_context":"4"},"transient":{}}`)
	expect(t, s, "GET", "/_cluster/settings?flat_settings=true", "", 200,
		`{"persistent":{"search.max_open_pit_context":"4"},"transient":{}}`)
	// Resetting what is not set changes nothing and is no error.
	expect(t, s, "PUT", "/_cluster/settings", `{"persistent":{"action.destructive_requires_name":null,"archived.old.setting":null}}`, 200,
		`{"acknowledged":true,"persistent":{},"transient":{}}`)
}

func TestClusterSettingsDefaults(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "GET", "/_cluster/settings?include_defaults=true&flat_settings=true", "", 200,
		`{"persistent":{},"transient":{},"defaults":{"action.auto_create_index":"true","action.destructive_requires_name":"false",`+
			`"cluster.routing.allocation.allow_rebalance":"indices_all_active","cluster.routing.allocation.cluster_concurrent_rebalance":"2","cluster.routing.allocation.cluster_concurrent_recoveries":"-1","cluster.routing.allocation.disk.reroute_interval":"60s","cluster.routing.allocation.disk.threshold_enabled":"true","cluster.routing.allocation.enable":"all","cluster.routing.allocation.node_concurrent_incoming_recoveries":"2","cluster.routing.allocation.node_concurrent_outgoing_recoveries":"2","cluster.routing.allocation.node_concurrent_recoveries":"2","cluster.routing.allocation.node_initial_primaries_recoveries":"4","cluster.routing.allocation.same_shard.host":"false","cluster.routing.allocation.total_shards_per_node":"-1","cluster.routing.rebalance.enable":"all",`+
			`"node.attr.shard_indexing_pressure_enabled":"true","point_in_time.max_keep_alive":"24h","search.allow_expensive_queries":"true","search.cancel_after_time_interval":"-1","search.default_keep_alive":"5m","search.max_buckets":"65535",`+
			`"search.max_keep_alive":"24h","search.max_open_pit_context":"300","search_backpressure.mode":"monitor_only","search_backpressure.search_shard_task.cancellation_burst":"10.0","search_backpressure.search_shard_task.cancellation_rate":"0.003","search_backpressure.search_shard_task.cancellation_ratio":"0.1","search_backpressure.search_task.cancellation_burst":"5.0","search_backpressure.search_task.cancellation_rate":"0.003","search_backpressure.search_task.cancellation_ratio":"0.1"}}`)
	// The coordinating node's attributes are defaults too (node.attr.*).
	a := newTestServer(t, WithNodeAttribute(0, "testattr", "test"))
	expect(t, a, "GET", "/_cluster/settings?include_defaults=true", "", 200, `{<**>"defaults":{<**>"node":{"attr":{"testattr":"test"}},<**>}}`)
	expect(t, s, "GET", "/_cluster/settings?include_defaults=maybe", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Failed to parse value [maybe] as only [true] or [false] are allowed."}]<**>`)
	expect(t, s, "GET", "/_cluster/settings?verbose=true", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"request [/_cluster/settings] contains unrecognized parameter: [verbose]"}]<**>`)
}

func TestClusterSettingsErrors(t *testing.T) {
	s := newTestServer(t)
	ia := func(reason string) string {
		return `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"` + reason + `"}],"type":"illegal_argument_exception","reason":"` + reason + `"},"status":400}`
	}
	for _, c := range []struct{ body, want string }{
		{`{"persistent":{"search.max_keep_alivee":"1h"}}`, ia("persistent setting [search.max_keep_alivee], not recognized")},
		{`{"transient":{"foo":{"bar":null}}}`, ia("transient setting [foo.bar], not recognized")},
		// Transient is applied first, each block in key order.
		{`{"persistent":{"a.b":1},"transient":{"z.y":1}}`, ia("transient setting [z.y], not recognized")},
		{`{"transient":{"search.max_open_pit_context":5,"b.c":1}}`, ia("transient setting [b.c], not recognized")},
		{`{"persistent":{"cluster.name":"other"}}`, ia("persistent setting [cluster.name], not dynamically updateable")},
		{`{"persistent":{"cluster.name":null}}`, ia("persistent setting [cluster.name], not dynamically updateable")},
		{`{"persistent":{"search.max_keep_alive":"-1"}}`, ia("failed to parse value [-1] for setting [search.max_keep_alive], must be >= [0ms]")},
		{`{"persistent":{"search.max_open_pit_context":-1}}`, ia("Failed to parse value [-1] for setting [search.max_open_pit_context] must be >= 0")},
		{`{"persistent":{"action.destructive_requires_name":"yes"}}`, ia("Failed to parse value [yes] as only [true] or [false] are allowed.")},
		{`{"persistent":{"action.auto_create_index":"+"}}`, ia("Can't parse [+] for setting [action.auto_create_index] must be either [true, false, or a comma separated list of index patterns]")},
		{`{"persistent":{"action.auto_create_index":["a"]}}`, ia("Found list type value for setting [action.auto_create_index] but but did not expect a list for it.")},
		{`{"persistent":{"search.max_keep_alive":"1m"}}`, ia("Default keep alive setting for request [search.default_keep_alive] should be smaller than max keep alive [search.max_keep_alive], was (5m > 1m)")},
		{`{"transient":{"point_in_time.max_keep_alive":"2m"}}`, ia("Default keep alive setting for request [search.default_keep_alive] should be smaller than max keep alive for PIT [point_in_time.max_keep_alive], was (5m > 2m)")},
		{`{"persistent":{"search.max_open_pit_context":"many"}}`, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Failed to parse value [many] for setting [search.max_open_pit_context]"}],"type":"illegal_argument_exception","reason":"Failed to parse value [many] for setting [search.max_open_pit_context]","caused_by":{"type":"number_format_exception","reason":"For input string: \"many\""}},"status":400}`},
		{`{"persistent":{"search.cancel_after_time_interval":"soon"}}`, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to parse setting [search.cancel_after_time_interval] with value [soon] as a time value: unit is missing or unrecognized"}],"type":"illegal_argument_exception","reason":"failed to parse setting [search.cancel_after_time_interval] with value [soon] as a time value: unit is missing or unrecognized"},"status":400}`},
		{`{"persistent":{"search.max_keep_alive":"1.5h"}}`, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to parse [1.5h], fractional time values are not supported"}],"type":"illegal_argument_exception","reason":"failed to parse [1.5h], fractional time values are not supported",` +
			`"caused_by":{"type":"number_format_exception","reason":"For input string: \"1.5\""}},"status":400}`},
		{`{"persistent":{"search.cancel_after_time_interval":"-2s"}}`, ia("failed to parse setting [search.cancel_after_time_interval] with value [-2s] as a time value: negative durations are not supported")},
		{`{}`, `{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: no settings to update;"}],"type":"action_request_validation_exception","reason":"Validation Failed: 1: no settings to update;"},"status":400}`},
		{`{"persistent":{},"transient":null}`, `{"error":{"root_cause":[{"type":"action_request_validation_exception"<**>`},
	} {
		expect(t, s, "PUT", "/_cluster/settings", c.body, 400, c.want)
	}
	expect(t, s, "PUT", "/_cluster/settings", "", 400, `{"error":{"root_cause":[{"type":"parse_exception","reason":"request body is required"}],"type":"parse_exception","reason":"request body is required"},"status":400}`)
	expect(t, s, "PUT", "/_cluster/settings", `{"persistent":"x"}`, 500,
		`{"error":{"root_cause":[{"type":"class_cast_exception","reason":"class java.lang.String cannot be cast to class java.util.Map (java.lang.String and java.util.Map are in module java.base of loader 'bootstrap')"}]<**>"status":500}`)
	expect(t, s, "PUT", "/_cluster/settings", `{"persistent":{"a":1`, 400, `{"error":{"root_cause":[{"type":"json_parse_exception"<**>`)
	// A failed update changes nothing, in either block.
	expect(t, s, "PUT", "/_cluster/settings", `{"persistent":{"search.max_open_pit_context":7},"transient":{"nope":1}}`, 400, "")
	expect(t, s, "GET", "/_cluster/settings", "", 200, `{"persistent":{},"transient":{}}`)
	// Raising the max first lets the default follow in the same request.
	expect(t, s, "PUT", "/_cluster/settings?flat_settings=true", `{"persistent":{"search.max_keep_alive":"2d","search.default_keep_alive":"1d"}}`, 200,
		`{"acknowledged":true,"persistent":{"search.default_keep_alive":"1d","search.max_keep_alive":"2d"},"transient":{}}`)
}

func TestClusterSettingCancelAfterTimeInterval(t *testing.T) {
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(clk))
	seed(t, s, "idx", 3, "")
	must(t, s, "PUT", "/_cluster/settings", `{"persistent":{"search.cancel_after_time_interval":"2s"}}`)
	h := s.HoldSearches()
	defer h.Release()
	id, done := holdOne(t, s, h, "GET", "/idx/_search", "")
	clk.Advance(1999 * time.Millisecond)
	if c := listedTask(t, s, id)["cancelled"]; c != false {
		t.Fatalf("cancelled before the interval: %v", c)
	}
	clk.Advance(time.Millisecond)
	got := <-done
	const reason = "cancelled task with reason: Cancellation timeout of 2s is expired"
	if got.code != 500 || !strings.Contains(got.body, `"caused_by":{"type":"task_cancelled_exception","reason":"`+reason+`"}`) {
		t.Errorf("search past the cluster interval: %d %s", got.code, got.body)
	}
	// A transient value wins over the persistent one, and the request's
	// parameter over both.
	must(t, s, "PUT", "/_cluster/settings", `{"transient":{"search.cancel_after_time_interval":"1s"}}`)
	id, done = holdOne(t, s, h, "GET", "/idx/_search?cancel_after_time_interval=3s", "")
	clk.Advance(2999 * time.Millisecond)
	if c := listedTask(t, s, id)["cancelled"]; c != false {
		t.Fatalf("the request's interval lost to the setting: %v", c)
	}
	clk.Advance(time.Millisecond)
	if got := <-done; !strings.Contains(got.body, "Cancellation timeout of 3s is expired") {
		t.Errorf("request interval: %d %s", got.code, got.body)
	}
	id, done = holdOne(t, s, h, "GET", "/idx/_search", "")
	clk.Advance(time.Second)
	if got := <-done; !strings.Contains(got.body, "Cancellation timeout of 1s is expired") {
		t.Errorf("transient interval: %d %s", got.code, got.body)
	}
	_ = id
	// The children of a multi-search fall back to the setting too.
	id, done = holdOne(t, s, h, "POST", "/_msearch", "{\"index\":\"idx\"}\n{}\n")
	clk.Advance(time.Second)
	if got := <-done; got.code != 200 || !strings.Contains(got.body, "Cancellation timeout of 1s is expired") {
		t.Errorf("msearch child: %d %s", got.code, got.body)
	}
	_ = id
	// Reset: searches run unbounded again and leave no timer behind.
	h.Release()
	must(t, s, "PUT", "/_cluster/settings", `{"persistent":{"search.*":null},"transient":{"search.*":null}}`)
	expect(t, s, "GET", "/idx/_search?size=0", "", 200, `{<**>"hits":{"total":{"value":3,"relation":"eq"},<**>}`)
	if n := clk.Waiters(); n != 0 {
		t.Errorf("%d timers left on the clock", n)
	}
}

func TestClusterSettingKeepAliveLimits(t *testing.T) {
	s, _ := pitFixture(t)
	must(t, s, "PUT", "/_cluster/settings", `{"persistent":{"search.default_keep_alive":"1m","search.max_keep_alive":"2m","point_in_time.max_keep_alive":"90s"}}`)
	expect(t, s, "GET", "/p/_search?scroll=3m", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Keep alive for request (3m) is too large. It must be less than (2m). This limit can be set by changing the [search.max_keep_alive] cluster level setting."}]<**>`)
	expect(t, s, "GET", "/p/_search?scroll=2m&size=1", "", 200, `{"_scroll_id":<*>,<**>`)
	expect(t, s, "POST", "/p/_search/point_in_time?keep_alive=2m", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Keep alive for request (2m) is too large. It must be less than (1.5m). This limit can be set by changing the [point_in_time.max_keep_alive] cluster level setting."}]<**>`)
	id := openPIT(t, s, "/p/_search/point_in_time?keep_alive=90s")
	expect(t, s, "POST", "/_search", `{"pit":{"id":"`+id+`","keep_alive":"3m"}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Keep alive for request (3m) is too large. It must be less than (2m). This limit can be set by changing the [search.max_keep_alive] cluster level setting."}]<**>`)
}

func TestClusterSettingMaxOpenPITContext(t *testing.T) {
	s := New(t)
	must(t, s, "PUT", "/one", `{"settings":{"number_of_shards":1}}`)
	must(t, s, "PUT", "/_cluster/settings", `{"transient":{"search.max_open_pit_context":2}}`)
	openPIT(t, s, "/one/_search/point_in_time?keep_alive=1m")
	openPIT(t, s, "/one/_search/point_in_time?keep_alive=1m")
	reason := "Trying to create too many Point In Time contexts. Must be less than or equal to: [2]. This limit can be set by changing the [search.max_open_pit_context] setting."
	expect(t, s, "POST", "/one/_search/point_in_time?keep_alive=1m", "", 429,
		`{"error":{"root_cause":[{"type":"rejected_execution_exception","reason":"`+reason+`"}]<**>"status":429}`)
	must(t, s, "PUT", "/_cluster/settings", `{"transient":{"search.max_open_pit_context":3}}`)
	openPIT(t, s, "/one/_search/point_in_time?keep_alive=1m")
}

func TestClusterSettingDestructiveRequiresName(t *testing.T) {
	s := newTestServer(t)
	for _, n := range []string{"a1", "a2", "b1"} {
		must(t, s, "PUT", "/"+n, `{}`)
	}
	must(t, s, "PUT", "/_cluster/settings", `{"transient":{"action.destructive_requires_name":true}}`)
	const refused = `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Wildcard expressions or all indices are not allowed"}],"type":"illegal_argument_exception","reason":"Wildcard expressions or all indices are not allowed"},"status":400}`
	for _, p := range []string{"/_all", "/a*", "/b1,a*", "/*"} {
		expect(t, s, "DELETE", p, "", 400, refused)
	}
	expect(t, s, "DELETE", "/*,-*", "", 200, `{"acknowledged":true}`)
	expect(t, s, "DELETE", "/a1,a2", "", 200, `{"acknowledged":true}`)
	must(t, s, "PUT", "/_cluster/settings", `{"transient":{"action.destructive_requires_name":false}}`)
	expect(t, s, "DELETE", "/b*", "", 200, `{"acknowledged":true}`)
	expect(t, s, "HEAD", "/b1", "", 404, "")
}

func TestClusterSettingAutoCreateIndex(t *testing.T) {
	s := newTestServer(t)
	must(t, s, "PUT", "/_cluster/settings", `{"persistent":{"action.auto_create_index":false}}`)
	expect(t, s, "PUT", "/x/_doc/1", `{"a":1}`, 404,
		`{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [x] and [action.auto_create_index] is [false]","index":"x","index_uuid":"_na_"}],`+
			`"type":"index_not_found_exception","reason":"no such index [x] and [action.auto_create_index] is [false]","index":"x","index_uuid":"_na_"},"status":404}`)
	// Existing indexes and aliases take writes as before. Patterns are
	// tried in order, the first match deciding.
	must(t, s, "PUT", "/real", `{"aliases":{"al":{"is_write_index":true}}}`)
	must(t, s, "PUT", "/al/_doc/1", `{"a":1}`)
	must(t, s, "PUT", "/_cluster/settings", `{"persistent":{"action.auto_create_index":"-logs-secret*,+logs-*,metrics"}}`)
	expect(t, s, "POST", "/_bulk",
		"{\"index\":{\"_index\":\"logs-1\",\"_id\":\"1\"}}\n{}\n{\"index\":{\"_index\":\"logs-secret1\",\"_id\":\"1\"}}\n{}\n{\"index\":{\"_index\":\"other\",\"_id\":\"1\"}}\n{}\n{\"create\":{\"_index\":\"metrics\",\"_id\":\"1\"}}\n{}\n", 200,
		`{"took":<*>,"errors":true,"items":[{"index":{"_index":"logs-1","_id":"1","_version":1,"result":"created",<**>},`+
			`{"index":{"_index":"logs-secret1","_id":"1","status":404,"error":{"type":"index_not_found_exception","reason":"no such index [logs-secret1] and [action.auto_create_index] contains [-logs-secret*] which forbids automatic creation of the index","index":"logs-secret1","index_uuid":"_na_"}}},`+
			`{"index":{"_index":"other","_id":"1","status":404,"error":{"type":"index_not_found_exception","reason":"no such index [other] and [action.auto_create_index] ([-logs-secret*,+logs-*,metrics]) doesn't match","index":"other","index_uuid":"_na_"}}},`+
			`{"create":{"_index":"metrics","_id":"1","_version":1,"result":"created",<**>}]}`)
	// Creating an index explicitly is never governed by the setting.
	must(t, s, "PUT", "/other", `{}`)
}

// The SDK reaches the settings through Client.Do, with its own types.
func TestClusterSettingsThroughClientDo(t *testing.T) {
	s := newTestServer(t)
	c := s.Client()
	ctx := context.Background()
	body := map[string]any{"transient": map[string]any{"search": map[string]any{"max_open_pit_context": 3}}}
	var ack struct {
		Acknowledged bool                         `json:"acknowledged"`
		Transient    map[string]map[string]string `json:"transient"`
	}
	if _, err := c.Do(ctx, &clustersearch.Request{Method: "PUT", Path: "/_cluster/settings", Body: body}, &ack); err != nil {
		t.Fatal(err)
	}
	if !ack.Acknowledged || ack.Transient["search"]["max_open_pit_context"] != "3" {
		t.Errorf("update answer %+v", ack)
	}
	var got struct {
		Transient map[string]string `json:"transient"`
		Defaults  map[string]string `json:"defaults"`
	}
	params := url.Values{"flat_settings": {"true"}, "include_defaults": {"true"}}
	if _, err := c.Do(ctx, &clustersearch.Request{Method: "GET", Path: "/_cluster/settings", Params: params}, &got); err != nil {
		t.Fatal(err)
	}
	if got.Transient["search.max_open_pit_context"] != "3" || got.Defaults["search.max_keep_alive"] != "24h" || len(got.Defaults) != 29 {
		t.Errorf("settings %+v", got)
	}
	_, err := c.Do(ctx, &clustersearch.Request{Method: "PUT", Path: "/_cluster/settings", Body: map[string]any{"persistent": map[string]any{"x": 1}}}, nil)
	var e *types.Error
	if !errors.As(err, &e) || e.StatusCode != 400 || e.Type != "illegal_argument_exception" || e.Reason != "persistent setting [x], not recognized" {
		t.Errorf("unknown setting: %v", err)
	}
}

func TestClusterSettingScriptCompilationRate(t *testing.T) {
	s := newTestServer(t)
	must(t, s, "PUT", "/idx/_doc/1?refresh=true", `{"n":1}`)
	update := func(i int) (int, string) {
		code, _, body := call(t, s, "POST", "/idx/_update/1", fmt.Sprintf(`{"script":{"source":"ctx._source.n = %d"}}`, i))
		return code, body
	}
	if code, body := update(100); code != 200 {
		t.Fatalf("update: %d %s", code, body)
	}
	expect(t, s, "PUT", "/_cluster/settings", `{"transient":{"script.context.update.max_compilations_rate":"2/10m"}}`, 200,
		`{"acknowledged":true,"persistent":{},"transient":{"script":{"context":{"update":{"max_compilations_rate":"2/10m"}}}}}`)
	// The context got a new, empty cache: the script compiled before costs a
	// token again, and the third new script trips the limit.
	for i := 100; i < 102; i++ {
		if code, body := update(i); code != 200 {
			t.Fatalf("update %d: %d %s", i, code, body)
		}
	}
	code, body := update(102)
	const limit = `[script] Too many dynamic script compilations within, max: [2/10m]; please use indexed, or scripts with parameters instead; this limit can be changed by the [script.context.update.max_compilations_rate] setting`
	if code != 400 || !strings.Contains(body, `"caused_by":{"type":"circuit_breaking_exception","reason":"`+limit+`"`) {
		t.Errorf("over the limit: %d %s", code, body)
	}
	must(t, s, "PUT", "/_cluster/settings", `{"transient":{"script.context.update.max_compilations_rate":"unlimited"}}`)
	for i := 200; i < 210; i++ {
		if code, body := update(i); code != 200 {
			t.Fatalf("unlimited, update %d: %d %s", i, code, body)
		}
	}
	// A search context: 0 compilations allowed.
	must(t, s, "PUT", "/_cluster/settings", `{"persistent":{"script.context.filter.max_compilations_rate":"0/1m"}}`)
	code, _, body = call(t, s, "POST", "/idx/_search", `{"query":{"script":{"script":"doc['n'].value > 0"}}}`)
	if code != 400 || !strings.Contains(body, "max: [0/1m]; please use indexed, or scripts with parameters instead; this limit can be changed by the [script.context.filter.max_compilations_rate] setting") {
		t.Errorf("filter context at 0/1m: %d %s", code, body)
	}
	ia := func(reason string) string {
		return `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"` + reason + `"}],"type":"illegal_argument_exception","reason":"` + reason + `"<**>"status":400}`
	}
	for _, c := range []struct{ rate, want string }{
		{"10", ia("parameter must contain a positive integer and a timevalue, i.e. 10/1m, but was [10]")},
		{"10/", ia("parameter must contain a positive integer and a timevalue, i.e. 10/1m, but was [10/]")},
		{"x/1m", ia("could not parse [x] as integer in value [x/1m]")},
		{"-1/1m", ia("rate [-1] must be positive")},
		{"10/30s", ia("time value [30s] must be at least on a one minute resolution")},
		{"10/0s", ia("time value [0s] must be positive")},
		{"10/5x", ia("failed to parse setting [script.max_compilations_rate] with value [5x] as a time value: unit is missing or unrecognized")},
	} {
		expect(t, s, "PUT", "/_cluster/settings", `{"transient":{"script.context.score.max_compilations_rate":"`+c.rate+`"}}`, 400, c.want)
	}
	expect(t, s, "PUT", "/_cluster/settings", `{"transient":{"script.context.nope.max_compilations_rate":"10/1m"}}`, 400,
		ia("Context [nope] doesn't exist for setting [script.context.nope.max_compilations_rate]"))
	expect(t, s, "PUT", "/_cluster/settings", `{"transient":{"script.context.aggs.max_compilations_rate":"10/1m"}}`, 501,
		`{"error":{"root_cause":[{"type":"unsupported_operation_exception","reason":"clustersearch-fake does not support the cluster setting [script.context.aggs.max_compilations_rate] yet"}]<**>`)
}
