package fake

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestUpdatePartialDocument(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/books/_doc/1", `{"title":"Dune","meta":{"pages":412,"tags":["a","b"]},"n":1}`, 201, "")
	// Objects merge, arrays are replaced, new keys are appended.
	expect(t, s, "POST", "/books/_update/1", `{"doc":{"meta":{"tags":["c"],"isbn":"x"},"year":1965}}`, 200,
		`{"_index":"books","_id":"1","_version":2,"result":"updated","_shards":{"total":2,"successful":1,"failed":0},"_seq_no":1,"_primary_term":1}`)
	expect(t, s, "GET", "/books/_doc/1", "", 200,
		`{"_index":"books","_id":"1","_version":2,"_seq_no":1,"_primary_term":1,"found":true,"_source":{"title":"Dune","meta":{"pages":412,"tags":["c"],"isbn":"x"},"n":1,"year":1965}}`)
	// Nothing changes: noop with the current version and zero shards.
	expect(t, s, "POST", "/books/_update/1", `{"doc":{"n":1,"meta":{"pages":412}}}`, 200,
		`{"_index":"books","_id":"1","_version":2,"result":"noop","_shards":{"total":0,"successful":0,"failed":0},"_seq_no":1,"_primary_term":1}`)
	// An Integer and a Double are different values in Java.
	expect(t, s, "POST", "/books/_update/1", `{"doc":{"n":1.0}}`, 200, `{<**>"_version":3,"result":"updated"<**>}`)
	// detect_noop=false writes even when nothing changed.
	expect(t, s, "POST", "/books/_update/1", `{"doc":{"n":1.0},"detect_noop":false}`, 200, `{<**>"_version":4,"result":"updated"<**>"_seq_no":3<**>}`)
}

func TestUpdateUpserts(t *testing.T) {
	s := newTestServer(t)
	code, h, body := call(t, s, "POST", "/books/_update/1?routing=r1", `{"doc":{"a":1},"upsert":{"b":2}}`)
	if code != 201 || h.Get("Location") != "/books/_doc/1?routing=r1" {
		t.Fatalf("upsert: %d %q %s", code, h.Get("Location"), body)
	}
	if want := `{"_index":"books","_id":"1","_version":1,"result":"created","_shards":{"total":2,"successful":1,"failed":0},"_seq_no":0,"_primary_term":1}`; body != want {
		t.Errorf("upsert body\n got %s\nwant %s", body, want)
	}
	expect(t, s, "GET", "/books/_doc/1?routing=r1", "", 200, `{<**>"_routing":"r1","found":true,"_source":{"b":2}}`)
	expect(t, s, "POST", "/books/_update/2", `{"doc":{"a":1},"doc_as_upsert":true}`, 201, `{<**>"result":"created"<**>}`)
	expect(t, s, "GET", "/books/_doc/2", "", 200, `{<**>"_source":{"a":1}}`)
	// The script does not run for a plain upsert.
	expect(t, s, "POST", "/books/_update/3", `{"script":"ctx._source.x = 1","upsert":{"n":0}}`, 201, "")
	expect(t, s, "GET", "/books/_doc/3", "", 200, `{<**>"_source":{"n":0}}`)
	// scripted_upsert runs it with op=create on the upsert document.
	expect(t, s, "POST", "/books/_update/4", `{"script":{"source":"ctx._source.n += params.k; ctx._source.op = ctx.op","params":{"k":5}},"upsert":{"n":1},"scripted_upsert":true}`, 201, "")
	expect(t, s, "GET", "/books/_doc/4", "", 200, `{<**>"_source":{"op":"create","n":6}}`) // HashMap order
	// A scripted upsert that turns create into noop writes nothing.
	expect(t, s, "POST", "/books/_update/5", `{"script":"if (ctx.op == 'create') { ctx.op = 'noop' }","upsert":{},"scripted_upsert":true}`, 200,
		`{"_index":"books","_id":"5","_version":-1,"result":"noop","_shards":{"total":0,"successful":0,"failed":0},"get":{"found":false}}`)
	expect(t, s, "GET", "/books/_doc/5", "", 404, "")
}

func TestUpdateScript(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/c/_doc/1?routing=u", `{"count":1,"tags":["x"]}`, 201, "")
	expect(t, s, "POST", "/c/_update/1?routing=u", `{"script":{"source":"ctx._source.count += params.n; ctx._source.tags.add(params.t); ctx._source.seen = ctx._index + '/' + ctx._id + '/' + ctx._version + '/' + ctx._routing + '/' + ctx._now","lang":"painless","params":{"n":4,"t":"y"}}}`, 200,
		`{"_index":"c","_id":"1","_version":2,"result":"updated",<**>}`)
	expect(t, s, "GET", "/c/_doc/1?routing=u", "", 200, `{<**>"_source":{"count":5,"tags":["x","y"],"seen":"c/1/1/u/1700000000000"}}`)
	// A script that changes nothing still writes (detect_noop is for doc merges).
	expect(t, s, "POST", "/c/_update/1?routing=u", `{"script":"int x = 1"}`, 200, `{<**>"_version":3,"result":"updated"<**>}`)
	for _, op := range []string{"none", "noop", "create", "junk"} {
		expect(t, s, "POST", "/c/_update/1?routing=u", `{"script":"ctx.op = '`+op+`'"}`, 200, `{<**>"_version":3,"result":"noop","_shards":{"total":0,"successful":0,"failed":0},"_seq_no":2,"_primary_term":1}`)
	}
	expect(t, s, "POST", "/c/_update/1?routing=u", `{"script":"ctx.op = 'delete'"}`, 200,
		`{"_index":"c","_id":"1","_version":4,"result":"deleted","_shards":{"total":2,"successful":1,"failed":0},"_seq_no":3,"_primary_term":1}`)
	expect(t, s, "GET", "/c/_doc/1?routing=u", "", 404, "")
}

func TestUpdateSourceInResponse(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "POST", "/t/_update/1?_source=foo", `{"doc":{"foo":"baz","bar":1},"upsert":{"foo":"bar","bar":2}}`, 201,
		`{<**>"_seq_no":0,"_primary_term":1,"get":{"_seq_no":0,"_primary_term":1,"found":true,"_source":{"foo":"bar"}}}`)
	expect(t, s, "POST", "/t/_update/1", `{"doc":{"foo":"qux"},"_source":true}`, 200,
		`{<**>"get":{"_seq_no":1,"_primary_term":1,"found":true,"_source":{"foo":"qux","bar":2}}}`)
	expect(t, s, "POST", "/t/_update/1", `{"doc":{"foo":"qux"},"_source":{"excludes":["foo"]}}`, 200,
		`{<**>"result":"noop"<**>"get":{"_seq_no":1,"_primary_term":1,"found":true,"_source":{"bar":2}}}`)
	expect(t, s, "POST", "/t/_update/1?_source=false", `{"doc":{"foo":"z"}}`, 200, `{<**>"_primary_term":1}`)
}

func TestUpdateErrors(t *testing.T) {
	s := newTestServer(t)
	// A missing document auto-creates the index, then fails.
	expect(t, s, "POST", "/auto/_update/1", `{"doc":{"a":1}}`, 404,
		`{"error":{"root_cause":[{"type":"document_missing_exception","reason":"[1]: document missing","index":"auto","shard":"0","index_uuid":<*>}],"type":"document_missing_exception","reason":"[1]: document missing","index":"auto","shard":"0","index_uuid":<*>},"status":404}`)
	expect(t, s, "HEAD", "/auto", "", 200, "")
	expect(t, s, "POST", "/auto/_update/1", `{"dac":{"foo":"baz"},"upsert":{"foo":"bar"}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:2] [UpdateRequest] unknown field [dac] did you mean [doc]?"}],"type":"x_content_parse_exception","reason":"[1:2] [UpdateRequest] unknown field [dac] did you mean [doc]?"},"status":400}`)
	expect(t, s, "POST", "/auto/_update/1", `{"doc":{"a":1},"detect_noop":"maybe"}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:30] [UpdateRequest] failed to parse field [detect_noop]"}],"type":"x_content_parse_exception","reason":"[1:30] [UpdateRequest] failed to parse field [detect_noop]","caused_by":{"type":"illegal_argument_exception","reason":"Failed to parse value [maybe] as only [true] or [false] are allowed."}},"status":400}`)
	expect(t, s, "POST", "/auto/_update/1", `{"doc":[1]}`, 400, `{<**>"reason":"[1:8] [UpdateRequest] doc doesn't support values of type: START_ARRAY"<**>}`)
	expect(t, s, "POST", "/auto/_update/1", `{}`, 400,
		`{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: script or doc is missing;"}],"type":"action_request_validation_exception","reason":"Validation Failed: 1: script or doc is missing;"},"status":400}`)
	expect(t, s, "POST", "/auto/_update/1", `{"doc":{},"script":"x","doc_as_upsert":true}`, 400, `{<**>"reason":"Validation Failed: 1: can't provide both script and doc;"<**>}`)
	expect(t, s, "POST", "/auto/_update/1?if_seq_no=1&if_primary_term=1&retry_on_conflict=2", `{"doc":{},"upsert":{}}`, 400,
		`{<**>"reason":"Validation Failed: 1: compare and write operations can not be retried;2: upsert requests don't support `+"`if_seq_no` and `if_primary_term`"+`;"<**>}`)
	expect(t, s, "POST", "/auto/_update/1", `{"script":{"lang":"painless"}}`, 400,
		`{<**>"reason":"[1:29] [UpdateRequest] failed to parse field [script]","caused_by":{"type":"illegal_argument_exception","reason":"must specify either [source] for an inline script or [id] for a stored script"}},"status":400}`)
	expect(t, s, "POST", "/auto/_update/1", ``, 400, `{<**>"reason":"request body is required"<**>}`)
	expect(t, s, "POST", "/auto/_update/1?require_alias=true", `{"doc":{"a":1},"doc_as_upsert":true}`, 404,
		`{<**>"type":"index_not_found_exception","reason":"no such index [auto] and [require_alias] request flag is [true] and [auto] is not an alias","index":"auto","index_uuid":"_na_"},"status":404}`)
	expect(t, s, "POST", "/noalias/_update/1?require_alias=true", `{"doc":{"a":1},"doc_as_upsert":true}`, 404, "")
	expect(t, s, "HEAD", "/noalias", "", 404, "")
}

func TestUpdateIfSeqNo(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "POST", "/t/_update/1?if_seq_no=1&if_primary_term=1", `{"doc":{"foo":"baz"}}`, 404, `{<**>"type":"document_missing_exception"<**>}`)
	expect(t, s, "PUT", "/t/_doc/1", `{"foo":"baz"}`, 201, "")
	expect(t, s, "POST", "/t/_update/1?if_seq_no=234&if_primary_term=1", `{"doc":{"foo":"baz"}}`, 409,
		`{<**>"type":"version_conflict_engine_exception","reason":"[1]: version conflict, required seqNo [234], primary term [1]. current document has seqNo [0] and primary term [1]","index":"t","shard":"0","index_uuid":<*>},"status":409}`)
	expect(t, s, "POST", "/t/_update/1", `{"doc":{"foo":"bar"},"if_seq_no":0,"if_primary_term":1}`, 200, `{<**>"result":"updated"<**>}`)
	expect(t, s, "GET", "/t/_doc/1", "", 200, `{<**>"_source":{"foo":"bar"}}`)
}

func TestUpdateScriptErrors(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/t/_doc/1", `{"a":1}`, 201, "")
	expect(t, s, "POST", "/t/_update/1", `{"script":"ctx._source.missing.foo = 1"}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to execute script"}],"type":"illegal_argument_exception","reason":"failed to execute script","caused_by":{"type":"script_exception","reason":"runtime error","script_stack":[<**>],"script":"ctx._source.missing.foo = 1","lang":"painless","position":{<**>},"caused_by":{"type":"null_pointer_exception",<**>}}},"status":400}`)
	expect(t, s, "POST", "/t/_update/1", `{"script":"ctx._source.a = ;"}`, 400,
		`{<**>"caused_by":{"type":"script_exception","reason":"compile error"<**>}`)
	expect(t, s, "POST", "/t/_update/1", `{"script":{"source":"1","lang":"nope"}}`, 400,
		`{<**>"reason":"failed to execute script","caused_by":{"type":"illegal_argument_exception","reason":"script_lang not supported [nope]"}},"status":400}`)
	expect(t, s, "POST", "/t/_update/1", `{"script":{"id":"stored-one"}}`, 400,
		`{<**>"reason":"failed to execute script","caused_by":{"type":"resource_not_found_exception","reason":"unable to find script [stored-one] in cluster state"}},"status":400}`)
	expect(t, s, "POST", "/t/_update/1", `{"script":"ctx._source.self = ctx._source"}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Iterable object is self-referencing itself"}],"type":"illegal_argument_exception","reason":"Iterable object is self-referencing itself"},"status":400}`)
	expect(t, s, "GET", "/t/_doc/1", "", 200, `{<**>"_version":1,<**>"_source":{"a":1}}`)
}

func TestUpdateRefreshAndShards(t *testing.T) {
	c := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(c), WithNodes(1))
	expect(t, s, "PUT", "/r", `{"settings":{"number_of_replicas":2,"refresh_interval":-1}}`, 200, "")
	expect(t, s, "POST", "/r/_update/1?refresh=true", `{"doc":{"a":1},"doc_as_upsert":true}`, 201,
		`{"_index":"r","_id":"1","_version":1,"result":"created","forced_refresh":true,"_shards":{"total":3,"successful":1,"failed":0},"_seq_no":0,"_primary_term":1}`)
	expect(t, s, "GET", "/r/_count", "", 200, `{"count":1,<**>}`)
	// The timeout bounds the wait for shard copies, on the server clock.
	ch := callAsync(s, "POST", "/r/_update/1?wait_for_active_shards=2&timeout=1s", `{"doc":{"a":2}}`)
	parked(t, c, 1)
	c.Advance(999 * time.Millisecond)
	pending(t, ch, "update before its timeout")
	c.Advance(time.Millisecond)
	if a := <-ch; a.code != 503 || !jsonLike(`{"error":{"root_cause":[{"type":"unavailable_shards_exception","reason":"[r][0] Not enough active copies to meet shard count of [2] (have 1, needed 2). Timeout: [1s], request: [BulkShardRequest [[r][0]] containing [1] requests]","index":"r","shard":"0","index_uuid":<*>}],<**>"status":503}`, a.body) {
		t.Errorf("update with timeout=1s: %d %s", a.code, a.body)
	}
	ch = callAsync(s, "POST", "/r/_update/1?wait_for_active_shards=all", `{"doc":{"a":2}}`)
	parked(t, c, 1)
	c.Advance(time.Minute)
	if a := <-ch; a.code != 503 || !jsonLike(`{<**>"reason":"[r][0] Not enough active copies to meet shard count of [ALL] (have 1, needed 3). Timeout: [1m]<**>`, a.body) {
		t.Errorf("update with the default timeout: %d %s", a.code, a.body)
	}
	expect(t, s, "GET", "/r/_source/1", "", 200, `{"a":1}`)
	expect(t, s, "POST", "/r/_update/1?wait_for_active_shards=1", `{"doc":{"a":2}}`, 200, `{<**>"result":"updated"<**>}`)
}

// Concurrent writers lose no update when they retry on conflict.
func TestUpdateRetryOnConflictConcurrent(t *testing.T) {
	s := newTestServer(t)
	c := s.Client()
	ctx := context.Background()
	if _, err := c.Documents.Index(ctx, "counters", "1", map[string]any{"n": 0}, nil); err != nil {
		t.Fatal(err)
	}
	const writers, increments = 8, 500
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	retries := 1000
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < increments; i++ {
				_, err := c.Documents.Update(ctx, "counters", "1", &documents.UpdateRequest{
					Script: types.NewScript("ctx._source.n += params.k", map[string]any{"k": 1}),
				}, &documents.UpdateParams{RetryOnConflict: &retries})
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	src, ok := s.Document("counters", "1")
	if !ok || string(src) != `{"n":4000}` {
		t.Fatalf("counter = %s, want {\"n\":4000}", src)
	}
	got := expect(t, s, "GET", "/counters/_doc/1", "", 200, "")
	if !strings.Contains(got, fmt.Sprintf(`"_version":%d`, writers*increments+1)) {
		t.Errorf("version after %d updates: %s", writers*increments, got)
	}
}

func TestUpdateMethodAndParams(t *testing.T) {
	s := newTestServer(t)
	code, h, _ := call(t, s, "PUT", "/t/_update/1", `{"doc":{}}`)
	if code != http.StatusMethodNotAllowed || h.Get("Allow") != "POST" {
		t.Errorf("PUT _update: %d Allow=%q", code, h.Get("Allow"))
	}
	expect(t, s, "POST", "/t/_update/1?retry_on_conflict=x", `{"doc":{}}`, 400, `{<**>"reason":"Failed to parse int parameter [retry_on_conflict] with value [x]"<**>}`)
}

func TestUpdateThroughAlias(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/backing", `{"aliases":{"books":{}}}`, 200, "")
	expect(t, s, "POST", "/books/_update/1?require_alias=true", `{"doc":{"a":1},"doc_as_upsert":true}`, 201, `{"_index":"backing","_id":"1",<**>}`)
	expect(t, s, "GET", "/backing/_doc/1", "", 200, `{<**>"_source":{"a":1}}`)
}

func TestBulkUpdateItems(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/b/_doc/1", `{"n":1}`, 201, "")
	nd := `{"update":{"_index":"b","_id":"1"}}
{"script":{"source":"ctx._source.n += params.k","params":{"k":2}},"_source":true}
{"update":{"_index":"b","_id":"2"}}
{"script":"ctx._source.n = 10","upsert":{"n":0},"scripted_upsert":true}
{"update":{"_index":"b","_id":"3"}}
{"doc":{"n":1}}
{"update":{"_index":"b","_id":"1"}}
{"script":"ctx._source.x.y = 1"}
{"update":{"_index":"b","_id":"1"}}
{"script":"ctx.op = 'none'"}
`
	expect(t, s, "POST", "/_bulk?refresh=true", nd, 200,
		`{"took":<*>,"errors":true,"items":[`+
			`{"update":{"_index":"b","_id":"1","_version":2,"result":"updated","forced_refresh":true,"_shards":{"total":2,"successful":1,"failed":0},"_seq_no":1,"_primary_term":1,"get":{"_seq_no":1,"_primary_term":1,"found":true,"_source":{"n":3}},"status":200}},`+
			`{"update":{"_index":"b","_id":"2","_version":1,"result":"created",<**>"status":201}},`+
			`{"update":{"_index":"b","_id":"3","status":404,"error":{"type":"document_missing_exception","reason":"[3]: document missing",<**>}}},`+
			`{"update":{"_index":"b","_id":"1","status":400,"error":{"type":"illegal_argument_exception","reason":"failed to execute script","caused_by":{"type":"script_exception","reason":"runtime error",<**>}}}},`+
			`{"update":{"_index":"b","_id":"1","_version":2,"result":"noop",<**>"status":200}}]}`)
	expect(t, s, "GET", "/b/_doc/2", "", 200, `{<**>"_source":{"n":10}}`)
}
