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

// This file is the intervals query (Lucene's IntervalQuery): a rule yields,
// per document, the minimal position intervals it matches; a document
// matches when its rule yields any, and scores boost * S / (S + 1) where S
// sums 1/width over the intervals.

// span is one interval of positions, with its gaps as maxgaps counts them.
type span struct{ s, e, gaps int32 }

func (a span) width() int32 { return a.e - a.s + 1 }

// isrc is a compiled rule: the terms its leaves read, and its intervals in
// a document given each term's positions there.
type isrc interface {
	terms(add func(string))
	spans(pos map[string][]int32) []span
	String() string
}

// maxIntervalCombos bounds the combinations an unordered rule tries in one
// document.
const maxIntervalCombos = 200000

// leafSrc is a term, or the terms a prefix, wildcard, regexp or fuzzy rule
// expands to (an or of them).
type leafSrc struct {
	list []string
	desc string
}

func (l *leafSrc) terms(add func(string)) {
	for _, t := range l.list {
		add(t)
	}
}

func (l *leafSrc) spans(pos map[string][]int32) []span {
	var out []span
	for _, t := range l.list {
		for _, p := range pos[t] {
			out = append(out, span{s: p, e: p})
		}
	}
	return normalize(out)
}

func (l *leafSrc) String() string { return l.desc }

// normalize sorts spans by start then end and drops duplicates.
func normalize(in []span) []span {
	sort.Slice(in, func(i, j int) bool {
		if in[i].s != in[j].s {
			return in[i].s < in[j].s
		}
		return in[i].e < in[j].e
	})
	out := in[:0]
	for i, a := range in {
		if i > 0 && a.s == out[len(out)-1].s && a.e == out[len(out)-1].e {
			continue
		}
		out = append(out, a)
	}
	return out
}

// minimal keeps the spans that contain no other span.
func minimal(in []span) []span {
	in = normalize(in)
	var out []span
	for i, a := range in {
		keep := true
		for j, b := range in {
			if i != j && a.s <= b.s && b.e <= a.e && (a.s != b.s || a.e != b.e) {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, a)
		}
	}
	return out
}

// orSrc is any_of: every interval of every rule.
type orSrc struct{ subs []isrc }

func (o *orSrc) terms(add func(string)) {
	for _, s := range o.subs {
		s.terms(add)
	}
}

func (o *orSrc) spans(pos map[string][]int32) []span {
	var out []span
	for _, s := range o.subs {
		out = append(out, s.spans(pos)...)
	}
	return normalize(out)
}

func (o *orSrc) String() string { return "or(" + joinSrc(o.subs) + ")" }

func joinSrc(subs []isrc) string {
	parts := make([]string, len(subs))
	for i, s := range subs {
		parts[i] = s.String()
	}
	return strings.Join(parts, ",")
}

// orderedSrc is ordered: one interval of each rule, each starting after the
// previous one ends; gaps count the positions between them.
type orderedSrc struct{ subs []isrc }

func (o *orderedSrc) terms(add func(string)) {
	for _, s := range o.subs {
		s.terms(add)
	}
}

func (o *orderedSrc) spans(pos map[string][]int32) []span {
	lists := make([][]span, len(o.subs))
	for i, s := range o.subs {
		if lists[i] = s.spans(pos); len(lists[i]) == 0 {
			return nil
		}
	}
	var out []span
	for _, first := range lists[0] {
		cur, gaps, ok := first, int32(0), true
		for _, l := range lists[1:] {
			// The next interval that starts after cur and ends first keeps
			// the match minimal.
			best := -1
			for i, b := range l {
				if b.s > cur.e && (best < 0 || b.e < l[best].e || (b.e == l[best].e && b.s > l[best].s)) {
					best = i
				}
			}
			if best < 0 {
				ok = false
				break
			}
			gaps += l[best].s - cur.e - 1
			cur = l[best]
		}
		if ok {
			out = append(out, span{s: first.s, e: cur.e, gaps: gaps})
		}
	}
	return minimal(out)
}

func (o *orderedSrc) String() string { return "ORDERED(" + joinSrc(o.subs) + ")" }

// unorderedSrc is unordered: one interval of each rule in any order (two
// copies of one rule take distinct intervals; noOverlap forbids any
// overlap); gaps are the positions no sub-interval covers.
type unorderedSrc struct {
	subs      []isrc
	noOverlap bool
}

func (u *unorderedSrc) terms(add func(string)) {
	for _, s := range u.subs {
		s.terms(add)
	}
}

func (u *unorderedSrc) spans(pos map[string][]int32) []span {
	lists := make([][]span, len(u.subs))
	combos := 1
	for i, s := range u.subs {
		if lists[i] = s.spans(pos); len(lists[i]) == 0 {
			return nil
		}
		combos *= len(lists[i])
		if combos > maxIntervalCombos {
			combos = maxIntervalCombos + 1
		}
	}
	if combos > maxIntervalCombos {
		return nil
	}
	names := make([]string, len(u.subs))
	for i, s := range u.subs {
		names[i] = s.String()
	}
	var out []span
	pick := make([]span, len(u.subs))
	var walk func(k int)
	walk = func(k int) {
		if k == len(u.subs) {
			lo, hi, covered := pick[0].s, pick[0].e, int32(0)
			for _, p := range pick {
				lo, hi = min(lo, p.s), max(hi, p.e)
				covered += p.width()
			}
			gaps := hi - lo + 1 - covered
			if gaps < 0 {
				gaps = 0
			}
			out = append(out, span{s: lo, e: hi, gaps: gaps})
			return
		}
		for _, c := range lists[k] {
			clash := false
			for j := 0; j < k; j++ {
				same := pick[j].s == c.s && pick[j].e == c.e && names[j] == names[k]
				overlap := pick[j].s <= c.e && c.s <= pick[j].e
				if same || (u.noOverlap && overlap) {
					clash = true
					break
				}
			}
			if !clash {
				pick[k] = c
				walk(k + 1)
			}
		}
	}
	walk(0)
	return minimal(out)
}

func (u *unorderedSrc) String() string {
	if u.noOverlap {
		return "UNORDERED_NO_OVERLAP(" + joinSrc(u.subs) + ")"
	}
	return "UNORDERED(" + joinSrc(u.subs) + ")"
}

// maxGapsSrc keeps the intervals with at most n gaps.
type maxGapsSrc struct {
	n   int32
	sub isrc
}

func (m *maxGapsSrc) terms(add func(string)) { m.sub.terms(add) }

func (m *maxGapsSrc) spans(pos map[string][]int32) []span {
	var out []span
	for _, a := range m.sub.spans(pos) {
		if a.gaps <= m.n {
			out = append(out, a)
		}
	}
	return out
}

func (m *maxGapsSrc) String() string {
	return "MAXGAPS/" + strconv.Itoa(int(m.n)) + "(" + m.sub.String() + ")"
}

// filterSrc keeps the intervals of sub by their relation to ref's.
type filterSrc struct {
	kind     string
	sub, ref isrc
}

func (f *filterSrc) terms(add func(string)) {
	f.sub.terms(add)
	f.ref.terms(add)
}

func (f *filterSrc) spans(pos map[string][]int32) []span {
	ref := f.ref.spans(pos)
	var out []span
	for _, a := range f.sub.spans(pos) {
		any := false
		for _, b := range ref {
			var rel bool
			switch strings.TrimPrefix(f.kind, "not_") {
			case "containing":
				rel = a.s <= b.s && b.e <= a.e
			case "contained_by":
				rel = b.s <= a.s && a.e <= b.e
			case "overlapping":
				rel = a.s <= b.e && b.s <= a.e
			case "before":
				rel = a.e < b.s
			case "after":
				rel = a.s > b.e
			}
			if rel {
				any = true
				break
			}
		}
		if any != strings.HasPrefix(f.kind, "not_") {
			out = append(out, a)
		}
	}
	return out
}

func (f *filterSrc) String() string {
	return strings.ToUpper(f.kind) + "(" + f.sub.String() + "," + f.ref.String() + ")"
}

// noneSrc matches nothing (a rule whose text analyses to no term).
type noneSrc struct{}

func (noneSrc) terms(func(string))              { _ = 0 }
func (noneSrc) spans(map[string][]int32) []span { return nil }
func (noneSrc) String() string                  { return "no_intervals" }

// intervalsQuery compiles the intervals query.
func (c *shardCtx) intervalsQuery(q *dsl.Intervals, boost float32, scores bool) (node, *apierr.Error) {
	f := c.field(q.Field)
	if f == nil {
		return &noneNode{reason: "unmapped field [" + q.Field + "]"}, nil
	}
	if kindOf(f) != kindText {
		return nil, apierr.IllegalArgument("Can only use interval queries on text fields - not on [%s] which is of type [%s]", q.Field, f.Type)
	}
	src, err := c.intervalsRule(q.Field, q.Source)
	if err != nil {
		return nil, err
	}
	return &intervalsNode{r: c.r, field: q.Field, src: src, boost: boost, scores: scores && !c.skipScores}, nil
}

// combineIntervals is IntervalBuilder.combineSources.
func combineIntervals(subs []isrc, maxGaps int, mode string) isrc {
	switch len(subs) {
	case 0:
		return noneSrc{}
	case 1:
		return subs[0]
	}
	var inner isrc
	switch mode {
	case "ordered":
		inner = &orderedSrc{subs: subs}
	case "unordered_no_overlap":
		// Pairs nest left to right: ((a, b), c).
		inner = &unorderedSrc{subs: subs[:2], noOverlap: true}
		for _, s := range subs[2:] {
			inner = &unorderedSrc{subs: []isrc{inner, s}, noOverlap: true}
		}
	default:
		inner = &unorderedSrc{subs: subs}
	}
	if maxGaps < 0 {
		return inner
	}
	return &maxGapsSrc{n: int32(maxGaps), sub: inner}
}

// intervalsRule compiles one rule for a field (use_field reads another).
func (c *shardCtx) intervalsRule(field string, r *dsl.IntervalsRule) (isrc, *apierr.Error) {
	target := field
	if r.UseField != "" {
		target = r.UseField
	}
	f := c.field(target)
	var src isrc
	switch r.Kind {
	case "match":
		if f == nil {
			return noneSrc{}, nil
		}
		a, err := c.searchAnalyzer(f, r.Analyzer)
		if err != nil {
			return nil, err
		}
		// Tokens at one position (synonyms) are alternatives.
		var subs []isrc
		last := -1
		for _, t := range a.Analyze(nil, r.Text) {
			if t.Position == last && len(subs) > 0 {
				l := subs[len(subs)-1].(*leafSrc)
				l.list = append(l.list, t.Term)
				l.desc = "or(" + strings.Join(l.list, ",") + ")"
				continue
			}
			subs = append(subs, &leafSrc{list: []string{t.Term}, desc: t.Term})
			last = t.Position
		}
		src = combineIntervals(subs, r.MaxGaps, r.Mode)
	case "all_of", "any_of":
		var subs []isrc
		for _, sr := range r.Subs {
			s, err := c.intervalsRule(field, sr)
			if err != nil {
				return nil, err
			}
			subs = append(subs, s)
		}
		if r.Kind == "any_of" {
			src = &orSrc{subs: subs}
			if len(subs) == 1 {
				src = subs[0]
			}
		} else {
			src = combineIntervals(subs, r.MaxGaps, r.Mode)
		}
	case "prefix", "wildcard", "regexp", "fuzzy":
		if f == nil {
			return noneSrc{}, nil
		}
		list, desc, err := c.intervalsExpand(f.Path, r)
		if err != nil {
			return nil, err
		}
		src = &leafSrc{list: list, desc: desc}
	default:
		return nil, apierr.Unsupported("the [" + r.Kind + "] intervals rule")
	}
	if r.Filter != nil {
		ref, err := c.intervalsRule(field, r.Filter.Rule)
		if err != nil {
			return nil, err
		}
		src = &filterSrc{kind: r.Filter.Kind, sub: src, ref: ref}
	}
	return src, nil
}

// maxIntervalExpansions is Intervals' limit on the terms a multi-term rule
// may expand to.
const maxIntervalExpansions = 128

// intervalsExpand lists the terms a prefix, wildcard, regexp or fuzzy rule
// matches in the field, in term order.
func (c *shardCtx) intervalsExpand(field string, r *dsl.IntervalsRule) ([]string, string, *apierr.Error) {
	var match func(string) bool
	desc := r.Text
	switch r.Kind {
	case "prefix":
		p := strings.ToLower(r.Text) // normalized by the search analyzer
		match, desc = func(t string) bool { return strings.HasPrefix(t, p) }, p+"*"
	case "wildcard":
		p := strings.ToLower(r.Text)
		pat := wildcard.Compile(p)
		match, desc = pat.Match, p
	case "regexp":
		re, err := luceneRegexp(r.Text, r.CaseInsensitive)
		if err != nil {
			return nil, "", err
		}
		match, desc = re.MatchString, "/"+r.Text+"/"
	case "fuzzy":
		var out []string
		for _, ft := range c.fuzzyExpand(field, strings.ToLower(r.Text), r.Fuzziness.Distance(r.Text), r.PrefixLength, maxIntervalExpansions, r.Transpositions) {
			out = append(out, ft.term)
		}
		sort.Strings(out)
		return out, r.Text + "~" + strconv.Itoa(r.Fuzziness.Distance(r.Text)), nil
	}
	var out []string
	c.r.Terms(field, func(t string) bool {
		if match(t) {
			out = append(out, t)
		}
		return true
	})
	sort.Strings(out)
	if len(out) > maxIntervalExpansions {
		return nil, "", apierr.New(apierr.TypeIllegalState, "Automaton ["+desc+"] expanded to too many terms (limit "+strconv.Itoa(maxIntervalExpansions)+")")
	}
	return out, desc, nil
}

// intervalsNode runs a compiled rule over the documents holding its terms.
type intervalsNode struct {
	r      *shard.Reader
	field  string
	src    isrc
	boost  float32
	scores bool
}

func (n *intervalsNode) String() string { return n.src.String() }

// matches computes, for every live document with one of the rule's terms,
// the sloppy frequency of its intervals (documents without any are left
// out), in slot order.
func (n *intervalsNode) matches() ([]int32, []float32) {
	docs, byDoc := termPositions(n.r, n.field, n.src)
	var outDocs []int32
	var freqs []float32
	for _, d := range docs {
		sp := n.src.spans(byDoc[d])
		if len(sp) == 0 {
			continue
		}
		var freq float32
		for _, a := range sp {
			freq += 1 / float32(a.width())
		}
		outDocs = append(outDocs, d)
		freqs = append(freqs, freq)
	}
	return outDocs, freqs
}

// termPositions reads, for every live document holding one of src's
// terms, each such term's positions; docs are those documents in slot
// order. Interval rules and span queries match on these.
func termPositions(r *shard.Reader, field string, src isrc) (docs []int32, byDoc map[int32]map[string][]int32) {
	byDoc = map[int32]map[string][]int32{}
	seen := map[string]bool{}
	src.terms(func(t string) {
		if seen[t] {
			return
		}
		seen[t] = true
		it := r.Postings(field, t)
		if it == nil {
			return
		}
		for it.Next() {
			if !r.Live(it.Doc) {
				continue
			}
			m := byDoc[it.Doc]
			if m == nil {
				m = map[string][]int32{}
				byDoc[it.Doc] = m
			}
			m[t] = it.Positions(nil)
		}
	})
	docs = make([]int32, 0, len(byDoc))
	for d := range byDoc {
		docs = append(docs, d)
	}
	sort.Slice(docs, func(i, j int) bool { return docs[i] < docs[j] })
	return docs, byDoc
}

func (n *intervalsNode) iter() iterator {
	docs, freqs := n.matches()
	scores := make([]float32, len(freqs))
	for i, f := range freqs {
		if n.scores {
			scores[i] = n.boost * f / (f + 1)
		}
	}
	return newScoredSetIter(docs, scores)
}

// explain is SaturationFunction.explain over the document's frequency.
func (n *intervalsNode) explain(doc int32) similarity.Explanation {
	docs, freqs := n.matches()
	for i, d := range docs {
		if d != doc {
			continue
		}
		f := freqs[i]
		return similarity.Match(n.boost*f/(f+1), "Saturation function on interval frequency, computed as w * S / (S + k) from:",
			similarity.Match(n.boost, "w, weight of this function"),
			similarity.Match(1, "k, pivot feature value that would give a score contribution equal to w/2"),
			similarity.Match(f, "S, the sloppy frequency of the interval query "+n.src.String()))
	}
	return similarity.NoMatch("no matching intervals for " + n.src.String())
}
