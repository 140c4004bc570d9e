package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// The span queries reuse the intervals' position sources (intervals.go):
// a span query is a source over one field, and a document's score is BM25
// over the sloppy frequency of its spans, sum of 1/(1+width) with width
// the positions a span's parts leave uncovered (SpanScorer), the weight's
// statistics those of every term the query reads (SpanWeight).

// spanQuery compiles a span query.
func (c *shardCtx) spanQuery(x *dsl.Span, boost float32, scores bool) (node, *apierr.Error) {
	src, field, err := c.spanSource(x)
	if err != nil {
		return nil, err
	}
	f := c.field(field)
	if f == nil {
		return &noneNode{reason: "unmapped field [" + field + "]"}, nil
	}
	var terms []string
	seen := map[string]bool{}
	src.terms(func(t string) {
		if !seen[t] {
			seen[t] = true
			terms = append(terms, t)
		}
	})
	sort.Strings(terms)
	n := &spanNode{r: c.r, field: f.Path, src: src, norms: hasNorms(f), scores: scores && !c.skipScores}
	if n.scores {
		n.sc = c.scorer(f.Path, boost, terms...)
	}
	return n, nil
}

// spanSource builds the position source of a span query and the field it
// reads; every clause must read the same one.
func (c *shardCtx) spanSource(x *dsl.Span) (isrc, string, *apierr.Error) {
	sub := func(s *dsl.Span) (isrc, string, *apierr.Error) { return c.spanSource(s) }
	same := func(fields ...string) *apierr.Error {
		for _, f := range fields[1:] {
			if f != fields[0] {
				return c.failedToCreate(apierr.IllegalArgument("Clauses must have same field."))
			}
		}
		return nil
	}
	switch x.Type {
	case "span_term":
		// Span terms are not analysed: a text field holds its tokens as
		// the analyzer left them, so an upper-case term finds nothing.
		return &leafSrc{list: []string{x.Value}, desc: x.Field + ":" + x.Value}, x.Field, nil
	case "span_multi":
		return c.spanMulti(x)
	case "field_masking_span":
		inner, _, err := sub(x.Match)
		if err != nil {
			return nil, "", err
		}
		return &namedSrc{isrc: inner, desc: "mask(" + inner.String() + ") as " + x.Field}, x.Field, nil
	case "span_near", "span_or":
		subs := make([]isrc, len(x.Clauses))
		fields := make([]string, len(x.Clauses))
		for i, cl := range x.Clauses {
			s, f, err := sub(cl)
			if err != nil {
				return nil, "", err
			}
			subs[i], fields[i] = s, f
		}
		if err := same(fields...); err != nil {
			return nil, "", err
		}
		if x.Type == "span_or" {
			return &namedSrc{isrc: &orSrc{subs: subs}, desc: "spanOr([" + joinSpanDescs(subs) + "])"}, fields[0], nil
		}
		var inner isrc = &unorderedSrc{subs: subs}
		if x.InOrder {
			inner = &orderedSrc{subs: subs}
		}
		desc := "spanNear([" + joinSpanDescs(subs) + "], " + strconv.Itoa(x.Slop) + ", " + strconv.FormatBool(x.InOrder) + ")"
		return &namedSrc{isrc: &maxGapsSrc{n: int32(x.Slop), sub: inner}, desc: desc}, fields[0], nil
	case "span_not":
		inc, f1, err := sub(x.Include)
		if err != nil {
			return nil, "", err
		}
		exc, f2, err := sub(x.Exclude)
		if err != nil {
			return nil, "", err
		}
		if err := same(f1, f2); err != nil {
			return nil, "", err
		}
		return &spanNotSrc{inc: inc, exc: exc, pre: int32(x.Pre), post: int32(x.Post)}, f1, nil
	case "span_first":
		m, f, err := sub(x.Match)
		if err != nil {
			return nil, "", err
		}
		return &spanFirstSrc{sub: m, end: int32(x.End)}, f, nil
	case "span_containing", "span_within":
		big, f1, err := sub(x.Big)
		if err != nil {
			return nil, "", err
		}
		little, f2, err := sub(x.Little)
		if err != nil {
			return nil, "", err
		}
		if err := same(f1, f2); err != nil {
			return nil, "", err
		}
		if x.Type == "span_containing" {
			return &namedSrc{isrc: &filterSrc{kind: "containing", sub: big, ref: little}, desc: "SpanContaining(" + big.String() + ", " + little.String() + ")"}, f1, nil
		}
		return &namedSrc{isrc: &filterSrc{kind: "contained_by", sub: little, ref: big}, desc: "SpanWithin(" + big.String() + ", " + little.String() + ")"}, f1, nil
	}
	return nil, "", apierr.Unsupported("the [" + x.Type + "] query")
}

// spanMulti expands span_multi's multi-term query into its terms, as
// SpanMultiTermQueryWrapper rewrites it (a top-terms rewrite bounded by
// the clause limit).
func (c *shardCtx) spanMulti(x *dsl.Span) (isrc, string, *apierr.Error) {
	var field, desc string
	var match func(string) bool
	switch m := x.Multi.(type) {
	case *dsl.Prefix:
		field, desc = m.Field, m.Field+":"+m.Value+"*"
		p := m.Value
		match = func(t string) bool {
			if m.CaseInsensitive {
				return strings.HasPrefix(strings.ToLower(t), strings.ToLower(p))
			}
			return strings.HasPrefix(t, p)
		}
	case *dsl.Wildcard:
		field, desc = m.Field, m.Field+":"+m.Value
		if m.CaseInsensitive {
			pat := wildcard.Compile(strings.ToLower(m.Value))
			match = func(t string) bool { return pat.Match(strings.ToLower(t)) }
		} else {
			match = wildcard.Compile(m.Value).Match
		}
	case *dsl.Regexp:
		re, err := luceneRegexp(m.Value, m.CaseInsensitive)
		if err != nil {
			return nil, "", err
		}
		field, desc, match = m.Field, m.Field+":/"+m.Value+"/", re.MatchString
	case *dsl.Fuzzy:
		v := m.Value.Text()
		var out []string
		for _, ft := range c.fuzzyExpand(m.Field, v, m.Fuzziness.Distance(v), m.PrefixLength, m.MaxExpansions, m.Transpositions) {
			out = append(out, ft.term)
		}
		sort.Strings(out)
		return &leafSrc{list: out, desc: "SpanMultiTermQueryWrapper(" + m.Field + ":" + v + "~" + strconv.Itoa(m.Fuzziness.Distance(v)) + ")"}, m.Field, nil
	default:
		return nil, "", apierr.Unsupported("span_multi over a [" + x.Multi.Kind() + "] query")
	}
	var out []string
	c.r.Terms(field, func(t string) bool {
		if match(t) {
			out = append(out, t)
		}
		return true
	})
	sort.Strings(out)
	if len(out) > maxClauseCount {
		return nil, "", c.failedToCreate(apierr.New("too_many_clauses", "maxClauseCount is set to "+strconv.Itoa(maxClauseCount)))
	}
	return &leafSrc{list: out, desc: "SpanMultiTermQueryWrapper(" + desc + ")"}, field, nil
}

// maxClauseCount is indices.query.bool.max_clause_count's default.
const maxClauseCount = 1024

func joinSpanDescs(subs []isrc) string {
	parts := make([]string, len(subs))
	for i, s := range subs {
		parts[i] = s.String()
	}
	return strings.Join(parts, ", ")
}

// namedSrc is a source printed as the span query Lucene builds prints.
type namedSrc struct {
	isrc
	desc string
}

func (n *namedSrc) String() string { return n.desc }

// spanNotSrc keeps include's spans that no exclude span comes within pre
// positions before or post after (SpanNotQuery).
type spanNotSrc struct {
	inc, exc  isrc
	pre, post int32
}

func (s *spanNotSrc) terms(add func(string)) {
	s.inc.terms(add)
	s.exc.terms(add)
}

func (s *spanNotSrc) spans(pos map[string][]int32) []span {
	ex := s.exc.spans(pos)
	var out []span
	for _, a := range s.inc.spans(pos) {
		hit := false
		for _, b := range ex {
			if b.s <= a.e+s.post && a.s-s.pre <= b.e {
				hit = true
				break
			}
		}
		if !hit {
			out = append(out, a)
		}
	}
	return out
}

func (s *spanNotSrc) String() string {
	return "spanNot(" + s.inc.String() + ", " + s.exc.String() + ", " + strconv.Itoa(int(s.pre)) + ", " + strconv.Itoa(int(s.post)) + ")"
}

// spanFirstSrc keeps the spans that end by position end (SpanFirstQuery).
type spanFirstSrc struct {
	sub isrc
	end int32
}

func (s *spanFirstSrc) terms(add func(string)) { s.sub.terms(add) }

func (s *spanFirstSrc) spans(pos map[string][]int32) []span {
	var out []span
	for _, a := range s.sub.spans(pos) {
		if a.e+1 <= s.end {
			out = append(out, a)
		}
	}
	return out
}

func (s *spanFirstSrc) String() string {
	return "spanFirst(" + s.sub.String() + ", " + strconv.Itoa(int(s.end)) + ")"
}

// spanNode scores the documents a span source matches.
type spanNode struct {
	r      *shard.Reader
	field  string
	src    isrc
	sc     *similarity.Scorer // nil without scores or statistics
	norms  bool
	scores bool
}

func (n *spanNode) String() string { return n.src.String() }

// matches are the live documents with spans and their sloppy frequencies.
func (n *spanNode) matches() ([]int32, []float32) {
	all, byDoc := termPositions(n.r, n.field, n.src)
	var docs []int32
	var freqs []float32
	for _, d := range all {
		var f float32
		for _, a := range n.src.spans(byDoc[d]) {
			f += 1 / float32(1+a.gaps)
		}
		if f > 0 {
			docs = append(docs, d)
			freqs = append(freqs, f)
		}
	}
	return docs, freqs
}

func (n *spanNode) norm(doc int32) byte {
	if n.norms {
		return n.r.Norm(n.field, doc)
	}
	return 1
}

func (n *spanNode) iter() iterator {
	docs, freqs := n.matches()
	scores := make([]float32, len(docs))
	if n.scores && n.sc != nil {
		for i, d := range docs {
			scores[i] = n.sc.Score(freqs[i], n.norm(d))
		}
	}
	return newScoredSetIter(docs, scores)
}

func (n *spanNode) explain(doc int32) similarity.Explanation {
	docs, freqs := n.matches()
	for i, d := range docs {
		if d != doc {
			continue
		}
		if n.sc == nil {
			return similarity.Match(0, n.String())
		}
		return similarity.WeightExplanation(n.String(), int(doc), n.sc.Explain(similarity.PhraseFreqExplanation(freqs[i]), n.norm(doc)))
	}
	return similarity.NoMatch(similarity.NoMatchingTerm)
}
