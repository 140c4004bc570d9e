package aggs

import (
	"fmt"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// The multi-bucket results below are InternalMultiBucketAggregations in
// OpenSearch too, so sibling and parent pipelines read their buckets.

func (r *sigResult) pipeBuckets() []pipeBucket {
	out := make([]pipeBucket, len(r.buckets))
	kf := formatKey(r.format)
	for i, b := range r.buckets {
		out[i] = stringOrLongPipeBucket(&b.termBucket, r.format, kf, b)
	}
	return out
}

func (r *sigResult) withBuckets(bs []pipeBucket) result {
	out := *r
	out.buckets = copyBuckets(bs, func(b sigBucket, subs aggList) sigBucket { b.subs = subs; return b })
	return &out
}

func (r *adjacencyResult) pipeBuckets() []pipeBucket {
	out := make([]pipeBucket, len(r.buckets))
	for i, b := range r.buckets {
		out[i] = pipeBucket{docCount: b.docCount, subs: b.subs, key: b.key, ks: b.key, orig: b}
	}
	return out
}

func (r *adjacencyResult) withBuckets(bs []pipeBucket) result {
	out := *r
	out.buckets = copyBuckets(bs, func(b filtersBucket, subs aggList) filtersBucket { b.subs = subs; return b })
	return &out
}

func (r *varWidthResult) pipeBuckets() []pipeBucket {
	out := make([]pipeBucket, len(r.buckets))
	kf := formatKey(r.format)
	for i, b := range r.buckets {
		out[i] = pipeBucket{docCount: b.docCount, subs: b.subs, key: b.centroid, keyFormat: kf, orig: b}
	}
	return out
}

func (r *varWidthResult) withBuckets(bs []pipeBucket) result {
	out := *r
	out.buckets = copyBuckets(bs, func(b vwBucket, subs aggList) vwBucket { b.subs = subs; return b })
	return &out
}

func (r *compositeResult) pipeBuckets() []pipeBucket {
	out := make([]pipeBucket, len(r.buckets))
	for i, b := range r.buckets {
		ks := compositeKeyString(r.keyObject(b))
		out[i] = pipeBucket{docCount: b.docCount, subs: b.subs, key: ks, ks: ks, orig: b}
	}
	return out
}

func (r *compositeResult) withBuckets(bs []pipeBucket) result {
	out := *r
	if out.after == nil && len(r.buckets) > 0 {
		out.after = r.buckets[len(r.buckets)-1]
	}
	out.buckets = copyBuckets(bs, func(b compBucket, subs aggList) compBucket { b.subs = subs; return b })
	return &out
}

// compositeKeyString is a composite bucket's getKeyAsString(): its sources
// as Java prints a map, {name=value, ...}.
func compositeKeyString(key jsonout.Object) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, f := range key {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(f.Key + "=")
		switch v := f.Value.(type) {
		case nil:
			b.WriteString("null")
		case fmt.Stringer:
			b.WriteString(v.String())
		default:
			fmt.Fprint(&b, v)
		}
	}
	b.WriteByte('}')
	return b.String()
}
