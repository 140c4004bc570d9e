package aggs

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// FuzzPipelines parses any aggs body and runs its pipelines over a small
// reduced tree (a terms aggregation with a date_histogram and a sum per
// bucket, and one at the top): no panic, and every error is shaped (a
// type, a reason and a 4xx or 5xx status).
func FuzzPipelines(f *testing.F) {
	for _, s := range []string{
		`{"t":{"terms":{"field":"t"},"aggs":{"h":{"date_histogram":{"field":"d","calendar_interval":"1d"},"aggs":{"s":{"sum":{"field":"v"}},"x":{"derivative":{"buckets_path":"s","unit":"1h"}}}},"m":{"max_bucket":{"buckets_path":"h>s"}}}},"h":{"date_histogram":{"field":"d","calendar_interval":"1d"},"aggs":{"s":{"sum":{"field":"v"}}}},"p":{"percentiles_bucket":{"buckets_path":"t>m"}}}`,
		`{"t":{"terms":{"field":"t"},"aggs":{"h":{"date_histogram":{"field":"d","calendar_interval":"1d"},"aggs":{"s":{"sum":{"field":"v"}},"m":{"moving_fn":{"buckets_path":"s","window":3,"shift":-2,"script":"MovingFunctions.holt(values, 0.3, 0.1)"}}}},"b":{"bucket_sort":{"sort":[{"_key":"desc"}],"from":1}}}},"h":{"date_histogram":{"field":"d","calendar_interval":"1d"},"aggs":{"s":{"sum":{"field":"v"}}}}}`,
		`{"t":{"terms":{"field":"t"},"aggs":{"h":{"date_histogram":{"field":"d","calendar_interval":"1d"},"aggs":{"s":{"sum":{"field":"v"}}}},"sel":{"bucket_selector":{"buckets_path":{"a":"h['2017-01-01T00:00:00.000Z']>s","c":"h._bucket_count"},"script":"params.a == null || params.c > 1"}}}},"h":{"date_histogram":{"field":"d","calendar_interval":"1d"},"aggs":{"s":{"sum":{"field":"v"}},"c":{"cumulative_sum":{"buckets_path":"s"}},"z":{"serial_diff":{"buckets_path":"c","lag":2}}}},"e":{"extended_stats_bucket":{"buckets_path":"h>z","sigma":3}}}`,
		`{"t":{"terms":{"field":"t"}},"h":{"date_histogram":{"field":"d","calendar_interval":"1d"},"aggs":{"s":{"sum":{"field":"v"}},"b":{"bucket_script":{"buckets_path":["s","_count","_key"],"script":"params._value0 / params._value1"}}}}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		v, err := xcontent.Parse([]byte(body))
		if err != nil {
			return
		}
		tree, aerr := Parse(v, nil)
		if aerr != nil {
			checkShaped(t, aerr.Type, aerr.Reason, aerr.Status)
			return
		}
		list := fuzzTree(tree.Aggs)
		if list == nil {
			return
		}
		if _, aerr := runPipelines(tree.Aggs, tree.Pipes, list); aerr != nil {
			checkShaped(t, aerr.Type, aerr.Reason, aerr.Status)
		}
	})
}

func checkShaped(t *testing.T, typ, reason string, status int) {
	t.Helper()
	if typ == "" || (reason == "" && typ != "search_phase_execution_exception") || status < 400 {
		t.Fatalf("unshaped error: %q %q %d", typ, reason, status)
	}
}

// fuzzTree builds reduced results for the shapes the seeds use: terms of
// date_histograms of sums, a date_histogram of sums; nil for any other.
func fuzzTree(aggs []*Agg) aggList {
	var out aggList
	for _, a := range aggs {
		r := fuzzResult(a, 3)
		if r == nil {
			return nil
		}
		out = append(out, named{agg: a, res: r})
	}
	return out
}

func fuzzResult(a *Agg, n int) result {
	subs := func(i int) aggList {
		var l aggList
		for _, s := range a.Subs {
			r := fuzzResult(s, i+1)
			if r == nil {
				return nil
			}
			l = append(l, named{agg: s, res: r})
		}
		return l
	}
	switch sp := a.spec.(type) {
	case *termsSpec:
		r := &termsResult{kind: keyString, spec: sp, agg: a}
		for i, k := range []string{"a", "b"} {
			r.buckets = append(r.buckets, &termBucket{kind: keyString, s: k, docCount: int64(2 - i), subs: subs(i)})
		}
		return r
	case *histSpec:
		r := &histResult{spec: sp, agg: a, format: rawFormat}
		if sp.date {
			f, err := dateFormat("strict_date_optional_time", nil)
			if err != nil {
				return nil
			}
			r.format = f
		}
		for i := 0; i < n; i++ {
			r.buckets = append(r.buckets, &histBucket{key: float64(1483228800000 + int64(i)*86400000), docCount: int64(i % 2), subs: subs(i)})
		}
		return r
	case *metricSpec:
		st := newStats()
		st.add(float64(n), false)
		return &statsResult{kind: a.Type, st: st}
	}
	return nil
}
