package aggs

import (
	"cmp"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// orderKey is one element of a bucket order: "_count", "_key" or a path to
// a sub-aggregation's value.
type orderKey struct {
	kind byte // 'c' count, 'k' key, 'p' path
	path []pathElem
	text string // the path as written
	asc  bool
}

// bucketOrder is a compound order; keyed buckets always end with a key
// tie-breaker (InternalOrder.CompoundOrder).
type bucketOrder []orderKey

func (o bucketOrder) isKeyOrder() bool { return len(o) > 0 && o[0].kind == 'k' }
func (o bucketOrder) isCountDesc() bool {
	return len(o) > 0 && o[0].kind == 'c' && !o[0].asc
}

// parseOrder reads an order: an object or an array of objects, each
// {"<key>": "asc"|"desc"}. warn receives the deprecation of _term/_time.
func parseOrder(p *parser, m *xcontent.Member, warn func(string)) (bucketOrder, *apierr.Error) {
	var out bucketOrder
	one := func(v *xcontent.Value) *apierr.Error {
		if v.Kind != xcontent.Object {
			return xerr(v.Line, v.Col, "[%s] failed to parse field [order]", p.agg.Type)
		}
		for _, om := range v.Members {
			dir := om.Value.Text()
			var asc bool
			switch dir {
			case "asc", "ASC":
				asc = true
			case "desc", "DESC":
			default:
				e := xerr(om.Line, om.Col, "[%s] failed to parse field [order]", p.agg.Type)
				e.Cause = parseErr(om.Value.Line, om.Value.Col, "Unknown order direction [%s]", dir)
				return e
			}
			k := orderKey{asc: asc, text: om.Key}
			switch om.Key {
			case "_count":
				k.kind = 'c'
			case "_key":
				k.kind = 'k'
			case "_term", "_time":
				k.kind = 'k'
				if warn != nil {
					warn("Deprecated aggregation order key [" + om.Key + "] used, replaced by [_key]")
				}
			default:
				k.kind = 'p'
				path, err := parsePath(om.Key)
				if err != nil {
					return err
				}
				k.path = path
			}
			out = append(out, k)
		}
		return nil
	}
	switch m.Value.Kind {
	case xcontent.Object:
		if err := one(&m.Value); err != nil {
			return nil, err
		}
	case xcontent.Array:
		for i := range m.Value.Items {
			if err := one(&m.Value.Items[i]); err != nil {
				return nil, err
			}
		}
	default:
		return nil, p.wrongType(m)
	}
	return out, nil
}

// withKeyTieBreak adds "_key asc" unless the order already ends on the key.
func (o bucketOrder) withKeyTieBreak() bucketOrder {
	for _, k := range o {
		if k.kind == 'k' {
			return o
		}
	}
	return append(append(bucketOrder{}, o...), orderKey{kind: 'k', asc: true})
}

// validateOrderPaths checks that each path names a sub-aggregation that
// can order buckets, as AggregationPath.validate does.
func validateOrderPaths(o bucketOrder, a *Agg) *apierr.Error {
	for _, k := range o {
		if k.kind != 'p' {
			continue
		}
		subs := a.Subs
		for i, e := range k.path {
			var sub *Agg
			for _, s := range subs {
				if s.Name == e.name {
					sub = s
				}
			}
			if sub == nil {
				return aggExec("Invalid aggregator order path [%s]. Unknown aggregation [%s]", k.text, e.name)
			}
			last := i == len(k.path)-1
			switch {
			case singleBucketTypes[sub.Type]:
				subs = sub.Subs
			case !last:
				return aggExec("Invalid aggregator order path [%s]. Buckets can only be sorted on a sub-aggregator path that is built out of zero or more single-bucket aggregations within the path and a final single-bucket or a metrics aggregation at the path end. Sub-path [%s] points to non single-bucket aggregation", k.text, e.name)
			case multiValueMetrics[sub.Type] && e.metric == "":
				return aggExec("Invalid aggregation order path [%s]. When ordering on a multi-value metrics aggregation a metric name must be specified.", k.text)
			case !metricTypes[sub.Type]:
				return aggExec("Invalid aggregator order path [%s]. Buckets can only be sorted on a sub-aggregator path that is built out of zero or more single-bucket aggregations within the path and a final single-bucket or a metrics aggregation at the path end.", k.text)
			}
		}
	}
	return nil
}

func aggExec(format string, args ...any) *apierr.Error {
	e := apierr.New("aggregation_execution_exception", sprintf(format, args...))
	e.Status = 500
	return e
}

// orderedBucket is what a bucket order compares.
type orderedBucket interface {
	count() int64
	compareKey(o orderedBucket) int
	subAggs() aggList
}

// compareBuckets orders a before b (negative), as the compound order's
// comparator does.
func (o bucketOrder) compare(a, b orderedBucket) int {
	for _, k := range o {
		var c int
		switch k.kind {
		case 'c':
			c = cmp.Compare(a.count(), b.count())
		case 'k':
			c = a.compareKey(b)
		default:
			va, _ := resolvePath(a.count(), a.subAggs(), k.path)
			vb, _ := resolvePath(b.count(), b.subAggs(), k.path)
			c = compareDoubles(va, vb)
		}
		if !k.asc {
			c = -c
		}
		if c != 0 {
			return c
		}
	}
	return 0
}

// compareDoubles is Double.compare: NaN sorts last.
func compareDoubles(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	case a == b:
		return 0
	case a != a && b != b:
		return 0
	case a != a:
		return 1
	}
	return -1
}
