package filter

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// match handles the match query: the text is analysed with the field's search
// analyzer and the terms are combined with the operator.
func (m *matcher) match(x *dsl.Match) (Bits, *apierr.Error) {
	if x.Fuzziness != nil {
		return nil, apierr.Unsupported("fuzzy match queries")
	}
	f := m.ctx.Mapping.Lookup(x.Field)
	if f == nil {
		return newBits(m.max), nil
	}
	if f.Type != mapping.TypeText {
		return m.term(x.Field, &x.Query, false)
	}
	name := x.Analyzer
	if name == "" {
		if s, ok := f.Params["search_analyzer"].(string); ok {
			name = s
		} else {
			name = f.Analyzer()
		}
	}
	a, ok := m.ctx.Analyzer(name)
	if !ok {
		return nil, shardError("[match] analyzer ["+name+"] not found", nil)
	}
	tokens := a.Analyze(nil, valueText(&x.Query))
	terms := uniqueTerms(tokens)
	if len(terms) == 0 {
		if x.ZeroTerms == dsl.ZeroTermsNone {
			return newBits(m.max), nil
		}
		return m.all(), nil
	}
	if x.Operator == dsl.OperatorAnd {
		out := m.all()
		for _, t := range terms {
			b := newBits(m.max)
			m.postings(x.Field, t, b)
			out.and(b)
		}
		return out, nil
	}
	min := 1
	if x.MinimumShouldMatch != "" {
		n, err := dsl.MinimumShouldMatch(len(terms), x.MinimumShouldMatch)
		if err != nil {
			return nil, apierr.New(apierr.TypeNumberFormat, err.Error())
		}
		if n > 1 {
			min = n
		}
	}
	counts := make([]uint16, m.max)
	for _, t := range terms {
		it := m.r.Postings(x.Field, t)
		if it == nil {
			continue
		}
		for it.Next() {
			counts[it.Doc]++
		}
	}
	out := newBits(m.max)
	for i, c := range counts {
		if int(c) >= min {
			out.set(int32(i))
		}
	}
	return out, nil
}

func uniqueTerms(tokens []analysis.Token) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range tokens {
		if !seen[t.Term] {
			seen[t.Term] = true
			out = append(out, t.Term)
		}
	}
	return out
}
