package aggs

import (
	"math"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// bucketSortSpec is the bucket_sort pipeline.
type bucketSortSpec struct {
	pipeFields
	sorts []sortField
	from  int
	size  int // 0: all
}

type sortField struct {
	path string
	desc bool
}

func parseBucketSort(p *parser) (spec, *apierr.Error) {
	s := &bucketSortSpec{}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		v := &m.Value
		switch m.Key {
		case "sort":
			if v.Kind != xcontent.Object && v.Kind != xcontent.Array {
				return true, p.wrongType(m)
			}
			sorts, err := parseSortFields(v)
			if err != nil {
				return true, pipeFailed(p, m, err)
			}
			s.sorts = sorts
		case "from":
			n, err := p.integer(m)
			if err != nil {
				return true, err
			}
			if n < 0 {
				return true, pipeFailed(p, m, apierr.IllegalArgument("[from] must be a non-negative integer: [%d]", n))
			}
			s.from = n
		case "size":
			n, err := p.integer(m)
			if err != nil {
				return true, err
			}
			if n <= 0 {
				return true, pipeFailed(p, m, apierr.IllegalArgument("[size] must be a positive integer: [%d]", n))
			}
			s.size = n
		case "gap_policy":
			return true, parseLowerGapPolicy(p, m, &s.gap)
		default:
			return false, nil
		}
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	s.paths = make([]string, len(s.sorts))
	for i, f := range s.sorts {
		s.paths[i] = f.path
	}
	return s, nil
}

// parseSortFields reads a sort as SortBuilder.fromXContent does, keeping
// field sorts only: "f", {"f": "desc"}, {"f": {"order": "desc"}} or an
// array of them.
func parseSortFields(v *xcontent.Value) ([]sortField, *apierr.Error) {
	var out []sortField
	one := func(v *xcontent.Value) *apierr.Error {
		switch v.Kind {
		case xcontent.String:
			out = append(out, sortField{path: v.Str})
			return nil
		case xcontent.Object:
		default:
			return parseErr(v.Line, v.Col, "unexpected token [%s]", v.Token())
		}
		for i := range v.Members {
			m := &v.Members[i]
			f := sortField{path: m.Key}
			order := ""
			switch m.Value.Kind {
			case xcontent.String:
				order = m.Value.Str
			case xcontent.Object:
				if o := m.Value.Get("order"); o != nil {
					order = o.Text()
				}
			}
			switch strings.ToLower(order) {
			case "desc":
				f.desc = true
			case "asc", "":
			default:
				return apierr.IllegalArgument("Unknown SortOrder [%s]", order)
			}
			if f.path == "_score" || f.path == "_script" || f.path == "_geo_distance" {
				return apierr.IllegalArgument("[bucket_sort] only supports field based sorting; incompatible sort: [%s]", f.path)
			}
			out = append(out, f)
		}
		return nil
	}
	if v.Kind == xcontent.Array {
		for i := range v.Items {
			if err := one(&v.Items[i]); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return out, one(v)
}

func (s *bucketSortSpec) validate(vc *validationCtx, a *Agg) {
	vc.hasParent("bucket_sort", a.Name)
	if len(s.sorts) == 0 && s.size == 0 && s.from == 0 {
		vc.add("[%s] is configured to perform nothing. Please set either of [sort, size, from] to use bucket_sort", a.Name)
	}
}

// parent sorts the buckets by the sort values (buckets a skipped gap
// leaves without any are dropped), then keeps size buckets from from
// (BucketSortPipelineAggregator.reduce).
func (s *bucketSortSpec) parent(a, owner *Agg, res result) (result, *apierr.Error) {
	mb, err := multiBucketOf(owner, res)
	if err != nil {
		return nil, err
	}
	bs := mb.pipeBuckets()
	size := s.size
	if size == 0 {
		size = len(bs)
	}
	if s.from >= len(bs) {
		return mb.withBuckets(nil), nil
	}
	if len(s.sorts) == 0 {
		return mb.withBuckets(bs[s.from:min(s.from+size, len(bs))]), nil
	}
	type sortable struct {
		b    pipeBucket
		vals []any // nil: no value for that sort
	}
	var list []sortable
	for i := range bs {
		e := sortable{b: bs[i], vals: make([]any, len(s.sorts))}
		any := false
		for j, f := range s.sorts {
			if f.path == "_key" {
				e.vals[j], any = bs[i].key, true
				continue
			}
			path, err := pathList(f.path)
			if err != nil {
				return nil, err
			}
			v, ok, err := resolveBucketValue(owner, &bs[i], path, s.gap)
			if err != nil {
				return nil, err
			}
			switch {
			case !ok && s.gap == gapSkip:
				// Double.isNaN(null): the value is unboxed
				e := apierr.New("null_pointer_exception", `Cannot invoke "java.lang.Double.doubleValue()" because "bucketValue" is null`)
				e.Status = 500
				return nil, e
			case !ok:
				any = true // a null sort value: the bucket sorts last on it
			case s.gap == gapSkip && math.IsNaN(v):
			default:
				e.vals[j], any = v, true
			}
		}
		if any {
			list = append(list, e)
		}
	}
	sort.SliceStable(list, func(i, j int) bool {
		for k, f := range s.sorts {
			x, y := list[i].vals[k], list[j].vals[k]
			var c int
			switch {
			case x == nil && y == nil:
				continue
			case x == nil:
				return false
			case y == nil:
				return true
			default:
				c = compareSortValues(x, y)
				if f.desc {
					c = -c
				}
			}
			if c != 0 {
				return c < 0
			}
		}
		return false
	})
	limit := min(s.from+size, len(list))
	var out []pipeBucket
	for i := s.from; i < limit; i++ {
		out = append(out, list[i].b)
	}
	return mb.withBuckets(out), nil
}

// compareSortValues is Comparable.compareTo of two sort values of the same
// kind (Double, Long, String or a date key).
func compareSortValues(x, y any) int {
	switch x := x.(type) {
	case float64:
		y, _ := y.(float64)
		return compareDoubles(x, y)
	case int64:
		y, _ := y.(int64)
		return cmpInt(x, y)
	case dateKey:
		y, _ := y.(dateKey)
		return cmpInt(int64(x), int64(y))
	case string:
		y, _ := y.(string)
		return strings.Compare(x, y)
	}
	return 0
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
