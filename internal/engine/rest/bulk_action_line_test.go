package rest

import (
	"reflect"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// The action lines plainBulkAction reads decode whole to the same action
// and metadata; every other line is left to that decoding.
func TestPlainBulkActionReadsAsTheWholeLineDecodes(t *testing.T) {
	t.Parallel()
	for _, line := range []string{
		`{"index":{}}`,
		`{"index":{"_id":"1"}}`,
		`{"create":{"_index":"a","_id":"x\"y","routing":"r","version":5,"require_alias":true,"pipeline":null}}`,
		`{"update":{"_id":"1","retry_on_conflict":3}}`,
		`{"delete":{ "_id" : "1" } }`,
	} {
		action, meta, ok := plainBulkAction([]byte(line))
		if !ok {
			t.Errorf("%s: not read", line)
			continue
		}
		v, err := jsonout.Decode([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		whole := v.(jsonout.Object)
		if len(whole) != 1 || whole[0].Key != action || !reflect.DeepEqual(whole[0].Value, meta) {
			t.Errorf("%s: read as %s %v, decodes to %v", line, action, meta, whole)
		}
	}
	for _, line := range []string{
		``, `{}`, `[]`, ` {"index":{}}`, `{"index":{}} `, "{\"index\":{}}\r", `{"index" :{}}`, `{ "index":{}}`,
		`{"upsert":{}}`, `{"indexx":{}}`, `{"index":5}`, `{"index":"x"}`, `{"index":{}`, `{"index":}`,
		`{"index":{},"create":{}}`, `{"index":{}}}`, `{"index":{"_id":"1","_id":"2"}}`, `{"index":{"_source":{"includes":["a"]}}}`,
		`{"index":{"_id":[1]}}`, `{"index":{"_id":"1"} x}`, `{"index":{"_id":}}`,
	} {
		if action, meta, ok := plainBulkAction([]byte(line)); ok {
			t.Errorf("%s: read as %s %v", line, action, meta)
		}
	}
}
