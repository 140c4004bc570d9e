package search

import (
	"cmp"
	"math"
	"net/netip"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Range fields (integer_range ... ip_range) store each range as its
// inclusive bounds (mapping/range.go). A query range [l, h] matches a
// document range [a, b] by relation: intersects a <= h && b >= l, within
// a >= l && b <= h, contains a <= l && b >= h. A term is the range [v, v].

// relation normalises the relation option ("" is intersects).
func relation(r string) string {
	r = strings.ToLower(r)
	if r == "" {
		return "intersects"
	}
	return r
}

// rangeRelates reports whether the stored range [a, b] relates to the
// query's [l, h] by rel: within, contains, or (by default) intersects.
func rangeRelates[T cmp.Ordered](rel string, a, b, l, h T) bool {
	switch rel {
	case "within":
		return a >= l && b <= h
	case "contains":
		return a <= l && b >= h
	}
	return a <= h && b >= l
}

// rangeFieldNode matches documents with a stored range related to [lo, hi].
func (c *shardCtx) rangeFieldNode(f *mapping.Field, rel, desc string, lo, hi any, boost float32) node {
	r := c.r
	switch f.Type {
	case mapping.TypeFloatRange, mapping.TypeDoubleRange:
		l, h := lo.(float64), hi.(float64)
		var buf []float64
		return c.predNode(desc, boost, func(slot int32) bool {
			buf = r.Doubles(f.Path, slot, buf[:0])
			for i := 0; i+1 < len(buf); i += 2 {
				if rangeRelates(rel, buf[i], buf[i+1], l, h) {
					return true
				}
			}
			return false
		})
	case mapping.TypeIPRange:
		l, h := lo.(string), hi.(string)
		var buf []string
		return c.predNode(desc, boost, func(slot int32) bool {
			buf = r.Keywords(f.Path, slot, buf[:0])
			for _, v := range buf {
				if len(v) == 32 && rangeRelates(rel, v[:16], v[16:], l, h) {
					return true
				}
			}
			return false
		})
	}
	l, h := lo.(int64), hi.(int64)
	var buf []int64
	return c.predNode(desc, boost, func(slot int32) bool {
		buf = r.Longs(f.Path, slot, buf[:0])
		for i := 0; i+1 < len(buf); i += 2 {
			if rangeRelates(rel, buf[i], buf[i+1], l, h) {
				return true
			}
		}
		return false
	})
}

// rangeFieldQuery is the range query on a range field.
func (c *shardCtx) rangeFieldQuery(f *mapping.Field, q *dsl.Range, boost float32) (node, *apierr.Error) {
	rel := relation(q.Relation)
	desc := f.Path + ":" + rel + "[" + orStar(q.From, textOf(q.From)) + " TO " + orStar(q.To, textOf(q.To)) + "]"
	switch f.Type {
	case mapping.TypeDateRange:
		lo, hi, err := c.dateBounds(f, q.From, q.To, q.IncludeLower, q.IncludeUpper, q.Format, q.TimeZone)
		if err != nil {
			return nil, err
		}
		return c.rangeFieldNode(f, rel, desc, lo, hi, boost), nil
	case mapping.TypeIntegerRange, mapping.TypeLongRange:
		lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
		if q.From != nil {
			v, err := parseNumber(q.From)
			if err != nil {
				return nil, c.failedToCreate(err)
			}
			if lo = int64(math.Ceil(v)); !q.IncludeLower && float64(lo) == v {
				lo++
			}
		}
		if q.To != nil {
			v, err := parseNumber(q.To)
			if err != nil {
				return nil, c.failedToCreate(err)
			}
			if hi = int64(math.Floor(v)); !q.IncludeUpper && float64(hi) == v {
				hi--
			}
		}
		return c.rangeFieldNode(f, rel, desc, lo, hi, boost), nil
	case mapping.TypeFloatRange, mapping.TypeDoubleRange:
		lo, hi := math.Inf(-1), math.Inf(1)
		if q.From != nil {
			v, err := parseNumber(q.From)
			if err != nil {
				return nil, c.failedToCreate(err)
			}
			if lo = v; !q.IncludeLower {
				lo = math.Nextafter(lo, math.Inf(1))
			}
		}
		if q.To != nil {
			v, err := parseNumber(q.To)
			if err != nil {
				return nil, c.failedToCreate(err)
			}
			if hi = v; !q.IncludeUpper {
				hi = math.Nextafter(hi, math.Inf(-1))
			}
		}
		return c.rangeFieldNode(f, rel, desc, lo, hi, boost), nil
	case mapping.TypeIPRange:
		lo, hi := netip.IPv6Unspecified(), netip.AddrFrom16([16]byte{255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255})
		if q.From != nil {
			a, ok := mapping.ParseIP(q.From.Text())
			if !ok {
				return nil, c.failedToCreate(apierr.IllegalArgument("%s", mapping.NotIPReason(q.From.Text())))
			}
			if lo = a; !q.IncludeLower {
				lo = ip16(a).Next()
			}
		}
		if q.To != nil {
			a, ok := mapping.ParseIP(q.To.Text())
			if !ok {
				return nil, c.failedToCreate(apierr.IllegalArgument("%s", mapping.NotIPReason(q.To.Text())))
			}
			if hi = a; !q.IncludeUpper {
				hi = ip16(a).Prev()
			}
		}
		return c.rangeFieldNode(f, rel, desc, mapping.EncodeIP(lo), mapping.EncodeIP(hi), boost), nil
	}
	return &noneNode{reason: "unmapped field"}, nil
}

// rangeFieldTerm is the term query on a range field: ranges containing v.
func (c *shardCtx) rangeFieldTerm(f *mapping.Field, v *xcontent.Value, boost float32) (node, *apierr.Error) {
	desc := f.Path + ":" + v.Text()
	switch f.Type {
	case mapping.TypeIPRange:
		lo, hi, err := ipTermBounds(v.Text())
		if err != nil {
			return nil, c.failedToCreate(err)
		}
		return c.rangeFieldNode(f, "intersects", desc, mapping.EncodeIP(lo), mapping.EncodeIP(hi), boost), nil
	case mapping.TypeDateRange:
		lo, hi, err := c.dateBounds(f, v, v, true, true, "", "")
		if err != nil {
			return nil, err
		}
		return c.rangeFieldNode(f, "intersects", desc, lo, hi, boost), nil
	case mapping.TypeFloatRange, mapping.TypeDoubleRange:
		n, err := parseNumber(v)
		if err != nil {
			return nil, c.failedToCreate(err)
		}
		return c.rangeFieldNode(f, "intersects", desc, n, n, boost), nil
	}
	n, err := parseNumber(v)
	if err != nil {
		return nil, c.failedToCreate(err)
	}
	if n != math.Trunc(n) {
		return &noneNode{reason: "Value [" + v.Text() + "] has a decimal part"}, nil
	}
	return c.rangeFieldNode(f, "intersects", desc, int64(n), int64(n), boost), nil
}

func textOf(v *xcontent.Value) string {
	if v == nil {
		return ""
	}
	return v.Text()
}
