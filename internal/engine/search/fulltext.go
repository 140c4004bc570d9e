package search

import (
	"math"
	"regexp"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/querystring"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// rangeQuery is the range query on numbers, dates and terms.
func (c *shardCtx) rangeQuery(q *dsl.Range, boost float32) (node, *apierr.Error) {
	if q.Relation != "" && !strings.EqualFold(q.Relation, "intersects") && !strings.EqualFold(q.Relation, "within") && !strings.EqualFold(q.Relation, "contains") {
		return nil, apierr.IllegalArgument("[range] query does not support relation [%s]", q.Relation)
	}
	f := c.field(q.Field)
	switch kindOf(f) {
	case kindUnmapped, kindObject:
		return &noneNode{reason: "unmapped field"}, nil
	case kindIP, kindUnsigned, kindConstant, kindGeo, kindBinary:
		return c.rangeExtra(f, q, boost)
	case kindRange:
		return c.rangeFieldQuery(f, q, boost)
	case kindText, kindKeyword:
		lo, hi := "", ""
		if q.From != nil {
			lo = q.From.Text()
		}
		if q.To != nil {
			hi = q.To.Text()
		}
		desc := f.Path + ":" + map[bool]string{true: "[", false: "{"}[q.IncludeLower] + orStar(q.From, lo) + " TO " + orStar(q.To, hi) + map[bool]string{true: "]", false: "}"}[q.IncludeUpper]
		return c.termsWhere(f.Path, desc, boost, func(t string) bool {
			if q.From != nil && (t < lo || (t == lo && !q.IncludeLower)) {
				return false
			}
			if q.To != nil && (t > hi || (t == hi && !q.IncludeUpper)) {
				return false
			}
			return true
		}), nil
	case kindDate:
		lo, hi, err := c.dateBounds(f, q.From, q.To, q.IncludeLower, q.IncludeUpper, q.Format, q.TimeZone)
		if err != nil {
			return nil, err
		}
		return c.longRange(f.Path, lo, hi, boost), nil
	case kindBool:
		lo, hi := int64(0), int64(1)
		if q.From != nil {
			v, err := boolTerm(q.From)
			if err != nil {
				return nil, c.failedToCreate(err)
			}
			lo = v
			if !q.IncludeLower {
				lo++
			}
		}
		if q.To != nil {
			v, err := boolTerm(q.To)
			if err != nil {
				return nil, c.failedToCreate(err)
			}
			hi = v
			if !q.IncludeUpper {
				hi--
			}
		}
		return c.longRange(f.Path, lo, hi, boost), nil
	}
	lo, hi := math.Inf(-1), math.Inf(1)
	if q.From != nil {
		v, err := parseNumber(q.From)
		if err != nil {
			return nil, c.failedToCreate(err)
		}
		lo = v
	}
	if q.To != nil {
		v, err := parseNumber(q.To)
		if err != nil {
			return nil, c.failedToCreate(err)
		}
		hi = v
	}
	if kindOf(f) == kindLong {
		l, h := int64(math.MinInt64), int64(math.MaxInt64)
		if q.From != nil {
			if q.IncludeLower {
				l = int64(math.Ceil(lo))
			} else {
				l = int64(math.Floor(lo)) + 1
			}
		}
		if q.To != nil {
			if q.IncludeUpper {
				h = int64(math.Floor(hi))
			} else {
				h = int64(math.Ceil(hi)) - 1
			}
		}
		return c.longRange(f.Path, l, h, boost), nil
	}
	if n := c.fieldRange(f, q, lo, hi, boost); n != nil {
		return n, nil
	}
	if f.Type == mapping.TypeFloat {
		lo, hi = float64(float32(lo)), float64(float32(hi))
	}
	if q.From != nil && !q.IncludeLower {
		lo = math.Nextafter(lo, math.Inf(1))
	}
	if q.To != nil && !q.IncludeUpper {
		hi = math.Nextafter(hi, math.Inf(-1))
	}
	return c.doubleRange(f, lo, hi, boost), nil
}

func orStar(v *xcontent.Value, s string) string {
	if v == nil {
		return "*"
	}
	return s
}

// dateBounds turns range ends on a date field into inclusive epoch-millis
// bounds (date math and per-operator rounding included).
func (c *shardCtx) dateBounds(f *mapping.Field, from, to *xcontent.Value, incLo, incHi bool, format, zone string) (int64, int64, *apierr.Error) {
	if format == "" {
		format = f.DateFormat()
	}
	df, perr := dsl.ParseDateFormat(format)
	if perr != nil {
		return 0, 0, fromX(perr)
	}
	var loc *time.Location
	if zone != "" {
		z, zerr := dsl.ParseTimeZone(zone)
		if zerr != nil {
			return 0, 0, fromX(zerr)
		}
		loc = z
	}
	lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
	bound := dsl.DateRangeBound
	if f.Type == mapping.TypeDateNanos {
		bound = dsl.DateRangeBoundNanos
	}
	if from != nil {
		v, err := bound(from.Text(), true, incLo, c.now, df, loc)
		if err != nil {
			return 0, 0, fromX(err)
		}
		lo = v
	}
	if to != nil {
		v, err := bound(to.Text(), false, incHi, c.now, df, loc)
		if err != nil {
			return 0, 0, fromX(err)
		}
		hi = v
	}
	return lo, hi, nil
}

// luceneRegexp translates Lucene's regexp syntax (always anchored, backslash
// escapes any character) into Go's; Lucene-only operators are refused.
func luceneRegexp(p string, fold bool) (*regexp.Regexp, *apierr.Error) {
	var b strings.Builder
	b.WriteString("^(?:")
	if fold {
		b.WriteString("(?i)")
	}
	for i := 0; i < len(p); i++ {
		ch := p[i]
		switch ch {
		case '\\':
			if i+1 < len(p) {
				i++
				b.WriteString(regexp.QuoteMeta(string(p[i])))
			}
			continue
		case '~', '<', '>', '@', '&', '#':
			return nil, apierr.Unsupported("the regexp operator [" + string(ch) + "]")
		}
		b.WriteByte(ch)
	}
	b.WriteString(")$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, apierr.IllegalArgument("invalid regexp [%s]: %s", p, err.Error())
	}
	return re, nil
}

// match is the match query.
func (c *shardCtx) match(q *dsl.Match, boost float32, scores bool) (node, *apierr.Error) {
	if q.Fuzziness != nil {
		return c.fuzzyMatch(q, boost, scores)
	}
	n, err := c.matchField(q.Field, &q.Query, q.Analyzer, q.Operator, q.MinimumShouldMatch, q.ZeroTerms, q.Lenient, boost, scores)
	return n, err
}

// fuzzyMatch is match with fuzziness: each analysed token becomes a fuzzy
// term, combined by operator and minimum_should_match.
func (c *shardCtx) fuzzyMatch(q *dsl.Match, boost float32, scores bool) (node, *apierr.Error) {
	if err := checkFuzzyRewrite(q.FuzzyRewrite, q.MaxExpansions); err != nil {
		return nil, err
	}
	f := c.field(q.Field)
	switch kindOf(f) {
	case kindText, kindKeyword:
	default:
		return c.matchField(q.Field, &q.Query, q.Analyzer, q.Operator, q.MinimumShouldMatch, q.ZeroTerms, q.Lenient, boost, scores)
	}
	var toks []string
	if kindOf(f) == kindKeyword {
		toks = []string{q.Query.Text()}
	} else {
		a, err := c.searchAnalyzer(f, q.Analyzer)
		if err != nil {
			return nil, err
		}
		for _, t := range a.Analyze(nil, q.Query.Text()) {
			toks = append(toks, t.Term)
		}
	}
	if len(toks) == 0 {
		if q.ZeroTerms == dsl.ZeroTermsAll {
			return c.matchAll(boost), nil
		}
		return &noneNode{reason: "Matching no documents because no terms present"}, nil
	}
	mk := func(t string) node {
		return c.fuzzyNode(f, t, *q.Fuzziness, q.PrefixLength, q.MaxExpansions, q.FuzzyTranspositions, boost, scores)
	}
	if len(toks) == 1 {
		return mk(toks[0]), nil
	}
	b := &boolNode{scores: scores}
	occ := should
	if q.Operator == dsl.OperatorAnd {
		occ = must
	}
	for _, t := range toks {
		b.clauses = append(b.clauses, clause{occur: occ, n: mk(t)})
	}
	if q.MinimumShouldMatch != "" && occ == should {
		n, merr := dsl.MinimumShouldMatch(len(b.clauses), q.MinimumShouldMatch)
		if merr != nil {
			return nil, apierr.New(apierr.TypeNumberFormat, merr.Error())
		}
		b.msm = n
	}
	return b, nil
}

// matchField builds the query match runs on one field.
func (c *shardCtx) matchField(field string, v *xcontent.Value, analyzer string, op dsl.Operator, msm string, zero dsl.ZeroTerms, lenient bool, boost float32, scores bool) (node, *apierr.Error) {
	f := c.field(field)
	switch kindOf(f) {
	case kindUnmapped, kindObject:
		return &noneNode{reason: "unmapped field [" + field + "]"}, nil
	case kindKeyword:
		return c.termNode(f, v.Text(), boost, scores), nil
	case kindLong, kindDouble, kindDate, kindBool, kindIP, kindUnsigned, kindConstant:
		n, err := c.term(field, v, false, boost, scores)
		if err != nil && lenient {
			return &noneNode{reason: "failed [" + field + "] query, caused by " + err.Reason}, nil
		}
		return n, err
	}
	a, err := c.searchAnalyzer(f, analyzer)
	if err != nil {
		return nil, err
	}
	toks := a.Analyze(nil, v.Text())
	if len(toks) == 0 {
		if zero == dsl.ZeroTermsAll {
			return c.matchAll(boost), nil
		}
		return &noneNode{reason: "Matching no documents because no terms present"}, nil
	}
	if len(toks) == 1 {
		return c.termNode(f, toks[0].Term, boost, scores), nil
	}
	b := &boolNode{scores: scores}
	occ := should
	if op == dsl.OperatorAnd {
		occ = must
	}
	for _, t := range toks {
		b.clauses = append(b.clauses, clause{occur: occ, n: c.termNode(f, t.Term, boost, scores)})
	}
	if msm != "" && occ == should {
		n, merr := dsl.MinimumShouldMatch(len(b.clauses), msm)
		if merr != nil {
			return nil, apierr.New(apierr.TypeNumberFormat, merr.Error())
		}
		b.msm = n
	}
	return b, nil
}

// matchPhrase is match_phrase on one field.
func (c *shardCtx) matchPhrase(field string, v *xcontent.Value, analyzer string, slop int, zero dsl.ZeroTerms, boost float32, scores bool) (node, *apierr.Error) {
	f := c.field(field)
	switch kindOf(f) {
	case kindUnmapped, kindObject:
		return &noneNode{reason: "unmapped field [" + field + "]"}, nil
	case kindText:
	default:
		return c.matchField(field, v, analyzer, dsl.OperatorOr, "", zero, false, boost, scores)
	}
	a, err := c.searchAnalyzer(f, analyzer)
	if err != nil {
		return nil, err
	}
	toks := a.Analyze(nil, v.Text())
	return c.phraseFromTokens(f, toks, slop, zero, boost, scores), nil
}

func (c *shardCtx) phraseFromTokens(f *mapping.Field, toks []analysis.Token, slop int, zero dsl.ZeroTerms, boost float32, scores bool) node {
	switch len(toks) {
	case 0:
		if zero == dsl.ZeroTermsAll {
			return c.matchAll(boost)
		}
		return &noneNode{reason: "Matching no documents because no terms present"}
	case 1:
		return c.termNode(f, toks[0].Term, boost, scores)
	}
	if f.Derived != nil && !c.inDerived {
		return c.derivedLeaf(f, boost, func(g *mapping.Field) node { return c.phraseFromTokens(g, toks, slop, zero, 1, false) })
	}
	p := &phraseNode{r: c.r, field: f.Path, slop: slop, scores: scores && !c.skipScores, norms: hasNorms(f)}
	for _, t := range toks {
		p.terms = append(p.terms, t.Term)
		p.pos = append(p.pos, int32(t.Position))
	}
	if scores {
		p.sc = c.scorer(f.Path, boost, p.terms...)
	} else if _, ok := c.r.FieldStats(f.Path); ok {
		p.sc = c.fakeScorer(f.Path, boost, len(p.terms))
	}
	return p
}

// multiMatch is multi_match: per-field queries combined by type.
func (c *shardCtx) multiMatch(q *dsl.MultiMatch, boost float32, scores bool) (node, *apierr.Error) {
	typ := q.Type
	if typ == "" {
		typ = "best_fields"
	}
	lenient := q.Lenient != nil && *q.Lenient
	fields := c.fieldList(q.Fields, &lenient)
	if typ == "cross_fields" {
		return c.crossFields(q, fields, boost, scores)
	}
	var subs []node
	for _, fb := range fields {
		var n node
		var err *apierr.Error
		switch typ {
		case "best_fields", "most_fields":
			if q.Fuzziness != nil {
				n, err = c.fuzzyMatch(fuzzyFieldMatch(q, fb.Field, lenient), boost*fb.Boost, scores)
				break
			}
			n, err = c.matchField(fb.Field, &q.Query, q.Analyzer, q.Operator, q.MinimumShouldMatch, q.ZeroTerms, lenient, boost*fb.Boost, scores)
		case "phrase":
			n, err = c.matchPhrase(fb.Field, &q.Query, q.Analyzer, q.Slop, q.ZeroTerms, boost*fb.Boost, scores)
		case "phrase_prefix":
			n, err = c.phrasePrefix(fb.Field, &q.Query, q.Analyzer, q.Slop, q.MaxExpansions, q.ZeroTerms, boost*fb.Boost, scores)
		case "bool_prefix":
			if q.Fuzziness != nil {
				n, err = c.fuzzyBoolPrefix(q, fb.Field, lenient, boost*fb.Boost, scores)
				break
			}
			n, err = c.boolPrefix(fb.Field, &q.Query, q.Analyzer, q.Operator, q.MinimumShouldMatch, fuzzyOpts{fz: q.Fuzziness, prefixLen: q.PrefixLength,
				maxExp: q.MaxExpansions, transpositions: q.FuzzyTranspositions}, boost*fb.Boost, scores)
		default:
			return nil, apierr.Unsupported("multi_match of type [" + typ + "]")
		}
		if err != nil {
			if lenient {
				continue
			}
			return nil, err
		}
		if _, none := n.(*noneNode); none {
			continue
		}
		subs = append(subs, n)
	}
	switch len(subs) {
	case 0:
		return &noneNode{reason: "No fields"}, nil
	case 1:
		return subs[0], nil
	}
	if typ == "most_fields" {
		b := &boolNode{scores: scores}
		for _, s := range subs {
			b.clauses = append(b.clauses, clause{occur: should, n: s})
		}
		return b, nil
	}
	tie := float32(0)
	if q.TieBreaker != nil {
		tie = *q.TieBreaker
	}
	return &disMaxNode{subs: subs, tie: tie}, nil
}

// fieldList expands field patterns; no fields means index.query.default_field
// ("*"), which makes the query lenient.
func (c *shardCtx) fieldList(in []dsl.FieldBoost, lenient *bool) []dsl.FieldBoost {
	if len(in) == 0 {
		*lenient = true
		in = []dsl.FieldBoost{{Field: "*", Boost: 1}}
	}
	var out []dsl.FieldBoost
	for _, fb := range in {
		if !strings.Contains(fb.Field, "*") {
			out = append(out, fb)
			continue
		}
		for _, name := range c.expand(fb.Field, true) {
			out = append(out, dsl.FieldBoost{Field: name, Boost: fb.Boost})
		}
	}
	return out
}

// boolQuery is the bool query as BoolQueryBuilder.doToQuery builds it
// (must, must_not, should, filter), with Lucene's rewrites of empty,
// single-clause and pure negative queries.
func (c *shardCtx) boolQuery(q *dsl.Bool, boost float32, scores bool) (node, *apierr.Error) {
	b := &boolNode{scores: scores}
	add := func(qs []dsl.Query, o occur, sc bool) *apierr.Error {
		for _, sub := range qs {
			n, err := c.compile(sub, boost, sc)
			if err != nil {
				return err
			}
			b.clauses = append(b.clauses, clause{occur: o, n: n})
		}
		return nil
	}
	if err := add(q.Must, must, scores); err != nil {
		return nil, err
	}
	if err := add(q.MustNot, mustNot, false); err != nil {
		return nil, err
	}
	if err := add(q.Should, should, scores); err != nil {
		return nil, err
	}
	if err := add(q.Filter, filter, false); err != nil {
		return nil, err
	}
	if len(b.clauses) == 0 {
		return c.matchAll(boost), nil
	}
	spec := q.MinimumShouldMatch
	if spec == "" && !scores && len(q.Should) > 0 {
		spec = "1"
	}
	if spec != "" && len(q.Should) > 0 {
		n, err := dsl.MinimumShouldMatch(len(q.Should), spec)
		if err != nil {
			return nil, apierr.New(apierr.TypeNumberFormat, err.Error())
		}
		b.msm = n
	}
	if len(q.MustNot) == len(b.clauses) && q.AdjustPureNegative {
		b.clauses = append(b.clauses, clause{occur: filter, n: c.matchAll(1)})
	}
	b.flatten()
	if len(b.clauses) == 1 {
		cl := b.clauses[0]
		switch {
		case cl.occur == should && b.msm <= 1, cl.occur == must && b.msm == 0:
			return cl.n, nil
		case cl.occur == filter && b.msm == 0:
			return &scoreNode{inner: cl.n, desc: "ConstantScore(" + cl.n.String() + ")", score: 0}, nil
		}
	}
	return b, nil
}

// queryString runs query_string (and q=) through package querystring.
func (c *shardCtx) queryString(q *dsl.QueryString, boost float32, scores bool) (node, *apierr.Error) {
	ast, err := querystring.Parse(q.Query, querystring.OptionsFrom(q))
	if err != nil {
		if xe, ok := err.(*xcontent.Error); ok {
			e := fromX(xe)
			if e.Type == apierr.TypeQueryShard {
				e.Meta = append(e.Meta, apierr.Meta{Key: "index", Value: c.idx.Name}, apierr.Meta{Key: "index_uuid", Value: c.idx.UUID})
			}
			return nil, e
		}
		return nil, apierr.IllegalArgument("%s", err.Error())
	}
	lenient := q.Lenient != nil && *q.Lenient
	fields := q.Fields
	if len(fields) == 0 && q.DefaultField != "" && q.DefaultField != "*" {
		fields = []dsl.FieldBoost{{Field: q.DefaultField, Boost: 1}}
	}
	fields = c.fieldList(fields, &lenient)
	if q.Type == "most_fields" && q.TieBreaker == nil {
		// most_fields sums the per-field queries: a dis_max with tie 1.
		one := float32(1)
		cp := *q
		cp.TieBreaker = &one
		q = &cp
	}
	qs := &qsCompiler{c: c, q: q, fields: fields, lenient: lenient, scores: scores}
	n, aerr := qs.node(ast, boost)
	if aerr != nil || q.MinimumShouldMatch == "" {
		return n, aerr
	}
	// minimum_should_match applies to the top-level boolean's optional
	// clauses (Queries.maybeApplyMinimumShouldMatch).
	if b, ok := n.(*boolNode); ok {
		opt := 0
		for _, cl := range b.clauses {
			if cl.occur == should {
				opt++
			}
		}
		m, merr := dsl.MinimumShouldMatch(opt, q.MinimumShouldMatch)
		if merr != nil {
			return nil, apierr.New(apierr.TypeNumberFormat, merr.Error())
		}
		b.msm = m
	}
	return n, nil
}

type qsCompiler struct {
	c       *shardCtx
	q       *dsl.QueryString
	fields  []dsl.FieldBoost
	lenient bool
	scores  bool
}

func (s *qsCompiler) targets(field string) []dsl.FieldBoost {
	if field == "" {
		return s.fields
	}
	if strings.Contains(field, "*") {
		var out []dsl.FieldBoost
		for _, f := range s.c.expand(field, true) {
			out = append(out, dsl.FieldBoost{Field: f, Boost: 1})
		}
		return out
	}
	return []dsl.FieldBoost{{Field: field, Boost: 1}}
}

// perField builds one query per target field and joins them with dis_max.
func (s *qsCompiler) perField(field string, boost float32, build func(f string, b float32) (node, *apierr.Error)) (node, *apierr.Error) {
	var subs []node
	for _, fb := range s.targets(field) {
		n, err := build(fb.Field, boost*fb.Boost)
		if err != nil {
			// Leniency covers values a field cannot take, not the limits.
			if s.lenient && !strings.HasPrefix(err.Reason, "The length of regex") {
				continue
			}
			return nil, err
		}
		if _, none := n.(*noneNode); none && len(s.targets(field)) > 1 {
			continue
		}
		subs = append(subs, n)
	}
	switch len(subs) {
	case 0:
		return &noneNode{reason: "No fields"}, nil
	case 1:
		return subs[0], nil
	}
	tie := float32(0)
	if s.q.TieBreaker != nil {
		tie = *s.q.TieBreaker
	}
	return &disMaxNode{subs: subs, tie: tie}, nil
}

func (s *qsCompiler) node(n querystring.Node, boost float32) (node, *apierr.Error) {
	c := s.c
	switch x := n.(type) {
	case *querystring.MatchAll:
		return c.matchAll(boost), nil
	case *querystring.MatchNone:
		return &noneNode{reason: "Matching no documents because no terms present"}, nil
	case *querystring.Boost:
		return s.node(x.Node, boost*x.Boost)
	case *querystring.Term:
		v := &xcontent.Value{Kind: xcontent.String, Str: x.Text}
		return s.perField(x.Field, boost, func(f string, b float32) (node, *apierr.Error) {
			return c.matchField(f, v, s.q.Analyzer, s.q.DefaultOperator, "", dsl.ZeroTermsNone, s.lenient, b, s.scores)
		})
	case *querystring.Phrase:
		v := &xcontent.Value{Kind: xcontent.String, Str: x.Text}
		return s.perField(x.Field, boost, func(f string, b float32) (node, *apierr.Error) {
			return c.matchPhrase(f, v, s.q.Analyzer, x.Slop, dsl.ZeroTermsNone, b, s.scores)
		})
	case *querystring.Prefix:
		return s.perField(x.Field, boost, func(f string, b float32) (node, *apierr.Error) {
			text := x.Text
			if kindOf(c.field(f)) == kindText {
				text = strings.ToLower(text)
			}
			return c.pattern("prefix", f, text, false, b)
		})
	case *querystring.Wildcard:
		if x.Field != "" && x.Pattern == "*" {
			return c.exists(x.Field, boost)
		}
		return s.perField(x.Field, boost, func(f string, b float32) (node, *apierr.Error) {
			return c.pattern("wildcard", f, x.Pattern, false, b)
		})
	case *querystring.Regexp:
		return s.perField(x.Field, boost, func(f string, b float32) (node, *apierr.Error) {
			// QueryParserBase.getRegexpQuery normalizes the pattern with the
			// field's search analyzer (lower case on text, as for prefixes).
			pattern := x.Pattern
			if kindOf(c.field(f)) == kindText {
				pattern = strings.ToLower(pattern)
			}
			return c.pattern("regexp", f, pattern, false, b)
		})
	case *querystring.Exists:
		return c.exists(x.Field, boost)
	case *querystring.Range:
		return s.perField(x.Field, boost, func(f string, b float32) (node, *apierr.Error) {
			r := &dsl.Range{Base: dsl.Base{Boost: 1}, Field: f, IncludeLower: x.IncludeLower, IncludeUpper: x.IncludeUpper, TimeZone: s.q.TimeZone}
			if x.Lower != nil {
				r.From = &xcontent.Value{Kind: xcontent.String, Str: *x.Lower}
			}
			if x.Upper != nil {
				r.To = &xcontent.Value{Kind: xcontent.String, Str: *x.Upper}
			}
			return c.rangeQuery(r, b)
		})
	case *querystring.Bool:
		b := &boolNode{scores: s.scores}
		negOnly := true
		for _, cl := range x.Clauses {
			sc := s.scores && cl.Occur != querystring.MustNot
			sub, err := (&qsCompiler{c: c, q: s.q, fields: s.fields, lenient: s.lenient, scores: sc}).node(cl.Node, boost)
			if err != nil {
				return nil, err
			}
			var o occur
			switch cl.Occur {
			case querystring.Must:
				o = must
			case querystring.MustNot:
				o = mustNot
			default:
				o = should
			}
			if o != mustNot {
				negOnly = false
			}
			b.clauses = append(b.clauses, clause{occur: o, n: sub})
		}
		if len(b.clauses) == 0 {
			return &noneNode{reason: "empty"}, nil
		}
		if negOnly {
			b.clauses = append(b.clauses, clause{occur: filter, n: c.matchAll(1)})
		}
		b.flatten()
		if len(b.clauses) == 1 {
			return b.clauses[0].n, nil
		}
		return b, nil
	case *querystring.Fuzzy:
		return s.perField(x.Field, boost, func(f string, b float32) (node, *apierr.Error) {
			fld := c.field(f)
			switch kindOf(fld) {
			case kindText, kindKeyword:
			default:
				v := &xcontent.Value{Kind: xcontent.String, Str: x.Text}
				return c.term(f, v, false, b, s.scores)
			}
			text := x.Text
			if kindOf(fld) == kindText {
				// The term is normalised by the search analyzer.
				a, err := c.searchAnalyzer(fld, s.q.Analyzer)
				if err != nil {
					return nil, err
				}
				if toks := a.Analyze(nil, text); len(toks) > 0 {
					text = toks[0].Term
				}
			}
			return c.fuzzyNode(fld, text, x.Fuzziness, s.q.FuzzyPrefixLength, s.q.FuzzyMaxExpansions, s.q.FuzzyTranspositions, b, s.scores), nil
		})
	}
	return nil, apierr.Unsupported("this query_string construct")
}

// fuzzyOpts are a full-text query's fuzzy options (fz nil: no fuzziness).
type fuzzyOpts struct {
	fz                *dsl.Fuzziness
	prefixLen, maxExp int
	transpositions    bool
}

// boolPrefix is match_bool_prefix on one field: the analysed terms as term
// (or, with fuzziness, fuzzy) clauses, the last one as a (constant-score)
// prefix query, which fuzziness leaves alone.
func (c *shardCtx) boolPrefix(field string, v *xcontent.Value, analyzer string, op dsl.Operator, msm string, fo fuzzyOpts, boost float32, scores bool) (node, *apierr.Error) {
	f := c.field(field)
	if kindOf(f) == kindKeyword {
		// The keyword analyzer leaves one token: the whole value is the prefix.
		last := v.Text()
		return c.termsWhere(f.Path, f.Path+":"+last+"*", boost, func(t string) bool { return strings.HasPrefix(t, last) }), nil
	}
	if kindOf(f) != kindText {
		return c.matchField(field, v, analyzer, op, msm, dsl.ZeroTermsNone, false, boost, scores)
	}
	a, err := c.searchAnalyzer(f, analyzer)
	if err != nil {
		return nil, err
	}
	toks := a.Analyze(nil, v.Text())
	if len(toks) == 0 {
		return &noneNode{reason: "Matching no documents because no terms present"}, nil
	}
	last := toks[len(toks)-1].Term
	prefix := c.termsWhere(f.Path, f.Path+":"+last+"*", boost, func(t string) bool { return strings.HasPrefix(t, last) })
	if len(toks) == 1 {
		return prefix, nil
	}
	b := &boolNode{scores: scores}
	occ := should
	if op == dsl.OperatorAnd {
		occ = must
	}
	for _, t := range toks[:len(toks)-1] {
		n := c.termNode(f, t.Term, boost, scores)
		if fo.fz != nil {
			n = c.fuzzyNode(f, t.Term, *fo.fz, fo.prefixLen, fo.maxExp, fo.transpositions, boost, scores)
		}
		b.clauses = append(b.clauses, clause{occur: occ, n: n})
	}
	b.clauses = append(b.clauses, clause{occur: occ, n: prefix})
	if msm != "" && occ == should {
		n, merr := dsl.MinimumShouldMatch(len(b.clauses), msm)
		if merr != nil {
			return nil, apierr.New(apierr.TypeNumberFormat, merr.Error())
		}
		b.msm = n
	}
	return b, nil
}
