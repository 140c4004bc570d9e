package aggs

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// compositeSpec is a composite aggregation (CompositeAggregationBuilder):
// paginated buckets over the combinations of its sources' values.
type compositeSpec struct {
	size    int
	sources []*compSource
	after   *xcontent.Value // the after object, checked per shard
}

func parseComposite(p *parser) (spec, *apierr.Error) {
	s := &compositeSpec{size: 10}
	p.known = []string{"size", "sources", "after"}
	seen := false
	err := p.fields(func(m *xcontent.Member) (bool, *apierr.Error) {
		var err *apierr.Error
		switch m.Key {
		case "size":
			s.size, err = p.integer(m)
		case "sources":
			seen = true
			if m.Value.Kind != xcontent.Array {
				return true, p.wrongType(m)
			}
			for i := range m.Value.Items {
				src, serr := parseCompSource(p, &m.Value.Items[i])
				if serr != nil {
					return true, p.failed(m, serr)
				}
				s.sources = append(s.sources, src)
			}
			// The builder is made (and checks its sources) as soon as this
			// constructor argument arrives.
			if berr := validateCompSources(s.sources); berr != nil {
				build := apierr.New(apierr.TypeXContentParse, "Failed to build [composite] after last required field arrived")
				build.Status = 400
				build.Cause = berr
				return true, p.failed(m, build)
			}
		case "after":
			if m.Value.Kind != xcontent.Object {
				return true, p.wrongType(m)
			}
			v := m.Value
			s.after = &v
		default:
			return false, nil
		}
		return true, err
	})
	if err != nil {
		return nil, err
	}
	if !seen {
		return nil, apierr.IllegalArgument("Required [sources]")
	}
	return s, nil
}

func validateCompSources(list []*compSource) *apierr.Error {
	if len(list) == 0 {
		return apierr.IllegalArgument("Composite [sources] cannot be null or empty")
	}
	names := map[string]bool{}
	var dups []string
	for _, s := range list {
		if names[s.name] && !slices.Contains(dups, s.name) {
			dups = append(dups, s.name)
		}
		names[s.name] = true
	}
	if len(dups) > 0 {
		return apierr.IllegalArgument("Composite source names must be unique, found duplicates: [%s]", strings.Join(dups, ", "))
	}
	return nil
}

// factoryName is the AggregatorFactory class name an invalid parent of a
// composite aggregation is reported by: the type in camel case, but for the
// factories named otherwise.
func factoryName(typ string) string {
	switch typ {
	case "multi_terms":
		return "MultiTermsAggregationFactory"
	case "composite":
		return "CompositeAggregationFactory"
	case "diversified_sampler":
		return "DiversifiedAggregatorFactory"
	}
	var b strings.Builder
	for _, part := range strings.Split(typ, "_") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String() + "AggregatorFactory"
}

func (s *compositeSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	// Only nested, reverse_nested and filter levels may enclose it.
	for i := len(env.parents) - 1; i >= 0; i-- {
		switch t := env.parents[i].Type; t {
		case "nested", "reverse_nested", "filter":
		default:
			return nil, apierr.IllegalArgument("[composite] aggregation cannot be used with a parent aggregation of type: [%s]", factoryName(t))
		}
	}
	if env.maxBuckets > 0 && s.size > env.maxBuckets {
		return nil, TooManyBuckets(env.maxBuckets, s.size)
	}
	c := &compositeCollector{spec: s, agg: a, index: map[string]int{}}
	c.render = &compRender{}
	for _, src := range s.sources {
		// The types each source registers for.
		def, supported := vsBytes, []vsType{vsBytes, vsNumeric, vsDate, vsBoolean, vsIP}
		switch src.kind {
		case "histogram":
			def, supported = vsNumeric, []vsType{vsNumeric}
		case "date_histogram":
			def, supported = vsDate, []vsType{vsDate, vsNumeric}
		}
		v, err := src.resolve(env, src.kind, def, supported...)
		if err != nil {
			return nil, err
		}
		f := v.format
		switch {
		case src.kind == "terms" && v.typ == vsDate && src.format == "":
			f = rawFormat // terms on a date keep the timestamp as a long
		case src.kind == "date_histogram" && src.format == "":
			f = rawFormat
		}
		if src.kind == "date_histogram" && src.format != "" {
			df, err := dateFormat(src.format, src.rounding.zone)
			if err != nil {
				return nil, err
			}
			f = df
		}
		bs := &boundSource{compSource: src, v: v}
		if src.rounding != nil {
			if err := src.rounding.check(); err != nil {
				return nil, err
			}
			bs.round = autoRounding{rounding: src.rounding}
			if r := src.rounding; r.offset == 0 && r.unit != "" {
				bs.round = newAutoRounding(r.unit, r.zone)
			}
		}
		c.srcs = append(c.srcs, bs)
		c.render.names = append(c.render.names, src.name)
		c.render.formats = append(c.render.formats, f)
	}
	if s.after != nil {
		after, err := c.parseAfter(env)
		if err != nil {
			return nil, err
		}
		c.after = after
	}
	subs, err := newSubFactory(env, a)
	if err != nil {
		return nil, err
	}
	c.subs = subs
	c.scratch = make([][]ckey, len(c.srcs))
	return c, nil
}

// parseAfter reads the after key in each source's value space, as
// CompositeAggregationBuilder.doBuild and the sources' formats do.
func (c *compositeCollector) parseAfter(env *shardEnv) ([]ckey, *apierr.Error) {
	after := c.spec.after
	if len(after.Members) != len(c.srcs) {
		return nil, apierr.IllegalArgument("[after] has %d value(s) but [sources] has %d", len(after.Members), len(c.srcs))
	}
	out := make([]ckey, len(c.srcs))
	for i, src := range c.srcs {
		v := after.Get(src.name)
		if v == nil {
			return nil, apierr.IllegalArgument("Missing value for [after.%s]", src.name)
		}
		switch {
		case v.Kind == xcontent.Null && src.missingBucket:
			continue
		case v.Kind == xcontent.Null:
			return nil, apierr.IllegalArgument("Invalid value for [after.%s], expected comparable, got [null]", src.name)
		case v.Kind == xcontent.Object:
			return nil, apierr.IllegalArgument("Invalid value for [after.%s], expected comparable, got [HashMap]", src.name)
		case v.Kind == xcontent.Array:
			return nil, apierr.IllegalArgument("Invalid value for [after.%s], expected comparable, got [ArrayList]", src.name)
		}
		text := v.Text()
		f := c.render.formats[i]
		switch {
		case src.v.typ == vsBytes || src.v.typ == vsIP:
			out[i] = ckey{kind: 's', s: text}
		case src.kind == "histogram" || src.v.isDouble:
			x, err := strconv.ParseFloat(text, 64)
			if err != nil {
				return nil, numberFormat(text)
			}
			out[i] = ckey{kind: 'd', f: x}
		default:
			var n int64
			switch {
			case src.v.unsigned && src.kind == "terms":
				// Keys are stored encoded (mapping.EncodeUnsigned); the
				// after value is the plain unsigned number.
				u, err := strconv.ParseUint(text, 10, 64)
				if err != nil {
					x, ferr := strconv.ParseFloat(text, 64)
					if ferr != nil || x < 0 || x >= math.MaxUint64 {
						return nil, numberFormat(text)
					}
					u = uint64(x)
				}
				n = mapping.EncodeUnsigned(u)
			case v.Kind == xcontent.Number:
				x, _ := v.Float64()
				n = int64(x)
			case f.kind == fmtDate:
				x, err := f.parseDouble(text, false, env.now)
				if err != nil {
					return nil, err
				}
				n = int64(x)
			case src.v.typ == vsBoolean:
				switch text {
				case "true":
					n = 1
				case "false":
				default:
					return nil, apierr.IllegalArgument("Failed to parse value [%s] as only [true] or [false] are allowed.", text)
				}
			default:
				x, err := strconv.ParseInt(text, 10, 64)
				if err != nil {
					return nil, numberFormat(text)
				}
				n = x
			}
			out[i] = ckey{kind: 'l', n: n}
		}
	}
	return out, nil
}

// compositeCollector gathers the composite keys of one shard.
type compositeCollector struct {
	spec    *compositeSpec
	agg     *Agg
	srcs    []*boundSource
	render  *compRender
	after   []ckey
	subs    *subFactory
	index   map[string]int
	buckets []*compBucket
	scratch [][]ckey
	combo   []ckey
	enc     []byte
}

func (c *compositeCollector) collect(slot int32, score float32) {
	for i, s := range c.srcs {
		c.scratch[i] = s.keys(slot, c.scratch[i])
		if len(c.scratch[i]) == 0 {
			return
		}
	}
	c.combo = append(c.combo[:0], make([]ckey, len(c.srcs))...)
	c.walk(0, slot, score)
}

// walk visits every combination of the slot's values.
func (c *compositeCollector) walk(i int, slot int32, score float32) {
	if i == len(c.srcs) {
		c.add(slot, score)
		return
	}
	for _, k := range c.scratch[i] {
		c.combo[i] = k
		c.walk(i+1, slot, score)
	}
}

func (c *compositeCollector) add(slot int32, score float32) {
	if c.after != nil && compareKeys(c.srcs, c.combo, c.after) <= 0 {
		return
	}
	c.enc = encodeKey(c.enc[:0], c.combo)
	i, ok := c.index[string(c.enc)]
	if !ok {
		i = len(c.buckets)
		c.index[string(c.enc)] = i
		c.buckets = append(c.buckets, &compBucket{key: slices.Clone(c.combo), sc: c.subs.make()})
	}
	b := c.buckets[i]
	b.docCount++
	b.sc.collect(slot, score)
}

func compareKeys(srcs []*boundSource, a, b []ckey) int {
	for i, s := range srcs {
		if c := s.compare(a[i], b[i]); c != 0 {
			return c
		}
	}
	return 0
}

// encodeKey is a composite key as a map key.
func encodeKey(dst []byte, key []ckey) []byte {
	for _, k := range key {
		dst = append(dst, k.kind)
		switch k.kind {
		case 's':
			dst = strconv.AppendQuote(dst, k.s)
		case 'l':
			dst = strconv.AppendInt(dst, k.n, 10)
		case 'd':
			dst = strconv.AppendFloat(dst, k.f, 'g', -1, 64)
		}
		dst = append(dst, 0)
	}
	return dst
}

// compBucket is one composite bucket.
type compBucket struct {
	key      []ckey
	docCount int64
	// rend renders the key: the formats of the shard the bucket came from
	// (an index without the field prints its keys raw, as
	// InternalComposite's buckets carry their own formats).
	rend *compRender
	sc   subCollectors
	subs aggList
}

func (c *compositeCollector) result() result {
	r := &compositeResult{spec: c.spec, srcs: c.srcs, rend: c.render}
	slices.SortFunc(c.buckets, func(a, b *compBucket) int { return compareKeys(c.srcs, a.key, b.key) })
	if len(c.buckets) > c.spec.size {
		c.buckets = c.buckets[:c.spec.size]
	}
	for _, b := range c.buckets {
		b.subs = b.sc.results(c.agg.Subs)
		b.sc = nil
		b.rend = c.render
	}
	r.buckets = c.buckets
	return r
}

// compositeResult is InternalComposite.
type compositeResult struct {
	spec    *compositeSpec
	srcs    []*boundSource
	rend    *compRender
	buckets []*compBucket
	// after is the bucket of the reduced after_key, kept when a pipeline
	// drops buckets (InternalComposite.create keeps afterKey).
	after *compBucket
}

func (r *compositeResult) typeName() string { return "composite" }

func (r *compositeResult) reduce(all []result, rc *reduceCtx) (result, *apierr.Error) {
	index := map[string]int{}
	var groups [][]*compBucket
	var enc []byte
	for _, x := range all {
		for _, b := range x.(*compositeResult).buckets {
			enc = encodeKey(enc[:0], b.key)
			i, ok := index[string(enc)]
			if !ok {
				i = len(groups)
				index[string(enc)] = i
				groups = append(groups, nil)
			}
			groups[i] = append(groups[i], b)
		}
	}
	out := &compositeResult{spec: r.spec, srcs: r.srcs, rend: r.rend}
	for _, g := range groups {
		nb := &compBucket{key: g[0].key, rend: g[0].rend}
		lists := make([]aggList, 0, len(g))
		for _, b := range g {
			nb.docCount += b.docCount
			lists = append(lists, b.subs)
		}
		subs, err := reduceLists(lists, rc)
		if err != nil {
			return nil, err
		}
		nb.subs = subs
		out.buckets = append(out.buckets, nb)
	}
	slices.SortFunc(out.buckets, func(a, b *compBucket) int { return compareKeys(r.srcs, a.key, b.key) })
	if len(out.buckets) > r.spec.size {
		out.buckets = out.buckets[:r.spec.size]
	}
	return out, rc.consume(len(out.buckets))
}

// keyObject renders a bucket's composite key as its sources' name → value
// map.
func (r *compositeResult) keyObject(b *compBucket) jsonout.Object {
	rend := b.rend
	if rend == nil {
		rend = r.rend
	}
	o := make(jsonout.Object, len(b.key))
	for i, k := range b.key {
		o[i] = jsonout.Field{Key: rend.names[i], Value: rend.value(i, k)}
	}
	return o
}

func (r *compositeResult) render(rc *renderCtx) jsonout.Object {
	out := jsonout.Object{}
	if r.after != nil {
		out = append(out, jsonout.Field{Key: "after_key", Value: r.keyObject(r.after)})
	} else if n := len(r.buckets); n > 0 {
		out = append(out, jsonout.Field{Key: "after_key", Value: r.keyObject(r.buckets[n-1])})
	}
	list := make([]any, 0, len(r.buckets))
	for _, b := range r.buckets {
		o := jsonout.Object{{Key: "key", Value: r.keyObject(b)}, {Key: "doc_count", Value: b.docCount}}
		list = append(list, renderSubs(o, b.subs, rc))
	}
	return append(out, jsonout.Field{Key: "buckets", Value: list})
}
