package fake

import "testing"

// URL and body time values are read by TimeValue.parseTimeValue: a fraction
// is refused with its message and Long.parseLong's NumberFormatException
// as the cause, never rounded into a duration.
func TestFractionalTimeValuesRefused(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/ft", "", 200, "")
	frac := func(v, num string) string {
		return `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to parse [` + v + `], fractional time values are not supported"}],` +
			`"type":"illegal_argument_exception","reason":"failed to parse [` + v + `], fractional time values are not supported",` +
			`"caused_by":{"type":"number_format_exception","reason":"For input string: \"` + num + `\""}},"status":400}`
	}
	expect(t, s, "GET", "/ft/_search?scroll=1.5m", "", 400, frac("1.5m", "1.5"))
	expect(t, s, "GET", "/_cluster/health?timeout=0.5s", "", 400, frac("0.5s", "0.5"))
	expect(t, s, "POST", "/ft/_search/point_in_time?keep_alive=1e3s", "", 400, frac("1e3s", "1e3"))
	// Past Long.MAX_VALUE the number is no long either: Double.parseDouble
	// still reads it, so the server calls it a fraction too.
	expect(t, s, "GET", "/ft/_search?scroll=99999999999999999999d", "", 400, frac("99999999999999999999d", "99999999999999999999"))
	expect(t, s, "POST", "/ft/_search", `{"timeout":"2.5s"}`, 400, frac("2.5s", "2.5"))
	// Not a number at all, a missing unit, months and negative durations.
	expect(t, s, "GET", "/_cluster/health?timeout=abcs", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to parse [abcs]"}],"type":"illegal_argument_exception","reason":"failed to parse [abcs]","caused_by":{"type":"number_format_exception","reason":"For input string: \"abc\""}},"status":400}`)
	expect(t, s, "GET", "/_cluster/health?timeout=5", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to parse setting [timeout] with value [5] as a time value: unit is missing or unrecognized"}]<**>`)
	expect(t, s, "GET", "/_cluster/health?timeout=1M", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to parse setting [timeout] with value [1M] as a time value: unit is missing or unrecognized"}]<**>`)
	expect(t, s, "GET", "/_cluster/health?timeout=-2s", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to parse setting [timeout] with value [-2s] as a time value: negative durations are not supported"}]<**>`)
	// Whole numbers in any accepted spelling still work.
	expect(t, s, "GET", "/_cluster/health?timeout=1S", "", 200, "")
	expect(t, s, "GET", "/ft/_search?scroll=%2B2m", "", 200, "")
}

// Time values inside index settings, aggregations and decay functions go
// through the same TimeValue parser, so they refuse fractions too, each
// where 2.19 meets it: index settings at once, a fixed interval or offset
// while parsing its field, a decay scale on the shard.
func TestFractionalTimeValuesInSettingsAggsAndDecay(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/ft", `{"mappings":{"properties":{"d":{"type":"date"}}}}`, 200, "")
	expect(t, s, "PUT", "/ft/_doc/1?refresh=true", `{"d":"2024-01-01"}`, 201, "")
	frac := func(v, num string) string {
		return `{"type":"illegal_argument_exception","reason":"failed to parse [` + v + `], fractional time values are not supported",` +
			`"caused_by":{"type":"number_format_exception","reason":"For input string: \"` + num + `\""}}`
	}
	expect(t, s, "PUT", "/ft2", `{"settings":{"index.refresh_interval":"0.5s"}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to parse [0.5s], fractional time values are not supported"}],`+
			frac("0.5s", "0.5")[1:len(frac("0.5s", "0.5"))-1]+`},"status":400}`)
	expect(t, s, "POST", "/ft/_search", `{"aggs":{"h":{"date_histogram":{"field":"d","fixed_interval":"1.5h"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:45] [date_histogram] failed to parse field [fixed_interval]"}],`+
			`"type":"x_content_parse_exception","reason":"[1:45] [date_histogram] failed to parse field [fixed_interval]","caused_by":`+frac("1.5h", "1.5")+`},"status":400}`)
	expect(t, s, "POST", "/ft/_search", `{"aggs":{"h":{"date_histogram":{"field":"d","fixed_interval":"1h","offset":"+1.5h"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:67] [date_histogram] failed to parse field [offset]"}],`+
			`"type":"x_content_parse_exception","reason":"[1:67] [date_histogram] failed to parse field [offset]","caused_by":`+frac("1.5h", "1.5")+`},"status":400}`)
	expect(t, s, "POST", "/ft/_search", `{"aggs":{"h":{"composite":{"sources":[{"d":{"date_histogram":{"field":"d","fixed_interval":"2.5d"}}}]}}}}`, 400,
		`<**>"caused_by":`+frac("2.5d", "2.5")+`},"status":400}`)
	expect(t, s, "POST", "/ft/_search", `{"query":{"function_score":{"gauss":{"d":{"origin":"2024-01-01","scale":"1.5d"}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to parse [1.5d], fractional time values are not supported"}],`+
			`"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"ft","node":<*>,"reason":`+
			frac("1.5d", "1.5")+`}],"caused_by":`+frac("1.5d", "1.5")+`},"status":400}`)
	// A zero fixed interval parses; Rounding.Builder refuses it on the shard.
	expect(t, s, "POST", "/ft/_search", `{"aggs":{"h":{"date_histogram":{"field":"d","fixed_interval":"0s"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Zero or negative time interval not supported"}],"type":"search_phase_execution_exception",<**>`)
}
