package fake

import (
	"fmt"
	"testing"
)

var madDocs = []string{`{"i":1,"w":1,"d":1.5,"t":"2020-01-01"}`, `{"i":2,"w":2,"d":2.5}`, `{"i":2,"w":1}`, `{"i":3,"w":4}`,
	`{"i":4,"w":2}`, `{"i":6,"w":2,"d":[1,2]}`, `{"i":9,"w":2}`}

var madMapping = `{"i":{"type":"integer"},"w":{"type":"integer"},"d":{"type":"double"},"t":{"type":"date"},"k":{"type":"keyword"}}`

func TestAggsMedianAbsoluteDeviation(t *testing.T) {
	for _, shards := range []int{1, 3} {
		t.Run(fmt.Sprint(shards), func(t *testing.T) {
			s := newTestServer(t)
			metricsIndex(t, s, shards, madMapping, madDocs...)
			// Values 1,2,2,3,4,6,9: median 3, deviations 2,1,1,0,1,3,6:
			// their median is 1.
			aggsOnly(t, s, "", `{"m":{"median_absolute_deviation":{"field":"i"}},"f":{"median_absolute_deviation":{"field":"i","format":"0.00","compression":50}}}`, 200,
				`{"aggregations":{"median_absolute_deviation#m":{"value":1.0},"median_absolute_deviation#f":{"value":1.0,"value_as_string":"1.00"}}}`)
			aggsOnly(t, s, "", `{"m":{"median_absolute_deviation":{"field":"nope"}},"x":{"median_absolute_deviation":{"field":"nope","missing":5}}}`, 200,
				`{"aggregations":{"median_absolute_deviation#m":{"value":null},"median_absolute_deviation#x":{"value":0.0}}}`)
		})
	}
	s := newTestServer(t)
	metricsIndex(t, s, 1, madMapping, madDocs...)
	aggsOnly(t, s, "", `{"m":{"median_absolute_deviation":{"field":"i","compression":0}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:65] [median_absolute_deviation] failed to parse field [compression]"}],<**>"caused_by":{"type":"illegal_argument_exception","reason":"[compression] must be greater than 0. Found [0.0] in [m]"}},"status":400}`)
	aggsOnly(t, s, "", `{"m":{"median_absolute_deviation":{"field":"t"}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Field [t] of type [date] is not supported for aggregation [median_absolute_deviation]"}]<**>`)
}

func TestAggsWeightedAvg(t *testing.T) {
	for _, shards := range []int{1, 3} {
		t.Run(fmt.Sprint(shards), func(t *testing.T) {
			s := newTestServer(t)
			metricsIndex(t, s, shards, madMapping, madDocs...)
			// (1*1+2*2+2*1+3*4+4*2+6*2+9*2)/(1+2+1+4+2+2+2) = 57/14.
			aggsOnly(t, s, "", `{"w":{"weighted_avg":{"value":{"field":"i"},"weight":{"field":"w"}}}}`, 200,
				`{"aggregations":{"weighted_avg#w":{"value":4.071428571428571}}}`)
			// A multi-valued value counts each value with the weight; a
			// missing value stands in for documents without one:
			// (1.5+5+10+40+20+(2+4)+20)/(1+2+1+4+2+2*2+2) = 102.5/16.
			aggsOnly(t, s, "", `{"w":{"weighted_avg":{"value":{"field":"d","missing":10},"weight":{"field":"w"},"format":"0.0"}}}`, 200,
				`{"aggregations":{"weighted_avg#w":{"value":6.40625,"value_as_string":"6.4"}}}`)
			aggsOnly(t, s, `{"term":{"k":"none"}}`, `{"w":{"weighted_avg":{"value":{"field":"i"},"weight":{"field":"w"},"format":"0.0"}}}`, 200,
				`{"aggregations":{"weighted_avg#w":{"value":null}}}`)
		})
	}
	s := newTestServer(t)
	metricsIndex(t, s, 1, madMapping, madDocs...)
	aggsOnly(t, s, "", `{"w":{"weighted_avg":{"value":{"missing":1},"weight":{"field":"w"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:40] [weighted_avg] failed to parse field [value]"}],<**>"caused_by":{"type":"illegal_argument_exception","reason":"[field] and [script] cannot both be null.  Please specify one or the other."}},"status":400}`)
	aggsOnly(t, s, "", `{"w":{"weighted_avg":{"value":{"field":"i","x":1},"weight":{"field":"w"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:40] [weighted_avg] failed to parse field [value]"}],<**>"caused_by":{"type":"x_content_parse_exception","reason":"[1:61] [field_config] unknown field [x]"}},"status":400}`)
	// Several weights on one document fail its shard.
	expect(t, s, "POST", "/m/_doc/x?refresh=true", `{"i":1,"w":[1,2]}`, 201, "")
	expect(t, s, "POST", "/m/_search", `{"size":0,"aggs":{"w":{"weighted_avg":{"value":{"field":"i"},"weight":{"field":"w"}}}}}`, 500,
		`{"error":{"root_cause":[{"type":"aggregation_execution_exception","reason":"Encountered more than one weight for a single document. Use a script to combine multiple weights-per-doc into a single value."}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query",<**>`)
}
