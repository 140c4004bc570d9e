package fake

import "testing"

// keyValuesProps has the fields whose stored values are not their keys:
// unsigned_long (sign-flipped), date_nanos (nanoseconds), ip (16 bytes).
const keyValuesProps = `{"u":{"type":"unsigned_long"},"kw":{"type":"keyword"},"n":{"type":"date_nanos"},"ip":{"type":"ip"}}`

var keyValuesDocs = []string{
	`{"u":[10223372036854775807,184],"kw":"foo","n":"2017-11-21T01:00:00.123456789Z","ip":"::1"}`,
	`{"u":[1000,0],"kw":"bar","n":"2017-11-22T01:00:00Z"}`,
	`{"kw":"bar","n":"2017-11-22T02:00:00Z"}`,
}

// A composite after key on unsigned_long is the plain number.
func TestAggsCompositeUnsignedAfter(t *testing.T) {
	expectAggs(t, keyValuesProps, keyValuesDocs,
		`{"size":0,"aggs":{"c":{"composite":{"sources":[{"u":{"terms":{"field":"u"}}},{"kw":{"terms":{"field":"kw"}}}],"after":{"u":184,"kw":"foo"}}}}}`,
		`{"c":{"after_key":{"u":10223372036854775807,"kw":"foo"},"buckets":[{"key":{"u":1000,"kw":"bar"},"doc_count":1},{"key":{"u":10223372036854775807,"kw":"foo"},"doc_count":1}]}}`)
}

// Composite sources read date_nanos in milliseconds, as the other
// aggregations do.
func TestAggsCompositeDateNanos(t *testing.T) {
	expectAggs(t, keyValuesProps, keyValuesDocs,
		`{"size":0,"aggs":{"c":{"composite":{"sources":[{"d":{"date_histogram":{"field":"n","calendar_interval":"1d","format":"iso8601"}}},{"t":{"terms":{"field":"n"}}}]}}}}`,
		`{"c":{"after_key":{"d":"2017-11-22T00:00:00.000Z","t":1511316000000},"buckets":[`+
			`{"key":{"d":"2017-11-21T00:00:00.000Z","t":1511226000123},"doc_count":1},`+
			`{"key":{"d":"2017-11-22T00:00:00.000Z","t":1511312400000},"doc_count":1},`+
			`{"key":{"d":"2017-11-22T00:00:00.000Z","t":1511316000000},"doc_count":1}]}}`)
}

// A composite over several indices prints each bucket's key in the format
// of the index it came from: an index without the ip field does not turn
// the other's addresses into raw bytes.
func TestAggsCompositeIPWithUnmappedIndex(t *testing.T) {
	s := newTestServer(t)
	call(t, s, "PUT", "/test_1", "")
	call(t, s, "PUT", "/test_2", `{"mappings":{"properties":{"f":{"type":"ip"}}}}`)
	call(t, s, "PUT", "/test_2/_doc/1?refresh=true", `{"f":"192.168.0.1"}`)
	if got := aggsOf(t, s, "/test_*/_search", `{"size":0,"aggs":{"c":{"composite":{"sources":[{"f":{"terms":{"field":"f"}}}]}}}}`); got !=
		`{"c":{"after_key":{"f":"192.168.0.1"},"buckets":[{"key":{"f":"192.168.0.1"},"doc_count":1}]}}` {
		t.Errorf("got %s", got)
	}
}

// significant_terms on an ip field counts addresses (foreground and
// background) and prints them as addresses; include takes addresses.
func TestAggsSignificantTermsIP(t *testing.T) {
	want := `{"s":{"doc_count":1,"bg_count":3,"buckets":[{"key":"::1","doc_count":1,"score":2.0,"bg_count":1}]}}`
	for _, inc := range []string{``, `,"include":["::1"]`} {
		expectAggs(t, keyValuesProps, keyValuesDocs,
			`{"size":0,"query":{"exists":{"field":"ip"}},"aggs":{"s":{"significant_terms":{"field":"ip","min_doc_count":1`+inc+`}}}}`, want)
	}
	expectAggs(t, keyValuesProps, keyValuesDocs,
		`{"size":0,"query":{"exists":{"field":"ip"}},"aggs":{"s":{"significant_terms":{"field":"ip","min_doc_count":1,"exclude":["::1"]}}}}`,
		`{"s":{"doc_count":1,"bg_count":3,"buckets":[]}}`)
}
