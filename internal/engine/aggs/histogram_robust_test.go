package aggs

import "testing"

// An interval so small that key + interval rounds back to key cannot fill
// the gap between two buckets: the reduce stops with too_many_buckets
// instead of adding the same empty bucket forever, even without a bucket
// limit.
func TestHistogramEmptyBucketsWithAnIntervalLostInRounding(t *testing.T) {
	spec := &histSpec{interval: 1e-300, order: bucketOrder{{kind: 'k', asc: true}}}
	shard := &histResult{spec: spec, empty: func() aggList { return nil },
		buckets: []*histBucket{{key: 1.5, docCount: 1}, {key: 2.25, docCount: 1}}}
	for _, limit := range []int{0, 65535} {
		_, err := shard.reduce([]result{shard}, &reduceCtx{maxBuckets: limit})
		if err == nil || err.Type != "too_many_buckets_exception" || err.Status != 503 {
			t.Fatalf("limit %d: got %v", limit, err)
		}
	}
}
