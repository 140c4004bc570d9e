package fake

import (
	"strings"
	"testing"
	"time"
)

// mixedTypes makes "n" a long in i1 and a keyword in i2, so a term query
// for "abc" fails on i1's shard and matches i2's document.
func mixedTypes(t *testing.T, s *Server) {
	t.Helper()
	expect(t, s, "PUT", "/i1", `{"mappings":{"properties":{"n":{"type":"long"}}}}`, 200, "")
	expect(t, s, "PUT", "/i2", `{"mappings":{"properties":{"n":{"type":"keyword"}}}}`, 200, "")
	expect(t, s, "PUT", "/i1/_doc/1?refresh=true", `{"n":1}`, 201, "")
	expect(t, s, "PUT", "/i2/_doc/1?refresh=true", `{"n":"abc"}`, 201, "")
}

// i1Failure is the search failure of i1's shard in a failures array.
const i1Failure = `{"index":"i1","shard":0,"node":<*>,"status":400,"reason":{"type":"query_shard_exception","reason":"failed to create query: For input string: \"abc\"","index":"i1","index_uuid":<*>,"caused_by":{"type":"number_format_exception","reason":"For input string: \"abc\""}}}`

// A shard failure while other shards answer stops the request before any
// write: zero counters, the failed shard in failures, its status as the
// HTTP status (AbstractAsyncBulkByScrollAction.onScrollResponse).
func TestByQueryPartialSearchFailure(t *testing.T) {
	s := newTestServer(t)
	mixedTypes(t, s)
	const query = `{"query":{"term":{"n":"abc"}}}`
	expect(t, s, "POST", "/i1,i2/_delete_by_query", query, 400,
		`{"took":0,"timed_out":false,"total":0,"deleted":0,"batches":0,"version_conflicts":0,"noops":0,"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0,"failures":[`+i1Failure+`]}`)
	expect(t, s, "POST", "/i1,i2/_update_by_query", query, 400,
		`{"took":0,"timed_out":false,"total":0,"updated":0,"deleted":0,"batches":0,"version_conflicts":0,"noops":0,"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0,"failures":[`+i1Failure+`]}`)
	expect(t, s, "POST", "/_reindex", `{"source":{"index":["i1","i2"],"query":{"term":{"n":"abc"}}},"dest":{"index":"i3"}}`, 400,
		`{"took":0,"timed_out":false,"total":0,"updated":0,"created":0,"deleted":0,"batches":0,"version_conflicts":0,"noops":0,"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0,"failures":[`+i1Failure+`]}`)
	// Each of two slices reads i1's only shard, so each reports it.
	expect(t, s, "POST", "/i1,i2/_delete_by_query?slices=2", query, 400,
		`{<**>"total":0,"deleted":0,"batches":0,<**>"slices":[{"slice_id":0,"total":0,"deleted":0,<**>},{"slice_id":1,"total":0,"deleted":0,<**>}],"failures":[`+i1Failure+`,`+i1Failure+`]}`)
	expect(t, s, "GET", "/i2/_doc/1", "", 200, `{<**>"found":true,<**>}`)
	expect(t, s, "HEAD", "/i3", "", 404, "")
	// Every shard failing is the search's own error.
	expect(t, s, "POST", "/i1/_delete_by_query", query, 400, `{"error":{<**>"type":"search_phase_execution_exception","reason":"all shards failed",<**>},"status":400}`)
	// An asynchronous run stores the same response as the task's result.
	id := startTask(t, s, "/i1,i2/_delete_by_query?wait_for_completion=false", query)
	expect(t, s, "GET", "/_tasks/"+id+"?wait_for_completion=true", "", 200, `{"completed":true,<**>"response":{"took":0,"timed_out":false,"total":0,"updated":0,"created":0,"deleted":0,<**>"failures":[`+i1Failure+`]}}`)
}

// Sliced responses render each slice with the same counters as the whole:
// no updated or created for delete by query, no created for update by query.
func TestByQuerySliceCounters(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "t", 4, `{"settings":{"number_of_shards":2}}`)
	// Shard 0 holds ids 1, 2 and 3; shard 1 holds id 0.
	slice := func(id int, rest string) string {
		return `{"slice_id":` + string(rune('0'+id)) + `,` + rest + `"batches":1,"version_conflicts":0,"noops":0,"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0}`
	}
	expect(t, s, "POST", "/t/_update_by_query?slices=2&refresh=true", "", 200,
		`{<**>"slices":[`+slice(0, `"total":3,"updated":3,"deleted":0,`)+`,`+slice(1, `"total":1,"updated":1,"deleted":0,`)+`],"failures":[]}`)
	expect(t, s, "POST", "/t/_delete_by_query?slices=2", `{"query":{"match_all":{}}}`, 200,
		`{<**>"slices":[`+slice(0, `"total":3,"deleted":3,`)+`,`+slice(1, `"total":1,"deleted":1,`)+`],"failures":[]}`)
}

// wait_for_active_shards is parsed with the request: a bad value is a 400
// before any work.
func TestByQueryActiveShardsParsed(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "t", 2, "")
	for _, path := range []string{"/t/_delete_by_query", "/t/_update_by_query", "/_reindex"} {
		body := `{"query":{"match_all":{}}}`
		if path == "/_reindex" {
			body = `{"source":{"index":"t"},"dest":{"index":"d"}}`
		}
		expect(t, s, "POST", path+"?wait_for_active_shards=abc", body, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"cannot parse ActiveShardCount[abc]"}],"type":"illegal_argument_exception","reason":"cannot parse ActiveShardCount[abc]"},"status":400}`)
		expect(t, s, "POST", path+"?wait_for_active_shards=-2", body, 400,
			`{"error":{<**>"reason":"shard count cannot be a negative value"},"status":400}`)
	}
	expect(t, s, "HEAD", "/d", "", 404, "")
	if n := count(t, s, "t"); n != 2 {
		t.Errorf("%d documents left, want 2", n)
	}
}

// The scroll honours preference=_shards and the body's min_score.
func TestByQueryPreferenceAndMinScore(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "s", 6, `{"settings":{"number_of_shards":3}}`)
	// Of ids 0..5, shard 0 holds only "5" (murmur3 routing).
	expect(t, s, "GET", "/s/_count?preference=_shards:0", "", 200, `{"count":1,<**>}`)
	expect(t, s, "POST", "/s/_update_by_query?preference=_shards:0&refresh=true", "", 200, `{<**>"total":1,"updated":1,<**>}`)
	expect(t, s, "GET", "/s/_doc/5", "", 200, `{<**>"_version":2,<**>}`)
	expect(t, s, "GET", "/s/_doc/4", "", 200, `{<**>"_version":1,<**>}`)
	expect(t, s, "POST", "/s/_delete_by_query?preference=_shards:x", `{"query":{"match_all":{}}}`, 400, `{"error":{<**>"reason":"no Preference for [_shards:x]"},"status":400}`)
	// A constant_score of 1 is below min_score 2 for every document.
	expect(t, s, "POST", "/s/_delete_by_query", `{"query":{"constant_score":{"filter":{"match_all":{}}}},"min_score":2}`, 200, `{<**>"total":0,"deleted":0,"batches":0,<**>}`)
	expect(t, s, "POST", "/s/_delete_by_query?refresh=true", `{"query":{"constant_score":{"filter":{"term":{"tag":"a"}},"boost":3}},"min_score":2}`, 200, `{<**>"total":3,"deleted":3,<**>}`)
	if n := count(t, s, "s"); n != 3 {
		t.Errorf("%d documents left, want 3", n)
	}
}

// Update by query writes back the scroll hit's _source, so a _source filter
// shapes the document, and a hit without _source fails the request.
func TestUpdateByQuerySourceFilter(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "t", 2, "")
	expect(t, s, "POST", "/t/_update_by_query?_source_includes=n&refresh=true", `{"query":{"term":{"n":1}}}`, 200, `{<**>"total":1,"updated":1,<**>}`)
	expect(t, s, "GET", "/t/_doc/1", "", 200, `{"_index":"t","_id":"1","_version":2,"_seq_no":2,"_primary_term":1,"found":true,"_source":{"n":1}}`)
	expect(t, s, "POST", "/t/_update_by_query", `{"_source":{"excludes":["n"]},"query":{"term":{"n":0}},"script":{"source":"ctx._source.k = ctx._source.size()"}}`, 200, `{<**>"updated":1,<**>}`)
	expect(t, s, "GET", "/t/_doc/0", "", 200, `{<**>"_source":{"tag":"a","k":1}}`)
	for _, path := range []string{"/t/_update_by_query?_source=false", "/t/_update_by_query?_source=false&q=n:0"} {
		got := expect(t, s, "POST", path, "", 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[t][<**>] didn't store _source"}],<**>},"status":400}`)
		if !strings.Contains(got, "[t][0] didn't store _source") {
			t.Errorf("%s: %s", path, got)
		}
	}
	expect(t, s, "PUT", "/ns", `{"mappings":{"_source":{"enabled":false}}}`, 200, "")
	expect(t, s, "PUT", "/ns/_doc/1?refresh=true", `{"a":1}`, 201, "")
	expect(t, s, "POST", "/ns/_update_by_query", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[ns][1] didn't store _source"}],"type":"illegal_argument_exception","reason":"[ns][1] didn't store _source"},"status":400}`)
	// Delete by query needs no source.
	expect(t, s, "POST", "/ns/_delete_by_query", `{"query":{"match_all":{}}}`, 200, `{<**>"deleted":1,<**>}`)
}

// The _update URL parameters as RestUpdateAction reads them.
func TestUpdateURLParameters(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "POST", "/u/_update/1?doc_as_upsert=true", `{"doc":{"a":1}}`, 201,
		`{"_index":"u","_id":"1","_version":1,"result":"created","_shards":{"total":2,"successful":1,"failed":0},"_seq_no":0,"_primary_term":1}`)
	// The body's doc_as_upsert overrides the URL's.
	expect(t, s, "POST", "/u/_update/2?doc_as_upsert=true", `{"doc":{"a":1},"doc_as_upsert":false}`, 404, `{"error":{<**>"type":"document_missing_exception","reason":"[2]: document missing"<**>},"status":404}`)
	expect(t, s, "POST", "/u/_update/2?doc_as_upsert=false", `{"doc":{"a":1},"doc_as_upsert":true}`, 201, `{<**>"result":"created",<**>}`)
	expect(t, s, "POST", "/u/_update/1?doc_as_upsert=maybe", `{"doc":{"a":1}}`, 400, `{"error":{<**>"reason":"Failed to parse value [maybe] as only [true] or [false] are allowed."},"status":400}`)
	expect(t, s, "POST", "/u/_update/1?doc_as_upsert=true&if_seq_no=0&if_primary_term=1", `{"doc":{"a":2}}`, 400,
		`{"error":{<**>"reason":"Validation Failed: 1: compare and write operations can not be used with upsert;"},"status":400}`)
	const versioning = `{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: internal versioning can not be used for optimistic concurrency control. Please use ` + "`if_seq_no` and `if_primary_term`" + ` instead;"}],"type":"action_request_validation_exception","reason":"Validation Failed: 1: internal versioning can not be used for optimistic concurrency control. Please use ` + "`if_seq_no` and `if_primary_term`" + ` instead;"},"status":400}`
	expect(t, s, "POST", "/u/_update/1?version=1", `{"doc":{"a":2}}`, 400, versioning)
	expect(t, s, "POST", "/u/_update/1?version_type=external", `{"doc":{"a":2}}`, 400, versioning)
	// lang is in the API spec but the update handler does not read it.
	expect(t, s, "POST", "/u/_update/1?lang=painless", `{"doc":{"a":2}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"request [/u/_update/1] contains unrecognized parameter: [lang]"}],"type":"illegal_argument_exception","reason":"request [/u/_update/1] contains unrecognized parameter: [lang]"},"status":400}`)
	expect(t, s, "GET", "/u/_doc/1", "", 200, `{<**>"_version":1,<**>"_source":{"a":1}}`)
}

// URL parameters of the by-query handlers that are read but have nothing to
// act on in the fake still refuse bad values; version_type is not one of them.
func TestByQueryParameterChecks(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "t", 1, "")
	expect(t, s, "POST", "/t/_delete_by_query?request_cache=abc", `{"query":{"match_all":{}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Failed to parse value [abc] as only [true] or [false] are allowed."}],"type":"illegal_argument_exception","reason":"Failed to parse value [abc] as only [true] or [false] are allowed."},"status":400}`)
	expect(t, s, "POST", "/t/_update_by_query?version_type=internal", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"request [/t/_update_by_query] contains unrecognized parameter: [version_type] -> did you mean [version]?"}],"type":"illegal_argument_exception","reason":"request [/t/_update_by_query] contains unrecognized parameter: [version_type] -> did you mean [version]?"},"status":400}`)
	expect(t, s, "POST", "/t/_update_by_query?request_cache=false&stats=a,b&scroll=1m&search_timeout=1s&search_type=dfs_query_then_fetch&version=true", "", 200, `{<**>"total":1,"updated":1,<**>}`)
	expect(t, s, "POST", "/t/_delete_by_query?scroll_size=-1", `{"query":{"match_all":{}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[size] parameter cannot be negative, found [-1]"}],"type":"illegal_argument_exception","reason":"[size] parameter cannot be negative, found [-1]"},"status":400}`)
}

// Every bulk-by-scroll request is a scroll search, so SearchRequest.validate's
// scroll-context rules come first in its validation errors.
func TestByQueryScrollContextValidation(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "t", 1, "")
	for _, c := range []struct{ path, body, reasons string }{
		{"/t/_delete_by_query?request_cache=true", `{"query":{"match_all":{}}}`, `1: [request_cache] cannot be used in a scroll context;`},
		{"/t/_delete_by_query?scroll_size=0", `{"query":{"match_all":{}}}`, `1: [size] cannot be [0] in a scroll context;`},
		{"/t/_delete_by_query", `{"query":{"match_all":{}},"track_total_hits":false}`, `1: disabling [track_total_hits] is not allowed in a scroll context;`},
		{"/t/_delete_by_query", `{"query":{"match_all":{}},"track_total_hits":100}`, `1: disabling [track_total_hits] is not allowed in a scroll context;`},
		{"/t/_update_by_query", `{"rescore":{"query":{"rescore_query":{"match_all":{}}}}}`, `1: using [rescore] is not allowed in a scroll context;`},
		{"/t/_delete_by_query", `{"query":{"match_all":{}},"from":2,"stored_fields":["a"]}`, `1: using [from] is not allowed in a scroll context;2: from is not supported in this context;3: stored_fields is not supported in this context;`},
		{"/t/_delete_by_query?from=0", `{"stored_fields":["a"]}`, `1: from is not supported in this context;2: stored_fields is not supported in this context;3: query is missing;`},
		{"/_reindex", `{"source":{"index":"t","size":0},"dest":{"index":"d"}}`, `1: [size] cannot be [0] in a scroll context;`},
		{"/_reindex", `{"source":{"index":"t","track_total_hits":false,"_source":false},"dest":{"index":"d"}}`, `1: disabling [track_total_hits] is not allowed in a scroll context;2: _source:false is not supported in this context;`},
	} {
		expect(t, s, "POST", c.path, c.body, 400,
			`{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: `+c.reasons+`"}],"type":"action_request_validation_exception","reason":"Validation Failed: `+c.reasons+`"},"status":400}`)
	}
	expect(t, s, "POST", "/t/_delete_by_query", `{"query":{"match_all":{}},"track_total_hits":true}`, 200, `{<**>"deleted":1,<**>}`)
}

// The body's post_filter narrows the scroll's hits like its query does.
func TestByQueryPostFilter(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "t", 6, `{"settings":{"number_of_shards":2}}`)
	expect(t, s, "POST", "/t/_delete_by_query?refresh=true", `{"query":{"term":{"tag":"a"}},"post_filter":{"range":{"n":{"gte":2}}}}`, 200, `{<**>"total":2,"deleted":2,<**>}`)
	expect(t, s, "POST", "/t/_update_by_query?sort=n:desc&max_docs=1&refresh=true", `{"post_filter":{"term":{"tag":"b"}}}`, 200, `{<**>"total":1,"updated":1,<**>}`)
	expect(t, s, "GET", "/t/_doc/5", "", 200, `{<**>"_version":2,<**>}`)
	expect(t, s, "GET", "/t/_doc/3", "", 200, `{<**>"_version":1,<**>}`)
	expect(t, s, "GET", "/t/_count", "", 200, `{"count":4,<**>}`)
	expect(t, s, "GET", "/t/_doc/0", "", 200, `{<**>"found":true,<**>}`)
}

// search_after, collapse and a keep-alive over search.max_keep_alive fail
// every shard of a scroll search, so the request fails as a search does when
// all its shards fail.
func TestByQueryShardRefusals(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "t", 2, "")
	for _, c := range []struct{ body, reason string }{
		{`{"query":{"match_all":{}},"sort":["n"],"search_after":[0]}`, "`search_after` cannot be used in a scroll context."},
		{`{"query":{"match_all":{}},"collapse":{"field":"tag.keyword"}}`, "cannot use `collapse` in a scroll context"},
	} {
		expect(t, s, "POST", "/t/_delete_by_query", c.body, 500,
			`{"error":{"root_cause":[{"type":"search_exception","reason":"`+c.reason+`"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,`+
				`"failed_shards":[{"shard":0,"index":"t","node":<*>,"reason":{"type":"search_exception","reason":"`+c.reason+`"}}],"caused_by":{"type":"search_exception","reason":"`+c.reason+`"}},"status":500}`)
	}
	const keep = "Keep alive for request (1d) is too large. It must be less than (1d). This limit can be set by changing the [search.max_keep_alive] cluster level setting."
	expect(t, s, "POST", "/t/_update_by_query?scroll=25h", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"`+keep+`"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,`+
			`"failed_shards":[{"shard":0,"index":"t","node":<*>,"reason":{"type":"illegal_argument_exception","reason":"`+keep+`"}}],"caused_by":{"type":"illegal_argument_exception","reason":"`+keep+`"}},"status":400}`)
	expect(t, s, "POST", "/_reindex?scroll=2d", `{"source":{"index":"t"},"dest":{"index":"d"}}`, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Keep alive for request (2d) is too large.<**>`)
	expect(t, s, "POST", "/t/_update_by_query?scroll=1d", "", 200, `{<**>"updated":2,<**>}`)
	if n := count(t, s, "t"); n != 2 {
		t.Errorf("%d documents left, want 2", n)
	}
}

// A reindex into a missing index that waits for more copies than one node
// can hold creates the index, then fails every write after the timeout.
func TestReindexActiveShardsNewDest(t *testing.T) {
	c := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(c))
	seed(t, s, "src", 2, "")
	ch := callAsync(s, "POST", "/_reindex?wait_for_active_shards=2&timeout=1s", `{"source":{"index":"src"},"dest":{"index":"fresh"}}`)
	parked(t, c, 1)
	c.Advance(time.Second)
	a := <-ch
	if a.code != 503 || !jsonLike(`{"took":1000,"timed_out":false,"total":2,"updated":0,"created":0,"deleted":0,"batches":1,<**>"failures":[{"index":"fresh","id":"0","cause":{"type":"unavailable_shards_exception","reason":"[fresh][0] Not enough active copies to meet shard count of [2] (have 1, needed 2). Timeout: [1s], request: [BulkShardRequest [[fresh][0]] containing [1] requests]",<**>},"status":503},<**>]}`, a.body) ||
		strings.Count(a.body, "unavailable_shards_exception") != 2 {
		t.Errorf("reindex: %d %s", a.code, a.body)
	}
	expect(t, s, "GET", "/fresh/_count", "", 200, `{"count":0,<**>}`)
}

// In a by-query body, size is the search's page size: the batch size unless
// scroll_size is given. In the URL it is the deprecated name of max_docs.
func TestByQuerySizeMeanings(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "t", 3, "")
	expect(t, s, "POST", "/t/_update_by_query?refresh=true", `{"size":1}`, 200, `{<**>"total":3,"updated":3,"deleted":0,"batches":3,<**>}`)
	expect(t, s, "POST", "/t/_update_by_query?refresh=true&scroll_size=2", `{"size":1}`, 200, `{<**>"total":3,"updated":3,"deleted":0,"batches":2,<**>}`)
	expect(t, s, "POST", "/t/_update_by_query", `{"size":0}`, 400, `{<**>"reason":"Validation Failed: 1: [size] cannot be [0] in a scroll context;"},"status":400}`)
	code, h, body := call(t, s, "POST", "/t/_delete_by_query?size=1&refresh=true", `{"query":{"match_all":{}}}`)
	if code != 200 || !jsonLike(`{<**>"total":1,"deleted":1,"batches":1,<**>}`, body) {
		t.Errorf("size in the URL: %d %s", code, body)
	}
	if w := h.Get("Warning"); !strings.HasPrefix(w, "299 OpenSearch-") || !strings.HasSuffix(w, ` "Deprecated field [size] used, expected [max_docs] instead"`) {
		t.Errorf("Warning %q", w)
	}
	_, h, _ = call(t, s, "POST", "/t/_delete_by_query?max_docs=1", `{"query":{"match_all":{}}}`)
	if w := h.Values("Warning"); len(w) != 0 {
		t.Errorf("max_docs warns %q", w)
	}
}
