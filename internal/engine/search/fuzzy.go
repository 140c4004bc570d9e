package search

import (
	"sort"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// fuzzyTerm is one expansion of a fuzzy term with its boost (Lucene's
// FuzzyTermsEnum similarity: 1 - edits / min(len(term), len(query))).
type fuzzyTerm struct {
	term  string
	boost float32
}

// fuzzyExpand finds the terms of a field within the allowed edits of value
// that share its first prefixLen code points, keeping the maxExp best (higher
// boost, then smaller term), as TopTermsRewrite does.
func (c *shardCtx) fuzzyExpand(field, value string, edits, prefixLen, maxExp int, transpositions bool) []fuzzyTerm {
	q := []rune(value)
	edits = min(edits, 2)
	if prefixLen > len(q) {
		prefixLen = len(q)
	}
	var out []fuzzyTerm
	c.r.Terms(field, func(t string) bool {
		tr := []rune(t)
		if len(tr) < prefixLen || string(tr[:prefixLen]) != string(q[:prefixLen]) {
			return true
		}
		d := editDistance(q[prefixLen:], tr[prefixLen:], edits, transpositions)
		if d > edits {
			return true
		}
		boost := float32(1)
		if d > 0 {
			boost = 1 - float32(d)/float32(min(len(tr), len(q)))
		}
		out = append(out, fuzzyTerm{term: t, boost: boost})
		return true
	})
	sort.Slice(out, func(i, j int) bool {
		if out[i].boost != out[j].boost {
			return out[i].boost > out[j].boost
		}
		return out[i].term < out[j].term
	})
	if maxExp > 0 && len(out) > maxExp {
		out = out[:maxExp]
	}
	return out
}

// editDistance is the Levenshtein distance (with adjacent transpositions
// counting one edit when allowed), or limit+1 once it must exceed limit.
func editDistance(a, b []rune, limit int, transpositions bool) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if transpositions && i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			best = min(best, v)
		}
		if best > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// fuzzyNode builds the BlendedTermQuery a fuzzy term rewrites to: a
// disjunction of the expansions, each boosted by its similarity and scored
// with the largest document frequency among them.
func (c *shardCtx) fuzzyNode(f *mapping.Field, value string, fz dsl.Fuzziness, prefixLen, maxExp int, transpositions bool, boost float32, scores bool) node {
	if maxExp <= 0 {
		maxExp = 50
	}
	terms := c.fuzzyExpand(f.Path, value, fz.Distance(value), prefixLen, maxExp, transpositions)
	if len(terms) == 0 {
		return &noneNode{reason: "no fuzzy terms"}
	}
	var maxDF int64
	for _, t := range terms {
		maxDF = max(maxDF, c.stats.DocFreq(f.Path, t.term))
	}
	nodes := make([]node, len(terms))
	for i, t := range terms {
		tn := &termNode{r: c.r, field: f.Path, term: t.term, norms: hasNorms(f), scores: scores && !c.skipScores}
		st, ok := c.stats.Field(f.Path)
		switch {
		case scores && ok:
			tn.sc = c.simFor(f.Path).Scorer(boost*t.boost, similarity.CollectionStats{DocCount: st.DocCount, SumTotalTermFreq: st.SumTotalTermFreq}, similarity.TermStats{DocFreq: maxDF})
		case ok:
			tn.sc = c.fakeScorer(f.Path, boost*t.boost, 1)
		}
		nodes[i] = tn
	}
	if len(nodes) == 1 {
		return nodes[0]
	}
	b := &boolNode{scores: scores}
	for _, n := range nodes {
		b.clauses = append(b.clauses, clause{occur: should, n: n})
	}
	return b
}

// fuzzyQuery is the fuzzy query (not analysed).
func (c *shardCtx) fuzzyQuery(x *dsl.Fuzzy, boost float32, scores bool) (node, *apierr.Error) {
	f := c.field(x.Field)
	switch kindOf(f) {
	case kindUnmapped, kindObject:
		return &noneNode{reason: "unmapped field"}, nil
	case kindText, kindKeyword:
		return c.fuzzyNode(f, x.Value.Text(), x.Fuzziness, x.PrefixLength, x.MaxExpansions, x.Transpositions, boost, scores), nil
	}
	// Numbers and dates: a fuzzy query is a term query there.
	return c.term(x.Field, &x.Value, false, boost, scores)
}
