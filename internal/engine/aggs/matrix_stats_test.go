package aggs

import (
	"slices"
	"testing"
)

func TestJavaHashOrder(t *testing.T) {
	got := javaHashOrder([]string{"weight", "height", "price", "qty", "b", "a"})
	if want := []string{"a", "b", "price", "qty", "weight", "height"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	// "y" and "weight" share bucket 9: insertion order stays.
	if got := javaHashOrder([]string{"weight", "y"}); !slices.Equal(got, []string{"weight", "y"}) {
		t.Errorf("same bucket reordered: %v", got)
	}
}

// TestRunningStatsMergeMatchesOneShard checks the shard merge of
// RunningStats against the figures OpenSearch's formulas give for the
// rows split over two shards (computed apart, in double arithmetic).
func TestRunningStatsMergeMatchesOneShard(t *testing.T) {
	names := []string{"price", "weight"}
	rows := [][]float64{{1.5, 10}, {2.5, 20}, {2.0, 30}, {5.0, 40}}
	a, b := newRunningStats(names), newRunningStats(names)
	a.add(rows[0])
	a.add(rows[2])
	b.add(rows[1])
	b.add(rows[3])
	res, _ := (&matrixStatsResult{}).reduce([]result{&matrixStatsResult{stats: a}, &matrixStatsResult{}, &matrixStatsResult{stats: b}}, &reduceCtx{})
	s := res.(*matrixStatsResult).stats
	if s.docCount != 4 || s.means[0] != 2.75 || s.means[1] != 25 {
		t.Fatalf("count %d means %v", s.docCount, s.means)
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"variance price", s.finalVar[0], 2.4166666666666665},
		{"variance weight", s.finalVar[1], 166.66666666666666},
		{"skewness price", s.finalSkew[0], 0.9220734033619126},
		{"kurtosis price", s.finalKurt[0], 2.160523186682521},
		{"kurtosis weight", s.finalKurt[1], 1.64},
		{"covariance", pair(s.finalCov, 1, 0), 16.666666666666668},
		{"correlation", pair(s.finalCorMatrix, 0, 1), 0.8304547985373999},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	// The shards' own statistics are left as they were.
	if a.docCount != 2 || b.docCount != 2 {
		t.Errorf("merge changed its inputs: %d %d", a.docCount, b.docCount)
	}
}
