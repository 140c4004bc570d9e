package aggs

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// BenchmarkPipelinesDailyYear runs derivative, cumulative_sum, moving_fn
// (a Painless script per bucket) and max_bucket over a reduced
// date_histogram of 365 daily buckets, as the coordinating reduce does.
func BenchmarkPipelinesDailyYear(b *testing.B) {
	v, err := xcontent.Parse([]byte(`{"h":{"date_histogram":{"field":"date","calendar_interval":"1d"},"aggs":{"s":{"sum":{"field":"v"}},
		"d":{"derivative":{"buckets_path":"s"}},"c":{"cumulative_sum":{"buckets_path":"s"}},
		"m":{"moving_fn":{"buckets_path":"s","window":7,"script":"MovingFunctions.unweightedAvg(values)"}}}},
		"mx":{"max_bucket":{"buckets_path":"h>s"}}}`))
	if err != nil {
		b.Fatal(err)
	}
	tree, aerr := Parse(v, nil)
	if aerr != nil {
		b.Fatal(aerr)
	}
	h := tree.Aggs[0]
	hist := &histResult{spec: h.spec.(*histSpec), agg: h, format: rawFormat}
	for i := 0; i < 365; i++ {
		st := newStats()
		st.add(float64(i%17), false)
		hist.buckets = append(hist.buckets, &histBucket{key: float64(1483228800000 + int64(i)*86400000), docCount: 1,
			subs: aggList{{agg: h.Subs[0], res: &statsResult{kind: "sum", st: st}}}})
	}
	list := aggList{{agg: h, res: hist}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out, err := runPipelines(tree.Aggs, tree.Pipes, list)
		if err != nil || len(out) != 2 {
			b.Fatal(err)
		}
	}
}
