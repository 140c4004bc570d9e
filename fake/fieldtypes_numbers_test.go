package fake

import "testing"

// scaled_float stores Math.round(value * scaling_factor): a term matches
// every value that rounds to the same long, ranges round their bounds
// inwards, and doc values read the long times 1/factor.
func TestScaledFloatField(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/p", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"price":{"type":"scaled_float","scaling_factor":100}}}}`, 200, "")
	expect(t, s, "GET", "/p/_mapping", "", 200, `{"p":{"mappings":{"properties":{"price":{"type":"scaled_float","scaling_factor":100.0}}}}}`)
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"p","_id":"1"}}
{"price":12.34}
{"index":{"_index":"p","_id":"2"}}
{"price":"1.5"}
{"index":{"_index":"p","_id":"3"}}
{"price":0.001}
`, 200, `{<**>"errors":false<**>}`)
	q := func(body, want string) {
		t.Helper()
		expect(t, s, "POST", "/p/_search?filter_path=hits.hits._id,hits.hits.sort,hits.hits.fields", body, 200, want)
	}
	q(`{"query":{"term":{"price":12.3449}}}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
	q(`{"query":{"range":{"price":{"gt":1.5}}}}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
	q(`{"query":{"range":{"price":{"gte":1.5,"lt":12.34}}}}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
	q(`{"sort":["price"],"docvalue_fields":["price"]}`, `{"hits":{"hits":[{"_id":"3","fields":{"price":[0.0]},"sort":[0.0]},{"_id":"2","fields":{"price":[1.5]},"sort":[1.5]},{"_id":"1","fields":{"price":[12.34]},"sort":[12.34]}]}}`)
	q(`{"query":{"ids":{"values":["3"]}},"fields":["price"]}`, `{"hits":{"hits":[{"_id":"3","fields":{"price":[0.0]}}]}}`)
	expect(t, s, "GET", "/p/_source/3", "", 200, `{"price":0.001}`)

	expect(t, s, "PUT", "/bad", `{"mappings":{"properties":{"price":{"type":"scaled_float"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"Failed to parse mapping [_doc]: Field [scaling_factor] is required"}],"type":"mapper_parsing_exception","reason":"Failed to parse mapping [_doc]: Field [scaling_factor] is required","caused_by":{"type":"illegal_argument_exception","reason":"Field [scaling_factor] is required"}},"status":400}`)
	expect(t, s, "PUT", "/bad", `{"mappings":{"properties":{"price":{"type":"scaled_float","scaling_factor":-1}}}}`, 400,
		`{<**>"caused_by":{"type":"illegal_argument_exception","reason":"[scaling_factor] must be a positive number, got [-1.0]"}},"status":400}`)
	expect(t, s, "PUT", "/p/_doc/9", `{"price":"cheap"}`, 400,
		`{<**>"reason":"failed to parse field [price] of type [scaled_float] in document with id '9'. Preview of field's value: 'cheap'","caused_by":{"type":"number_format_exception","reason":"For input string: \"cheap\""}},"status":400}`)
}

// half_float keeps the nearest half-precision value: 1.1 is stored as
// 1.099609375, a term on 1.1 rounds the same way, and an inclusive range
// starting at 1.1 still finds it while an exclusive one does not.
func TestHalfFloatField(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/h", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"v":{"type":"half_float"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"h","_id":"1"}}
{"v":1.1}
{"index":{"_index":"h","_id":"2"}}
{"v":2.5}
`, 200, `{<**>"errors":false<**>}`)
	q := func(body, want string) {
		t.Helper()
		expect(t, s, "POST", "/h/_search?filter_path=hits.hits._id,hits.hits.fields", body, 200, want)
	}
	q(`{"query":{"term":{"v":1.1}},"docvalue_fields":["v"]}`, `{"hits":{"hits":[{"_id":"1","fields":{"v":[1.099609375]}}]}}`)
	q(`{"query":{"range":{"v":{"gte":1.1,"lte":1.1}}}}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
	q(`{"query":{"range":{"v":{"gt":1.1}}},"docvalue_fields":["v"]}`, `{"hits":{"hits":[{"_id":"2","fields":{"v":[2.5]}}]}}`)
	q(`{"query":{"range":{"v":{"lt":1.1}}}}`, `{}`)
	expect(t, s, "PUT", "/h/_doc/9", `{"v":70000}`, 400,
		`{<**>"caused_by":{"type":"illegal_argument_exception","reason":"[half_float] supports only finite values, but got [70000.0]"}},"status":400}`)
}

// unsigned_long takes 0 to 2^64-1, sorts and prints the full range, and
// rejects negatives with the mapper's message.
func TestUnsignedLongField(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/u", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"n":{"type":"unsigned_long"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"u","_id":"1"}}
{"n":18446744073709551615}
{"index":{"_index":"u","_id":"2"}}
{"n":"10223372036854775807"}
{"index":{"_index":"u","_id":"3"}}
{"n":1}
`, 200, `{<**>"errors":false<**>}`)
	q := func(body, want string) {
		t.Helper()
		expect(t, s, "POST", "/u/_search?filter_path=hits.hits._id,hits.hits.sort,hits.hits.fields", body, 200, want)
	}
	q(`{"sort":[{"n":"desc"}],"docvalue_fields":["n"]}`, `{"hits":{"hits":[{"_id":"1","fields":{"n":[18446744073709551615]},"sort":[18446744073709551615]},{"_id":"2","fields":{"n":[10223372036854775807]},"sort":[10223372036854775807]},{"_id":"3","fields":{"n":[1]},"sort":[1]}]}}`)
	q(`{"query":{"term":{"n":"18446744073709551615"}}}`, `{"hits":{"hits":[{"_id":"1"}]}}`)
	q(`{"query":{"range":{"n":{"gt":9223372036854775807}}},"sort":["n"]}`, `{"hits":{"hits":[{"_id":"2","sort":[10223372036854775807]},{"_id":"1","sort":[18446744073709551615]}]}}`)
	q(`{"query":{"range":{"n":{"gte":-5,"lt":2}}}}`, `{"hits":{"hits":[{"_id":"3"}]}}`)
	expect(t, s, "PUT", "/u/_doc/9", `{"n":-1}`, 400,
		`{<**>"reason":"failed to parse field [n] of type [unsigned_long] in document with id '9'. Preview of field's value: '-1'","caused_by":{"type":"illegal_argument_exception","reason":"Value [-1] is out of range for an unsigned long"}},"status":400}`)
}

// date_nanos keeps nanoseconds: sort values are epoch nanos, doc values
// print all nine digits (epoch_millis keeps the fraction), and dates outside
// 1970..2262 are refused.
func TestDateNanosField(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/d", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"t":{"type":"date_nanos"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"d","_id":"1"}}
{"t":"2018-10-29T12:12:12.123456789Z"}
{"index":{"_index":"d","_id":"2"}}
{"t":"2018-10-29T12:12:12.987654321Z"}
`, 200, `{<**>"errors":false<**>}`)
	q := func(body, want string) {
		t.Helper()
		expect(t, s, "POST", "/d/_search?filter_path=hits.hits._id,hits.hits.sort,hits.hits.fields", body, 200, want)
	}
	q(`{"sort":[{"t":"desc"}],"docvalue_fields":["t"]}`, `{"hits":{"hits":[{"_id":"2","fields":{"t":["2018-10-29T12:12:12.987654321Z"]},"sort":[1540815132987654321]},{"_id":"1","fields":{"t":["2018-10-29T12:12:12.123456789Z"]},"sort":[1540815132123456789]}]}}`)
	q(`{"query":{"range":{"t":{"gt":"2018-10-29T12:12:12.123456789Z"}}}}`, `{"hits":{"hits":[{"_id":"2"}]}}`)
	q(`{"query":{"term":{"t":"2018-10-29T12:12:12.123456789Z"}},"docvalue_fields":[{"field":"t","format":"epoch_millis"}]}`, `{"hits":{"hits":[{"_id":"1","fields":{"t":["1540815132123.456789"]}}]}}`)
	expect(t, s, "PUT", "/d/_doc/9", `{"t":"1969-12-31T23:59:59Z"}`, 400,
		`{<**>"caused_by":{"type":"illegal_argument_exception","reason":"date[1969-12-31T23:59:59Z] is before the epoch in 1970 and cannot be stored in nanosecond resolution"}},"status":400}`)
}

// Sorting across indices where the field is unsigned_long in one and
// another type in another fails as OpenSearch's merge of sorted hits does.
func TestUnsignedLongMixedSort(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/u1", `{"mappings":{"properties":{"n":{"type":"unsigned_long"}}}}`, 200, "")
	expect(t, s, "PUT", "/u2", `{"mappings":{"properties":{"n":{"type":"long"}}}}`, 200, "")
	expect(t, s, "POST", "/u*/_search", `{"sort":[{"n":"asc"}]}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Can't do sort across indices, as a field has [unsigned_long] type in one index, and different type in another index!"}],`+
			`"type":"search_phase_execution_exception","reason":"","phase":"fetch","grouped":true,"failed_shards":[],"caused_by":{"type":"illegal_argument_exception","reason":"Can't do sort across indices, as a field has [unsigned_long] type in one index, and different type in another index!"}},"status":400}`)
	expect(t, s, "POST", "/u1/_search", `{"sort":[{"n":"asc"}]}`, 200, "")
}
