package search

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// node is a compiled query for one shard (Lucene's Weight): it makes fresh
// iterators and explains single documents.
type node interface {
	iter() iterator
	explain(doc int32) similarity.Explanation
	// String is Lucene's Query.toString, used in explanation texts.
	String() string
}

// termNode is a term query on a text or keyword field, scored with BM25.
type termNode struct {
	r      *shard.Reader
	field  string
	term   string
	sc     *similarity.Scorer // nil: no document has the field
	norms  bool
	scores bool
}

func (t *termNode) String() string { return similarity.TermQueryString(t.field, t.term) }

func (t *termNode) iter() iterator {
	if t.sc == nil {
		return newEmpty()
	}
	p := t.r.Postings(t.field, t.term)
	if p == nil {
		return newEmpty()
	}
	it := &postingsIter{p: p, d: -1, t: t, cst: t.r.DocFreq(t.field, t.term)}
	if t.norms {
		it.norms = t.r.Norms(t.field)
		return it
	}
	if p.HasPositions() {
		return it // a text field without norms: scored with its frequency and norm 1
	}
	// A keyword term can also be checked on doc values, so a conjunction led
	// by a rarer clause need not walk its postings.
	return &keywordTermIter{postingsIter: it, check: t.r.KeywordMatcher(t.field, t.term)}
}

// keywordTermIter is a keyword term's postings with a doc-values check.
type keywordTermIter struct {
	*postingsIter
	check func(slot int32) bool
}

func (k *keywordTermIter) matches(doc int32) bool { return k.check(doc) }

// score is the same for every document: keyword terms have frequency 1 and
// no norms.
func (k *keywordTermIter) score() float32 {
	if !k.t.scores {
		return 0
	}
	return k.t.sc.Score(1, 1)
}

func (t *termNode) norm(doc int32) byte {
	if !t.norms {
		return 1
	}
	return t.r.Norm(t.field, doc)
}

func (t *termNode) explain(doc int32) similarity.Explanation {
	it := t.iter()
	if it.advance(doc) != doc {
		return similarity.NoMatch(similarity.NoMatchingTerm)
	}
	var freq float32
	switch x := it.(type) {
	case *postingsIter:
		freq = float32(x.p.Freq())
	case *keywordTermIter:
		freq = float32(x.p.Freq())
	}
	return similarity.WeightExplanation(t.String(), int(doc), t.sc.Explain(similarity.FreqExplanation(freq), t.norm(doc)))
}

// postingsIter iterates one term's postings.
type postingsIter struct {
	p     *shard.Iterator
	d     int32
	t     *termNode
	cst   int64
	norms []byte // the field's norms; nil scores with norm 1
}

func (p *postingsIter) doc() int32 { return p.d }
func (p *postingsIter) next() int32 {
	if p.p.Next() {
		p.d = p.p.Doc
	} else {
		p.d = noMore
	}
	return p.d
}
func (p *postingsIter) advance(t int32) int32 {
	if p.p.Advance(t) {
		p.d = p.p.Doc
	} else {
		p.d = noMore
	}
	return p.d
}
func (p *postingsIter) score() float32 {
	if !p.t.scores {
		return 0
	}
	norm := byte(1)
	if p.norms != nil {
		norm = 0
		if int(p.d) < len(p.norms) {
			norm = p.norms[p.d]
		}
	}
	return p.t.sc.Score(float32(p.p.Freq()), norm)
}
func (p *postingsIter) cost() int64 { return p.cst }

// constNode scores the matches of a matcher with a constant (match_all,
// constant_score, and the constant-score queries: range, terms, exists...).
type constNode struct {
	desc  string // Query.toString
	score float32
	make  func() iterator // the matches (scores ignored)
	// field and keep describe a multi-term query's terms, for highlighting.
	field string
	keep  func(term string) bool
}

func (c *constNode) String() string { return c.desc }
func (c *constNode) iter() iterator {
	it := c.make()
	switch x := it.(type) {
	case *rangeIter:
		x.s = c.score
		return x
	case *predIter:
		x.s = c.score
		return x
	case *setIter:
		x.s = c.score
		return x
	case *emptyIter:
		return x
	}
	return &constIter{iterator: it, s: c.score}
}

func (c *constNode) explain(doc int32) similarity.Explanation {
	if c.iter().advance(doc) == doc {
		return similarity.ConstantScore(c.desc, c.score)
	}
	return similarity.ConstantScoreNoMatch(c.desc, int(doc))
}

// noneNode matches nothing (MatchNoDocsQuery).
type noneNode struct{ reason string }

func (n *noneNode) String() string { return "MatchNoDocsQuery(\"" + n.reason + "\")" }
func (n *noneNode) iter() iterator { return newEmpty() }
func (n *noneNode) explain(int32) similarity.Explanation {
	return similarity.NoMatch(n.reason)
}

// occur is a boolean clause's occurrence.
type occur uint8

const (
	must occur = iota
	should
	filter
	mustNot
)

func (o occur) prefix() string {
	switch o {
	case must:
		return "+"
	case filter:
		return "#"
	case mustNot:
		return "-"
	}
	return ""
}

type clause struct {
	occur occur
	n     node
}

// boolNode is a BooleanQuery.
type boolNode struct {
	clauses []clause
	msm     int
	scores  bool
	// boosted marks a bool whose own query had a boost (Lucene wraps it in
	// a BoostQuery, which keeps it from being flattened into its parent).
	boosted bool
}

// pureDisjunction reports whether b has only SHOULD clauses and at most
// one required (BooleanQuery.isPureDisjunction).
func (b *boolNode) pureDisjunction() bool {
	if b.msm > 1 || b.boosted {
		return false
	}
	for _, c := range b.clauses {
		if c.occur != should {
			return false
		}
	}
	return true
}

// flatten inlines SHOULD clauses that are pure disjunctions, as
// BooleanQuery.rewrite does when minimum_should_match is 0.
func (b *boolNode) flatten() {
	if b.msm != 0 {
		return
	}
	var out []clause
	changed := false
	for _, c := range b.clauses {
		if inner, ok := c.n.(*boolNode); ok && c.occur == should && inner.pureDisjunction() {
			out = append(out, inner.clauses...)
			changed = true
			continue
		}
		out = append(out, c)
	}
	if changed {
		b.clauses = out
	}
}

func (b *boolNode) String() string {
	var sb strings.Builder
	for i, c := range b.clauses {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(c.occur.prefix())
		if _, nested := c.n.(*boolNode); nested {
			sb.WriteString("(" + c.n.String() + ")")
		} else {
			sb.WriteString(c.n.String())
		}
	}
	if b.msm > 0 {
		sb.WriteString("~" + strconv.Itoa(b.msm))
	}
	return sb.String()
}

func (b *boolNode) iter() iterator {
	var req, reqScoring, opt, excl []iterator
	for _, c := range b.clauses {
		it := c.n.iter()
		switch c.occur {
		case must:
			req = append(req, it)
			if b.scores {
				reqScoring = append(reqScoring, it)
			}
		case filter:
			req = append(req, it)
		case should:
			opt = append(opt, it)
		case mustNot:
			excl = append(excl, it)
		}
	}
	var main iterator
	switch {
	case len(req) == 0 && len(opt) == 0:
		return newEmpty()
	case len(req) == 0:
		if b.msm > len(opt) {
			return newEmpty()
		}
		main = &disjIter{subs: opt, msm: max(b.msm, 1), d: -1}
	default:
		if len(req) == 1 && len(reqScoring) == 1 {
			main = req[0]
		} else {
			main = newConj(req, reqScoring)
			if len(reqScoring) == 0 {
				main = &constIter{iterator: main, s: 0}
			}
		}
		if len(opt) > 0 {
			if b.msm > len(opt) {
				return newEmpty()
			}
			if b.msm > 0 {
				o := &disjIter{subs: opt, msm: b.msm, d: -1}
				main = newConj([]iterator{main, o}, []iterator{main, o})
			} else if b.scores {
				main = &optIter{req: main, opt: &disjIter{subs: opt, msm: 1, d: -1}}
			}
		}
	}
	if len(excl) > 0 {
		var x iterator = excl[0]
		if len(excl) > 1 {
			x = &disjIter{subs: excl, msm: 1, d: -1}
		}
		main = &exclIter{req: main, excl: x}
	}
	return main
}

func (b *boolNode) explain(doc int32) similarity.Explanation {
	var subs []similarity.Explanation
	fail := false
	matchCount, shouldCount := 0, 0
	for _, c := range b.clauses {
		e := c.n.explain(doc)
		if e.Matched {
			switch {
			case c.occur == must && b.scores, c.occur == should:
				subs = append(subs, e)
			case c.occur == must || c.occur == filter:
				subs = append(subs, similarity.RequiredNonScoringClause(e))
			case c.occur == mustNot:
				subs = append(subs, similarity.MatchProhibited(c.n.String(), e))
				fail = true
			}
			if c.occur != mustNot {
				matchCount++
			}
			if c.occur == should {
				shouldCount++
			}
		} else if c.occur == must || c.occur == filter {
			subs = append(subs, similarity.NoMatchRequired(c.n.String(), e))
			fail = true
		}
	}
	switch {
	case fail:
		return similarity.NoMatch(similarity.FailedRequiredOrProhibited, subs...)
	case matchCount == 0:
		return similarity.NoMatch(similarity.NoMatchingClauses, subs...)
	case shouldCount < b.msm:
		return similarity.MinShouldMatchFailure(b.msm, subs...)
	}
	it := b.iter()
	if it.advance(doc) != doc {
		return similarity.NoMatch(similarity.NoMatchingClauses, subs...)
	}
	return similarity.SumOf(it.score(), subs...)
}

// disMaxNode is DisjunctionMaxQuery.
type disMaxNode struct {
	subs []node
	tie  float32
}

func (d *disMaxNode) String() string {
	parts := make([]string, len(d.subs))
	for i, s := range d.subs {
		parts[i] = s.String()
	}
	s := "(" + strings.Join(parts, " | ") + ")"
	if d.tie != 0 {
		s += "~" + similarity.FormatFloat(d.tie)
	}
	return s
}

func (d *disMaxNode) iter() iterator {
	subs := make([]iterator, len(d.subs))
	for i, s := range d.subs {
		subs[i] = s.iter()
	}
	return &disjIter{subs: subs, msm: 1, dismax: true, tie: d.tie, d: -1}
}

func (d *disMaxNode) explain(doc int32) similarity.Explanation {
	es := make([]similarity.Explanation, len(d.subs))
	for i, s := range d.subs {
		es[i] = s.explain(doc)
	}
	return similarity.DisMax(d.tie, es...)
}

// wrapNode renames an inner node for explanations (ConstantScore(...)).
type scoreNode struct {
	inner node
	desc  string
	score float32
	// derived marks a derived field's query (DerivedFieldQuery).
	derived bool
}

func (s *scoreNode) String() string { return s.desc }
func (s *scoreNode) iter() iterator { return &constIter{iterator: s.inner.iter(), s: s.score} }
func (s *scoreNode) explain(doc int32) similarity.Explanation {
	if s.inner.iter().advance(doc) == doc {
		return similarity.ConstantScore(s.desc, s.score)
	}
	return similarity.ConstantScoreNoMatch(s.desc, int(doc))
}
