package aggs

import "strconv"

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
	out.buckets = make([]*histBucket, len(bs))
	for i, pb := range bs {
		b := *pb.orig.(*histBucket)
		b.subs = pb.subs
		out.buckets[i] = &b
	}
	return &out
}

func (r *termsResult) pipeBuckets() []pipeBucket {
	out := make([]pipeBucket, len(r.buckets))
	kf := formatKey(r.format)
	for i, b := range r.buckets {
		pb := pipeBucket{docCount: b.docCount, subs: b.subs, orig: b}
		switch b.kind {
		case keyString:
			pb.key, pb.ks = b.s, b.s
		case keyLong:
			pb.key, pb.keyFormat = b.n, kf
		default:
			pb.key, pb.keyFormat = b.f, kf
		}
		out[i] = pb
	}
	return out
}

func (r *termsResult) withBuckets(bs []pipeBucket) result {
	out := *r
	out.buckets = make([]*termBucket, len(bs))
	for i, pb := range bs {
		b := *pb.orig.(*termBucket)
		b.subs = pb.subs
		out.buckets[i] = &b
	}
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
	out.buckets = make([]*rangeBucket, len(bs))
	for i, pb := range bs {
		b := *pb.orig.(*rangeBucket)
		b.subs = pb.subs
		out.buckets[i] = &b
	}
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
	out.buckets = make([]*filtersBucket, len(bs))
	for i, pb := range bs {
		b := *pb.orig.(*filtersBucket)
		b.subs = pb.subs
		out.buckets[i] = &b
	}
	return &out
}

// withSubs is a singleResult with other sub-aggregations (create(subAggs)).
func (r *singleResult) withSubs(subs aggList) result {
	out := *r
	out.subs = subs
	return &out
}
