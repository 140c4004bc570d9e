// Package filter decides which documents of a shard match a query, without
// scoring: _count, and the matching half of later search work. It supports
// match_all, match_none, term, terms, range, exists, ids, match, bool and
// constant_score; any other query is reported as not supported by the fake.
package filter

import (
	"math/bits"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Context is what matching needs besides the shard: the index mapping, its
// analyzers and the time for date math.
type Context struct {
	Mapping  *mapping.Mapping
	Analyzer func(name string) (analysis.Analyzer, bool)
	Now      time.Time
}

// Bits is a set of slot numbers.
type Bits []uint64

func newBits(n int32) Bits { return make(Bits, (n+63)/64) }

func (b Bits) set(i int32)      { b[i>>6] |= 1 << (uint(i) & 63) }
func (b Bits) has(i int32) bool { return b[i>>6]&(1<<(uint(i)&63)) != 0 }

// Count returns the number of set bits.
func (b Bits) Count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

func (b Bits) and(o Bits) {
	for i := range b {
		b[i] &= o[i]
	}
}

func (b Bits) or(o Bits) {
	for i := range b {
		b[i] |= o[i]
	}
}

func (b Bits) andNot(o Bits) {
	for i := range b {
		b[i] &^= o[i]
	}
}

// Match returns the live slots of r that match q.
func Match(ctx *Context, r *shard.Reader, q dsl.Query) (Bits, *apierr.Error) {
	m := &matcher{ctx: ctx, r: r, max: r.MaxDoc()}
	b, err := m.eval(q)
	if err != nil {
		return nil, err
	}
	live := newBits(m.max)
	for i := int32(0); i < m.max; i++ {
		if r.Live(i) {
			live.set(i)
		}
	}
	b.and(live)
	return b, nil
}

type matcher struct {
	ctx *Context
	r   *shard.Reader
	max int32
}

// all returns every slot (liveness is applied by Match).
func (m *matcher) all() Bits {
	b := newBits(m.max)
	for i := int32(0); i < m.max; i++ {
		b.set(i)
	}
	return b
}

func (m *matcher) eval(q dsl.Query) (Bits, *apierr.Error) {
	switch x := q.(type) {
	case *dsl.MatchAll:
		return m.all(), nil
	case *dsl.MatchNone:
		return newBits(m.max), nil
	case *dsl.Term:
		return m.term(x.Field, &x.Value, x.CaseInsensitive)
	case *dsl.Terms:
		if x.Lookup != nil {
			return nil, apierr.Unsupported("terms lookup")
		}
		out := newBits(m.max)
		for i := range x.Values {
			b, err := m.term(x.Field, &x.Values[i], false)
			if err != nil {
				return nil, err
			}
			out.or(b)
		}
		return out, nil
	case *dsl.IDs:
		out := newBits(m.max)
		for _, id := range x.Values {
			if s := m.r.Slot(id); s >= 0 {
				out.set(s)
			}
		}
		return out, nil
	case *dsl.Exists:
		return m.exists(x.Field), nil
	case *dsl.Range:
		return m.rangeQuery(x)
	case *dsl.Match:
		return m.match(x)
	case *dsl.ConstantScore:
		return m.eval(x.Filter)
	case *dsl.Bool:
		return m.boolQuery(x)
	}
	return nil, apierr.Unsupported("this query type in _count")
}

func (m *matcher) boolQuery(x *dsl.Bool) (Bits, *apierr.Error) {
	out := m.all()
	required := 0
	for _, list := range [][]dsl.Query{x.Must, x.Filter} {
		for _, c := range list {
			b, err := m.eval(c)
			if err != nil {
				return nil, err
			}
			out.and(b)
			required++
		}
	}
	for _, c := range x.MustNot {
		b, err := m.eval(c)
		if err != nil {
			return nil, err
		}
		out.andNot(b)
	}
	if len(x.Should) == 0 {
		if required == 0 && len(x.MustNot) == 0 {
			return out, nil // an empty bool matches everything
		}
		return out, nil
	}
	min := 0
	if x.MinimumShouldMatch != "" {
		n, err := dsl.MinimumShouldMatch(len(x.Should), x.MinimumShouldMatch)
		if err != nil {
			return nil, apierr.New(apierr.TypeNumberFormat, err.Error())
		}
		min = n
	} else if required == 0 {
		min = 1 // with no must/filter, at least one should clause must match
	}
	if min == 0 {
		return out, nil
	}
	counts := make([]uint16, m.max)
	for _, c := range x.Should {
		b, err := m.eval(c)
		if err != nil {
			return nil, err
		}
		for i := int32(0); i < m.max; i++ {
			if b.has(i) {
				counts[i]++
			}
		}
	}
	for i := int32(0); i < m.max; i++ {
		if int(counts[i]) < min {
			out[i>>6] &^= 1 << (uint(i) & 63)
		}
	}
	return out, nil
}

// postings sets the slots holding term in field.
func (m *matcher) postings(field, term string, out Bits) {
	it := m.r.Postings(field, term)
	if it == nil {
		return
	}
	for it.Next() {
		out.set(it.Doc)
	}
}

// valueText is the text of a scalar query value.
func valueText(v *xcontent.Value) string {
	if v.Kind == xcontent.Bool {
		return strconv.FormatBool(v.Bool)
	}
	return v.Str
}

// shardError is the query_shard_exception a bad value raises on each shard.
func shardError(reason string, cause *apierr.Error) *apierr.Error {
	e := apierr.New(apierr.TypeQueryShard, reason)
	if cause != nil {
		e.Cause = cause
	}
	return e
}

func (m *matcher) term(field string, v *xcontent.Value, caseInsensitive bool) (Bits, *apierr.Error) {
	out := newBits(m.max)
	f := m.ctx.Mapping.Lookup(field)
	if f == nil {
		return out, nil // unmapped fields match nothing
	}
	text := valueText(v)
	switch f.Type {
	case mapping.TypeKeyword, mapping.TypeText:
		if caseInsensitive {
			lower := strings.ToLower(text)
			m.r.Terms(field, func(t string) bool {
				if strings.ToLower(t) == lower {
					m.postings(field, t, out)
				}
				return true
			})
			return out, nil
		}
		m.postings(field, text, out)
		return out, nil
	case mapping.TypeLong, mapping.TypeInteger, mapping.TypeShort, mapping.TypeByte, mapping.TypeDate, mapping.TypeBoolean:
		want, err := m.longValue(f, text)
		if err != nil {
			return nil, err
		}
		var vals []int64
		for i := int32(0); i < m.max; i++ {
			vals = m.r.Longs(field, i, vals[:0])
			for _, x := range vals {
				if x == want {
					out.set(i)
					break
				}
			}
		}
		return out, nil
	case mapping.TypeFloat, mapping.TypeDouble:
		want, perr := strconv.ParseFloat(text, 64)
		if perr != nil {
			return nil, shardError("failed to create query: For input string: \""+text+"\"", apierr.New(apierr.TypeNumberFormat, "For input string: \""+text+"\""))
		}
		if f.Type == mapping.TypeFloat {
			want = float64(float32(want))
		}
		var vals []float64
		for i := int32(0); i < m.max; i++ {
			vals = m.r.Doubles(field, i, vals[:0])
			for _, x := range vals {
				if x == want {
					out.set(i)
					break
				}
			}
		}
		return out, nil
	}
	return nil, apierr.Unsupported("term queries on " + f.Type + " fields")
}

// longValue parses a query value for an integer-like, date or boolean field.
func (m *matcher) longValue(f *mapping.Field, text string) (int64, *apierr.Error) {
	switch f.Type {
	case mapping.TypeBoolean:
		switch text {
		case "true":
			return 1, nil
		case "false", "":
			return 0, nil
		}
		return 0, shardError("failed to create query: Can't parse boolean value ["+text+"], expected [true] or [false]", nil)
	case mapping.TypeDate:
		ms, err := mapping.ParseDate(text, f.DateFormat())
		if err != nil {
			return 0, shardError("failed to create query: failed to parse date field ["+text+"] with format ["+f.DateFormat()+"]", nil)
		}
		return ms, nil
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		fl, ferr := strconv.ParseFloat(text, 64)
		if ferr != nil {
			return 0, shardError("failed to create query: For input string: \""+text+"\"", apierr.New(apierr.TypeNumberFormat, "For input string: \""+text+"\""))
		}
		if fl != float64(int64(fl)) {
			return 0, shardError("failed to create query: Value ["+text+"] has a decimal part", nil)
		}
		n = int64(fl)
	}
	return n, nil
}

func (m *matcher) exists(pattern string) Bits {
	out := newBits(m.max)
	var fields []string
	collect(m.ctx.Mapping.Root, func(f *mapping.Field) {
		if f.Path == pattern || strings.HasPrefix(f.Path, pattern+".") || (strings.Contains(pattern, "*") && glob(pattern, f.Path)) {
			fields = append(fields, f.Path)
		}
	})
	for i := int32(0); i < m.max; i++ {
		for _, f := range fields {
			if m.r.HasValue(f, i) {
				out.set(i)
				break
			}
		}
	}
	return out
}

// collect calls fn for every leaf field (multi-fields included).
func collect(f *mapping.Field, fn func(*mapping.Field)) {
	for _, sub := range f.Props {
		if sub.IsObject() {
			collect(sub, fn)
			continue
		}
		fn(sub)
		for _, mf := range sub.Multi {
			fn(mf)
		}
	}
}

func glob(pattern, s string) bool {
	parts := strings.Split(pattern, "*")
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	for i := 1; i < len(parts)-1; i++ {
		j := strings.Index(s, parts[i])
		if j < 0 {
			return false
		}
		s = s[j+len(parts[i]):]
	}
	return strings.HasSuffix(s, parts[len(parts)-1])
}
