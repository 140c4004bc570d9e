package aggs

import (
	"net/netip"
	"slices"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// ipRangeDef is one range of an ip_range aggregation: bounds in the
// 16-byte sortable form ("" for an open end), from inclusive, to exclusive.
type ipRangeDef struct {
	key      string
	hasKey   bool
	from, to string
}

// ipRangeSpec is an ip_range aggregation (IpRangeAggregationBuilder).
type ipRangeSpec struct {
	source
	ranges []ipRangeDef
	keyed  bool
}

func parseIPRange(p *parser) (spec, *apierr.Error) {
	s := &ipRangeSpec{}
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		switch m.Key {
		case "keyed":
			var err *apierr.Error
			s.keyed, err = p.boolean(m)
			return true, err
		case "ranges":
			if m.Value.Kind != xcontent.Array {
				return true, p.wrongType(m)
			}
			for i := range m.Value.Items {
				r, err := parseIPRangeDef(&m.Value.Items[i])
				if err != nil {
					return true, p.failed(m, err)
				}
				s.ranges = append(s.ranges, r)
			}
			return true, nil
		case "format", "script", "time_zone":
			return false, nil // ip_range declares neither a format nor a script
		}
		return s.parseSourceField(p, m, false)
	})
	if err != nil {
		return nil, err
	}
	if len(s.ranges) == 0 {
		return nil, apierr.IllegalArgument("No [ranges] specified for the [%s] aggregation", p.agg.Name)
	}
	if len(s.ranges) > 64 {
		// The collector keeps a document's ranges in a 64-bit mask.
		return nil, apierr.Unsupported("more than 64 ranges in an [ip_range] aggregation")
	}
	return s, nil
}

// parseIPRangeDef reads one range object: key, from, to or mask (CIDR).
func parseIPRangeDef(v *xcontent.Value) (ipRangeDef, *apierr.Error) {
	var r ipRangeDef
	if v.Kind != xcontent.Object {
		return r, parseErr(v.Line, v.Col, "[ranges] must contain objects, but hit a %s", v.Token())
	}
	var from, to, mask *string
	for i := range v.Members {
		m := &v.Members[i]
		text := m.Value.Text()
		switch m.Key {
		case "key":
			r.key, r.hasKey = text, true
		case "from", "to":
			if m.Value.Kind == xcontent.Null {
				continue
			}
			if m.Key == "from" {
				from = &text
			} else {
				to = &text
			}
		case "mask":
			mask = &text
		default:
			return r, parseErr(m.Value.Line, m.Value.Col, "Unexpected ip range parameter: [%s]", m.Key)
		}
	}
	if mask != nil {
		if !r.hasKey {
			r.key, r.hasKey = *mask, true
		}
		return maskRange(r, *mask)
	}
	for _, b := range []struct {
		text *string
		dst  *string
	}{{from, &r.from}, {to, &r.to}} {
		if b.text == nil {
			continue
		}
		a, ok := mapping.ParseIP(*b.text)
		if !ok {
			return r, apierr.IllegalArgument("%s", mapping.NotIPReason(*b.text))
		}
		*b.dst = mapping.EncodeIP(a)
	}
	return r, nil
}

// maskRange turns a CIDR block into [first address, last address + 1), as
// IpRangeAggregationBuilder.Range does: the bits past the prefix are
// cleared (from) and set (to) over the address's own length (4 bytes for
// IPv4); an all-zero IPv6 start and an all-ones IPv6 end stay open.
func maskRange(r ipRangeDef, mask string) (ipRangeDef, *apierr.Error) {
	addrText, bitsText, found := strings.Cut(mask, "/")
	if !found {
		return r, apierr.IllegalArgument("Expected [ip/prefix] but was [%s]", mask)
	}
	a, ok := mapping.ParseIP(addrText)
	if !ok {
		return r, apierr.IllegalArgument("%s", mapping.NotIPReason(addrText))
	}
	width := 128
	if a.Is4() {
		width = 32
	}
	bits, ok := atoiStrict(bitsText)
	if !ok || bits < 0 || bits > width {
		return r, apierr.IllegalArgument("Illegal prefix length [%s] in [%s]", bitsText, mask)
	}
	lo, hi := a.AsSlice(), a.AsSlice()
	for i := bits; i < width; i++ {
		m := byte(1) << (7 - uint(i&7))
		lo[i>>3] &^= m
		hi[i>>3] |= m
	}
	loAddr, _ := netip.AddrFromSlice(lo)
	hiAddr, _ := netip.AddrFromSlice(hi)
	if !(loAddr.Is6() && loAddr == netip.IPv6Unspecified()) {
		r.from = mapping.EncodeIP(loAddr)
	}
	if !(hiAddr.Is6() && hiAddr == netip.AddrFrom16([16]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})) {
		r.to = nextIP(mapping.EncodeIP(hiAddr))
	}
	return r, nil
}

// nextIP is InetAddressPoint.nextUp on the 16-byte form.
func nextIP(enc string) string {
	b := []byte(enc)
	for i := len(b) - 1; i >= 0; i-- {
		b[i]++
		if b[i] != 0 {
			break
		}
	}
	return string(b)
}

// atoiStrict parses a non-negative decimal integer.
func atoiStrict(s string) (int, bool) {
	if s == "" || len(s) > 4 {
		return 0, false
	}
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// compareIPBound compares two bounds, an open end ("") sorting as m
// times infinity.
func compareIPBound(a, b string, m int) int {
	switch {
	case a == "" && b == "":
		return 0
	case a == "":
		return -m
	case b == "":
		return m
	}
	return strings.Compare(a, b)
}

func (s *ipRangeSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	v, err := env.values(a, &s.source, vsIP, vsIP)
	if err != nil {
		return nil, err
	}
	ranges := slices.Clone(s.ranges)
	// BinaryRangeAggregator sorts the ranges by from (open first), then to
	// (open last).
	slices.SortStableFunc(ranges, func(x, y ipRangeDef) int {
		if c := compareIPBound(x.from, y.from, 1); c != 0 {
			return c
		}
		return compareIPBound(x.to, y.to, -1)
	})
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	c := &ipRangeCollector{spec: s, agg: a, v: v, ranges: ranges, counts: make([]int64, len(ranges)), subs: make([]subCollectors, len(ranges))}
	for i := range c.subs {
		c.subs[i] = subs.make()
	}
	return c, nil
}

// ipRangeCollector counts the documents with an address in each range
// (once per range however many of its addresses fall in it).
type ipRangeCollector struct {
	spec   *ipRangeSpec
	agg    *Agg
	v      *values
	ranges []ipRangeDef
	counts []int64
	subs   []subCollectors
	ords   []uint32
	// masks caches each dictionary term's ranges (known says which).
	masks []uint64
	known []bool
}

// rangeMask is the set of ranges an address falls in (bit i: range i).
func (c *ipRangeCollector) rangeMask(addr string) uint64 {
	var m uint64
	for i, r := range c.ranges {
		if compareIPBound(addr, r.from, 1) >= 0 && compareIPBound(addr, r.to, -1) < 0 {
			m |= 1 << uint(i)
		}
	}
	return m
}

// ordMask is rangeMask of a dictionary term, computed once per ordinal.
func (c *ipRangeCollector) ordMask(o uint32) uint64 {
	if c.known == nil {
		c.known = make([]bool, len(c.v.dict))
		c.masks = make([]uint64, len(c.v.dict))
	}
	if !c.known[o] {
		c.known[o], c.masks[o] = true, c.rangeMask(c.v.dict[o])
	}
	return c.masks[o]
}

func (c *ipRangeCollector) collect(slot int32, score float32) {
	v := c.v
	var m uint64
	switch {
	case v.constant:
		m = c.rangeMask(v.missingStr)
	case v.unmapped || v.ords == nil:
		return
	default:
		c.ords = v.ords.Append(c.ords[:0], slot)
		if len(c.ords) == 0 {
			if !v.hasMissing {
				return
			}
			m = c.rangeMask(v.missingStr)
		}
		for _, o := range c.ords {
			m |= c.ordMask(o)
		}
	}
	for i := range c.ranges {
		if m&(1<<uint(i)) != 0 {
			c.counts[i]++
			c.subs[i].collect(slot, score)
		}
	}
}

func (c *ipRangeCollector) result() result {
	r := &ipRangeResult{keyed: c.spec.keyed}
	for i, d := range c.ranges {
		r.buckets = append(r.buckets, &ipRangeBucket{def: d, docCount: c.counts[i], subs: c.subs[i].results(c.agg.Subs)})
	}
	return r
}

type ipRangeBucket struct {
	def      ipRangeDef
	docCount int64
	subs     aggList
}

// key is the requested key, or "from-to" with the addresses printed as
// DocValueFormat.IP does and "*" for an open end.
func (b *ipRangeBucket) key() string {
	if b.def.hasKey {
		return b.def.key
	}
	from, to := "*", "*"
	if b.def.from != "" {
		from = mapping.FormatIP(b.def.from)
	}
	if b.def.to != "" {
		to = mapping.FormatIP(b.def.to)
	}
	return from + "-" + to
}

// ipRangeResult is InternalBinaryRange.
type ipRangeResult struct {
	keyed   bool
	buckets []*ipRangeBucket
}

func (r *ipRangeResult) typeName() string { return "ip_range" }

func (r *ipRangeResult) reduce(all []result, rc *reduceCtx) (result, *apierr.Error) {
	if err := rc.consume(len(r.buckets)); err != nil {
		return nil, err
	}
	out := &ipRangeResult{keyed: r.keyed}
	var err *apierr.Error
	out.buckets, err = reduceFixedBuckets(all, len(r.buckets), rc, func(x result, i int) (int64, aggList) {
		o := x.(*ipRangeResult).buckets[i]
		return o.docCount, o.subs
	}, func(i int, n int64, subs aggList) *ipRangeBucket {
		return &ipRangeBucket{def: r.buckets[i].def, docCount: n, subs: subs}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (r *ipRangeResult) render(rc *renderCtx) jsonout.Object {
	keyed := jsonout.Object{}
	list := make([]any, 0, len(r.buckets))
	for _, b := range r.buckets {
		key := b.key()
		o := jsonout.Object{}
		if !r.keyed {
			o = append(o, jsonout.Field{Key: "key", Value: key})
		}
		if b.def.from != "" {
			o = append(o, jsonout.Field{Key: "from", Value: mapping.FormatIP(b.def.from)})
		}
		if b.def.to != "" {
			o = append(o, jsonout.Field{Key: "to", Value: mapping.FormatIP(b.def.to)})
		}
		o = renderSubs(append(o, jsonout.Field{Key: "doc_count", Value: b.docCount}), b.subs, rc)
		if r.keyed {
			keyed = append(keyed, jsonout.Field{Key: key, Value: o})
		} else {
			list = append(list, o)
		}
	}
	if r.keyed {
		return jsonout.Object{{Key: "buckets", Value: keyed}}
	}
	return jsonout.Object{{Key: "buckets", Value: list}}
}

func (r *ipRangeResult) pipeBuckets() []pipeBucket {
	out := make([]pipeBucket, len(r.buckets))
	for i, b := range r.buckets {
		k := b.key()
		out[i] = pipeBucket{docCount: b.docCount, subs: b.subs, key: k, ks: k, orig: b}
	}
	return out
}

func (r *ipRangeResult) withBuckets(bs []pipeBucket) result {
	out := *r
	out.buckets = copyBuckets(bs, func(b ipRangeBucket, subs aggList) ipRangeBucket { b.subs = subs; return b })
	return &out
}
