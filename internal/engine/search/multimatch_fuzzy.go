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
