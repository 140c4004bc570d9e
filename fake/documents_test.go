package fake

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestIndexGetDelete(t *testing.T) {
	s := newTestServer(t)
	code, h, body := call(t, s, "PUT", "/books/_doc/1", `{"title":"Dune","year":1965}`)
	if code != 201 || h.Get("Location") != "/books/_doc/1" ||
		body != `{"_index":"books","_id":"1","_version":1,"result":"created","_shards":{"total":2,"successful":1,"failed":0},"_seq_no":0,"_primary_term":1}` {
		t.Errorf("create: %d %q %s", code, h.Get("Location"), body)
	}
	expect(t, s, "PUT", "/books/_doc/1?refresh=true", `{"title":"Dune","year":1966}`, 200,
		`{"_index":"books","_id":"1","_version":2,"result":"updated","forced_refresh":true,"_shards":{"total":2,"successful":1,"failed":0},"_seq_no":1,"_primary_term":1}`)
	expect(t, s, "GET", "/books/_doc/1", "", 200, `{"_index":"books","_id":"1","_version":2,"_seq_no":1,"_primary_term":1,"found":true,"_source":{"title":"Dune","year":1966}}`)
	expect(t, s, "GET", "/books/_doc/1?_source_includes=title", "", 200, `{"_index":"books","_id":"1","_version":2,"_seq_no":1,"_primary_term":1,"found":true,"_source":{"title":"Dune"}}`)
	expect(t, s, "GET", "/books/_doc/1?_source=false", "", 200, `{"_index":"books","_id":"1","_version":2,"_seq_no":1,"_primary_term":1,"found":true}`)
	expect(t, s, "HEAD", "/books/_doc/1", "", 200, "")
	expect(t, s, "HEAD", "/books/_doc/2", "", 404, "")
	expect(t, s, "GET", "/books/_doc/2", "", 404, `{"_index":"books","_id":"2","found":false}`)
	expect(t, s, "GET", "/nope/_doc/2", "", 404, `{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [nope]","index":"nope","resource.id":"nope","resource.type":"index_expression","index_uuid":"_na_"}],<**>`)
	expect(t, s, "PUT", "/books/_create/1", `{"title":"x"}`, 409, `{"error":{"root_cause":[{"type":"version_conflict_engine_exception","reason":"[1]: version conflict, document already exists (current version [2])","index":"books","shard":"0","index_uuid":<*>}],<**>},"status":409}`)
	expect(t, s, "PUT", "/books/_doc/1?if_seq_no=0&if_primary_term=1", `{}`, 409, `{"error":{"root_cause":[{"type":"version_conflict_engine_exception","reason":"[1]: version conflict, required seqNo [0], primary term [1]. current document has seqNo [1] and primary term [1]",<**>`)
	expect(t, s, "PUT", "/books/_doc/9?if_seq_no=5&if_primary_term=1", `{}`, 409, `<**>"reason":"[9]: version conflict, required seqNo [5], primary term [1]. but no document was found"<**>`)
	expect(t, s, "GET", "/books/_doc/1?version=1", "", 409, `<**>"reason":"[1]: version conflict, current version [2] is different than the one provided [1]"<**>`)
	expect(t, s, "DELETE", "/books/_doc/1", "", 200, `{"_index":"books","_id":"1","_version":3,"result":"deleted","_shards":{"total":2,"successful":1,"failed":0},"_seq_no":2,"_primary_term":1}`)
	expect(t, s, "DELETE", "/books/_doc/1", "", 404, `{"_index":"books","_id":"1","_version":4,"result":"not_found",<**>`)
	expect(t, s, "PUT", "/books/_doc/1", `{"a":1}`, 201, `{"_index":"books","_id":"1","_version":5,"result":"created",<**>`)
	expect(t, s, "DELETE", "/nope/_doc/1", "", 404, `<**>"resource.type":"index_expression"<**>`)
	expect(t, s, "PUT", "/books/_doc/1?op_type=foo", `{}`, 400, `<**>"reason":"opType must be 'create' or 'index', found: [foo]"<**>`)
	expect(t, s, "PUT", "/books/_doc/1", "", 400, `{"error":{"root_cause":[{"type":"parse_exception","reason":"request body is required"}],"type":"parse_exception","reason":"request body is required"},"status":400}`)
	expect(t, s, "PUT", "/books/_doc/1?version=3", `{}`, 400, `<**>"reason":"Validation Failed: 1: internal versioning can not be used for optimistic concurrency control. Please use `+"`if_seq_no` and `if_primary_term`"+` instead;"<**>`)
	expect(t, s, "PUT", "/books/_doc/"+strings.Repeat("a", 513), `{}`, 400, `<**>is too long, must be no longer than 512 bytes but was: 513;"<**>`)
}

func TestAutoIDAndExternalVersions(t *testing.T) {
	s := newTestServer(t)
	body := expect(t, s, "POST", "/logs/_doc", `{"msg":"hi"}`, 201, `{"_index":"logs","_id":<*>,"_version":1,"result":"created",<**>`)
	id := body[len(`{"_index":"logs","_id":"`):]
	id = id[:strings.IndexByte(id, '"')]
	if len(id) != 20 {
		t.Errorf("generated id %q: want 20 characters", id)
	}
	expect(t, s, "GET", "/logs/_doc/"+id+"?filter_path=_source", "", 200, `{"_source":{"msg":"hi"}}`)
	expect(t, s, "PUT", "/v/_doc/1?version=5&version_type=external", `{}`, 201, `{"_index":"v","_id":"1","_version":5,<**>`)
	expect(t, s, "PUT", "/v/_doc/1?version=5&version_type=external", `{}`, 409, `<**>"reason":"[1]: version conflict, current version [5] is higher or equal to the one provided [5]"<**>`)
	expect(t, s, "PUT", "/v/_doc/1?version=5&version_type=external_gte", `{}`, 200, `{"_index":"v","_id":"1","_version":5,"result":"updated",<**>`)
	expect(t, s, "PUT", "/v/_doc/1?version=4&version_type=external_gte", `{}`, 409, `<**>"reason":"[1]: version conflict, current version [5] is higher than the one provided [4]"<**>`)
}

func TestRoutingShards(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/r", `{"settings":{"number_of_shards":5}}`, 200, "")
	want := []int{4, 3, 0, 1, 0, 3, 2} // reference §5, ids "1".."7"
	x, _ := s.backend.Indices.Get("r")
	for i, shard := range want {
		id := fmt.Sprint(i + 1)
		expect(t, s, "PUT", "/r/_doc/"+id, `{}`, 201, "")
		for n, sh := range x.Shards {
			_, found := sh.Get(id, true)
			if found != (n == shard) {
				t.Errorf("id %s: on shard %d = %v, want shard %d", id, n, found, shard)
			}
		}
	}
	expect(t, s, "PUT", "/r/_doc/x?routing=1", `{}`, 201, "")
	if _, ok := x.Shards[4].Get("x", true); !ok {
		t.Error("routing=1 should land on shard 4")
	}
	expect(t, s, "GET", "/r/_doc/x?routing=1&filter_path=_routing", "", 200, `{"_routing":"1"}`)
}

func TestNearRealTime(t *testing.T) {
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(clk))
	expect(t, s, "PUT", "/nrt", "", 200, "")
	expect(t, s, "PUT", "/nrt/_doc/1", `{"a":1}`, 201, "")
	expect(t, s, "GET", "/nrt/_count", "", 200, `{"count":0,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0}}`)
	expect(t, s, "GET", "/nrt/_doc/1?filter_path=found", "", 200, `{"found":true}`)
	expect(t, s, "GET", "/nrt/_doc/1?realtime=false", "", 404, "")
	clk.Advance(time.Second)
	expect(t, s, "GET", "/nrt/_count", "", 200, `{"count":1,<**>`)
	// wait_for is released by the next scheduled refresh (index created at t0: ticks at t0+1s, t0+2s, ...).
	ch := callAsync(s, "POST", "/nrt/_doc/2?refresh=wait_for", `{"a":2}`)
	parked(t, clk, 1)
	clk.Advance(999 * time.Millisecond)
	pending(t, ch, "refresh=wait_for before the scheduled refresh")
	clk.Advance(time.Millisecond)
	if a := <-ch; a.code != 201 || !jsonLike(`{"_index":"nrt","_id":"2","_version":1,"result":"created","_shards"<**>`, a.body) {
		t.Errorf("wait_for: %d %s", a.code, a.body)
	}
	expect(t, s, "GET", "/nrt/_count", "", 200, `{"count":2,<**>`)

	expect(t, s, "PUT", "/off", `{"settings":{"refresh_interval":"-1"}}`, 200, "")
	expect(t, s, "PUT", "/off/_doc/1", `{}`, 201, "")
	clk.Advance(time.Hour)
	expect(t, s, "GET", "/off/_count", "", 200, `{"count":0,<**>`)
	done := make(chan string, 1)
	go func() {
		_, _, b := call(t, s, "PUT", "/off/_doc/2?refresh=wait_for", `{}`)
		done <- b
	}()
	select {
	case b := <-done:
		t.Fatalf("wait_for returned before any refresh: %s", b)
	case <-time.After(100 * time.Millisecond):
	}
	expect(t, s, "POST", "/off/_refresh", "", 200, `{"_shards":{"total":2,"successful":1,"failed":0}}`)
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("wait_for not released by the refresh")
	}
	expect(t, s, "GET", "/off/_count", "", 200, `{"count":2,<**>`)
	expect(t, s, "POST", "/off/_count", `{"query":{"match_all":{}}}`, 200, `{"count":2,<**>`)
	expect(t, s, "POST", "/off/_count", `{"query":{"term":{"a":1}}}`, 200, `{"count":0,<**>`)
}

func TestConcurrentIfSeqNo(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/c/_doc/1", `{"n":0}`, 201, "")
	const n = 16
	var wg sync.WaitGroup
	codes := make(chan int, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			code, _, _ := call(t, s, "PUT", "/c/_doc/1?if_seq_no=0&if_primary_term=1", fmt.Sprintf(`{"n":%d}`, i+1))
			codes <- code
		}(i)
	}
	wg.Wait()
	close(codes)
	won := 0
	for c := range codes {
		switch c {
		case 200:
			won++
		case 409:
		default:
			t.Errorf("unexpected status %d", c)
		}
	}
	if won != 1 {
		t.Errorf("%d writers won, want exactly 1", won)
	}
}

func TestDynamicMapping(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/d/_doc/1", `{"title":"hello","n":1,"f":1.5,"ok":true,"when":"2015-01-01","slash":"2015/09/02","obj":{"k":"v"},"nums":"12","none":null}`, 201, "")
	expect(t, s, "GET", "/d/_mapping", "", 200, `{"d":{"mappings":{"properties":{"f":{"type":"float"},"n":{"type":"long"},"nums":{"type":"text","fields":{"keyword":{"type":"keyword","ignore_above":256}}},"obj":{"properties":{"k":{"type":"text","fields":{"keyword":{"type":"keyword","ignore_above":256}}}}},"ok":{"type":"boolean"},"slash":{"type":"date","format":"yyyy/MM/dd HH:mm:ss||yyyy/MM/dd||epoch_millis"},"title":{"type":"text","fields":{"keyword":{"type":"keyword","ignore_above":256}}},"when":{"type":"date"}}}}}`)
	expect(t, s, "PUT", "/d/_doc/2", `{"n":"twenty"}`, 400, `{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"failed to parse field [n] of type [long] in document with id '2'. Preview of field's value: 'twenty'"}],"type":"mapper_parsing_exception","reason":"failed to parse field [n] of type [long] in document with id '2'. Preview of field's value: 'twenty'","caused_by":{"type":"number_format_exception","reason":"For input string: \"twenty\""}},"status":400}`)
	expect(t, s, "PUT", "/d/_doc/3", `{"obj":"flat"}`, 400, `<**>"reason":"object mapping for [obj] tried to parse field [obj] as object, but found a concrete value"<**>`)
	expect(t, s, "PUT", "/d/_doc/4", `{"x.y.z":1,"x":{"y.w":"a"}}`, 201, "")
	expect(t, s, "GET", "/d/_mapping?filter_path=d.mappings.properties.x", "", 200, `{"d":{"mappings":{"properties":{"x":{"properties":{"y":{"properties":{"w":{"type":"text","fields":{"keyword":{"type":"keyword","ignore_above":256}}},"z":{"type":"long"}}}}}}}}}`)
	expect(t, s, "PUT", "/d/_doc/5", `{".":1}`, 400, `{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"failed to parse"}],"type":"mapper_parsing_exception","reason":"failed to parse","caused_by":{"type":"illegal_argument_exception","reason":"field name cannot contain only dots"}},"status":400}`)
	expect(t, s, "PUT", "/d/_doc/5", `{"a..b":1}`, 400, `<**>"reason":"object field starting or ending with a [.] makes object resolution ambiguous: [a..b]"<**>`)
	expect(t, s, "PUT", "/strict", `{"mappings":{"dynamic":"strict","properties":{"a":{"type":"integer"}}}}`, 200, "")
	expect(t, s, "PUT", "/strict/_doc/1", `{"b":1}`, 400, `<**>"type":"strict_dynamic_mapping_exception","reason":"mapping set to strict, dynamic introduction of [b] within [_doc] is not allowed"<**>`)
	expect(t, s, "PUT", "/strict/_doc/1", `{"a":3000000000}`, 400, `<**>"reason":"Value [3000000000] is out of range for an integer"<**>`)
	expect(t, s, "GET", "/strict/_mapping", "", 200, `{"strict":{"mappings":{"dynamic":"strict","properties":{"a":{"type":"integer"}}}}}`)
}

func TestMget(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/m/_doc/1", `{"a":1,"b":2}`, 201, "")
	expect(t, s, "PUT", "/m/_doc/2?routing=r", `{"a":3}`, 201, "")
	expect(t, s, "POST", "/_mget", `{"docs":[{"_index":"m","_id":"1","_source":["a"]},{"_index":"m","_id":"2","routing":"r"},{"_index":"m","_id":"3"},{"_index":"nope","_id":"1"}]}`, 200,
		`{"docs":[{"_index":"m","_id":"1","_version":1,"_seq_no":0,"_primary_term":1,"found":true,"_source":{"a":1}},`+
			`{"_index":"m","_id":"2","_version":1,"_seq_no":<*>,"_primary_term":1,"_routing":"r","found":true,"_source":{"a":3}},`+
			`{"_index":"m","_id":"3","found":false},`+
			`{"_index":"nope","_id":"1","error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [nope]","index":"nope","resource.id":"nope","resource.type":"index_expression","index_uuid":"_na_"}],"type":"index_not_found_exception","reason":"no such index [nope]","index":"nope","resource.id":"nope","resource.type":"index_expression","index_uuid":"_na_"}}]}`)
	expect(t, s, "GET", "/m/_mget?_source=false", `{"ids":["1","3"]}`, 200, `{"docs":[{"_index":"m","_id":"1","_version":1,"_seq_no":0,"_primary_term":1,"found":true},{"_index":"m","_id":"3","found":false}]}`)
	expect(t, s, "POST", "/_mget", `{"ids":["1"]}`, 400, `<**>"reason":"Validation Failed: 1: index is missing for doc 0;"<**>`)
	expect(t, s, "POST", "/_mget", `{"docs":[]}`, 400, `<**>"reason":"Validation Failed: 1: no documents to get;"<**>`)
	expect(t, s, "POST", "/m/_mget", `{"docs":[{"_id":"1","bogus":1}]}`, 400, `<**>"type":"parse_exception","reason":"failed to parse multi get request. unknown field [bogus]"<**>`)
}

func TestGetSource(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/g/_doc/1", `{"a":1, "b":{"c":2}}`, 201, "")
	expect(t, s, "GET", "/g/_source/1", "", 200, `{"a":1, "b":{"c":2}}`)
	expect(t, s, "GET", "/g/_source/1?_source_includes=b.c", "", 200, `{"b":{"c":2}}`)
	expect(t, s, "HEAD", "/g/_source/1", "", 200, "")
	expect(t, s, "HEAD", "/g/_source/2", "", 404, "")
	expect(t, s, "GET", "/g/_source/2", "", 404, `{"error":{"root_cause":[{"type":"resource_not_found_exception","reason":"Document not found [g]/[2]"}],"type":"resource_not_found_exception","reason":"Document not found [g]/[2]"},"status":404}`)
}

func TestMalformedJSON(t *testing.T) {
	s := newTestServer(t)
	src := "REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled)"
	expect(t, s, "PUT", "/j/_doc/1", `{"a":}`, 400, `{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"failed to parse"}],"type":"mapper_parsing_exception","reason":"failed to parse","caused_by":{"type":"json_parse_exception","reason":"Unexpected character ('}' (code 125)): expected a valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')\n at [Source: `+src+`; line: 1, column: 7]"}},"status":400}`)
	expect(t, s, "PUT", "/j/_doc/1", `{"a":1,"a":2}`, 400, `<**>"caused_by":{"type":"json_parse_exception","reason":"Duplicate field 'a'\n at [Source: `+src+`; line: 1, column: 11]"}<**>`)
	expect(t, s, "PUT", "/k", `{"settings":`, 400, `{"error":{"root_cause":[{"type":"json_parse_exception",<**>"status":400}`)
	expect(t, s, "POST", "/_bulk", "{\"index\":{\"_index\":\"j\"}\n{}\n", 400, `{"error":{"root_cause":[{"type":"json_parse_exception","reason":"Unexpected end-of-input: expected close marker for Object<**>`)
	expect(t, s, "HEAD", "/k", "", 404, "")
}
