package fake

import (
	"net/http"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/rest"
)

func TestBulk(t *testing.T) {
	s := newTestServer(t)
	body := `{"index":{"_index":"b","_id":"1"}}
{"a":1}
{"create":{"_index":"b","_id":"1"}}
{"a":2}
{"update":{"_index":"b","_id":"1"}}
{"doc":{"c":3}}
{"update":{"_index":"b","_id":"1"}}
{"doc":{"c":3}}
{"update":{"_index":"b","_id":"nope"}}
{"doc":{"c":3}}
{"delete":{"_index":"b","_id":"1"}}
{"index":{"_index":"b","_id":""}}
{"a":1}
`
	expect(t, s, "POST", "/_bulk?refresh=true", body, 200, `{"took":0,"errors":true,"items":[`+
		`{"index":{"_index":"b","_id":"1","_version":1,"result":"created","forced_refresh":true,"_shards":{"total":2,"successful":1,"failed":0},"_seq_no":0,"_primary_term":1,"status":201}},`+
		`{"create":{"_index":"b","_id":"1","status":409,"error":{"type":"version_conflict_engine_exception","reason":"[1]: version conflict, document already exists (current version [1])","index":"b","shard":"0","index_uuid":<*>}}},`+
		`{"update":{"_index":"b","_id":"1","_version":2,"result":"updated","forced_refresh":true,"_shards":{"total":2,"successful":1,"failed":0},"_seq_no":1,"_primary_term":1,"status":200}},`+
		`{"update":{"_index":"b","_id":"1","_version":2,"result":"noop","forced_refresh":true,"_shards":{"total":0,"successful":0,"failed":0},"_seq_no":1,"_primary_term":1,"status":200}},`+
		`{"update":{"_index":"b","_id":"nope","status":404,"error":{"type":"document_missing_exception","reason":"[nope]: document missing","index":"b","shard":"0","index_uuid":<*>}}},`+
		`{"delete":{"_index":"b","_id":"1","_version":3,"result":"deleted","forced_refresh":true,"_shards":{"total":2,"successful":1,"failed":0},"_seq_no":2,"_primary_term":1,"status":200}},`+
		`{"index":{"_index":"b","_id":"","status":400,"error":{"type":"illegal_argument_exception","reason":"if _id is specified it must not be empty"}}}]}`)
	expect(t, s, "PUT", "/b/_bulk", "{\"index\":{\"_id\":\"2\"}}\n{\"x\":{\"y\":1}}\n{\"update\":{\"_id\":\"2\"}}\n{\"doc\":{\"x\":{\"z\":2}}}\n", 200, `{"took":0,"errors":false,<**>`)
	expect(t, s, "GET", "/b/_doc/2?filter_path=_source", "", 200, `{"_source":{"x":{"y":1,"z":2}}}`)
	expect(t, s, "POST", "/_bulk", "{\"index\":{\"_index\":\"b\"}}\n{\"a\":1}\n{}\n", 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Malformed action/metadata line [3], expected FIELD_NAME but found [END_OBJECT]"}],<**>`)
	expect(t, s, "POST", "/_bulk", "{\"foo\":{}}\n", 400, `<**>"reason":"Malformed action/metadata line [1], expected field [create], [delete], [index] or [update] but found [foo]"<**>`)
	expect(t, s, "POST", "/_bulk", "{\"index\":{\"_index\":\"b\",\"bar\":1}}\n{}\n", 400, `<**>"reason":"Action/metadata line [1] contains an unknown parameter [bar]"<**>`)
	expect(t, s, "POST", "/_bulk", "{\"delete\":{\"_index\":\"b\",\"_id\":\"1\"}}", 400, `<**>"reason":"The bulk request must be terminated by a newline [\\n]"<**>`)
	expect(t, s, "POST", "/_bulk", "\n", 400, `<**>"reason":"Validation Failed: 1: no requests added;"<**>`)
	expect(t, s, "POST", "/_bulk?require_alias=true", "{\"index\":{\"_index\":\"new_index_not_created\"}}\n{}\n", 200, `<**>"reason":"no such index [new_index_not_created] and [require_alias] request flag is [true] and [new_index_not_created] is not an alias"<**>`)
	expect(t, s, "HEAD", "/new_index_not_created", "", 404, "")
	expect(t, s, "POST", "/b/_bulk", "{\"update\":{\"_id\":\"2\"}}\n{\"dac\":{}}\n", 200, `<**>"type":"x_content_parse_exception","reason":"[1:2] [UpdateRequest] unknown field [dac] did you mean [doc]?"<**>`)
}

func TestDirectHelpers(t *testing.T) {
	s := newTestServer(t)
	if err := s.CreateIndex("h", `{"settings":{"number_of_shards":3}}`); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateIndex("h", nil); err == nil {
		t.Error("creating h twice: want an error")
	}
	err := s.IndexDocuments("h", Doc{ID: "1", Source: map[string]any{"t": "x"}}, Doc{Source: `{"t":"y"}`}, Doc{ID: "r", Routing: "k", Source: []byte(`{}`)})
	if err != nil {
		t.Fatal(err)
	}
	if src, ok := s.Document("h", "1"); !ok || string(src) != `{"t":"x"}` {
		t.Errorf("Document = %s, %v", src, ok)
	}
	if _, ok := s.DocumentRouted("h", "r", "k"); !ok {
		t.Error("routed document not found")
	}
	expect(t, s, "GET", "/h/_count", "", 200, `{"count":3,"_shards":{"total":3,"successful":3,"skipped":0,"failed":0}}`)
	if err := s.IndexDocuments("h", Doc{ID: "1", Source: `{"t":{"o":1}}`}); err == nil || err.Error() == "" {
		t.Error("a mapping conflict should fail")
	}
	s.Reset()
	expect(t, s, "HEAD", "/h", "", 404, "")
}

func TestPanicBecomes500(t *testing.T) {
	s := newTestServer(t)
	s.addRoutes(rest.Route{Op: "boom", Method: "GET", Path: "/_boom", Handler: func(*rest.Request) (*rest.Response, error) { panic("kaboom") }})
	expect(t, s, "GET", "/_boom", "", http.StatusInternalServerError, `{"error":{"root_cause":[{"type":"exception","reason":"clustersearch-fake internal error: kaboom"}],"type":"exception","reason":"clustersearch-fake internal error: kaboom"},"status":500}`)
	expect(t, s, "GET", "/", "", 200, "")
}

func TestBulkDeleteMissingIndex(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "POST", "/_bulk", "{\"delete\":{\"_index\":\"gone\",\"_id\":\"1\"}}\n", 200,
		`{"took":0,"errors":true,"items":[{"delete":{"_index":"gone","_id":"1","status":404,"error":{"type":"index_not_found_exception","reason":"no such index [gone]","index":"gone","resource.id":"gone","resource.type":"index_expression","index_uuid":"_na_"}}}]}`)
	expect(t, s, "HEAD", "/gone", "", 404, "")
	// With external versioning the index is created and the delete misses.
	expect(t, s, "POST", "/_bulk", "{\"delete\":{\"_index\":\"ext\",\"_id\":\"1\",\"version\":3,\"version_type\":\"external\"}}\n", 200,
		`{"took":0,"errors":false,"items":[{"delete":{"_index":"ext","_id":"1","_version":3,"result":"not_found",<**>,"status":404}}]}`)
	expect(t, s, "HEAD", "/ext", "", 200, "")
}
