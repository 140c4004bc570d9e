package fake

import (
	"strings"
	"testing"
)

// docvalue_fields [_seq_no] reads the sequence number, on nested inner
// hits too (a document's nested documents carry its _seq_no); with _source
// disabled in the mapping, inner hits have no _source either.
func TestInnerHitsSeqNoAndDisabledSource(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/ih", `{"mappings":{"properties":{"n":{"type":"nested"}}}}`, 200, "")
	expect(t, s, "PUT", "/ih/_doc/1?refresh=true", `{"n":[{"foo":"bar"}]}`, 201, "")
	expect(t, s, "PUT", "/ih/_doc/1?refresh=true", `{"n":[{"foo":"baz"}]}`, 200, "")
	expect(t, s, "POST", "/ih/_search", `{"query":{"nested":{"path":"n","query":{"match_all":{}},"inner_hits":{"docvalue_fields":["_seq_no"]}}},"docvalue_fields":["_seq_no"]}`, 200,
		`{<**>"hits":[{"_index":"ih","_id":"1",<**>"fields":{"_seq_no":[1]},"inner_hits":{"n":{"hits":{<**>"hits":[{<**>"fields":{"_seq_no":[1]}}]}}}}]}}`)

	expect(t, s, "PUT", "/nosrc", `{"mappings":{"_source":{"enabled":false},"properties":{"n":{"type":"nested"}}}}`, 200, "")
	expect(t, s, "PUT", "/nosrc/_doc/1?refresh=true", `{"n":{"field":"value"}}`, 201, "")
	got := expect(t, s, "POST", "/nosrc/_search", `{"query":{"nested":{"path":"n","query":{"match_all":{}},"inner_hits":{}}}}`, 200,
		`{<**>"inner_hits":{"n":{"hits":{<**>"hits":[{"_index":"nosrc","_id":"1","_nested":{"field":"n","offset":0},"_score":1.0}]}}}}]}}`)
	if strings.Contains(got, "_source") {
		t.Errorf("a hit of a source-less index has _source: %s", got)
	}
}
