package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"math"
	"math/big"
	"net/netip"
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Query and doc-value support of the field types beyond the core ones (see
// mapping/document_extra.go for how each stores its values).

// termExtra is the term query on the kinds term does not handle itself.
func (c *shardCtx) termExtra(f *mapping.Field, v *xcontent.Value, caseInsensitive bool, boost float32) (node, *apierr.Error) {
	switch kindOf(f) {
	case kindIP:
		lo, hi, err := ipTermBounds(v.Text())
		if err != nil {
			return nil, c.failedToCreate(err)
		}
		return c.ipRange(f.Path, f.Path+":"+v.Text(), lo, hi, boost), nil
	case kindUnsigned:
		s := v.Text()
		if bf, ok := new(big.Float).SetString(strings.TrimSpace(s)); ok && !bf.IsInt() {
			return &noneNode{reason: "Value [" + s + "] has a decimal part"}, nil
		}
		u, err := mapping.ParseUnsigned(s)
		if err != nil {
			return nil, c.failedToCreate(err)
		}
		e := mapping.EncodeUnsigned(u)
		return c.predNode(f.Path+":["+s+" TO "+s+"]", boost, c.longPred(f.Path, func(x int64) bool { return x == e })), nil
	case kindConstant:
		s := v.Text()
		if f.ConstantValue() == s || caseInsensitive && strings.EqualFold(f.ConstantValue(), s) {
			return c.matchAll(boost), nil
		}
		return &noneNode{reason: "The index [" + c.idx.Name + "] doesn't match the provided value [" + s + "]."}, nil
	case kindGeo:
		return nil, c.queryShardErr("Geometry fields do not support exact searching, use dedicated geometry queries instead: ["+f.Path+"]", nil)
	case kindBinary:
		return nil, c.queryShardErr("Binary fields do not support searching", nil)
	}
	return &noneNode{reason: "unmapped field"}, nil
}

// ipTermBounds reads an ip term: an address or a CIDR block.
func ipTermBounds(s string) (netip.Addr, netip.Addr, *apierr.Error) {
	if strings.Contains(s, "/") {
		lo, hi, ok := mapping.ParseCIDR(s)
		if !ok {
			return lo, hi, apierr.IllegalArgument("Expected [ip/prefix] but was [%s]", s)
		}
		return lo, hi, nil
	}
	a, ok := mapping.ParseIP(s)
	if !ok {
		return a, a, apierr.IllegalArgument("%s", mapping.NotIPReason(s))
	}
	return a, a, nil
}

// ipRange matches documents with an address in [lo, hi].
func (c *shardCtx) ipRange(field, desc string, lo, hi netip.Addr, boost float32) node {
	l, h := mapping.EncodeIP(lo), mapping.EncodeIP(hi)
	if l > h {
		return &noneNode{reason: "range is empty"}
	}
	r := c.r
	var buf []string
	return c.predNode(desc, boost, func(slot int32) bool {
		buf = r.Keywords(field, slot, buf[:0])
		for _, v := range buf {
			if v >= l && v <= h {
				return true
			}
		}
		return false
	})
}

// rangeExtra is the range query on the kinds rangeQuery does not handle.
func (c *shardCtx) rangeExtra(f *mapping.Field, q *dsl.Range, boost float32) (node, *apierr.Error) {
	switch kindOf(f) {
	case kindIP:
		lo, hi := netip.IPv6Unspecified(), netip.AddrFrom16([16]byte{255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255})
		if q.From != nil {
			a, ok := mapping.ParseIP(q.From.Text())
			if !ok {
				return nil, c.failedToCreate(apierr.IllegalArgument("%s", mapping.NotIPReason(q.From.Text())))
			}
			if !q.IncludeLower {
				if a = ip16(a).Next(); !a.IsValid() {
					return &noneNode{reason: "range is empty"}, nil
				}
			}
			lo = a
		}
		if q.To != nil {
			a, ok := mapping.ParseIP(q.To.Text())
			if !ok {
				return nil, c.failedToCreate(apierr.IllegalArgument("%s", mapping.NotIPReason(q.To.Text())))
			}
			if !q.IncludeUpper {
				if a = ip16(a).Prev(); !a.IsValid() {
					return &noneNode{reason: "range is empty"}, nil
				}
			}
			hi = a
		}
		return c.ipRange(f.Path, f.Path+":["+lo.Unmap().String()+" TO "+hi.Unmap().String()+"]", lo, hi, boost), nil
	case kindUnsigned:
		lo, hi := uint64(0), uint64(math.MaxUint64)
		if q.From != nil {
			v, empty, err := unsignedBound(q.From.Text(), true, q.IncludeLower)
			if err != nil {
				return nil, c.failedToCreate(err)
			}
			if empty {
				return &noneNode{reason: "range is empty"}, nil
			}
			lo = v
		}
		if q.To != nil {
			v, empty, err := unsignedBound(q.To.Text(), false, q.IncludeUpper)
			if err != nil {
				return nil, c.failedToCreate(err)
			}
			if empty {
				return &noneNode{reason: "range is empty"}, nil
			}
			hi = v
		}
		if lo > hi {
			return &noneNode{reason: "range is empty"}, nil
		}
		el, eh := mapping.EncodeUnsigned(lo), mapping.EncodeUnsigned(hi)
		desc := f.Path + ":[" + strconv.FormatUint(lo, 10) + " TO " + strconv.FormatUint(hi, 10) + "]"
		return c.predNode(desc, boost, c.longPred(f.Path, func(x int64) bool { return x >= el && x <= eh })), nil
	case kindConstant:
		v := f.ConstantValue()
		if q.From != nil && (v < q.From.Text() || v == q.From.Text() && !q.IncludeLower) ||
			q.To != nil && (v > q.To.Text() || v == q.To.Text() && !q.IncludeUpper) {
			return &noneNode{reason: "constant value out of range"}, nil
		}
		return c.matchAll(boost), nil
	case kindBinary:
		return nil, c.queryShardErr("Binary fields do not support searching", nil)
	}
	return nil, apierr.IllegalArgument("Field [%s] of type [%s] does not support range queries", f.Path, f.Type)
}

// ip16 puts an address in the 16-byte space Lucene steps through (so the
// successor of 255.255.255.255 is ::ffff:0:0 + 2^32, never an error).
func ip16(a netip.Addr) netip.Addr { return netip.AddrFrom16(a.As16()) }

// unsignedBound turns one end of an unsigned_long range into an inclusive
// bound; empty reports a range that can match nothing.
func unsignedBound(s string, lower, inclusive bool) (uint64, bool, *apierr.Error) {
	bf, ok := new(big.Float).SetPrec(200).SetString(strings.TrimSpace(s))
	if !ok {
		return 0, false, apierr.New(apierr.TypeNumberFormat, "For input string: \""+s+"\"")
	}
	// Round towards the range's inside, then step over an exclusive bound.
	var n *big.Int
	if lower {
		n, _ = new(big.Float).SetPrec(200).Add(bf, big.NewFloat(0)).Int(nil)
		if !bf.IsInt() && bf.Sign() > 0 {
			n.Add(n, big.NewInt(1))
		} else if bf.IsInt() && !inclusive {
			n.Add(n, big.NewInt(1))
		}
		if n.Sign() < 0 {
			return 0, false, nil
		}
		if !n.IsUint64() {
			return 0, true, nil
		}
		return n.Uint64(), false, nil
	}
	n, _ = bf.Int(nil)
	if !bf.IsInt() && bf.Sign() < 0 {
		n.Sub(n, big.NewInt(1))
	} else if bf.IsInt() && !inclusive {
		n.Sub(n, big.NewInt(1))
	}
	if n.Sign() < 0 {
		return 0, true, nil
	}
	if !n.IsUint64() {
		return math.MaxUint64, false, nil
	}
	return n.Uint64(), false, nil
}

// scaledTerm is the term query on a scaled_float: the stored long equals
// Math.round(value * factor).
func (c *shardCtx) scaledTerm(f *mapping.Field, v *xcontent.Value, boost float32) (node, *apierr.Error) {
	n, err := parseNumber(v)
	if err != nil {
		return nil, c.failedToCreate(err)
	}
	factor := f.ScalingFactor()
	want := mapping.ScaleFloat(n, factor)
	s := strconv.FormatInt(want, 10)
	return c.predNode(f.Path+":["+s+" TO "+s+"]", boost, c.doublePred(f.Path, func(d float64) bool {
		return mapping.ScaleFloat(d, factor) == want
	})), nil
}

// scaledRange is the range query on a scaled_float: bounds scaled, then
// rounded inwards (ceil of the lower, floor of the upper).
func (c *shardCtx) scaledRange(f *mapping.Field, q *dsl.Range, lo, hi float64, boost float32) node {
	factor := f.ScalingFactor()
	l, h := int64(math.MinInt64), int64(math.MaxInt64)
	if q.From != nil {
		d := lo * factor
		if !q.IncludeLower {
			d = math.Nextafter(d, math.Inf(1))
		}
		l = int64(math.Ceil(d))
	}
	if q.To != nil {
		d := hi * factor
		if !q.IncludeUpper {
			d = math.Nextafter(d, math.Inf(-1))
		}
		h = int64(math.Floor(d))
	}
	desc := f.Path + ":[" + strconv.FormatInt(l, 10) + " TO " + strconv.FormatInt(h, 10) + "]"
	if l > h {
		return &noneNode{reason: "range is empty"}
	}
	return c.predNode(desc, boost, c.doublePred(f.Path, func(d float64) bool {
		x := mapping.ScaleFloat(d, factor)
		return x >= l && x <= h
	}))
}

// roundQueryDouble rounds a query value the way the field stores values.
func roundQueryDouble(f *mapping.Field, v float64) float64 {
	switch f.Type {
	case mapping.TypeFloat:
		return float64(float32(v))
	case mapping.TypeHalfFloat:
		return mapping.RoundHalfFloat(v)
	}
	return v
}

// docValuesExtra reads the doc values of the newer kinds for one slot.
func (c *shardCtx) docValuesExtra(f *mapping.Field, slot int32) []any {
	var out []any
	switch kindOf(f) {
	case kindIP:
		vs := c.r.Keywords(f.Path, slot, nil)
		sort.Strings(vs)
		for i, v := range vs {
			if i == 0 || v != vs[i-1] {
				out = append(out, mapping.FormatIP(v))
			}
		}
	case kindBinary:
		for _, v := range c.r.Keywords(f.Path, slot, nil) {
			out = append(out, v)
		}
	case kindUnsigned:
		vs := c.r.Longs(f.Path, slot, nil)
		sort.Slice(vs, func(i, j int) bool { return vs[i] < vs[j] })
		for _, v := range vs {
			out = append(out, mapping.DecodeUnsigned(v))
		}
	case kindGeo:
		vs := c.r.Longs(f.Path, slot, nil)
		sort.Slice(vs, func(i, j int) bool { return vs[i] < vs[j] })
		for _, v := range vs {
			lat, lon := mapping.DecodeGeoPoint(v)
			out = append(out, jsonout.Object{{Key: "lat", Value: lat}, {Key: "lon", Value: lon}})
		}
	case kindConstant:
		out = append(out, f.ConstantValue())
	}
	return out
}

// nextHalf is the next representable half float above (up) or below v.
func nextHalf(v float64, up bool) float64 {
	step := math.Ldexp(1, -24)
	if a := math.Abs(v); a >= math.Ldexp(1, -14) {
		_, e := math.Frexp(a)
		step = math.Ldexp(1, e-11)
		// Going down from a power of two the spacing halves.
		if (!up && v > 0 || up && v < 0) && a == math.Ldexp(1, e-1) && e-1 > -14 {
			step /= 2
		}
	}
	if up {
		return v + step
	}
	return v - step
}

// constantPattern is prefix, wildcard and regexp on a constant_keyword:
// every document or none, as the mapped value matches.
func (c *shardCtx) constantPattern(kind string, f *mapping.Field, value string, caseInsensitive bool, boost float32) (node, *apierr.Error) {
	v := f.ConstantValue()
	if caseInsensitive {
		v, value = strings.ToLower(v), strings.ToLower(value)
	}
	var ok bool
	switch kind {
	case "prefix":
		ok = strings.HasPrefix(v, value)
	case "wildcard":
		ok = wildcard.Match(value, v)
	default:
		re, err := luceneRegexp(value, caseInsensitive)
		if err != nil {
			return nil, err
		}
		ok = re.MatchString(v)
	}
	if ok {
		return c.matchAll(boost), nil
	}
	return &noneNode{reason: "The index [" + c.idx.Name + "] doesn't match the provided value [" + value + "]."}, nil
}

// scriptDocExtra is how search scripts read the newer kinds through doc:
// ip addresses and binary values as strings, unsigned longs as longs
// (above 2^63-1 they wrap, as the fake has no BigInteger), geo points as
// GeoPoints, constant_keyword as its value. slot points at the script's
// current document: the field is resolved once and read for each one.
func (c *shardCtx) scriptDocExtra(f *mapping.Field, slot *int32) painless.DocField {
	switch kindOf(f) {
	case kindGeo:
		return painless.DocField{Kind: painless.DocGeoPoints, Doubles: func(dst []float64) []float64 {
			vs := c.r.Longs(f.Path, *slot, nil)
			sort.Slice(vs, func(i, j int) bool { return vs[i] < vs[j] })
			for _, v := range vs {
				lat, lon := mapping.DecodeGeoPoint(v)
				dst = append(dst, lat, lon)
			}
			return dst
		}}
	case kindUnsigned:
		return painless.DocField{Kind: painless.DocLongs, Longs: func(dst []int64) []int64 {
			vs := c.r.Longs(f.Path, *slot, nil)
			sort.Slice(vs, func(i, j int) bool { return vs[i] < vs[j] })
			for _, v := range vs {
				dst = append(dst, int64(mapping.DecodeUnsigned(v)))
			}
			return dst
		}}
	}
	return painless.DocField{Kind: painless.DocStrings, Strings: func(dst []string) []string {
		for _, v := range c.docValuesExtra(f, *slot) {
			if s, ok := v.(string); ok {
				dst = append(dst, s)
			}
		}
		return dst
	}}
}

// adaptAfter turns search_after values into the sort keys' stored forms
// where they differ from what hits show: ip addresses to their 16-byte
// form, unsigned longs to their sign-flipped longs, formatted dates to
// epoch values.
func adaptAfter(keys []*keyReader, after []any) []any {
	if after == nil {
		return nil
	}
	out := append([]any(nil), after...)
	for j, k := range keys {
		if j >= len(out) || k == nil || k.f == nil || k.s.Kind != SortField {
			continue
		}
		switch v := out[j].(type) {
		case string:
			switch kindOf(k.f) {
			case kindIP:
				if a, ok := mapping.ParseIP(v); ok {
					out[j] = mapping.EncodeIP(a)
				}
			case kindDate:
				if _, err := strconv.ParseInt(v, 10, 64); err == nil {
					continue
				}
				parse := mapping.ParseDate
				if k.f.Type == mapping.TypeDateNanos {
					parse = mapping.ParseDateNanos
				}
				if t, err := parse(v, k.f.DateFormat()); err == nil {
					out[j] = t
				}
			case kindUnsigned:
				if u, err := mapping.ParseUnsigned(v); err == nil {
					out[j] = mapping.EncodeUnsigned(u)
				}
			}
		case int64:
			if kindOf(k.f) == kindUnsigned && v >= 0 {
				out[j] = mapping.EncodeUnsigned(uint64(v))
			}
		case uint64:
			if kindOf(k.f) == kindUnsigned {
				out[j] = mapping.EncodeUnsigned(v)
			}
		case float64:
			if kindOf(k.f) == kindUnsigned && v >= 0 {
				out[j] = mapping.EncodeUnsigned(uint64(v))
			}
		}
	}
	return out
}
