package documents

import (
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestBulkWritesNDJSONAndKeepsPerItemResults(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "bulk.json")
	ops := []BulkOperation{
		&BulkIndex{BulkMeta: BulkMeta{ID: "1", Pipeline: "p"}, Document: map[string]any{"title": "One"}},
		&BulkCreate{BulkMeta: BulkMeta{Index: "books", ID: "2", Routing: "r"}, Document: jsonx.RawMessage("{\n  \"title\": \"Two\"\n}")},
		&BulkUpdate{BulkMeta: BulkMeta{ID: "3", IfSeqNo: query.Ptr(int64(4)), IfPrimaryTerm: query.Ptr(int64(1)), RequireAlias: query.Ptr(false)},
			RetryOnConflict: query.Ptr(2),
			Body:            UpdateRequest{Script: types.NewScript("ctx._source.likes++", nil), Upsert: map[string]any{"likes": 1}, Source: query.SourceOn()}},
		&BulkDelete{BulkMeta: BulkMeta{ID: "4", Version: query.Ptr(int64(9)), VersionType: types.VersionExternal}},
		&BulkIndex{Document: []byte(`{"no":"id"}`)},
	}
	params := &BulkParams{Pipeline: "default", Refresh: types.RefreshWaitFor, RequireAlias: query.Ptr(true), Routing: "rr",
		Source: query.SourceFields("likes"), SourceExcludes: []string{"a"}, SourceIncludes: []string{"b"},
		Timeout: types.Duration(time.Minute), WaitForActiveShards: "1"}
	resp, err := svc.Bulk(ctx, "books", ops, params)
	if err != nil {
		t.Fatal(err)
	}
	got := rec.Last(t)
	if got.Method != "POST" || got.Path != "/books/_bulk" || got.ContentType != "application/x-ndjson" ||
		got.Query != "_source=likes&_source_excludes=a&_source_includes=b&pipeline=default&refresh=wait_for&require_alias=true&routing=rr&timeout=1m&wait_for_active_shards=1" {
		t.Errorf("sent %s %s?%s (%s)", got.Method, got.Path, got.Query, got.ContentType)
	}
	want := `{"index":{"_id":"1","pipeline":"p"}}
{"title":"One"}
{"create":{"_index":"books","_id":"2","routing":"r"}}
{   "title": "Two" }
{"update":{"_id":"3","if_seq_no":4,"if_primary_term":1,"require_alias":false,"retry_on_conflict":2}}
{"script":{"source":"ctx._source.likes++","lang":"painless"},"upsert":{"likes":1},"_source":true}
{"delete":{"_id":"4","version":9,"version_type":"external"}}
{"index":{}}
{"no":"id"}
`
	if string(got.Body) != want {
		t.Errorf("body:\n%s\nwant:\n%s", got.Body, want)
	}
	if resp.Took != 30 || *resp.IngestTook != 2 || !resp.Errors || len(resp.Items) != 4 {
		t.Fatalf("resp = %+v", resp)
	}
	it := resp.Items
	if it[0].Action != "index" || it[0].Result.Status != 201 || it[0].Result.Result != "created" || *it[0].Result.SeqNo != 0 {
		t.Errorf("item 0 = %+v", it[0])
	}
	if it[1].Action != "create" || it[1].Result.Status != 409 || it[1].Result.Error.Type != "version_conflict_engine_exception" || it[1].Result.Version != nil {
		t.Errorf("item 1 = %+v", it[1])
	}
	if it[2].Action != "update" || string(it[2].Result.Get.Source) != `{"likes":4}` || it[3].Action != "delete" || it[3].Result.Result != "not_found" {
		t.Errorf("items 2, 3 = %+v %+v", it[2], it[3])
	}
	if f := resp.Failed(); len(f) != 1 || f[0].Result.ID != "2" {
		t.Errorf("failed = %+v", f)
	}
}

func TestBulkRejectsBadOperations(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200)
	var nilIndex *BulkIndex
	cases := []struct {
		ops  []BulkOperation
		want string
	}{
		{nil, "at least one operation"},
		{[]BulkOperation{nil}, "operation 0: the operation is nil"},
		{[]BulkOperation{nilIndex}, "operation 0: the operation is nil"},
		{[]BulkOperation{&BulkIndex{Document: map[string]any{}}, &BulkDelete{}}, "operation 1: a delete needs an id"},
		{[]BulkOperation{&BulkUpdate{BulkMeta: BulkMeta{ID: "1"}}}, "needs doc or script"},
		{[]BulkOperation{&BulkUpdate{Body: UpdateRequest{Doc: map[string]any{}}}}, "an update needs an id"},
		{[]BulkOperation{&BulkCreate{BulkMeta: BulkMeta{ID: "1"}}}, "document is nil"},
	}
	for _, c := range cases {
		if _, err := svc.Bulk(ctx, "", c.ops, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("err = %v, want %q", err, c.want)
		}
	}
	if len(rec.Calls) != 0 {
		t.Errorf("%d requests sent", len(rec.Calls))
	}
}

func TestBulkItemDecodingRejectsMalformedItems(t *testing.T) {
	t.Parallel()
	for _, in := range []string{`{}`, `{"index":{},"delete":{}}`, `[]`} {
		var it BulkItem
		if err := jsonx.Unmarshal([]byte(in), &it); err == nil {
			t.Errorf("%s: decoded without error", in)
		}
	}
}

func FuzzBulkResponseDecode(f *testing.F) {
	f.Add(sdktest.Fixture(f, "bulk.json"))
	f.Add([]byte(`{"took":1,"errors":false,"items":[{"index":{"_index":"a","_id":"1","status":201}}]}`))
	f.Add([]byte(`{"items":[{}]}`))
	f.Add([]byte(`{"items":[{"index":{"error":{"type":"x","caused_by":{"type":"y"}}}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r BulkResponse
		if err := jsonx.Unmarshal(data, &r); err != nil {
			return
		}
		out, err := jsonx.Marshal(&r)
		if err != nil {
			t.Fatalf("decoded %q but cannot encode: %v", data, err)
		}
		var again BulkResponse
		if err := jsonx.Unmarshal(out, &again); err != nil {
			t.Fatalf("re-decoding %s: %v", out, err)
		}
		if len(again.Items) != len(r.Items) {
			t.Fatalf("items %d became %d", len(r.Items), len(again.Items))
		}
	})
}
