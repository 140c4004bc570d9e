package fake

import (
	"strconv"
	"strings"
	"testing"
)

// Slices on numeric doc-values fields follow DocValuesSliceQuery: the
// slice of a document is floorMod((int) BitMixer.mix64(v), max) for any of
// its doc values v (sortable bits for double and float), and 0 for a
// document without one. The expected slices below were worked out apart
// from the fake.
func TestScrollSliceOnNumericFields(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/s", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"price":{"type":"double"},"f":{"type":"float"},"b":{"type":"boolean"},"k":{"type":"keyword"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"s","_id":"1"}}
{"price":1.5,"f":1.5,"b":true}
{"index":{"_index":"s","_id":"2"}}
{"price":-2.25,"f":-2.25,"b":false}
{"index":{"_index":"s","_id":"3"}}
{"price":7.75,"f":100.0}
{"index":{"_index":"s","_id":"4"}}
{"k":"x"}
`, 200, "")
	cases := []struct {
		field string
		ids   [3]string
	}{
		{"price", [3]string{`"1","4"`, `"3"`, `"2"`}},
		{"f", [3]string{`"4"`, `"1"`, `"2","3"`}},
		{"b", [3]string{`"2","3","4"`, ``, `"1"`}},
	}
	for _, c := range cases {
		for id, want := range c.ids {
			body := `{"slice":{"field":"` + c.field + `","id":` + strconv.Itoa(id) + `,"max":3},"sort":["_doc"],"_source":false}`
			got := expect(t, s, "POST", "/s/_search?scroll=1m&filter_path=hits.hits._id", body, 200, "")
			wantBody := `{"hits":{"hits":[` + idObjects(want) + `]}}`
			if want == "" {
				wantBody = `{}`
			}
			if got != wantBody {
				t.Errorf("slice %d on %s: got %s, want %s", id, c.field, got, wantBody)
			}
		}
	}
	expect(t, s, "POST", "/s/_search?scroll=1m", `{"slice":{"field":"k","id":0,"max":2}}`, 400, `{<**>"reason":"cannot load numeric doc values on k"<**>}`)
	// By-query requests slice their scroll the same way.
	expect(t, s, "POST", "/s/_update_by_query?refresh=true", `{"slice":{"field":"f","id":2,"max":3},"script":"ctx._source.hit = true"}`, 200, `{<**>"slice_id":2,"total":2,"updated":2,<**>}`)
	expect(t, s, "POST", "/s/_search?filter_path=hits.hits._id", `{"query":{"term":{"hit":true}},"sort":["_doc"]}`, 200, `{"hits":{"hits":[{"_id":"2"},{"_id":"3"}]}}`)
	expect(t, s, "POST", "/s/_delete_by_query?refresh=true", `{"slice":{"field":"price","id":0,"max":3},"query":{"match_all":{}}}`, 200, `{<**>"slice_id":0,"total":2,"deleted":2,<**>}`)
	expect(t, s, "GET", "/s/_count", "", 200, `{"count":2,<**>}`)
	expect(t, s, "POST", "/s/_delete_by_query", `{"slice":{"field":"","id":0,"max":3},"query":{"match_all":{}}}`, 400, `{<**>"reason":"field name is null or empty"<**>}`)
}

func idObjects(list string) string {
	var parts []string
	for _, id := range strings.Split(list, ",") {
		parts = append(parts, `{"_id":`+id+`}`)
	}
	return strings.Join(parts, ",")
}

// Automatic by-query slices split each shard's documents as a scroll
// sliced on _id does (TermsSliceQuery).
func TestAutomaticSlicesMatchIDSlices(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/a", `{"settings":{"number_of_shards":1}}`, 200, "")
	var nd strings.Builder
	for i := 0; i < 40; i++ {
		nd.WriteString(`{"index":{"_index":"a","_id":"d` + strconv.Itoa(i) + `"}}` + "\n{}\n")
	}
	expect(t, s, "POST", "/_bulk?refresh=true", nd.String(), 200, "")
	var totals [3]string
	for id := range totals {
		got := expect(t, s, "POST", "/a/_search?scroll=1m&filter_path=hits.total.value", `{"slice":{"id":`+strconv.Itoa(id)+`,"max":3}}`, 200, "")
		totals[id] = strings.TrimSuffix(strings.TrimPrefix(got, `{"hits":{"total":{"value":`), `}}}`)
	}
	if totals[0] == "0" || totals[1] == "0" || totals[2] == "0" {
		t.Fatalf("uneven slices %v", totals)
	}
	expect(t, s, "POST", "/a/_update_by_query?slices=3", "", 200,
		`{<**>"slices":[{"slice_id":0,"total":`+totals[0]+`,<**>},{"slice_id":1,"total":`+totals[1]+`,<**>},{"slice_id":2,"total":`+totals[2]+`,<**>}],"failures":[]}`)
}
