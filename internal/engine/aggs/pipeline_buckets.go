package aggs

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// multiBucketResult is a reduced InternalMultiBucketAggregation as the
// pipelines see it: its buckets in response order, and a copy of it with
// other buckets (create(buckets) / createBucket(aggs, prototype)). Every
// multi-bucket result implements it; pipelines reach buckets only
// through it.
type multiBucketResult interface {
	result
	pipeBuckets() []pipeBucket
	// withBuckets returns a copy of the result holding bs (taken from
	// pipeBuckets, possibly reordered, dropped or with new subs).
	withBuckets(bs []pipeBucket) result
}

// pipeBucket is one bucket of a multi-bucket result.
type pipeBucket struct {
	docCount int64
	subs     aggList
	// key is getKey(): int64 or float64 for numeric keys, string, or a
	// dateKey (a ZonedDateTime in Java).
	key any
	// ks is getKeyAsString() when it is the key itself; otherwise
	// keyFormat computes it from the key (only when asked: formatting every
	// date key would cost more than the pipelines).
	ks        string
	keyFormat func(key any) string
	orig      any // the result's own bucket
}

// keyString is getKeyAsString().
func (b *pipeBucket) keyString() string {
	if b.keyFormat != nil {
		return b.keyFormat(b.key)
	}
	return b.ks
}

// formatKey formats a numeric key with a result's format.
func formatKey(f docFormat) func(key any) string {
	return func(key any) string {
		switch k := key.(type) {
		case dateKey:
			return f.long(int64(k))
		case int64:
			return f.long(k)
		case float64:
			return f.double(k)
		}
		return ""
	}
}

// dateKey is a date_histogram key in epoch millis.
type dateKey int64

// histogramKey is HistogramFactory.getKey: the x value derivative divides
// by (a date key in millis).
func histogramKey(b *pipeBucket) float64 {
	switch k := b.key.(type) {
	case dateKey:
		return float64(k)
	case float64:
		return k
	case int64:
		return float64(k)
	}
	return 0
}

func (r *histResult) pipeBuckets() []pipeBucket {
	out := make([]pipeBucket, len(r.buckets))
	kf := formatKey(r.format)
	for i, b := range r.buckets {
		pb := pipeBucket{docCount: b.docCount, subs: b.subs, key: b.key, keyFormat: kf, orig: b}
		if r.spec.date {
			pb.key = dateKey(int64(b.key))
		}
		out[i] = pb
	}
	return out
}

func (r *histResult) withBuckets(bs []pipeBucket) result {
	out := *r
	out.buckets = copyBuckets(bs, func(b histBucket, subs aggList) histBucket { b.subs = subs; return b })
	return &out
}

func (r *termsResult) pipeBuckets() []pipeBucket {
	out := make([]pipeBucket, len(r.buckets))
	kf := formatKey(r.format)
	for i, b := range r.buckets {
		pb := pipeBucket{docCount: b.docCount, subs: b.subs, orig: b}
		switch b.kind {
		case keyString:
			k := r.format.bytes(b.s)
			pb.key, pb.ks = k, k
		case keyLong:
			pb.key, pb.keyFormat = b.n, kf
		case keyUnsigned:
			pb.key, pb.keyFormat = float64(mapping.DecodeUnsigned(b.n)), kf
		default:
			pb.key, pb.keyFormat = b.f, kf
		}
		out[i] = pb
	}
	return out
}

func (r *termsResult) withBuckets(bs []pipeBucket) result {
	out := *r
	out.buckets = copyBuckets(bs, func(b termBucket, subs aggList) termBucket { b.subs = subs; return b })
	return &out
}

func (r *rangeResult) pipeBuckets() []pipeBucket {
	out := make([]pipeBucket, len(r.buckets))
	for i, b := range r.buckets {
		k := r.key(b.def)
		out[i] = pipeBucket{docCount: b.docCount, subs: b.subs, key: k, ks: k, orig: b}
	}
	return out
}

func (r *rangeResult) withBuckets(bs []pipeBucket) result {
	out := *r
	out.buckets = copyBuckets(bs, func(b rangeBucket, subs aggList) rangeBucket { b.subs = subs; return b })
	return &out
}

func (r *filtersResult) pipeBuckets() []pipeBucket {
	out := make([]pipeBucket, len(r.buckets))
	for i, b := range r.buckets {
		k := b.key
		if r.spec.anonymous && k == "" {
			// anonymous filters are keyed by their position
			k = strconv.Itoa(i)
		}
		out[i] = pipeBucket{docCount: b.docCount, subs: b.subs, key: k, ks: k, orig: b}
	}
	return out
}

func (r *filtersResult) withBuckets(bs []pipeBucket) result {
	out := *r
	out.buckets = copyBuckets(bs, func(b filtersBucket, subs aggList) filtersBucket { b.subs = subs; return b })
	return &out
}

// withSubs is a singleResult with other sub-aggregations (create(subAggs)).
func (r *singleResult) withSubs(subs aggList) result {
	out := *r
	out.subs = subs
	return &out
}

func (r *autoDateResult) pipeBuckets() []pipeBucket {
	out := make([]pipeBucket, len(r.buckets))
	kf := formatKey(r.format)
	for i, b := range r.buckets {
		out[i] = pipeBucket{docCount: b.docCount, subs: b.subs, key: dateKey(b.key), keyFormat: kf, orig: b}
	}
	return out
}

func (r *autoDateResult) withBuckets(bs []pipeBucket) result {
	out := *r
	out.buckets = copyBuckets(bs, func(b autoBucket, subs aggList) autoBucket { b.subs = subs; return b })
	return &out
}

func (r *rareResult) pipeBuckets() []pipeBucket {
	out := make([]pipeBucket, len(r.buckets))
	kf := formatKey(r.format)
	for i, b := range r.buckets {
		out[i] = stringOrLongPipeBucket(b, r.format, kf, b)
	}
	return out
}

func (r *rareResult) withBuckets(bs []pipeBucket) result {
	out := *r
	out.buckets = copyBuckets(bs, func(b termBucket, subs aggList) termBucket { b.subs = subs; return b })
	return &out
}

// stringOrLongPipeBucket is the pipe bucket of a rare_terms or
// significant_terms bucket b, whose key is a string term or a long
// (formatted with kf when asked); orig is the result's own bucket.
func stringOrLongPipeBucket(b *termBucket, f docFormat, kf func(key any) string, orig any) pipeBucket {
	pb := pipeBucket{docCount: b.docCount, subs: b.subs, orig: orig}
	if b.kind == keyString {
		k := f.bytes(b.s)
		pb.key, pb.ks = k, k
	} else {
		pb.key, pb.keyFormat = b.n, kf
	}
	return pb
}

// copyBuckets copies the result's own bucket behind each pipe bucket with
// the pipe bucket's sub-aggregations (createBucket(aggs, prototype)).
func copyBuckets[B any](bs []pipeBucket, withSubs func(b B, subs aggList) B) []*B {
	out := make([]*B, len(bs))
	for i, pb := range bs {
		b := withSubs(*pb.orig.(*B), pb.subs)
		out[i] = &b
	}
	return out
}
