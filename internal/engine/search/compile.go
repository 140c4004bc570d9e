package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// compile turns a parsed query into a node for the shard. boost is the
// product of the enclosing boosts (Lucene passes it down to the leaves) and
// scores says whether scores are needed (false in filter context).
func (c *shardCtx) compile(q dsl.Query, boost float32, scores bool) (node, *apierr.Error) {
	var start time.Time
	if c.qprof != nil {
		start = time.Now()
	}
	n, err := c.compileQuery(q, boost*q.Common().Boost, scores)
	if b, ok := n.(*boolNode); ok && q.Common().Boost != 1 {
		b.boosted = true // a BoostQuery around it: not flattened into a parent
	}
	if c.qprof != nil && err == nil && n != nil {
		// The profile's create_weight: building a node builds its children.
		c.qprof.weights[n] += time.Since(start).Nanoseconds()
	}
	return n, err
}

func (c *shardCtx) compileQuery(q dsl.Query, boost float32, scores bool) (node, *apierr.Error) {
	if c.noExpensive {
		if err := c.expensive(q); err != nil {
			return nil, err
		}
	}
	if n, err, ok := c.derivedQuery(q, boost, scores); ok {
		return n, err
	}
	switch x := q.(type) {
	case *dsl.MatchAll:
		return c.matchAll(boost), nil
	case *dsl.MatchNone:
		return &noneNode{reason: "User requested \"match_none\" query."}, nil
	case *dsl.Term:
		return c.term(x.Field, &x.Value, x.CaseInsensitive, boost, scores)
	case *dsl.Terms:
		return c.terms(x, boost)
	case *dsl.Range:
		return c.rangeQuery(x, boost)
	case *dsl.Exists:
		return c.exists(x.Field, boost)
	case *dsl.IDs:
		return c.ids(x.Values, boost), nil
	case *dsl.Prefix:
		return c.pattern("prefix", x.Field, x.Value, x.CaseInsensitive, boost)
	case *dsl.Wildcard:
		return c.pattern("wildcard", x.Field, x.Value, x.CaseInsensitive, boost)
	case *dsl.Regexp:
		return c.pattern("regexp", x.Field, x.Value, x.CaseInsensitive, boost)
	case *dsl.Match:
		return c.match(x, boost, scores)
	case *dsl.MatchPhrase:
		return c.matchPhrase(x.Field, &x.Query, x.Analyzer, x.Slop, x.ZeroTerms, boost, scores)
	case *dsl.MultiMatch:
		return c.multiMatch(x, boost, scores)
	case *dsl.Bool:
		return c.boolQuery(x, boost, scores)
	case *dsl.ConstantScore:
		inner, err := c.compile(x.Filter, 1, false)
		if err != nil {
			return nil, err
		}
		return &scoreNode{inner: inner, desc: "ConstantScore(" + inner.String() + ")", score: boost}, nil
	case *dsl.DisMax:
		d := &disMaxNode{tie: x.TieBreaker}
		for _, sub := range x.Queries {
			n, err := c.compile(sub, boost, scores)
			if err != nil {
				return nil, err
			}
			d.subs = append(d.subs, n)
		}
		if len(d.subs) == 0 {
			return &noneNode{reason: "No clauses for dismax query."}, nil
		}
		return d, nil
	case *dsl.QueryString:
		return c.queryString(x, boost, scores)
	}
	return c.compileExtra(q, boost, scores)
}

func (c *shardCtx) matchAll(boost float32) node {
	maxDoc := c.r.MaxDoc()
	return &constNode{desc: "*:*", score: boost, make: func() iterator { return &rangeIter{d: -1, maxDoc: maxDoc} }}
}

// fieldKind groups mapped types by how queries treat them.
type fieldKind uint8

const (
	kindUnmapped fieldKind = iota
	kindText
	kindKeyword
	kindLong
	kindDouble
	kindDate
	kindBool
	kindObject
	kindIP       // ip: 16-byte addresses in keyword doc values
	kindUnsigned // unsigned_long: sign-flipped longs
	kindGeo      // geo_point: encoded longs
	kindBinary   // binary: base64 doc values, not searchable
	kindConstant // constant_keyword: the mapped value, nothing stored
	kindRange    // the range types: (from, to) pairs
)

func kindOf(f *mapping.Field) fieldKind {
	if f == nil {
		return kindUnmapped
	}
	switch f.Type {
	case mapping.TypeText, mapping.TypeMatchOnlyText, mapping.TypeSearchAsYouType:
		return kindText
	case mapping.TypeKeyword, mapping.TypeWildcard, mapping.TypeFlatObject, mapping.TypeJoin:
		return kindKeyword
	case mapping.TypeLong, mapping.TypeInteger, mapping.TypeShort, mapping.TypeByte, mapping.TypeTokenCount:
		return kindLong
	case mapping.TypeDouble, mapping.TypeFloat, mapping.TypeHalfFloat, mapping.TypeScaledFloat:
		return kindDouble
	case mapping.TypeDate, mapping.TypeDateNanos:
		return kindDate
	case mapping.TypeIP:
		return kindIP
	case mapping.TypeUnsignedLong:
		return kindUnsigned
	case mapping.TypeGeoPoint:
		return kindGeo
	case mapping.TypeBinary:
		return kindBinary
	case mapping.TypeConstantKeyword:
		return kindConstant
	case mapping.TypeIntegerRange, mapping.TypeLongRange, mapping.TypeFloatRange, mapping.TypeDoubleRange, mapping.TypeDateRange, mapping.TypeIPRange:
		return kindRange
	case mapping.TypeBoolean:
		return kindBool
	}
	return kindObject
}

// fromX converts a parser error into the API error shape.
func fromX(e *xcontent.Error) *apierr.Error {
	if e == nil {
		return nil
	}
	out := &apierr.Error{Status: e.Status, Type: e.Type, Reason: e.Reason}
	if out.Status == 0 {
		out.Status = apierr.StatusOf(e.Type)
	}
	if e.Line > 0 {
		out.Meta = []apierr.Meta{{Key: "line", Value: e.Line}, {Key: "col", Value: e.Col}}
	}
	out.Cause = fromX(e.CausedBy)
	return out
}

func numberFormat(s string) *apierr.Error {
	return apierr.New(apierr.TypeNumberFormat, "For input string: \""+s+"\"")
}

// parseNumber reads a query value for a numeric field as Java would.
func parseNumber(v *xcontent.Value) (float64, *apierr.Error) {
	s := v.Text()
	if v.Kind == xcontent.Bool {
		return 0, apierr.New(apierr.TypeIllegalArgument, "Cannot convert ["+s+"] to a number")
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || s == "" {
		return 0, numberFormat(s)
	}
	return f, nil
}

// longPred tests whether any integer doc value of a slot satisfies ok.
func (c *shardCtx) longPred(field string, ok func(int64) bool) func(int32) bool {
	return anyDocValue(c.r.LongValues(field), ok)
}

// doublePred tests whether any floating-point doc value of a slot
// satisfies ok.
func (c *shardCtx) doublePred(field string, ok func(float64) bool) func(int32) bool {
	return anyDocValue(c.r.DoubleValues(field), ok)
}

// anyDocValue is a slot predicate: whether any of the slot's doc values,
// read with values, satisfies ok.
func anyDocValue[T any](values func(slot int32, dst []T) []T, ok func(T) bool) func(int32) bool {
	var buf []T
	return func(slot int32) bool {
		buf = values(slot, buf[:0])
		for _, v := range buf {
			if ok(v) {
				return true
			}
		}
		return false
	}
}

func (c *shardCtx) predNode(desc string, boost float32, pred func(int32) bool) node {
	maxDoc := c.r.MaxDoc()
	return &constNode{desc: desc, score: boost, make: func() iterator {
		return &predIter{d: -1, maxDoc: maxDoc, pred: pred}
	}}
}

// longRange is a constant-score point range over integer-like doc values.
func (c *shardCtx) longRange(field string, lo, hi int64, boost float32) node {
	desc := field + ":[" + strconv.FormatInt(lo, 10) + " TO " + strconv.FormatInt(hi, 10) + "]"
	if lo > hi {
		return &noneNode{reason: "range is empty"}
	}
	if col := c.r.LongColumn(field); !col.Multi {
		// One value per document at most: read it directly, the common
		// filter of a conjunction, tested on each of its candidates.
		return c.predNode(desc, boost, func(slot int32) bool {
			v, ok := col.Single(slot)
			return ok && v >= lo && v <= hi
		})
	}
	return c.predNode(desc, boost, c.longPred(field, func(v int64) bool { return v >= lo && v <= hi }))
}

func (c *shardCtx) doubleRange(f *mapping.Field, lo, hi float64, boost float32) node {
	desc := f.Path + ":[" + fmtDouble(lo) + " TO " + fmtDouble(hi) + "]"
	isFloat := f.Type == mapping.TypeFloat
	return c.predNode(desc, boost, c.doublePred(f.Path, func(v float64) bool {
		if isFloat {
			v = float64(float32(v))
		}
		return v >= lo && v <= hi
	}))
}

// fieldRange is doubleRange for any double-valued type (scaled_float
// compares its stored longs).
func (c *shardCtx) fieldRange(f *mapping.Field, q *dsl.Range, lo, hi float64, boost float32) node {
	if f.Type == mapping.TypeScaledFloat {
		return c.scaledRange(f, q, lo, hi, boost)
	}
	if f.Type == mapping.TypeHalfFloat {
		// HalfFloatPoint bounds: round to a half, then step past an
		// exclusive end.
		if q.From != nil {
			if lo = mapping.RoundHalfFloat(lo); !q.IncludeLower {
				lo = nextHalf(lo, true)
			}
		}
		if q.To != nil {
			if hi = mapping.RoundHalfFloat(hi); !q.IncludeUpper {
				hi = nextHalf(hi, false)
			}
		}
		return c.doubleRange(f, lo, hi, boost)
	}
	return nil
}

// fmtDouble prints a bound as Lucene's toString does (Double.toString:
// 15.0, 1.0E10, Infinity).
func fmtDouble(f float64) string { return javafmt.Double(f) }

// term is the term query (and the exact part of match on non-text fields).
func (c *shardCtx) term(field string, v *xcontent.Value, caseInsensitive bool, boost float32, scores bool) (node, *apierr.Error) {
	if v == nil {
		return nil, apierr.IllegalArgument("value cannot be null")
	}
	if field == "_id" {
		return c.ids([]string{v.Text()}, boost), nil
	}
	f := c.field(field)
	switch kindOf(f) {
	case kindText, kindKeyword:
		s := v.Text()
		if caseInsensitive {
			return c.termsWhere(f.Path, field+":"+s, boost, func(t string) bool { return strings.EqualFold(t, s) }), nil
		}
		if f.Type == mapping.TypeWildcard {
			// The wildcard field's term query does not score by frequency.
			return c.termsWhere(f.Path, field+":"+s, boost, func(t string) bool { return t == s }), nil
		}
		return c.termNode(f, s, boost, scores), nil
	case kindLong, kindDouble:
		return c.numericTerm(f, v, boost)
	case kindDate:
		lo, hi, err := c.dateBounds(f, v, v, true, true, "", "")
		if err != nil {
			return nil, err
		}
		return c.longRange(f.Path, lo, hi, boost), nil
	case kindBool:
		b, err := boolTerm(v)
		if err != nil {
			return nil, c.failedToCreate(err)
		}
		return c.longRange(f.Path, b, b, boost), nil
	case kindIP, kindUnsigned, kindConstant, kindGeo, kindBinary:
		return c.termExtra(f, v, caseInsensitive, boost)
	case kindRange:
		return c.rangeFieldTerm(f, v, boost)
	}
	if f != nil && f.Type == mapping.TypeGeoShape {
		return nil, c.queryShardErr("Geometry fields do not support exact searching, use dedicated geometry queries instead: ["+f.Path+"]", nil)
	}
	return &noneNode{reason: "unmapped field"}, nil
}

func boolTerm(v *xcontent.Value) (int64, *apierr.Error) {
	switch v.Text() {
	case "true":
		return 1, nil
	case "false", "":
		return 0, nil
	}
	return 0, apierr.IllegalArgument("Can't parse boolean value [%s], expected [true] or [false]", v.Text())
}

func (c *shardCtx) numericTerm(f *mapping.Field, v *xcontent.Value, boost float32) (node, *apierr.Error) {
	n, err := parseNumber(v)
	if err != nil {
		return nil, c.failedToCreate(err)
	}
	if kindOf(f) == kindLong {
		if n != math.Trunc(n) {
			return &noneNode{reason: "Value [" + v.Text() + "] has a decimal part"}, nil
		}
		return c.longRange(f.Path, int64(n), int64(n), boost), nil
	}
	if f.Type == mapping.TypeScaledFloat {
		return c.scaledTerm(f, v, boost)
	}
	n = roundQueryDouble(f, n)
	return c.doubleRange(f, n, n, boost), nil
}

func (c *shardCtx) termNode(f *mapping.Field, term string, boost float32, scores bool) node {
	if f.Derived != nil && !c.inDerived {
		// a term query_string or multi_match builds on a derived field
		return c.derivedLeaf(f, boost, func(g *mapping.Field) node { return c.termNode(g, term, 1, false) })
	}
	t := &termNode{r: c.r, field: f.Path, term: term, norms: hasNorms(f), scores: scores && !c.skipScores}
	if scores {
		t.sc = c.scorer(f.Path, boost, term)
	} else if _, ok := c.r.FieldStats(f.Path); ok {
		t.sc = c.fakeScorer(f.Path, boost, 1)
	}
	return t
}

// termsWhere is a constant-score union of the postings of every term of a
// field that keep accepts (multi-term queries).
func (c *shardCtx) termsWhere(field, desc string, boost float32, keep func(term string) bool) node {
	r := c.r
	return &constNode{desc: desc, score: boost, field: field, keep: keep, make: func() iterator {
		bits := make([]uint64, (r.MaxDoc()+63)/64)
		any := false
		r.Terms(field, func(t string) bool {
			if keep(t) {
				if p := r.Postings(field, t); p != nil {
					for p.Next() {
						bits[p.Doc>>6] |= 1 << (uint(p.Doc) & 63)
						any = true
					}
				}
			}
			return true
		})
		if !any {
			return newEmpty()
		}
		return newSetIter(bitsToDocs(bits), 0)
	}}
}

func bitsToDocs(bits []uint64) []int32 {
	var docs []int32
	for w, word := range bits {
		for word != 0 {
			b := bitsTrailing(word)
			docs = append(docs, int32(w*64+b))
			word &= word - 1
		}
	}
	return docs
}

func (c *shardCtx) terms(q *dsl.Terms, boost float32) (node, *apierr.Error) {
	if q.Bitmap {
		n, err, plain := c.bitmapTerms(q, boost)
		if plain == nil {
			return n, err
		}
		q = plain
	}
	if q.Lookup != nil {
		vals, ok := c.lookups[q]
		if !ok {
			return nil, apierr.Unsupported("terms lookups here")
		}
		q = &dsl.Terms{Base: q.Base, Field: q.Field, Values: vals}
	}
	if q.Field == "_id" {
		vals := make([]string, len(q.Values))
		for i := range q.Values {
			vals[i] = q.Values[i].Text()
		}
		return c.ids(vals, boost), nil
	}
	f := c.field(q.Field)
	switch kindOf(f) {
	case kindText, kindKeyword:
		set := make(map[string]bool, len(q.Values))
		shown := make([]string, 0, len(q.Values))
		for i := range q.Values {
			s := q.Values[i].Text()
			if !set[s] {
				set[s] = true
				shown = append(shown, s)
			}
		}
		sort.Strings(shown)
		return c.termsWhere(f.Path, f.Path+":("+strings.Join(shown, " ")+")", boost, func(t string) bool { return set[t] }), nil
	case kindUnmapped, kindObject:
		return &noneNode{reason: "unmapped field"}, nil
	}
	var subs []node
	for i := range q.Values {
		n, err := c.term(q.Field, &q.Values[i], false, 1, false)
		if err != nil {
			return nil, err
		}
		subs = append(subs, n)
	}
	b := &boolNode{}
	for _, s := range subs {
		b.clauses = append(b.clauses, clause{occur: should, n: s})
	}
	return &scoreNode{inner: b, desc: q.Field + ":" + b.String(), score: boost}, nil
}

func (c *shardCtx) exists(field string, boost float32) (node, *apierr.Error) {
	switch field {
	case "_id", "_index", "_seq_no", "_version", "_primary_term":
		return c.matchAll(boost), nil // every document has them
	case "_routing":
		r := c.r
		return c.predNode("FieldExistsQuery [field=_routing]", boost, func(slot int32) bool { return r.Doc(slot).Routing != "" }), nil
	case "_source":
		return nil, c.queryShardErr("The _source field is not searchable", nil)
	}
	return c.existsField(field, boost), nil
}

func (c *shardCtx) existsField(field string, boost float32) node {
	f := c.field(field)
	var leaves []string
	if f != nil && f.IsObject() {
		var walk func(*mapping.Field)
		walk = func(x *mapping.Field) {
			for _, sub := range x.Props {
				if sub.IsObject() {
					walk(sub)
				} else {
					leaves = append(leaves, sub.Path)
				}
			}
		}
		walk(f)
		sort.Strings(leaves)
	} else if f != nil {
		if f.Type == mapping.TypeConstantKeyword {
			return c.matchAll(boost)
		}
		leaves = []string{f.Path}
	} else if strings.ContainsAny(field, "*") {
		leaves = c.expand(field, false)
	}
	if len(leaves) == 0 {
		return &noneNode{reason: "no mappings yet"}
	}
	r := c.r
	desc := "FieldExistsQuery [field=" + leaves[0] + "]"
	if len(leaves) > 1 {
		desc = "ConstantScore(" + strings.Join(leaves, " ") + ")"
	}
	cols := c.valueColumns(leaves)
	return c.predNode(desc, boost, func(slot int32) bool {
		for _, l := range cols {
			if r.HasValue(l, slot) {
				return true
			}
		}
		return false
	})
}

func (c *shardCtx) ids(values []string, boost float32) node {
	r := c.r
	sorted := append([]string(nil), values...)
	sort.Strings(sorted)
	return &constNode{desc: "_id:(" + strings.Join(sorted, " ") + ")", score: boost, make: func() iterator {
		var docs []int32
		for _, id := range values {
			if s := r.Slot(id); s >= 0 {
				docs = append(docs, s)
			}
		}
		if len(docs) == 0 {
			return newEmpty()
		}
		sort.Slice(docs, func(i, j int) bool { return docs[i] < docs[j] })
		return newSetIter(docs, 0)
	}}
}

// pattern is prefix, wildcard and regexp: constant-score term expansion.
func (c *shardCtx) pattern(kind, field, value string, caseInsensitive bool, boost float32) (node, *apierr.Error) {
	f := c.field(field)
	k := kindOf(f)
	if k == kindUnmapped {
		return &noneNode{reason: "unmapped field"}, nil
	}
	if k == kindConstant {
		return c.constantPattern(kind, f, value, caseInsensitive, boost)
	}
	if k != kindText && k != kindKeyword {
		return nil, c.queryShardErr("Can only use "+kind+" queries on keyword and text fields - not on ["+field+"] which is of type ["+f.Type+"]", nil)
	}
	if kind == "wildcard" && k == kindText {
		value = strings.ToLower(value) // the search analyzer's normalization
	}
	fold := func(s string) string {
		if caseInsensitive {
			return strings.ToLower(s)
		}
		return s
	}
	switch kind {
	case "prefix":
		p := fold(value)
		return c.termsWhere(f.Path, f.Path+":"+value+"*", boost, func(t string) bool { return strings.HasPrefix(fold(t), p) }), nil
	case "wildcard":
		p := wildcard.Compile(fold(value))
		return c.termsWhere(f.Path, f.Path+":"+value, boost, func(t string) bool { return p.Match(fold(t)) }), nil
	}
	maxLen := 1000
	if v, ok := c.idx.Settings().Get("index.max_regex_length"); ok {
		if n, err := strconv.Atoi(v); err == nil {
			maxLen = n
		}
	}
	if n := len(utf16.Encode([]rune(value))); n > maxLen {
		return nil, apierr.IllegalArgument("The length of regex [%d] used in the Regexp Query request has exceeded the allowed maximum of [%d]. This maximum can be set by changing the [index.max_regex_length] index level setting.", n, maxLen)
	}
	re, err := luceneRegexp(value, caseInsensitive)
	if err != nil {
		return nil, err
	}
	return c.termsWhere(f.Path, f.Path+":/"+value+"/", boost, re.MatchString), nil
}

// expand returns the leaf fields matching a pattern ("*" is every field);
// textual keeps only fields a full-text query can search.
func (c *shardCtx) expand(pattern string, textual bool) []string {
	var out []string
	var walk func(fs map[string]*mapping.Field)
	walk = func(fs map[string]*mapping.Field) {
		for _, f := range fs {
			if f.IsObject() {
				walk(f.Props)
				continue
			}
			if ok, _ := path.Match(pattern, f.Path); ok {
				out = append(out, f.Path)
			}
			for _, mf := range f.Multi {
				if ok, _ := path.Match(pattern, mf.Path); ok {
					out = append(out, mf.Path)
				}
			}
		}
	}
	walk(c.m.Root.Props)
	_ = textual
	sort.Strings(out)
	return out
}

// hasNorms reports whether a field's documents carry length norms: text
// fields unless mapped with norms: false (keyword fields never do).
func hasNorms(f *mapping.Field) bool {
	return kindOf(f) == kindText && f.Params["norms"] != false
}

// expensive is the check each query builder makes when
// search.allow_expensive_queries is false.
func (c *shardCtx) expensive(q dsl.Query) *apierr.Error {
	const tail = " queries cannot be executed when 'search.allow_expensive_queries' is set to false."
	var what string
	switch x := q.(type) {
	case *dsl.Prefix:
		return apierr.New("opensearch_exception", "[prefix]"+tail+" For optimised prefix queries on text fields please enable [index_prefixes].")
	case *dsl.Wildcard:
		what = "[wildcard]"
	case *dsl.Regexp:
		what = "[regexp]"
	case *dsl.Fuzzy:
		what = "[fuzzy]"
	case *dsl.Match:
		if x.Fuzziness != nil {
			what = "[fuzzy]"
		}
	case *dsl.Range:
		if k := kindOf(c.field(x.Field)); k == kindText || k == kindKeyword {
			what = "[range] queries on [text] or [keyword] fields cannot be executed when 'search.allow_expensive_queries' is set to false."
			return apierr.New("opensearch_exception", what)
		}
	case *dsl.Nested, *dsl.HasChild, *dsl.HasParent, *dsl.ParentID:
		what = "[joining]"
	case *dsl.ScriptQuery:
		what = "[script]"
	case *dsl.ScriptScore:
		what = "[script score]"
	}
	if what == "" {
		return nil
	}
	return apierr.New("opensearch_exception", what+tail)
}
