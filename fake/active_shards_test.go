package fake

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"
)

func unavailable(index, label string, have, need int, timeout, request string) string {
	reason := "[" + index + "][0] Not enough active copies to meet shard count of [" + label + "] (have " + itoa(have) + ", needed " + itoa(need) +
		"). Timeout: [" + timeout + "], request: [" + request + "]"
	return `{"error":{"root_cause":[{"type":"unavailable_shards_exception","reason":` + quote(reason) + `,"index":"` + index + `","shard":"0","index_uuid":<*>}],` +
		`"type":"unavailable_shards_exception","reason":` + quote(reason) + `,"index":"` + index + `","shard":"0","index_uuid":<*>},"status":503}`
}

// TestWriteWaitsForActiveShards: a document write whose wait_for_active_shards
// the cluster cannot meet waits timeout (default 1m) on the server clock, then
// fails with ReplicationOperation's unavailable_shards_exception, unapplied.
func TestWriteWaitsForActiveShards(t *testing.T) {
	c := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(c))
	expect(t, s, "PUT", "/b", "", 200, "") // one replica, unassigned on one node

	ch := callAsync(s, "PUT", "/b/_doc/1?wait_for_active_shards=all", `{ "a" : 1 }`)
	parked(t, c, 1)
	c.Advance(59 * time.Second)
	pending(t, ch, "index before the timeout")
	c.Advance(time.Second)
	a := <-ch
	if want := unavailable("b", "ALL", 1, 2, "1m", `BulkShardRequest [[b][0]] containing [index {[b][1], source[{"a":1}]}]`); a.code != 503 || !jsonLike(want, a.body) {
		t.Errorf("index: %d %s\nwant %s", a.code, a.body, want)
	}
	expect(t, s, "GET", "/b/_doc/1", "", 404, `{"_index":"b","_id":"1","found":false}`)

	ch = callAsync(s, "DELETE", "/b/_doc/1?wait_for_active_shards=2&timeout=10s&refresh=wait_for", "")
	parked(t, c, 1)
	c.Advance(10 * time.Second)
	a = <-ch
	if want := unavailable("b", "2", 1, 2, "10s", `BulkShardRequest [[b][0]] containing [delete {[b][1]}] blocking until refresh`); a.code != 503 || !jsonLike(want, a.body) {
		t.Errorf("delete: %d %s\nwant %s", a.code, a.body, want)
	}

	// A missing index is created first, as the bulk action's auto-create does.
	ch = callAsync(s, "PUT", "/auto/_create/7?wait_for_active_shards=all&refresh=true", `{"x":"y"}`)
	parked(t, c, 1)
	c.Advance(time.Minute)
	a = <-ch
	if want := unavailable("auto", "ALL", 1, 2, "1m", `BulkShardRequest [[auto][0]] containing [index {[auto][7], source[{"x":"y"}]}] and a refresh`); a.code != 503 || !jsonLike(want, a.body) {
		t.Errorf("create: %d %s\nwant %s", a.code, a.body, want)
	}
	expect(t, s, "HEAD", "/auto", "", 200, "")

	// Enough copies after a settings change release the waiting write.
	ch = callAsync(s, "PUT", "/b/_doc/2?wait_for_active_shards=all", `{"a":2}`)
	parked(t, c, 1)
	expect(t, s, "PUT", "/b/_settings", `{"index":{"number_of_replicas":0}}`, 200, "")
	if a := <-ch; a.code != 201 || !jsonLike(`{"_index":"b","_id":"2","_version":1,"result":"created",<**>}`, a.body) {
		t.Errorf("released write: %d %s", a.code, a.body)
	}

	expect(t, s, "PUT", "/b/_doc/3?wait_for_active_shards=x", `{}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"cannot parse ActiveShardCount[x]"}],"type":"illegal_argument_exception","reason":"cannot parse ActiveShardCount[x]"},"status":400}`)
	expect(t, s, "PUT", "/b/_doc/3?wait_for_active_shards=-2", `{}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"shard count cannot be a negative value"}],"type":"illegal_argument_exception","reason":"shard count cannot be a negative value"},"status":400}`)
	expect(t, s, "PUT", "/b/_doc/3?wait_for_active_shards=1", `{}`, 201, "")
}

func itoa(n int) string { return strconv.Itoa(n) }

func quote(s string) string { b, _ := json.Marshal(s); return string(b) }

// TestBulkWaitsForActiveShards: each target shard of a bulk request is one
// BulkShardRequest; the shards lacking copies wait out the common timeout and
// their items fail, the others are written.
func TestBulkWaitsForActiveShards(t *testing.T) {
	c := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(c))
	expect(t, s, "PUT", "/one", "", 200, "")                                       // 1 replica: 1 of 2 copies
	expect(t, s, "PUT", "/full", `{"settings":{"number_of_replicas":0}}`, 200, "") // all copies active
	body := "{\"index\":{\"_index\":\"one\",\"_id\":\"1\"}}\n{\"a\":1}\n" +
		"{\"delete\":{\"_index\":\"one\",\"_id\":\"2\"}}\n" +
		"{\"index\":{\"_index\":\"full\",\"_id\":\"1\"}}\n{\"a\":1}\n" +
		"{\"index\":{\"_index\":\"solo\",\"_id\":\"9\"}}\n{\"b\":2}\n"
	ch := callAsync(s, "POST", "/_bulk?wait_for_active_shards=all&timeout=5s", body)
	parked(t, c, 1)
	c.Advance(4 * time.Second)
	pending(t, ch, "bulk before the timeout")
	c.Advance(time.Second)
	a := <-ch
	item := func(action, index, id, label, request string) string {
		reason := "[" + index + "][0] Not enough active copies to meet shard count of [" + label + "] (have 1, needed 2). Timeout: [5s], request: [" + request + "]"
		return `{"` + action + `":{"_index":"` + index + `","_id":"` + id + `","status":503,"error":{"type":"unavailable_shards_exception","reason":` + quote(reason) +
			`,"index":"` + index + `","shard":"0","index_uuid":<*>}}}`
	}
	want := `{"took":<*>,"errors":true,"items":[` +
		item("index", "one", "1", "ALL", "BulkShardRequest [[one][0]] containing [2] requests") + "," +
		item("delete", "one", "2", "ALL", "BulkShardRequest [[one][0]] containing [2] requests") + "," +
		`{"index":{"_index":"full","_id":"1","_version":1,"result":"created",<**>,"status":201}},` +
		item("index", "solo", "9", "ALL", `BulkShardRequest [[solo][0]] containing [index {[solo][9], source[{"b":2}]}]`) + `]}`
	if a.code != 200 || !jsonLike(want, a.body) {
		t.Errorf("bulk: %d %s\nwant %s", a.code, a.body, want)
	}
	expect(t, s, "GET", "/one/_doc/1", "", 404, "")
	expect(t, s, "GET", "/full/_doc/1?filter_path=found", "", 200, `{"found":true}`)
	expect(t, s, "HEAD", "/solo", "", 200, "") // auto-created before the wait
	expect(t, s, "POST", "/_bulk?wait_for_active_shards=1", "{\"index\":{\"_index\":\"one\",\"_id\":\"1\"}}\n{}\n", 200, `{"took":<*>,"errors":false,<**>}`)
}
