package documents

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/query"
)

func TestBulkUpdateActionLineSource(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "bulk.json")
	ops := []BulkOperation{
		&BulkUpdate{BulkMeta: BulkMeta{ID: "1"}, Source: query.SourceIncludesExcludes([]string{"m.*"}, []string{"m.b"}), Body: UpdateRequest{Doc: map[string]any{"n": 2}}},
		&BulkUpdate{BulkMeta: BulkMeta{ID: "2"}, Source: query.SourceOff(), Body: UpdateRequest{Doc: map[string]any{"n": 3}}},
		&BulkUpdate{BulkMeta: BulkMeta{ID: "3"}, Source: query.SourceFields("n"), Body: UpdateRequest{Doc: map[string]any{"n": 4}}},
	}
	if _, err := svc.Bulk(ctx, "b", ops, nil); err != nil {
		t.Fatal(err)
	}
	want := `{"update":{"_id":"1","_source":{"includes":["m.*"],"excludes":["m.b"]}}}
{"doc":{"n":2}}
{"update":{"_id":"2","_source":false}}
{"doc":{"n":3}}
{"update":{"_id":"3","_source":["n"]}}
{"doc":{"n":4}}
`
	if got := rec.Last(t); string(got.Body) != want {
		t.Errorf("body:\n%s\nwant:\n%s", got.Body, want)
	}
}
