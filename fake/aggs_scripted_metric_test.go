package fake

import (
	"fmt"
	"testing"
)

func TestAggsScriptedMetric(t *testing.T) {
	profit := `{"p":{"scripted_metric":{"params":{"f":2},` +
		`"init_script":"state.transactions = []",` +
		`"map_script":"state.transactions.add(doc.type.value == 'sale' ? doc.amount.value * params.f : -1 * doc.amount.value)",` +
		`"combine_script":"double profit = 0; for (t in state.transactions) { profit += t } return profit",` +
		`"reduce_script":"double profit = 0; for (a in states) { profit += a } return profit"}}}`
	for _, shards := range []int{1, 3} {
		t.Run(fmt.Sprint(shards), func(t *testing.T) {
			s := newTestServer(t)
			metricsIndex(t, s, shards, `{"type":{"type":"keyword"},"amount":{"type":"long"}}`,
				`{"type":"sale","amount":80}`, `{"type":"cost","amount":10}`, `{"type":"cost","amount":30}`, `{"type":"sale","amount":130}`)
			// (80+130)*2 - 10 - 30
			aggsOnly(t, s, "", profit, 200, `{"aggregations":{"scripted_metric#p":{"value":380.0}}}`)
			// Without documents the init and combine scripts still run on
			// each shard; the reduce script sees one state per shard.
			aggsOnly(t, s, `{"term":{"type":"none"}}`, `{"c":{"scripted_metric":{"map_script":"state.n = 1","combine_script":"return state.size()","reduce_script":"return states"}}}`, 200,
				fmt.Sprintf(`{"aggregations":{"scripted_metric#c":{"value":%s}}}`, repeatJSON("0", shards)))
		})
	}
	s := newTestServer(t)
	metricsIndex(t, s, 1, `{"type":{"type":"keyword"},"amount":{"type":"long"}}`, `{"type":"sale","amount":80}`)
	aggsOnly(t, s, "", `{"c":{"scripted_metric":{"combine_script":"1"}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Required [map_script]"}],"type":"illegal_argument_exception","reason":"Required [map_script]"},"status":400}`)
	aggsOnly(t, s, "", `{"c":{"scripted_metric":{"map_script":"state.x = 1","combine_script":"1"}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[reduceScript] must not be null: [c]"}],"type":"search_phase_execution_exception","reason":"all shards failed"<**>`)
	// A failing combine script fails the shard when its result is built.
	aggsOnly(t, s, "", `{"c":{"scripted_metric":{"map_script":"state.x = 1","combine_script":"throw new IllegalArgumentException('no')","reduce_script":"1"}}}`, 400,
		`{"error":{"root_cause":[{"type":"script_exception","reason":"runtime error",<**>"type":"search_phase_execution_exception","reason":"all shards failed"<**>"caused_by":{"type":"illegal_argument_exception","reason":"no"}<**>`)
	aggsOnly(t, s, "", `{"c":{"scripted_metric":{"params":{"x":1},"map_script":{"source":"state.x = 1","params":{"x":2}},"combine_script":"1","reduce_script":"1"}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Parameter name \"x\" used in both aggregation and script parameters"}]<**>`)
}

// repeatJSON is a JSON array of n copies of v.
func repeatJSON(v string, n int) string {
	out := "["
	for i := 0; i < n; i++ {
		if i > 0 {
			out += ","
		}
		out += v
	}
	return out + "]"
}
