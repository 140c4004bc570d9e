package search

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
)

// fuzzyFieldMatch is the per-field query of a best_fields or most_fields
// multi_match with fuzziness: MultiMatchQuery hands each field to
// MatchQuery with the same fuzzy options, so it is a fuzzy match on that
// field.
func fuzzyFieldMatch(q *dsl.MultiMatch, field string, lenient bool) *dsl.Match {
	return &dsl.Match{Base: dsl.Base{Boost: 1, Line: q.Line, Col: q.Col}, Field: field, Query: q.Query, Operator: q.Operator,
		MinimumShouldMatch: q.MinimumShouldMatch, Fuzziness: q.Fuzziness, PrefixLength: q.PrefixLength, MaxExpansions: q.MaxExpansions,
		FuzzyTranspositions: q.FuzzyTranspositions, FuzzyRewrite: q.FuzzyRewrite, Analyzer: q.Analyzer, ZeroTerms: q.ZeroTerms, Lenient: lenient,
		AutoGenerateSynonymsPhraseQuery: q.AutoGenerateSynonymsPhraseQuery}
}

// checkFuzzyRewrite reads a fuzzy_rewrite (QueryParsers.parseRewriteMethod):
// the default, top_terms_blended_freqs_<max_expansions>, is what the fake
// scores; the other methods are unsupported; anything else is the real
// parse error.
func checkFuzzyRewrite(method string, maxExpansions int) *apierr.Error {
	if method == "" {
		return nil
	}
	switch method {
	case "constant_score", "constant_score_boolean", "scoring_boolean":
		return apierr.Unsupported("the fuzzy_rewrite method [" + method + "]")
	}
	for _, prefix := range []string{"top_terms_blended_freqs_", "top_terms_boost_", "top_terms_"} {
		if n, ok := strings.CutPrefix(method, prefix); ok {
			size, err := strconv.Atoi(n)
			if err != nil {
				return apierr.New(apierr.TypeNumberFormat, "For input string: \""+n+"\"")
			}
			if prefix == "top_terms_blended_freqs_" && size == maxExpansions {
				return nil
			}
			return apierr.Unsupported("the fuzzy_rewrite method [" + method + "]")
		}
	}
	return apierr.IllegalArgument("Failed to parse rewrite_method [%s]", method)
}

// fuzzyBoolPrefix is a bool_prefix multi_match's query on one field with
// fuzziness (MatchQuery.createBooleanPrefixQuery): every token but the last
// is a fuzzy term, the last a prefix.
func (c *shardCtx) fuzzyBoolPrefix(q *dsl.MultiMatch, field string, lenient bool, boost float32, scores bool) (node, *apierr.Error) {
	f := c.field(field)
	if kindOf(f) != kindText {
		return c.fuzzyMatch(fuzzyFieldMatch(q, field, lenient), boost, scores)
	}
	if err := checkFuzzyRewrite(q.FuzzyRewrite, q.MaxExpansions); err != nil {
		return nil, err
	}
	a, err := c.searchAnalyzer(f, q.Analyzer)
	if err != nil {
		return nil, err
	}
	toks := a.Analyze(nil, q.Query.Text())
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
	if q.Operator == dsl.OperatorAnd {
		occ = must
	}
	for _, t := range toks[:len(toks)-1] {
		b.clauses = append(b.clauses, clause{occur: occ, n: c.fuzzyNode(f, t.Term, *q.Fuzziness, q.PrefixLength, q.MaxExpansions, q.FuzzyTranspositions, boost, scores)})
	}
	b.clauses = append(b.clauses, clause{occur: occ, n: prefix})
	if q.MinimumShouldMatch != "" && occ == should {
		n, merr := dsl.MinimumShouldMatch(len(b.clauses), q.MinimumShouldMatch)
		if merr != nil {
			return nil, apierr.New(apierr.TypeNumberFormat, merr.Error())
		}
		b.msm = n
	}
	return b, nil
}
