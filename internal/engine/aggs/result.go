package aggs

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// result is one aggregation's result (InternalAggregation): on a shard, or
// reduced.
type result interface {
	// typeName is the typed_keys prefix (getType()).
	typeName() string
	// reduce merges the results of the same aggregation from every shard
	// (the receiver is one of them).
	reduce(all []result, rc *reduceCtx) (result, *apierr.Error)
	// render writes the body after "meta", as doXContentBody does.
	render(rc *renderCtx) jsonout.Object
}

// named is a result with its aggregation.
type named struct {
	agg *Agg
	res result
}

// aggList is the aggregations of one level (the top or one bucket), in
// response order: the aggregations, then the pipeline results.
type aggList []named

// get returns the result named name.
func (l aggList) get(name string) (named, bool) {
	for _, n := range l {
		if n.agg.Name == name {
			return n, true
		}
	}
	return named{}, false
}

// reduceCtx carries the reduce's state: the bucket budget of
// search.max_buckets.
type reduceCtx struct {
	maxBuckets int
	buckets    int
}

// consume counts n buckets against search.max_buckets, as
// MultiBucketConsumer does during the final reduce.
func (rc *reduceCtx) consume(n int) *apierr.Error {
	rc.buckets += n
	if rc.maxBuckets > 0 && rc.buckets > rc.maxBuckets {
		return TooManyBuckets(rc.maxBuckets, rc.buckets)
	}
	return nil
}

// TooManyBuckets is the too_many_buckets_exception of MultiBucketConsumer.
func TooManyBuckets(limit, count int) *apierr.Error {
	e := apierr.New("too_many_buckets_exception", sprintf("Trying to create too many buckets. Must be less than or equal to: [%d] but was [%d]. This limit can be set by changing the [search.max_buckets] cluster level setting.", limit, count),
		apierr.Meta{Key: "max_buckets", Value: limit})
	e.Status = 503
	return e
}

// reduceLists reduces the aggregation lists of several shards (or
// buckets), aligned by position.
func reduceLists(lists []aggList, rc *reduceCtx) (aggList, *apierr.Error) {
	if len(lists) == 0 {
		return nil, nil
	}
	if len(lists) == 1 && len(lists[0]) == 0 {
		return nil, nil
	}
	out := make(aggList, len(lists[0]))
	all := make([]result, len(lists))
	for i := range lists[0] {
		for j, l := range lists {
			all[j] = l[i].res
		}
		r, err := all[0].reduce(all, rc)
		if err != nil {
			return nil, err
		}
		out[i] = named{agg: lists[0][i].agg, res: r}
	}
	return out, nil
}

// Result is the reduced aggregations of a search.
type Result struct {
	list aggList
}

// Reduce merges the shards' results (failed shards left out) into the
// response's aggregations, then runs the pipeline aggregations. maxBuckets
// is search.max_buckets.
func (t *Tree) Reduce(shards []*ShardResult, maxBuckets int) (*Result, *apierr.Error) {
	lists := make([]aggList, 0, len(shards))
	for _, s := range shards {
		lists = append(lists, s.list)
	}
	rc := &reduceCtx{maxBuckets: maxBuckets}
	var list aggList
	if len(lists) == 0 {
		// No shard answered: every aggregation is empty, as
		// InternalAggregations built from no shard results.
		return &Result{}, nil
	}
	list, err := reduceLists(lists, rc)
	if err != nil {
		return nil, err
	}
	list, err = runPipelines(t.Aggs, t.Pipes, list)
	if err != nil {
		return nil, err
	}
	return &Result{list: list}, nil
}

// Empty reports whether there is nothing to render (no shard answered).
func (r *Result) Empty() bool { return r == nil || r.list == nil }

// renderCtx holds the rendering options.
type renderCtx struct {
	typedKeys bool
	// totalHitsAsInt is rest_total_hits_as_int: top_hits print their
	// total as a number.
	totalHitsAsInt bool
}

// Render returns the "aggregations" object; typedKeys prefixes each name
// with its type (typed_keys=true).
func (r *Result) Render(typedKeys bool) jsonout.Object {
	return r.RenderWith(typedKeys, false)
}

// RenderWith is Render with rest_total_hits_as_int, which top_hits honour.
func (r *Result) RenderWith(typedKeys, totalHitsAsInt bool) jsonout.Object {
	return renderList(r.list, &renderCtx{typedKeys: typedKeys, totalHitsAsInt: totalHitsAsInt})
}

// renderList renders one level of aggregations as an object keyed by name.
func renderList(l aggList, rc *renderCtx) jsonout.Object {
	out := make(jsonout.Object, 0, len(l))
	for _, n := range l {
		key := n.agg.Name
		if rc.typedKeys {
			key = n.res.typeName() + "#" + key
		}
		body := n.res.render(rc)
		if n.agg.Meta != nil {
			body = append(jsonout.Object{{Key: "meta", Value: n.agg.Meta}}, body...)
		}
		out = append(out, jsonout.Field{Key: key, Value: body})
	}
	return out
}

// renderSubs appends a bucket's sub-aggregations to its fields.
func renderSubs(o jsonout.Object, l aggList, rc *renderCtx) jsonout.Object {
	return append(o, renderList(l, rc)...)
}

// reduceFixedBuckets reduces buckets that stand at the same position in
// every shard's result (ranges, filters: their keys come from the request):
// the i-th buckets' counts are summed and their sub-aggregations reduced;
// at gives the i-th bucket of one shard's result, build makes the reduced
// one.
func reduceFixedBuckets[B any](all []result, n int, rc *reduceCtx, at func(r result, i int) (docCount int64, subs aggList),
	build func(i int, docCount int64, subs aggList) B) ([]B, *apierr.Error) {
	out := make([]B, 0, n)
	for i := 0; i < n; i++ {
		var count int64
		lists := make([]aggList, 0, len(all))
		for _, x := range all {
			c, subs := at(x, i)
			count += c
			lists = append(lists, subs)
		}
		subs, err := reduceLists(lists, rc)
		if err != nil {
			return nil, err
		}
		out = append(out, build(i, count, subs))
	}
	return out, nil
}
