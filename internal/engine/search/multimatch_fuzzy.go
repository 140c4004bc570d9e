package search

import "github.com/clustersearch/clustersearch-go/internal/engine/dsl"

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
