package fake

import "testing"

// rangeFieldProps and rangeFieldDocs are range fields with a multi-valued,
// unsorted and an open-ended range.
const rangeFieldProps = `{"r":{"type":"long_range"},"d":{"type":"date_range"},"ipr":{"type":"ip_range"},"f":{"type":"double_range"}}`

var rangeFieldDocs = []string{
	`{"r":{"gte":1,"lte":7},"d":{"gte":"2020-01-30","lt":"2020-03-01"},"f":{"gte":0.5,"lt":1.5}}`,
	`{"r":{"gte":3,"lt":5},"d":{"gte":"2020-02-10","lte":"2020-02-11"}}`,
	`{"r":[{"gte":1,"lte":12},{"gte":0,"lte":2}],"d":{"lt":"2020-01-01"}}`,
}

// A histogram over a range field counts a document once in every bucket
// one of its ranges overlaps (RangeHistogramAggregator).
func TestAggsHistogramOnRangeFields(t *testing.T) {
	expectAggs(t, rangeFieldProps, rangeFieldDocs,
		`{"size":0,"aggs":{"h":{"histogram":{"field":"r","interval":5}},"f":{"histogram":{"field":"f","interval":0.5,"offset":0.25}}}}`,
		`{"h":{"buckets":[{"key":0.0,"doc_count":3},{"key":5.0,"doc_count":2},{"key":10.0,"doc_count":1}]},`+
			`"f":{"buckets":[{"key":0.25,"doc_count":1},{"key":0.75,"doc_count":1},{"key":1.25,"doc_count":1}]}}`)
	// Hard bounds clip each range before it is split into buckets.
	expectAggs(t, rangeFieldProps, rangeFieldDocs,
		`{"size":0,"aggs":{"h":{"histogram":{"field":"r","interval":1,"hard_bounds":{"min":10,"max":14}}}}}`,
		`{"h":{"buckets":[{"key":10.0,"doc_count":1},{"key":11.0,"doc_count":1},{"key":12.0,"doc_count":1}]}}`)
}

// date_histogram over a date_range field, with hard bounds given as dates
// in the field's format clipping the open-ended range.
func TestAggsDateHistogramOnDateRange(t *testing.T) {
	expectAggs(t, rangeFieldProps, rangeFieldDocs,
		`{"size":0,"aggs":{"h":{"date_histogram":{"field":"d","calendar_interval":"month","hard_bounds":{"min":"2019-12-15","max":"2020-02-15"}}}}}`,
		`{"h":{"buckets":[{"key_as_string":"2019-12-01T00:00:00.000Z","key":1575158400000,"doc_count":1},`+
			`{"key_as_string":"2020-01-01T00:00:00.000Z","key":1577836800000,"doc_count":1},`+
			`{"key_as_string":"2020-02-01T00:00:00.000Z","key":1580515200000,"doc_count":2}]}}`)
	expectAggs(t, rangeFieldProps, rangeFieldDocs[:2],
		`{"size":0,"aggs":{"h":{"date_histogram":{"field":"d","calendar_interval":"month","offset":"+1d"}}}}`,
		`{"h":{"buckets":[{"key_as_string":"2020-01-02T00:00:00.000Z","key":1577923200000,"doc_count":1},`+
			`{"key_as_string":"2020-02-02T00:00:00.000Z","key":1580601600000,"doc_count":2}]}}`)
}

func TestAggsHistogramOnRangeFieldErrors(t *testing.T) {
	s := aggsIndex(t, 1, rangeFieldProps, rangeFieldDocs...)
	expectAggError(t, s, `{"size":0,"aggs":{"h":{"date_histogram":{"field":"r","calendar_interval":"month"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Expected date range type but found range type [long]"}],<**>`)
	expectAggError(t, s, `{"size":0,"aggs":{"h":{"histogram":{"field":"ipr","interval":1}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Expected numeric range type but found non-numeric range [ip_range]"}],<**>`)
	// A range open at one end spans more buckets than a search may hold.
	expectAggError(t, s, `{"size":0,"aggs":{"h":{"date_histogram":{"field":"d","calendar_interval":"month"}}}}`, 503,
		`{"error":{"root_cause":[{"type":"too_many_buckets_exception",<**>`)
}

// date_range reads numeric bounds in the field's format, as it reads
// strings: 1000 on an epoch_second field is 1,000,000 ms. range does not.
func TestAggsDateRangeNumericBoundsInFieldFormat(t *testing.T) {
	expectAggs(t, `{"date":{"type":"date","format":"epoch_second"}}`, []string{`{"date":1000}`, `{"date":2000}`, `{"date":3000}`},
		`{"size":0,"aggs":{"dr":{"date_range":{"field":"date","ranges":[{"from":1000,"to":3000},{"from":"3000","to":4000}]}},"r":{"range":{"field":"date","ranges":[{"from":1000,"to":3000}]}}}}`,
		`{"dr":{"buckets":[{"key":"1000-3000","from":1000000.0,"from_as_string":"1000","to":3000000.0,"to_as_string":"3000","doc_count":2},`+
			`{"key":"3000-4000","from":3000000.0,"from_as_string":"3000","to":4000000.0,"to_as_string":"4000","doc_count":1}]},`+
			`"r":{"buckets":[{"key":"1-3","from":1000.0,"from_as_string":"1","to":3000.0,"to_as_string":"3","doc_count":0}]}}`)
}

// Hard bounds given as dates are read in the field's format, and they test
// each bucket's key, not the value: a value after min in a bucket that
// starts before it is left out. Empty buckets fill only between buckets
// (and out to extended bounds), not out to the hard bounds.
func TestAggsDateHistogramHardBoundsTestKeys(t *testing.T) {
	expectAggs(t, `{"t":{"type":"date"}}`, []string{`{"t":"2020-01-20"}`, `{"t":"2020-02-03"}`, `{"t":"2020-04-09"}`},
		`{"size":0,"aggs":{"h":{"date_histogram":{"field":"t","calendar_interval":"month","hard_bounds":{"min":"2020-01-15","max":"2020-03-31"}}}}}`,
		`{"h":{"buckets":[{"key_as_string":"2020-02-01T00:00:00.000Z","key":1580515200000,"doc_count":1}]}}`)
}
