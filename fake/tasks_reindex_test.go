package fake

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/tasks"
)

func TestReindexBasic(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "src", 5, "")
	expect(t, s, "PUT", "/dst/_doc/1", `{"old":true}`, 201, "")
	expect(t, s, "POST", "/_reindex?refresh=true", `{"source":{"index":"src","size":2},"dest":{"index":"dst"}}`, 200,
		`{"took":0,"timed_out":false,"total":5,"updated":1,"created":4,"deleted":0,"batches":3,"version_conflicts":0,"noops":0,"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0,"failures":[]}`)
	expect(t, s, "GET", "/dst/_doc/1", "", 200, `{<**>"_version":2,<**>"_source":{"n":1,"tag":"b"}}`)
	expect(t, s, "GET", "/dst/_count", "", 200, `{"count":5,<**>}`)
	// A query, max_docs and source filtering.
	expect(t, s, "POST", "/_reindex?refresh=true", `{"max_docs":2,"source":{"index":"src","query":{"term":{"tag":"a"}},"_source":["n"]},"dest":{"index":"d2"}}`, 200,
		`{<**>"total":2,"updated":0,"created":2,<**>}`)
	expect(t, s, "GET", "/d2/_doc/0", "", 200, `{<**>"_source":{"n":0}}`)
	// op_type=create conflicts with documents that exist.
	expect(t, s, "POST", "/_reindex", `{"source":{"index":"src"},"dest":{"index":"d2","op_type":"create"}}`, 409,
		`{<**>"created":3,<**>"version_conflicts":2,<**>"failures":[{"index":"d2","id":"0","cause":{"type":"version_conflict_engine_exception","reason":"[0]: version conflict, document already exists (current version [1])",<**>},"status":409},{"index":"d2","id":"2",<**>}]}`)
	expect(t, s, "POST", "/_reindex", `{"conflicts":"proceed","source":{"index":"src"},"dest":{"index":"d2","op_type":"create"}}`, 200,
		`{<**>"total":5,"updated":0,"created":0,<**>"version_conflicts":5,<**>"failures":[]}`)
}

func TestReindexRequireAlias(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "src", 2, "")
	expect(t, s, "POST", "/_reindex?require_alias=true", `{"source":{"index":"src"},"dest":{"index":"plain"}}`, 404,
		`{<**>"created":0,<**>"failures":[{"index":"plain","id":"0","cause":{"type":"index_not_found_exception","reason":"no such index [plain] and [require_alias] request flag is [true] and [plain] is not an alias",<**>},"status":404}<**>]}`)
	expect(t, s, "HEAD", "/plain", "", 404, "")
	expect(t, s, "PUT", "/backing", `{"aliases":{"books":{}}}`, 200, "")
	expect(t, s, "POST", "/_reindex?require_alias=true&refresh=true", `{"source":{"index":"src"},"dest":{"index":"books"}}`, 200, `{<**>"created":2,<**>}`)
	expect(t, s, "GET", "/backing/_count", "", 200, `{"count":2,<**>}`)
}

func TestReindexExternalVersions(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/src/_doc/1", `{"v":1}`, 201, "")
	expect(t, s, "PUT", "/src/_doc/1", `{"v":2}`, 200, "") // version 2
	expect(t, s, "POST", "/src/_refresh", "", 200, "")
	expect(t, s, "POST", "/_reindex", `{"source":{"index":"src"},"dest":{"index":"dst","version_type":"external"}}`, 200, `{<**>"created":1,<**>}`)
	expect(t, s, "GET", "/dst/_doc/1", "", 200, `{<**>"_version":2,<**>}`)
	// Same version again: external needs a higher one, external_gte accepts equal.
	expect(t, s, "POST", "/_reindex", `{"source":{"index":"src"},"dest":{"index":"dst","version_type":"external"}}`, 409,
		`{<**>"reason":"[1]: version conflict, current version [2] is higher or equal to the one provided [2]"<**>}`)
	expect(t, s, "POST", "/_reindex", `{"source":{"index":"src"},"dest":{"index":"dst","version_type":"external_gte"}}`, 200, `{<**>"updated":1,<**>}`)
	expect(t, s, "POST", "/_reindex", `{"source":{"index":"src"},"dest":{"index":"dst","version_type":"external_gt"}}`, 409, "")
}

func TestReindexScript(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "src", 4, "")
	expect(t, s, "POST", "/_reindex?refresh=true", `{"source":{"index":"src"},"dest":{"index":"dst"},"script":{"source":"if (ctx._source.n == 0) { ctx.op = 'noop' } else if (ctx._source.n == 1) { ctx._index = 'other'; ctx._id = 'x' + ctx._id } else if (ctx._source.n == 2) { ctx._id = null; ctx._routing = 'r' } else { ctx._source.seen = true }"}}`, 200,
		`{<**>"total":4,"updated":0,"created":3,"deleted":0,"batches":1,"version_conflicts":0,"noops":1,<**>}`)
	expect(t, s, "GET", "/other/_doc/x1", "", 200, `{<**>"_source":{"tag":"b","n":1}}`)
	expect(t, s, "GET", "/dst/_doc/3", "", 200, `{<**>"_source":{"tag":"b","n":3,"seen":true}}`) // HashMap order
	expect(t, s, "GET", "/dst/_count?q=n:2&routing=r", "", 200, `{"count":1,<**>}`)
	expect(t, s, "GET", "/dst/_doc/0", "", 404, "")
	// Every document a noop: the destination is never created.
	expect(t, s, "POST", "/_reindex", `{"source":{"index":"src"},"dest":{"index":"never"},"script":{"source":"ctx.op = 'noop'"}}`, 200, `{<**>"noops":4,<**>}`)
	expect(t, s, "HEAD", "/never", "", 404, "")
	expect(t, s, "POST", "/_reindex", `{"source":{"index":"src"},"dest":{"index":"dst"},"script":{"source":"ctx.op = 'junk'"}}`, 400,
		`{<**>"reason":"Operation type [junk] not allowed, only [noop, index, delete] are allowed"<**>}`)
}

func TestReindexValidation(t *testing.T) {
	s := newTestServer(t)
	seed(t, s, "test", 1, "")
	for _, c := range []struct{ url, body, reason string }{
		{"/_reindex", `{"junk":{"more_junk":null}}`, `[1:2] [reindex] unknown field [junk]`},
		{"/_reindex", `{"source":{"junk":{}}}`, `Unknown key for a START_OBJECT in [junk].`},
		{"/_reindex", `{"dest":{"junk":{}}}`, `[1:10] [dest] unknown field [junk]`},
		{"/_reindex", `{"dest":{}}`, `Validation Failed: 1: use _all if you really want to copy from all existing indexes;2: index must be specified;`},
		{"/_reindex", `{"source":{"from":1},"dest":{"index":"dest"}}`, `Validation Failed: 1: using [from] is not allowed in a scroll context;2: from is not supported in this context;3: use _all if you really want to copy from all existing indexes;`},
		{"/_reindex", `{"dest":{"version":10}}`, `[1:10] [dest] unknown field [version] did you mean [version_type]?`},
		{"/_reindex", `{"conflicts":"cat"}`, `conflicts may only be \"proceed\" or \"abort\" but was [cat]`},
		{"/_reindex", `{"source":{"index":"test"},"dest":{"index":"dest"},"script":"x"}`, `[1:61] [reindex] script doesn't support values of type: VALUE_STRING`},
		{"/_reindex", `{"source":{"index":"test"},"dest":{"index":"dest"},"size":4,"max_docs":5}`, `[max_docs] set to two different values [4] and [5]`},
		{"/_reindex?max_docs=5", `{"source":{"index":"test"},"dest":{"index":"dest"},"max_docs":4}`, `[max_docs] set to two different values [4] and [5]`},
		{"/_reindex?max_docs=1&slices=2", `{"source":{"index":"test"},"dest":{"index":"dest"}}`, `Validation Failed: 1: [max_docs] should be >= [slices];`},
		{"/_reindex", `{"source":{"index":"test","_source":false},"dest":{"index":"dest"}}`, `Validation Failed: 1: _source:false is not supported in this context;`},
		{"/_reindex", `{"source":{"index":"test"},"dest":{"index":"test"}}`, `Validation Failed: 1: reindex cannot write into an index its reading from [test];`},
		{"/_reindex", `{"source":{"index":"test"},"dest":{"index":"d","routing":"bad"}}`, `Validation Failed: 1: routing must be unset, [keep], [discard] or [=<some new value>];`},
		{"/_reindex", `{"source":{"remote":{"host":"http://badremote:9200"},"index":"test"},"dest":{"index":"dest"}}`, `[badremote:9200] not allowlisted in reindex.remote.allowlist`},
		{"/_reindex", `{"source":{"remote":{"host":"badremote","weird":"stuff","badkey":"is bad"},"index":"test"},"dest":{"index":"dest"}}`, `[host] must be of the form [scheme]://[host]:[port](/[pathPrefix])? but was [badremote]`},
		{"/_reindex", `{"source":{"remote":{"host":"http://okremote:9200","weird":"stuff","badkey":"is bad"},"index":"test"},"dest":{"index":"dest"}}`, `Unsupported fields in [remote]: [weird,badkey]`},
	} {
		expect(t, s, "POST", c.url, c.body, 400, `{<**>"reason":"`+c.reason+`"<**>}`)
	}
	expect(t, s, "POST", "/_reindex", `{"source":{"remote":{"host":"http://okremote:9200","socket_timeout":"borked"},"index":"test"},"dest":{"index":"dest"}}`, 400,
		`{<**>"reason":"[1:93] [reindex] failed to parse field [source]","caused_by":{"type":"parse_exception","reason":"failed to parse [borked]","caused_by":{"type":"number_format_exception","reason":"For input string: \"borke\""}}},"status":400}`)
	expect(t, s, "POST", "/_reindex", `{"source":{"index":"test","size":"cat"},"dest":{"index":"dest"}}`, 400, `{<**>"type":"number_format_exception","reason":"For input string: \"cat\""<**>}`)
}

// An asynchronous reindex reports through GET /_tasks/<id> the counts a
// synchronous one returns; Tasks.Wait follows it to the end.
func TestReindexAsyncMatchesSync(t *testing.T) {
	a, b := newTestServer(t), newTestServer(t)
	seed(t, a, "src", 25, `{"settings":{"number_of_shards":3}}`)
	seed(t, b, "src", 25, `{"settings":{"number_of_shards":3}}`)
	body := `{"source":{"index":"src","size":4},"dest":{"index":"dst"},"script":{"source":"ctx._source.n *= 2"}}`
	sync := expect(t, a, "POST", "/_reindex?slices=auto", body, 200, "")
	id := startTask(t, b, "/_reindex?slices=auto&wait_for_completion=false", body)
	c := b.Client()
	tid, err := tasks.ParseTaskID(id)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Tasks.Wait(context.Background(), tid, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res == nil {
		t.Fatal("no result")
	}
	raw := expect(t, b, "GET", "/_tasks/"+id, "", 200, `{"completed":true,"task":{<**>"action":"indices:data/write/reindex",<**>"description":"reindex from [src] to [dst] updated with Script{type=inline, lang='painless', idOrCode='ctx._source.n *= 2', options={}, params={}}",<**>}`)
	var parts map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &parts); err != nil {
		t.Fatal(err)
	}
	if string(parts["response"]) != sync {
		t.Errorf("async response\n got %s\nwant %s", parts["response"], sync)
	}
	if !strings.Contains(sync, `"total":25,"updated":0,"created":25,`) || !strings.Contains(sync, `"slices":[{"slice_id":0,`) {
		t.Errorf("sync response %s", sync)
	}
	// The SDK reads the same counts.
	resp, err := a.Client().Documents.Reindex(context.Background(), &documents.ReindexRequest{
		Source: documents.ReindexSource{Index: []string{"src"}}, Dest: documents.ReindexDest{Index: "dst3"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Total != 25 || resp.Created == nil || *resp.Created != 25 {
		t.Errorf("SDK reindex response %+v", resp)
	}
}

func TestReindexFromRemote(t *testing.T) {
	remote := newTestServer(t, WithBasicAuth("reader", "secret"))
	for i := 0; i < 7; i++ {
		tag := []string{"a", "b"}[i%2]
		if err := remote.IndexDocuments("src", Doc{ID: string(rune('a' + i)), Source: map[string]any{"n": i, "tag": tag}}); err != nil {
			t.Fatal(err)
		}
	}
	local := newTestServer(t, WithReindexRemoteAllowlist("127.0.0.1:*"))
	host := remote.URL()
	body := `{"source":{"remote":{"host":"` + host + `","username":"reader","password":"secret","socket_timeout":"1m","connect_timeout":"10s"},"index":"src","size":2,"query":{"term":{"tag":"a"}}},"dest":{"index":"dst"},"script":{"source":"ctx._source.from = ctx._index"}}`
	expect(t, local, "POST", "/_reindex?refresh=true", body, 200,
		`{"took":0,"timed_out":false,"total":4,"updated":0,"created":4,"deleted":0,"batches":2,"version_conflicts":0,"noops":0,"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0,"failures":[]}`)
	expect(t, local, "GET", "/dst/_doc/c", "", 200, `{<**>"_source":{"from":"src","tag":"a","n":2}}`) // HashMap order
	expect(t, local, "GET", "/dst/_count", "", 200, `{"count":4,<**>}`)
	// Asynchronously, with max_docs, and the task says where it reads from.
	id := startTask(t, local, "/_reindex?wait_for_completion=false&max_docs=3", `{"source":{"remote":{"host":"`+host+`","username":"reader","password":"secret"},"index":"src"},"dest":{"index":"d2"}}`)
	got := expect(t, local, "GET", "/_tasks/"+id+"?wait_for_completion=true", "", 200, `{"completed":true,<**>"description":"reindex from [host=127.0.0.1 port=<**> query={\"match_all\":{\"boost\":1.0}} username=reader password=<<>>][src] to [d2]",<**>"response":{<**>"total":3,"updated":0,"created":3,<**>}}`)
	_ = got
	// Wrong credentials: the remote's failure stops the reindex.
	expect(t, local, "POST", "/_reindex", `{"source":{"remote":{"host":"`+host+`","username":"reader","password":"nope"},"index":"src"},"dest":{"index":"d3"}}`, 401,
		`{"error":{"root_cause":[{"type":"status_exception","reason":"Remote responded with a failure"}],"type":"status_exception","reason":"Remote responded with a failure"},"status":401}`)
	expect(t, local, "POST", "/_reindex", `{"source":{"remote":{"host":"`+host+`","username":"reader","password":"secret"},"index":"nope"},"dest":{"index":"d3"}}`, 404,
		`{<**>"type":"status_exception","reason":"Remote responded with a failure","caused_by":{"type":"index_not_found_exception","reason":"no such index [nope]"}},"status":404}`)
	expect(t, local, "POST", "/_reindex?slices=2", `{"source":{"remote":{"host":"`+host+`"},"index":"src"},"dest":{"index":"d3"}}`, 400,
		`{<**>"reason":"Validation Failed: 1: reindex from remote sources doesn't support slices > 1 but was [2];"<**>}`)
	other := newTestServer(t)
	expect(t, other, "POST", "/_reindex", `{"source":{"remote":{"host":"`+host+`"},"index":"src"},"dest":{"index":"d3"}}`, 400,
		`{<**>"reason":"[127.0.0.1:<*>] not allowlisted in reindex.remote.allowlist"<**>}`)
}

// Against a remote with scroll contexts (a real cluster), reindex scrolls
// and clears the scroll at the end, as RemoteScrollableHitSource does.
func TestReindexFromRemoteScroll(t *testing.T) {
	var mu sync.Mutex
	var calls []string
	page := func(ids ...string) string {
		var hits []string
		for _, id := range ids {
			hits = append(hits, `{"_index":"src","_id":"`+id+`","_version":3,"_source":{"id":"`+id+`"}}`)
		}
		return `{"hits":{"hits":[` + strings.Join(hits, ",") + `]}`
	}
	remote := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		calls = append(calls, r.Method+" "+r.URL.RequestURI()+" "+string(body))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Method == "POST" && r.URL.Path == "/src/_search":
			io.WriteString(w, `{"_scroll_id":"s1",`+page("1", "2")[1:]+`}`)
		case r.Method == "POST" && r.URL.Path == "/_search/scroll" && strings.Contains(string(body), `"s1"`):
			io.WriteString(w, `{"_scroll_id":"s2",`+page("3")[1:]+`}`)
		case r.Method == "POST" && r.URL.Path == "/_search/scroll":
			io.WriteString(w, `{"_scroll_id":"s2",`+page()[1:]+`}`)
		case r.Method == "DELETE":
			io.WriteString(w, `{"succeeded":true,"num_freed":1}`)
		default:
			w.WriteHeader(400)
		}
	}))
	defer remote.Close()
	s := newTestServer(t, WithReindexRemoteAllowlist("127.0.0.1:*"))
	expect(t, s, "POST", "/_reindex?refresh=true", `{"source":{"remote":{"host":"`+remote.URL+`"},"index":"src","size":2,"query":{"match_all":{}}},"dest":{"index":"dst","version_type":"external"}}`, 200,
		`{<**>"total":3,"updated":0,"created":3,"deleted":0,"batches":2,<**>}`)
	expect(t, s, "GET", "/dst/_doc/3", "", 200, `{<**>"_version":3,<**>"_source":{"id":"3"}}`)
	mu.Lock()
	defer mu.Unlock()
	want := []string{
		`POST /src/_search?scroll=5m {"size":2,"version":true,"sort":["_doc"],"query":{"match_all":{}}}`,
		`POST /_search/scroll {"scroll":"5m","scroll_id":"s1"}`,
		`POST /_search/scroll {"scroll":"5m","scroll_id":"s2"}`,
		`DELETE /_search/scroll {"scroll_id":["s2"]}`,
	}
	if strings.Join(calls, "\n") != strings.Join(want, "\n") {
		t.Errorf("remote calls\n got %s\nwant %s", strings.Join(calls, "\n"), strings.Join(want, "\n"))
	}
}
