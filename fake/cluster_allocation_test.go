package fake

import (
	"testing"
)

// TestAllocationEnableSetting checks cluster.routing.allocation.enable and
// its neighbours as _cluster/settings accepts, validates, lists and resets
// them.
func TestAllocationEnableSetting(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_cluster/settings?flat_settings=true", `{"transient":{"cluster.routing.allocation.enable":"none"}}`, 200,
		`{"acknowledged":true,"persistent":{},"transient":{"cluster.routing.allocation.enable":"none"}}`)
	expect(t, s, "GET", "/_cluster/settings", "", 200,
		`{"persistent":{},"transient":{"cluster":{"routing":{"allocation":{"enable":"none"}}}}}`)
	expect(t, s, "PUT", "/_cluster/settings?flat_settings=true", `{"transient":{"cluster.routing.allocation.enable":null}}`, 200,
		`{"acknowledged":true,"persistent":{},"transient":{}}`)
	// The enum reads in any case and is stored as given.
	expect(t, s, "PUT", "/_cluster/settings?flat_settings=true", `{"persistent":{"cluster.routing.allocation.enable":"New_Primaries","cluster.routing.rebalance.enable":"REPLICAS"}}`, 200,
		`{"acknowledged":true,"persistent":{"cluster.routing.allocation.enable":"New_Primaries","cluster.routing.rebalance.enable":"REPLICAS"},"transient":{}}`)
	expect(t, s, "GET", "/_cluster/settings?flat_settings=true&filter_path=defaults.cluster*enable", "", 200, `{}`)
	expect(t, s, "PUT", "/_cluster/settings", `{"persistent":{"cluster.routing.*":null}}`, 200,
		`{"acknowledged":true,"persistent":{},"transient":{}}`)
	expect(t, s, "GET", "/_cluster/settings?include_defaults=true&flat_settings=true&filter_path=defaults.cluster*enable", "", 200,
		`{"defaults":{"cluster.routing.allocation.enable":"all","cluster.routing.rebalance.enable":"all"}}`)

	for _, c := range []struct{ body, reason string }{
		{`{"transient":{"cluster.routing.allocation.enable":"off"}}`, `Illegal allocation.enable value [OFF]`},
		{`{"transient":{"cluster.routing.rebalance.enable":"new_primaries"}}`, `Illegal rebalance.enable value [NEW_PRIMARIES]`},
		{`{"transient":{"cluster.routing.allocation.allow_rebalance":"never"}}`,
			`Illegal value for {\n  \"key\" : \"cluster.routing.allocation.allow_rebalance\",\n  \"properties\" : [\n    \"Dynamic\",\n    \"NodeScope\"\n  ],\n  \"is_group_setting\" : false,\n  \"default\" : \"indices_all_active\"\n}: never`},
		{`{"transient":{"cluster.routing.allocation.cluster_concurrent_rebalance":-2}}`,
			`Failed to parse value [-2] for setting [cluster.routing.allocation.cluster_concurrent_rebalance] must be >= -1`},
		{`{"transient":{"cluster.routing.allocation.same_shard.host":"yes"}}`, `Failed to parse value [yes] as only [true] or [false] are allowed.`},
		{`{"transient":{"cluster.routing.allocation.bogus":"1"}}`, `transient setting [cluster.routing.allocation.bogus], not recognized`},
	} {
		expect(t, s, "PUT", "/_cluster/settings", c.body, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"`+c.reason+`"}],"type":"illegal_argument_exception","reason":"`+c.reason+`"},"status":400}`)
	}
	// Accepted aliases of allow_rebalance.
	expect(t, s, "PUT", "/_cluster/settings?flat_settings=true", `{"transient":{"cluster.routing.allocation.allow_rebalance":"indicesPrimariesActive"}}`, 200,
		`{"acknowledged":true,"persistent":{},"transient":{"cluster.routing.allocation.allow_rebalance":"indicesPrimariesActive"}}`)
	// Attribute filters are real settings whose effect the fake does not model.
	expect(t, s, "PUT", "/_cluster/settings", `{"transient":{"cluster.routing.allocation.exclude._name":"node-1"}}`, 501,
		`{"error":{"root_cause":[{"type":"unsupported_operation_exception","reason":"clustersearch-fake does not support the cluster setting [cluster.routing.allocation.exclude._name] yet"}],"type":"unsupported_operation_exception","reason":"clustersearch-fake does not support the cluster setting [cluster.routing.allocation.exclude._name] yet"},"status":501}`)
}

// TestAllocationEnableEffect checks what EnableAllocationDecider does to
// new indexes: none leaves every copy unassigned (red), primaries and
// new_primaries let primaries in but not replicas, and allocation is sticky.
func TestAllocationEnableEffect(t *testing.T) {
	s := New(t, WithNodes(2)) // the real clock: the waits below time out
	expect(t, s, "PUT", "/before", `{"settings":{"number_of_shards":1,"number_of_replicas":1}}`, 200,
		`{"acknowledged":true,"shards_acknowledged":true,"index":"before"}`)
	expect(t, s, "PUT", "/_cluster/settings", `{"transient":{"cluster.routing.allocation.enable":"none"}}`, 200, `{<**>}`)
	// The copies of a new index stay unassigned: the create waits for its
	// primary until the timeout and says so.
	expect(t, s, "PUT", "/off?timeout=10ms", `{"settings":{"number_of_shards":2,"number_of_replicas":1}}`, 200,
		`{"acknowledged":true,"shards_acknowledged":false,"index":"off"}`)
	expect(t, s, "GET", "/_cluster/health/off,before?level=indices&filter_path=status,active_primary_shards,active_shards,unassigned_shards,indices", "", 200,
		`{"status":"red","active_primary_shards":1,"active_shards":2,"unassigned_shards":4,"indices":{`+
			`"off":{"status":"red","number_of_shards":2,"number_of_replicas":1,"active_primary_shards":0,"active_shards":0,"relocating_shards":0,"initializing_shards":0,"unassigned_shards":4},`+
			`"before":{"status":"green","number_of_shards":1,"number_of_replicas":1,"active_primary_shards":1,"active_shards":2,"relocating_shards":0,"initializing_shards":0,"unassigned_shards":0}}}`)
	expect(t, s, "GET", "/_cluster/health/off?level=shards&filter_path=indices.off.shards.0", "", 200,
		`{"indices":{"off":{"shards":{"0":{"status":"red","primary_active":false,"active_shards":0,"relocating_shards":0,"initializing_shards":0,"unassigned_shards":2}}}}}`)
	expect(t, s, "GET", "/_cluster/state/routing_table/off?filter_path=routing_table.indices.off.shards.0.state,routing_table.indices.off.shards.0.primary,routing_table.indices.off.shards.0.recovery_source", "", 200,
		`{"routing_table":{"indices":{"off":{"shards":{"0":[{"state":"UNASSIGNED","primary":true,"recovery_source":{"type":"EMPTY_STORE"}},{"state":"UNASSIGNED","primary":false,"recovery_source":{"type":"PEER"}}]}}}}}`)
	// A write waits for its primary, whatever wait_for_active_shards says,
	// and fails when the timeout passes first; nothing is written.
	for _, wait := range []string{"", "&wait_for_active_shards=0", "&wait_for_active_shards=all"} {
		expect(t, s, "PUT", "/off/_doc/1?timeout=10ms"+wait, `{"a":1}`, 503,
			`{"error":{"root_cause":[{"type":"unavailable_shards_exception","reason":"[off][0] primary shard is not active Timeout: [10ms], request: [BulkShardRequest [[off][0]] containing [index {[off][1], source[{\"a\":1}]}]]","index":"off","shard":"0","index_uuid":<*>}],`+
				`"type":"unavailable_shards_exception","reason":"[off][0] primary shard is not active Timeout: [10ms], request: [BulkShardRequest [[off][0]] containing [index {[off][1], source[{\"a\":1}]}]]","index":"off","shard":"0","index_uuid":<*>},"status":503}`)
	}
	expect(t, s, "POST", "/_bulk?timeout=10ms", "{\"index\":{\"_index\":\"off\",\"_id\":\"1\"}}\n{\"a\":1}\n", 200,
		`{"took":<*>,"errors":true,"items":[{"index":{"_index":"off","_id":"1","status":503,"error":{"type":"unavailable_shards_exception","reason":"[off][0] primary shard is not active Timeout: [10ms], request: [BulkShardRequest [[off][0]] containing [index {[off][1], source[{\"a\":1}]}]]","index":"off","shard":"0","index_uuid":<*>}}}]}`)
	expect(t, s, "GET", "/off/_doc/1", "", 404, `{"_index":"off","_id":"1","found":false}`)
	// A missing index created by a write gets no primary either.
	expect(t, s, "PUT", "/auto/_doc/1?timeout=10ms", `{"a":1}`, 503, `{<**>"reason":"[auto][0] primary shard is not active Timeout: [10ms]<**>`)
	expect(t, s, "GET", "/_cluster/health/auto?filter_path=status", "", 200, `{"status":"red"}`)

	// primaries: the waiting primaries start; replicas stay out.
	expect(t, s, "PUT", "/_cluster/settings", `{"transient":{"cluster.routing.allocation.enable":"primaries"}}`, 200, `{<**>}`)
	expect(t, s, "GET", "/_cluster/health/off?filter_path=status,active_primary_shards,active_shards,unassigned_shards", "", 200,
		`{"status":"yellow","active_primary_shards":2,"active_shards":2,"unassigned_shards":2}`)
	expect(t, s, "PUT", "/prim?wait_for_active_shards=all&timeout=10ms", `{"settings":{"number_of_shards":1,"number_of_replicas":1}}`, 200,
		`{"acknowledged":true,"shards_acknowledged":false,"index":"prim"}`)
	expect(t, s, "PUT", "/prim2", `{"settings":{"number_of_shards":1,"number_of_replicas":1}}`, 200,
		`{"acknowledged":true,"shards_acknowledged":true,"index":"prim2"}`)

	// none again: what was allocated stays allocated.
	expect(t, s, "PUT", "/_cluster/settings", `{"transient":{"cluster.routing.allocation.enable":"none"}}`, 200, `{<**>}`)
	expect(t, s, "GET", "/_cluster/health/off,prim,before?filter_path=status,active_primary_shards,active_shards,unassigned_shards", "", 200,
		`{"status":"yellow","active_primary_shards":4,"active_shards":5,"unassigned_shards":3}`)

	// all: everything that can be placed is, and waiting health checks wake.
	expect(t, s, "PUT", "/_cluster/settings", `{"transient":{"cluster.routing.allocation.enable":null}}`, 200, `{<**>}`)
	expect(t, s, "GET", "/_cluster/health?wait_for_status=green&timeout=1s&filter_path=status,unassigned_shards,timed_out", "", 200,
		`{"status":"green","timed_out":false,"unassigned_shards":0}`)
}

// TestAllocationNewPrimaries checks new_primaries: a new index's primaries
// are allocated, its replicas are not.
func TestAllocationNewPrimaries(t *testing.T) {
	s := New(t, WithNodes(3))
	expect(t, s, "PUT", "/_cluster/settings", `{"persistent":{"cluster.routing.allocation.enable":"new_primaries"}}`, 200, `{<**>}`)
	expect(t, s, "PUT", "/np", `{"settings":{"number_of_shards":1,"number_of_replicas":2}}`, 200,
		`{"acknowledged":true,"shards_acknowledged":true,"index":"np"}`)
	expect(t, s, "GET", "/_cluster/health/np?filter_path=status,active_shards,unassigned_shards", "", 200,
		`{"status":"yellow","active_shards":1,"unassigned_shards":2}`)
	expect(t, s, "PUT", "/np/_doc/1?refresh=true", `{"a":1}`, 201, `{<**>"_shards":{"total":3,"successful":1,"failed":0}<**>}`)
}
