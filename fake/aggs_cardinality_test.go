package fake

import (
	"fmt"
	"testing"
)

func TestAggsCardinality(t *testing.T) {
	for _, shards := range []int{1, 3} {
		t.Run(fmt.Sprint(shards), func(t *testing.T) {
			s := newTestServer(t)
			metricsIndex(t, s, shards, madMapping, madDocs...)
			expect(t, s, "POST", "/m/_doc/k1?refresh=true", `{"k":["x","y"]}`, 201, "")
			expect(t, s, "POST", "/m/_doc/k2?refresh=true", `{"k":"x","d":1.0}`, 201, "")
			aggsOnly(t, s, "", `{"i":{"cardinality":{"field":"i"}},"d":{"cardinality":{"field":"d","precision_threshold":10}},"k":{"cardinality":{"field":"k"}},`+
				`"km":{"cardinality":{"field":"k","missing":"zz"}},"u":{"cardinality":{"field":"nope"}},"um":{"cardinality":{"field":"nope","missing":"a"}}}`, 200,
				`{"aggregations":{"cardinality#i":{"value":6},"cardinality#d":{"value":4},"cardinality#k":{"value":2},"cardinality#km":{"value":3},"cardinality#u":{"value":0},"cardinality#um":{"value":1}}}`)
			// Ordered by a cardinality.
			aggsOnly(t, s, "", `{"w":{"aggs":{"c":{"cardinality":{"field":"i"}}},"terms":{"field":"w","order":{"c":"desc"}}}}`, 200,
				`{"aggregations":{"lterms#w":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":2,"doc_count":4,"cardinality#c":{"value":4}},{"key":1,"doc_count":2,"cardinality#c":{"value":2}},{"key":4,"doc_count":1,"cardinality#c":{"value":1}}]}}}`)
		})
	}
	s := newTestServer(t)
	metricsIndex(t, s, 1, madMapping, madDocs...)
	aggsOnly(t, s, "", `{"c":{"cardinality":{"field":"i","precision_threshold":-1}}}`, 400,
		`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:51] [cardinality] failed to parse field [precision_threshold]"}],<**>"caused_by":{"type":"illegal_argument_exception","reason":"[precisionThreshold] must be greater than or equal to 0. Found [-1] in [c]"}},"status":400}`)
}

// Past the threshold the count is a HyperLogLog estimate: the same on one
// shard and on several (registers merge by maximum), and near the truth.
func TestAggsCardinalityEstimate(t *testing.T) {
	var docs []string
	for i := 0; i < 1000; i++ {
		docs = append(docs, fmt.Sprintf(`{"k":"v%d","i":%d}`, i, i))
	}
	var first string
	for _, shards := range []int{1, 4} {
		s := newTestServer(t)
		metricsIndex(t, s, shards, madMapping, docs...)
		_, _, body := call(t, s, "POST", "/m/_search?filter_path=aggregations.c.value", `{"size":0,"aggs":{"c":{"cardinality":{"field":"k","precision_threshold":0}}}}`)
		if first == "" {
			first = body
		} else if body != first {
			t.Errorf("%d shards: %s, one shard: %s", shards, body, first)
		}
		var n int
		if _, err := fmt.Sscanf(body, `{"aggregations":{"c":{"value":%d}}}`, &n); err != nil || n < 600 || n > 1400 {
			t.Errorf("estimate %s (%v)", body, err)
		}
	}
}
