package fake

import "testing"

// A terms aggregation on a keyword builds global ordinals; over several
// segments (one per refresh that added documents) they take memory that
// the fielddata statistics report, until a refresh or merge drops the
// reader that held them. Over one segment they cost nothing.
func TestFielddataCountsGlobalOrdinalsOverSeveralSegments(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/fd", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"str":{"type":"keyword"}}}}`, 200, "")
	for i, v := range []string{"abc", "abc", "bcd"} {
		expect(t, s, "PUT", "/fd/_doc/"+string(rune('1'+i))+"?refresh=true", `{"str":"`+v+`"}`, 201, "")
	}
	stats := func(want string) {
		t.Helper()
		expect(t, s, "GET", "/fd/_stats/fielddata?fielddata_fields=str", "", 200,
			`<**>"total":{"fielddata":`+want+`}},"indices"<**>`)
	}
	stats(`{"memory_size_in_bytes":0,"evictions":0,"fields":{}}`)
	expect(t, s, "POST", "/fd/_search", `{"size":0,"aggs":{"t":{"terms":{"field":"str","execution_hint":"map"}}}}`, 200, "")
	stats(`{"memory_size_in_bytes":0,"evictions":0,"fields":{}}`) // the map strategy builds none
	expect(t, s, "POST", "/fd/_search", `{"size":0,"aggs":{"t":{"terms":{"field":"str"}}}}`, 200, "")
	// an estimate: 64 bytes, 8 a term (2), 16 a segment (3)
	stats(`{"memory_size_in_bytes":128,"evictions":0,"fields":{"str":{"memory_size_in_bytes":128}}}`)
	expect(t, s, "POST", "/fd/_forcemerge?max_num_segments=1", "", 200, "")
	stats(`{"memory_size_in_bytes":0,"evictions":0,"fields":{}}`)
	expect(t, s, "POST", "/fd/_search", `{"size":0,"aggs":{"t":{"terms":{"field":"str"}}}}`, 200, "")
	stats(`{"memory_size_in_bytes":0,"evictions":0,"fields":{}}`) // one segment: no ordinal map
}
