package fake

import (
	"testing"
	"time"
)

// TestRefreshSchedule: scheduled refreshes tick every refresh_interval from
// the index's creation on the server clock, whenever the shard is read.
func TestRefreshSchedule(t *testing.T) {
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(clk))
	expect(t, s, "PUT", "/t", `{"settings":{"refresh_interval":"10s"}}`, 200, "")
	clk.Advance(25 * time.Second) // ticks at 10s and 20s passed with nothing to refresh
	expect(t, s, "PUT", "/t/_doc/1", `{}`, 201, "")
	clk.Advance(4 * time.Second) // 29s: the 30s tick is not due yet
	expect(t, s, "GET", "/t/_count", "", 200, `{"count":0,<**>`)
	clk.Advance(time.Second) // 30s
	expect(t, s, "GET", "/t/_count", "", 200, `{"count":1,<**>`)
	expect(t, s, "PUT", "/t/_doc/2", `{}`, 201, "")
	clk.Advance(9 * time.Second) // 39s: the next tick is at 40s, whatever the read at 30s did
	expect(t, s, "GET", "/t/_count", "", 200, `{"count":1,<**>`)
	clk.Advance(time.Second)
	expect(t, s, "GET", "/t/_count", "", 200, `{"count":2,<**>`)
}

// TestRefreshWaitFor covers refresh=wait_for: released by the scheduled
// refresh, by an explicit one, and forced past index.max_refresh_listeners.
func TestRefreshWaitFor(t *testing.T) {
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(clk))
	expect(t, s, "PUT", "/few", `{"settings":{"refresh_interval":"1m","max_refresh_listeners":1}}`, 200, "")

	first := callAsync(s, "PUT", "/few/_doc/1?refresh=wait_for", `{"a":1}`)
	parked(t, clk, 1)
	pending(t, first, "first wait_for")
	// The second listener is one too many: it forces a refresh, which also releases the first.
	expect(t, s, "PUT", "/few/_doc/2?refresh=wait_for", `{"a":2}`, 201,
		`{"_index":"few","_id":"2","_version":1,"result":"created","forced_refresh":true,"_shards":{"total":2,"successful":1,"failed":0},"_seq_no":1,"_primary_term":1}`)
	if a := <-first; a.code != 201 || a.body != `{"_index":"few","_id":"1","_version":1,"result":"created","_shards":{"total":2,"successful":1,"failed":0},"_seq_no":0,"_primary_term":1}` {
		t.Errorf("first wait_for: %d %s", a.code, a.body)
	}
	expect(t, s, "GET", "/few/_count", "", 200, `{"count":2,<**>`)

	// An explicit refresh releases a waiter before its scheduled refresh.
	ch := callAsync(s, "DELETE", "/few/_doc/1?refresh=wait_for", "")
	parked(t, clk, 1)
	expect(t, s, "POST", "/few/_refresh", "", 200, "")
	if a := <-ch; a.code != 200 || !jsonLike(`{"_index":"few","_id":"1","_version":2,"result":"deleted","_shards"<**>`, a.body) {
		t.Errorf("delete wait_for: %d %s", a.code, a.body)
	}

	// max_refresh_listeners 0: every wait_for forces its refresh at once.
	expect(t, s, "PUT", "/none", `{"settings":{"refresh_interval":"-1","max_refresh_listeners":0}}`, 200, "")
	expect(t, s, "PUT", "/none/_doc/1?refresh=wait_for", `{}`, 201, `{<**>"result":"created","forced_refresh":true,<**>}`)
	expect(t, s, "GET", "/none/_count", "", 200, `{"count":1,<**>`)

	// A refresh_interval change while waiting takes effect: -1 to 1s releases at the next tick.
	expect(t, s, "PUT", "/later", `{"settings":{"refresh_interval":"-1"}}`, 200, "")
	ch = callAsync(s, "PUT", "/later/_doc/1?refresh=wait_for", `{}`)
	pending(t, ch, "wait_for with refresh disabled")
	expect(t, s, "PUT", "/later/_settings", `{"index":{"refresh_interval":"1s"}}`, 200, "")
	parked(t, clk, 1)
	clk.Advance(time.Second)
	if a := <-ch; a.code != 201 {
		t.Errorf("wait_for after enabling refresh: %d %s", a.code, a.body)
	}
}

// TestBulkRefreshWaitFor: a bulk wait_for waits for the shards it wrote;
// a forced refresh marks that shard's items forced_refresh.
func TestBulkRefreshWaitFor(t *testing.T) {
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(clk))
	expect(t, s, "PUT", "/w", `{"settings":{"refresh_interval":"5s"}}`, 200, "")
	expect(t, s, "PUT", "/f", `{"settings":{"refresh_interval":"-1","max_refresh_listeners":0}}`, 200, "")
	body := "{\"index\":{\"_index\":\"w\",\"_id\":\"1\"}}\n{}\n{\"index\":{\"_index\":\"f\",\"_id\":\"1\"}}\n{}\n"
	ch := callAsync(s, "POST", "/_bulk?refresh=wait_for", body)
	parked(t, clk, 1)
	clk.Advance(4 * time.Second)
	pending(t, ch, "bulk wait_for before the tick")
	clk.Advance(time.Second)
	a := <-ch
	want := `{"took":<*>,"errors":false,"items":[{"index":{"_index":"w","_id":"1","_version":1,"result":"created","_shards"<**>"status":201}},` +
		`{"index":{"_index":"f","_id":"1","_version":1,"result":"created","forced_refresh":true,"_shards"<**>"status":201}}]}`
	if a.code != 200 || !jsonLike(want, a.body) {
		t.Errorf("bulk wait_for: %d %s", a.code, a.body)
	}
	expect(t, s, "GET", "/w,f/_count", "", 200, `{"count":2,<**>`)
}
