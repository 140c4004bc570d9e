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
