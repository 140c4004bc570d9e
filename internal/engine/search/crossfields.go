package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
	"sort"
)

// crossFields is multi_match cross_fields: fields are grouped by search
// analyzer, and each group is searched as one blended field: every analysed
// term becomes a BlendedTermQuery over the group's fields (a dis_max of
// per-field term queries sharing one blended document frequency), combined
// by operator and minimum_should_match; groups join in a dis_max.
func (c *shardCtx) crossFields(q *dsl.MultiMatch, fields []dsl.FieldBoost, boost float32, scores bool) (node, *apierr.Error) {
	if q.Fuzziness != nil {
		return nil, apierr.IllegalArgument("Fuzziness not allowed for type [cross_fields]")
	}
	tie := float32(0)
	if q.TieBreaker != nil {
		tie = *q.TieBreaker
	}
	type group struct {
		analyzer string
		fields   []*mapping.Field
		boosts   []float32
	}
	var groups []*group
	byAnalyzer := map[string]*group{}
	var others []node
	for _, fb := range fields {
		f := c.field(fb.Field)
		if kindOf(f) != kindText {
			// Keyword and numeric fields are searched on their own.
			n, err := c.matchField(fb.Field, &q.Query, q.Analyzer, q.Operator, q.MinimumShouldMatch, q.ZeroTerms, q.Lenient != nil && *q.Lenient, boost*fb.Boost, scores)
			if err != nil {
				return nil, err
			}
			if _, none := n.(*noneNode); !none {
				others = append(others, n)
			}
			continue
		}
		name := q.Analyzer
		if name == "" {
			if v, ok := f.Params["search_analyzer"].(string); ok {
				name = v
			} else {
				name = f.Analyzer()
			}
		}
		g := byAnalyzer[name]
		if g == nil {
			g = &group{analyzer: name}
			byAnalyzer[name] = g
			groups = append(groups, g)
		}
		g.fields = append(g.fields, f)
		g.boosts = append(g.boosts, fb.Boost)
	}
	var subs []node
	for _, g := range groups {
		a, err := c.searchAnalyzer(g.fields[0], g.analyzer)
		if err != nil {
			return nil, err
		}
		toks := a.Analyze(nil, q.Query.Text())
		if len(toks) == 0 {
			continue
		}
		var terms []node
		for _, t := range toks {
			terms = append(terms, c.blendedTerm(g.fields, g.boosts, t.Term, tie, boost, scores))
		}
		if len(terms) == 1 {
			subs = append(subs, terms[0])
			continue
		}
		b := &boolNode{scores: scores}
		occ := should
		if q.Operator == dsl.OperatorAnd {
			occ = must
		}
		for _, t := range terms {
			b.clauses = append(b.clauses, clause{occur: occ, n: t})
		}
		if q.MinimumShouldMatch != "" && occ == should {
			m, merr := dsl.MinimumShouldMatch(len(b.clauses), q.MinimumShouldMatch)
			if merr != nil {
				return nil, apierr.New(apierr.TypeNumberFormat, merr.Error())
			}
			b.msm = m
		}
		subs = append(subs, b)
	}
	subs = append(subs, others...)
	switch len(subs) {
	case 0:
		return &noneNode{reason: "No fields"}, nil
	case 1:
		return subs[0], nil
	}
	return &disMaxNode{subs: subs, tie: tie}, nil
}

// blendedTerm is BlendedTermQuery.dismaxBlendedQuery for one term: each
// field's term query scored with the blended document frequency (blend):
// the largest of the fields', capped by maxDoc and the smallest field length
// sum, raised by one for each step down to a less frequent field (a bias
// towards the more popular fields), and never above the field's own
// document count (so the idf stays positive).
func (c *shardCtx) blendedTerm(fields []*mapping.Field, boosts []float32, term string, tie, boost float32, scores bool) node {
	if len(fields) == 1 {
		return c.termNode(fields[0], term, boost*boosts[0], scores)
	}
	var maxDF int64
	minSumTTF := int64(-1)
	dfs := make([]int64, len(fields))
	for i, f := range fields {
		dfs[i] = c.stats.DocFreq(f.Path, term)
		maxDF = max(maxDF, dfs[i])
		if st, ok := c.stats.Field(f.Path); ok && dfs[i] > 0 && (minSumTTF < 0 || st.SumTotalTermFreq < minSumTTF) {
			minSumTTF = st.SumTotalTermFreq
		}
	}
	maxDoc := int64(c.indexMaxDoc())
	if minSumTTF >= 0 && maxDoc > minSumTTF {
		maxDoc = minSumTTF
	}
	blended := make([]int64, len(fields))
	if maxDF > 0 {
		order := make([]int, len(fields))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(a, b int) bool { return dfs[order[a]] > dfs[order[b]] })
		prev, actual := dfs[order[0]], min(maxDoc, maxDF)
		for _, i := range order {
			if dfs[i] == 0 {
				break
			}
			if prev > dfs[i] {
				actual++
			}
			docCount := int64(0)
			if st, ok := c.stats.Field(fields[i].Path); ok {
				docCount = st.DocCount
			}
			blended[i] = min(actual, docCount, maxDoc)
			prev = dfs[i]
		}
	}
	d := &disMaxNode{tie: tie}
	for i, f := range fields {
		tn := &termNode{r: c.r, field: f.Path, term: term, norms: hasNorms(f), scores: scores && !c.skipScores}
		st, ok := c.stats.Field(f.Path)
		switch {
		case ok && scores && dfs[i] > 0:
			tn.sc = c.simFor(f.Path).Scorer(boost*boosts[i], similarity.CollectionStats{DocCount: st.DocCount, SumTotalTermFreq: st.SumTotalTermFreq}, similarity.TermStats{DocFreq: blended[i]})
		case ok:
			tn.sc = c.fakeScorer(f.Path, boost*boosts[i], 1)
		}
		d.subs = append(d.subs, tn)
	}
	return d
}
