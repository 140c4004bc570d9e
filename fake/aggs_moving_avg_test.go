package fake

import (
	"strings"
	"testing"
)

const movAvgProps = `{"n":{"type":"long"},"v":{"type":"double"}}`

var movAvgDocs = []string{`{"n":1,"v":10}`, `{"n":2,"v":20}`, `{"n":3,"v":40}`, `{"n":4,"v":80}`, `{"n":5,"v":160}`}

// movAvgBody is a histogram over n with the sum of v and one moving_avg.
func movAvgBody(movAvg string) string {
	return `{"size":0,"aggs":{"h":{"histogram":{"field":"n","interval":1},"aggs":{"s":{"sum":{"field":"v"}},"m":{"moving_avg":` + movAvg + `}}}}}`
}

// movAvgBuckets renders the expected histogram: the sums and, from the
// second bucket on (or the first listed), the moving averages.
func movAvgBuckets(values ...string) string {
	sums := []string{"10.0", "20.0", "40.0", "80.0", "160.0"}
	var b strings.Builder
	b.WriteString(`{"h":{"buckets":[`)
	first := len(sums) - len(values)
	for i, s := range sums {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"key":` + []string{"1.0", "2.0", "3.0", "4.0", "5.0"}[i] + `,"doc_count":1,"s":{"value":` + s + `}`)
		if i >= first {
			b.WriteString(`,"m":{"value":` + values[i-first] + `}`)
		}
		b.WriteByte('}')
	}
	b.WriteString(`]}}`)
	return b.String()
}

func TestAggsMovingAvgModels(t *testing.T) {
	for _, c := range []struct {
		name, body string
		want       []string
	}{
		{"simple", `{"buckets_path":"s","window":2}`, []string{"10.0", "15.0", "30.0", "60.0"}},
		{"linear", `{"buckets_path":"s","window":3,"model":"linear"}`, []string{"5.0", "12.5", "24.285714285714285", "48.57142857142857"}},
		{"ewma", `{"buckets_path":"s","model":"ewma","settings":{"alpha":0.5}}`, []string{"10.0", "15.0", "27.5", "53.75"}},
		{"holt", `{"buckets_path":"s","model":"holt","settings":{"alpha":0.5,"beta":0.5}}`, []string{"10.0", "15.0", "28.75", "58.4375"}},
		{"holt_winters", `{"buckets_path":"s","window":4,"model":"holt_winters","minimize":false,"settings":{"period":1}}`, []string{"16.669999999999998", "31.799899999999994", "63.71780299999999"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectAggs(t, movAvgProps, movAvgDocs, movAvgBody(c.body), movAvgBuckets(c.want...))
		})
	}
}

func TestAggsMovingAvgWarnsAndFails(t *testing.T) {
	s := aggsIndex(t, 1, movAvgProps, movAvgDocs...)
	code, hdr, _ := call(t, s, "POST", "/idx/_search", movAvgBody(`{"buckets_path":"s"}`))
	if code != 200 || !strings.Contains(hdr.Get("Warning"), "The moving_avg aggregation has been deprecated in favor of the moving_fn aggregation.") {
		t.Errorf("status %d, Warning %q", code, hdr.Get("Warning"))
	}
	expectAggError(t, s, movAvgBody(`{"buckets_path":"s","model":"cubic"}`), 400,
		`{"error":{"root_cause":[{"type":"parsing_exception","reason":"no [moving_avg_model] registered for [cubic]","line":1,"col":150}],"type":"parsing_exception","reason":"no [moving_avg_model] registered for [cubic]","line":1,"col":150},"status":400}`)
	expectAggError(t, s, movAvgBody(`{"buckets_path":"s","model":"ewma","settings":{"alpha":2}}`), 400,
		`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Could not parse settings for model [ewma].","line":1,"col":172}],"type":"parsing_exception","reason":"Could not parse settings for model [ewma].","line":1,"col":172,"caused_by":{"type":"parse_exception","reason":"Parameter [alpha] must be between 0-1 inclusive.  Providedvalue was [2.0]"}},"status":400}`)
	expectAggError(t, s, movAvgBody(`{"buckets_path":"s","model":"holt_winters","settings":{"type":"x"}}`), 400,
		`{"error":{"root_cause":[{"type":"parse_exception","reason":"failed to parse seasonality type [x]. accepted values are [[add, mult]]"}],"type":"parse_exception","reason":"failed to parse seasonality type [x]. accepted values are [[add, mult]]"},"status":400}`)
	expectAggError(t, s, movAvgBody(`{"buckets_path":"s","model":"simple","settings":{"alpha":0.5,"a":1}}`), 400,
		`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Could not parse settings for model [simple].","line":1,"col":182}],"type":"parsing_exception","reason":"Could not parse settings for model [simple].","line":1,"col":182,"caused_by":{"type":"parse_exception","reason":"Unrecognized parameter(s): [[a, alpha]]"}},"status":400}`)
	expectAggError(t, s, movAvgBody(`{"buckets_path":"s","window":0}`), 400,
		`{"error":{"root_cause":[{"type":"parsing_exception","reason":"[window] value must be a positive, non-zero integer.  Value supplied was [null] in [m].","line":1,"col":144}],"type":"parsing_exception","reason":"[window] value must be a positive, non-zero integer.  Value supplied was [null] in [m].","line":1,"col":144},"status":400}`)
	expectAggError(t, s, movAvgBody(`{"buckets_path":"s","window":3,"model":"holt_winters","settings":{"period":2}}`), 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Field [window] must be at least twice as large as the period when using Holt-Winters.  Value provided was [3], which is less than (2*period) == 4"}],"type":"illegal_argument_exception","reason":"Field [window] must be at least twice as large as the period when using Holt-Winters.  Value provided was [3], which is less than (2*period) == 4"},"status":400}`)
	expectAggError(t, s, movAvgBody(`{"buckets_path":"s","predict":2}`), 501,
		`{"error":{"root_cause":[{"type":"unsupported_operation_exception","reason":"clustersearch-fake does not support the [predict] option of the [moving_avg] aggregation yet"}],"type":"unsupported_operation_exception","reason":"clustersearch-fake does not support the [predict] option of the [moving_avg] aggregation yet"},"status":501}`)
}

func TestAggsMovingAvgSkipsGaps(t *testing.T) {
	docs := []string{`{"n":1,"v":10}`, `{"n":2,"v":20}`, `{"n":4,"v":40}`, `{"n":5,"v":80}`}
	expectAggs(t, movAvgProps, docs,
		`{"size":0,"aggs":{"h":{"histogram":{"field":"n","interval":1},"aggs":{"a":{"avg":{"field":"v"}},"m":{"moving_avg":{"buckets_path":"a","window":2,"format":"0.0"}}}}}}`,
		`{"h":{"buckets":[{"key":1.0,"doc_count":1,"a":{"value":10.0}},{"key":2.0,"doc_count":1,"a":{"value":20.0},"m":{"value":10.0,"value_as_string":"10.0"}},`+
			`{"key":3.0,"doc_count":0,"a":{"value":null}},{"key":4.0,"doc_count":1,"a":{"value":40.0},"m":{"value":15.0,"value_as_string":"15.0"}},`+
			`{"key":5.0,"doc_count":1,"a":{"value":80.0},"m":{"value":30.0,"value_as_string":"30.0"}}]}}`)
}
