package fake

import "testing"

const autoProps = `{"date":{"type":"date"},"v":{"type":"integer"}}`

var autoDocs = []string{
	`{"date":"2020-03-01","v":1}`, `{"date":"2020-03-02","v":2}`, `{"date":"2020-03-08","v":3}`, `{"date":"2020-03-09","v":4}`,
}

// auto_date_histogram picks the finest rung of the ladder (seconds,
// minutes, hours, days, months, years) that fits the target, fills the gaps,
// then merges consecutive buckets by the rung's inner multiples; interval
// names the result.
func TestAggsAutoDateHistogram(t *testing.T) {
	expectAggs(t, autoProps, autoDocs, `{"size":0,"aggs":{"h":{"auto_date_histogram":{"field":"date","buckets":2},"aggs":{"v":{"sum":{"field":"v"}}}}}}`,
		`{"h":{"buckets":[{"key_as_string":"2020-03-01T00:00:00.000Z","key":1583020800000,"doc_count":2,"v":{"value":3.0}},`+
			`{"key_as_string":"2020-03-08T00:00:00.000Z","key":1583625600000,"doc_count":2,"v":{"value":7.0}}],"interval":"7d"}}`)
	// A day's span fits hours (10 x 12 x 1h); the 25 hours, empty ones
	// included, merge by 3 to reach the target.
	expectAggs(t, autoProps, autoDocs[:2], `{"size":0,"aggs":{"h":{"auto_date_histogram":{"field":"date","format":"yyyy-MM-dd HH:mm"}}}}`,
		`{"h":{"buckets":[{"key_as_string":"2020-03-01 00:00","key":1583020800000,"doc_count":1},{"key_as_string":"2020-03-01 03:00","key":1583031600000,"doc_count":0},`+
			`{"key_as_string":"2020-03-01 06:00","key":1583042400000,"doc_count":0},{"key_as_string":"2020-03-01 09:00","key":1583053200000,"doc_count":0},`+
			`{"key_as_string":"2020-03-01 12:00","key":1583064000000,"doc_count":0},{"key_as_string":"2020-03-01 15:00","key":1583074800000,"doc_count":0},`+
			`{"key_as_string":"2020-03-01 18:00","key":1583085600000,"doc_count":0},{"key_as_string":"2020-03-01 21:00","key":1583096400000,"doc_count":0},`+
			`{"key_as_string":"2020-03-02 00:00","key":1583107200000,"doc_count":1}],"interval":"3h"}}`)
	expectAggs(t, autoProps, autoDocs, `{"size":0,"aggs":{"h":{"auto_date_histogram":{"field":"date","buckets":1,"minimum_interval":"month"}}}}`,
		`{"h":{"buckets":[{"key_as_string":"2020-03-01T00:00:00.000Z","key":1583020800000,"doc_count":4}],"interval":"1M"}}`)
	// 100 minutes in a time zone: minutes, merged by 30.
	expectAggs(t, autoProps, []string{`{"date":"2020-03-01T10:30:00Z"}`, `{"date":"2020-03-01T12:10:00Z"}`}, `{"size":0,"aggs":{"h":{"auto_date_histogram":{"field":"date","buckets":5,"time_zone":"+01:00"}}}}`,
		`{"h":{"buckets":[{"key_as_string":"2020-03-01T11:30:00.000+01:00","key":1583058600000,"doc_count":1},{"key_as_string":"2020-03-01T12:00:00.000+01:00","key":1583060400000,"doc_count":0},`+
			`{"key_as_string":"2020-03-01T12:30:00.000+01:00","key":1583062200000,"doc_count":0},{"key_as_string":"2020-03-01T13:00:00.000+01:00","key":1583064000000,"doc_count":1}],"interval":"30m"}}`)
	s := aggsIndex(t, 2, autoProps, autoDocs...)
	if got := aggsOf(t, s, "/idx/_search?typed_keys=true", `{"size":0,"aggs":{"h":{"auto_date_histogram":{"field":"nope"}}}}`); got != `{"auto_date_histogram#h":{"buckets":[],"interval":"1s"}}` {
		t.Errorf("unmapped: %s", got)
	}
	expectAggError(t, s, `{"aggs":{"h":{"auto_date_histogram":{"field":"date","buckets":0}}}}`, 400,
		`<**>"reason":"[1:53] [auto_date_histogram] failed to parse field [buckets]","caused_by":{"type":"illegal_argument_exception","reason":"buckets must be greater than 0 for [h]"}<**>`)
	expectAggError(t, s, `{"aggs":{"h":{"auto_date_histogram":{"field":"date","minimum_interval":"week"}}}}`, 400,
		`<**>"reason":"minimum_interval must be one of [year, month, day, hour, minute, second]"<**>`)
	expectAggError(t, s, `{"aggs":{"h":{"auto_date_histogram":{"field":"date","buckets":3000}}}}`, 400,
		`<**>"reason":"buckets must be less than 2184"<**>`)
}
