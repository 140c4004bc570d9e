package query

import "github.com/clustersearch/clustersearch-go/types"

// MatchQuery analyzes Query and matches documents containing its terms:
// {"match": {"<field>": {"query": ..., "operator": ..., ...}}}.
type MatchQuery struct {
	Field                           string
	Query                           any
	Operator                        types.Operator // OperatorOr (default) or OperatorAnd
	MinimumShouldMatch              string         // "2", "-1", "75%", "3<90%"
	Fuzziness                       string         // "AUTO", "1", ...
	PrefixLength                    *int
	MaxExpansions                   *int
	FuzzyTranspositions             *bool
	FuzzyRewrite                    string
	Analyzer                        string
	ZeroTermsQuery                  string // "none" (default) or "all"
	Lenient                         *bool
	AutoGenerateSynonymsPhraseQuery *bool
	CutoffFrequency                 *float64 // deprecated upstream
	Boost                           *float64
	Name                            string
}

// Match returns a match query.
func Match(field string, text any) *MatchQuery { return &MatchQuery{Field: field, Query: text} }

// WithOperator sets the boolean operator between the analyzed terms.
func (q *MatchQuery) WithOperator(op types.Operator) *MatchQuery { q.Operator = op; return q }

// WithMinimumShouldMatch sets how many terms must match.
func (q *MatchQuery) WithMinimumShouldMatch(m string) *MatchQuery {
	q.MinimumShouldMatch = m
	return q
}

// WithFuzziness sets the allowed edit distance per term.
func (q *MatchQuery) WithFuzziness(f string) *MatchQuery { q.Fuzziness = f; return q }

// WithAnalyzer sets the analyzer of the query text.
func (q *MatchQuery) WithAnalyzer(a string) *MatchQuery { q.Analyzer = a; return q }

// WithBoost sets the boost.
func (q *MatchQuery) WithBoost(b float64) *MatchQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *MatchQuery) WithName(name string) *MatchQuery { q.Name = name; return q }

// MarshalJSON renders the match query.
func (q *MatchQuery) MarshalJSON() ([]byte, error) {
	return wrapField("match", q.Field, struct {
		Query                           any            `json:"query"`
		Operator                        types.Operator `json:"operator,omitempty"`
		MinimumShouldMatch              intOrString    `json:"minimum_should_match,omitempty"`
		Fuzziness                       intOrString    `json:"fuzziness,omitempty"`
		PrefixLength                    *int           `json:"prefix_length,omitempty"`
		MaxExpansions                   *int           `json:"max_expansions,omitempty"`
		FuzzyTranspositions             *bool          `json:"fuzzy_transpositions,omitempty"`
		FuzzyRewrite                    string         `json:"fuzzy_rewrite,omitempty"`
		Analyzer                        string         `json:"analyzer,omitempty"`
		ZeroTermsQuery                  string         `json:"zero_terms_query,omitempty"`
		Lenient                         *bool          `json:"lenient,omitempty"`
		AutoGenerateSynonymsPhraseQuery *bool          `json:"auto_generate_synonyms_phrase_query,omitempty"`
		CutoffFrequency                 *float64       `json:"cutoff_frequency,omitempty"`
		Boost                           *float64       `json:"boost,omitempty"`
		Name                            string         `json:"_name,omitempty"`
	}{q.Query, q.Operator, intOrString(q.MinimumShouldMatch), intOrString(q.Fuzziness), q.PrefixLength,
		q.MaxExpansions, q.FuzzyTranspositions, q.FuzzyRewrite, q.Analyzer, q.ZeroTermsQuery, q.Lenient,
		q.AutoGenerateSynonymsPhraseQuery, q.CutoffFrequency, q.Boost, q.Name})
}

// MatchPhraseQuery matches the analyzed terms in order, with Slop moves allowed:
// {"match_phrase": {"<field>": {"query": ..., "slop": ..., "analyzer": ..., "zero_terms_query": ...}}}.
type MatchPhraseQuery struct {
	Field          string
	Query          string
	Slop           *int
	Analyzer       string
	ZeroTermsQuery string
	Boost          *float64
	Name           string
}

// MatchPhrase returns a match_phrase query.
func MatchPhrase(field, phrase string) *MatchPhraseQuery {
	return &MatchPhraseQuery{Field: field, Query: phrase}
}

// WithSlop sets how many position moves are allowed.
func (q *MatchPhraseQuery) WithSlop(slop int) *MatchPhraseQuery { q.Slop = &slop; return q }

// WithBoost sets the boost.
func (q *MatchPhraseQuery) WithBoost(b float64) *MatchPhraseQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *MatchPhraseQuery) WithName(name string) *MatchPhraseQuery { q.Name = name; return q }

// MarshalJSON renders the match_phrase query.
func (q *MatchPhraseQuery) MarshalJSON() ([]byte, error) {
	return wrapField("match_phrase", q.Field, struct {
		Query          string   `json:"query"`
		Slop           *int     `json:"slop,omitempty"`
		Analyzer       string   `json:"analyzer,omitempty"`
		ZeroTermsQuery string   `json:"zero_terms_query,omitempty"`
		Boost          *float64 `json:"boost,omitempty"`
		Name           string   `json:"_name,omitempty"`
	}{q.Query, q.Slop, q.Analyzer, q.ZeroTermsQuery, q.Boost, q.Name})
}

// MatchPhrasePrefixQuery is match_phrase with the last term used as a prefix:
// {"match_phrase_prefix": {"<field>": {"query": ..., "max_expansions": ..., "slop": ...}}}.
type MatchPhrasePrefixQuery struct {
	Field          string
	Query          string
	Slop           *int
	MaxExpansions  *int
	Analyzer       string
	ZeroTermsQuery string
	Boost          *float64
	Name           string
}

// MatchPhrasePrefix returns a match_phrase_prefix query.
func MatchPhrasePrefix(field, text string) *MatchPhrasePrefixQuery {
	return &MatchPhrasePrefixQuery{Field: field, Query: text}
}

// WithMaxExpansions sets how many terms the last prefix may expand to.
func (q *MatchPhrasePrefixQuery) WithMaxExpansions(n int) *MatchPhrasePrefixQuery {
	q.MaxExpansions = &n
	return q
}

// WithBoost sets the boost.
func (q *MatchPhrasePrefixQuery) WithBoost(b float64) *MatchPhrasePrefixQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *MatchPhrasePrefixQuery) WithName(name string) *MatchPhrasePrefixQuery {
	q.Name = name
	return q
}

// MarshalJSON renders the match_phrase_prefix query.
func (q *MatchPhrasePrefixQuery) MarshalJSON() ([]byte, error) {
	return wrapField("match_phrase_prefix", q.Field, struct {
		Query          string   `json:"query"`
		Slop           *int     `json:"slop,omitempty"`
		MaxExpansions  *int     `json:"max_expansions,omitempty"`
		Analyzer       string   `json:"analyzer,omitempty"`
		ZeroTermsQuery string   `json:"zero_terms_query,omitempty"`
		Boost          *float64 `json:"boost,omitempty"`
		Name           string   `json:"_name,omitempty"`
	}{q.Query, q.Slop, q.MaxExpansions, q.Analyzer, q.ZeroTermsQuery, q.Boost, q.Name})
}

// MultiMatchQuery runs a match over several fields ("title^3" boosts a field):
// {"multi_match": {"query": ..., "fields": [...], "type": ..., ...}}.
type MultiMatchQuery struct {
	Query                           any
	Fields                          []string
	Type                            string // best_fields (default), most_fields, cross_fields, phrase, phrase_prefix, bool_prefix
	Operator                        types.Operator
	MinimumShouldMatch              string
	TieBreaker                      *float64
	Fuzziness                       string
	PrefixLength                    *int
	MaxExpansions                   *int
	FuzzyTranspositions             *bool
	FuzzyRewrite                    string
	Analyzer                        string
	Slop                            *int
	Lenient                         *bool
	ZeroTermsQuery                  string
	AutoGenerateSynonymsPhraseQuery *bool
	CutoffFrequency                 *float64 // deprecated upstream
	Boost                           *float64
	Name                            string
}

// MultiMatch returns a multi_match query over fields.
func MultiMatch(text any, fields ...string) *MultiMatchQuery {
	return &MultiMatchQuery{Query: text, Fields: fields}
}

// WithType sets the multi_match type (best_fields, most_fields, cross_fields, phrase, phrase_prefix, bool_prefix).
func (q *MultiMatchQuery) WithType(t string) *MultiMatchQuery { q.Type = t; return q }

// WithOperator sets the operator between terms.
func (q *MultiMatchQuery) WithOperator(op types.Operator) *MultiMatchQuery { q.Operator = op; return q }

// WithTieBreaker sets the tie breaker.
func (q *MultiMatchQuery) WithTieBreaker(t float64) *MultiMatchQuery { q.TieBreaker = &t; return q }

// WithBoost sets the boost.
func (q *MultiMatchQuery) WithBoost(b float64) *MultiMatchQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *MultiMatchQuery) WithName(name string) *MultiMatchQuery { q.Name = name; return q }

// MarshalJSON renders the multi_match query.
func (q *MultiMatchQuery) MarshalJSON() ([]byte, error) {
	return wrap("multi_match", struct {
		Query                           any            `json:"query"`
		Fields                          []string       `json:"fields,omitempty"`
		Type                            string         `json:"type,omitempty"`
		Operator                        types.Operator `json:"operator,omitempty"`
		MinimumShouldMatch              intOrString    `json:"minimum_should_match,omitempty"`
		TieBreaker                      *float64       `json:"tie_breaker,omitempty"`
		Fuzziness                       intOrString    `json:"fuzziness,omitempty"`
		PrefixLength                    *int           `json:"prefix_length,omitempty"`
		MaxExpansions                   *int           `json:"max_expansions,omitempty"`
		FuzzyTranspositions             *bool          `json:"fuzzy_transpositions,omitempty"`
		FuzzyRewrite                    string         `json:"fuzzy_rewrite,omitempty"`
		Analyzer                        string         `json:"analyzer,omitempty"`
		Slop                            *int           `json:"slop,omitempty"`
		Lenient                         *bool          `json:"lenient,omitempty"`
		ZeroTermsQuery                  string         `json:"zero_terms_query,omitempty"`
		AutoGenerateSynonymsPhraseQuery *bool          `json:"auto_generate_synonyms_phrase_query,omitempty"`
		CutoffFrequency                 *float64       `json:"cutoff_frequency,omitempty"`
		Boost                           *float64       `json:"boost,omitempty"`
		Name                            string         `json:"_name,omitempty"`
	}{q.Query, q.Fields, q.Type, q.Operator, intOrString(q.MinimumShouldMatch), q.TieBreaker,
		intOrString(q.Fuzziness), q.PrefixLength, q.MaxExpansions, q.FuzzyTranspositions, q.FuzzyRewrite,
		q.Analyzer, q.Slop, q.Lenient, q.ZeroTermsQuery, q.AutoGenerateSynonymsPhraseQuery, q.CutoffFrequency,
		q.Boost, q.Name})
}

// QueryStringQuery parses Lucene query syntax ("title:(quick OR brown) AND year:>2020"):
// {"query_string": {"query": ..., "default_field": ..., ...}}.
type QueryStringQuery struct {
	Query                           string
	DefaultField                    string
	Fields                          []string
	DefaultOperator                 types.Operator // OperatorOr (default) or OperatorAnd
	Analyzer                        string
	QuoteAnalyzer                   string
	AnalyzeWildcard                 *bool
	AllowLeadingWildcard            *bool
	Lenient                         *bool
	Fuzziness                       string
	FuzzyPrefixLength               *int
	FuzzyMaxExpansions              *int
	PhraseSlop                      *int
	MinimumShouldMatch              string
	QuoteFieldSuffix                string
	TimeZone                        string
	Type                            string
	TieBreaker                      *float64
	Rewrite                         string
	MaxDeterminizedStates           *int
	EnablePositionIncrements        *bool
	Escape                          *bool
	FuzzyTranspositions             *bool
	FuzzyRewrite                    string
	AutoGenerateSynonymsPhraseQuery *bool
	Boost                           *float64
	Name                            string
}

// QueryString returns a query_string query.
func QueryString(q string) *QueryStringQuery { return &QueryStringQuery{Query: q} }

// WithDefaultField sets the field bare terms go to.
func (q *QueryStringQuery) WithDefaultField(f string) *QueryStringQuery { q.DefaultField = f; return q }

// WithFields sets the fields bare terms go to.
func (q *QueryStringQuery) WithFields(fields ...string) *QueryStringQuery {
	q.Fields = fields
	return q
}

// WithDefaultOperator sets the operator between bare terms.
func (q *QueryStringQuery) WithDefaultOperator(op types.Operator) *QueryStringQuery {
	q.DefaultOperator = op
	return q
}

// WithBoost sets the boost.
func (q *QueryStringQuery) WithBoost(b float64) *QueryStringQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *QueryStringQuery) WithName(name string) *QueryStringQuery { q.Name = name; return q }

// MarshalJSON renders the query_string query.
func (q *QueryStringQuery) MarshalJSON() ([]byte, error) {
	return wrap("query_string", struct {
		Query                           string         `json:"query"`
		DefaultField                    string         `json:"default_field,omitempty"`
		Fields                          []string       `json:"fields,omitempty"`
		DefaultOperator                 types.Operator `json:"default_operator,omitempty"`
		Analyzer                        string         `json:"analyzer,omitempty"`
		QuoteAnalyzer                   string         `json:"quote_analyzer,omitempty"`
		AnalyzeWildcard                 *bool          `json:"analyze_wildcard,omitempty"`
		AllowLeadingWildcard            *bool          `json:"allow_leading_wildcard,omitempty"`
		Lenient                         *bool          `json:"lenient,omitempty"`
		Fuzziness                       intOrString    `json:"fuzziness,omitempty"`
		FuzzyPrefixLength               *int           `json:"fuzzy_prefix_length,omitempty"`
		FuzzyMaxExpansions              *int           `json:"fuzzy_max_expansions,omitempty"`
		PhraseSlop                      *int           `json:"phrase_slop,omitempty"`
		MinimumShouldMatch              intOrString    `json:"minimum_should_match,omitempty"`
		QuoteFieldSuffix                string         `json:"quote_field_suffix,omitempty"`
		TimeZone                        string         `json:"time_zone,omitempty"`
		Type                            string         `json:"type,omitempty"`
		TieBreaker                      *float64       `json:"tie_breaker,omitempty"`
		Rewrite                         string         `json:"rewrite,omitempty"`
		MaxDeterminizedStates           *int           `json:"max_determinized_states,omitempty"`
		EnablePositionIncrements        *bool          `json:"enable_position_increments,omitempty"`
		Escape                          *bool          `json:"escape,omitempty"`
		FuzzyTranspositions             *bool          `json:"fuzzy_transpositions,omitempty"`
		FuzzyRewrite                    string         `json:"fuzzy_rewrite,omitempty"`
		AutoGenerateSynonymsPhraseQuery *bool          `json:"auto_generate_synonyms_phrase_query,omitempty"`
		Boost                           *float64       `json:"boost,omitempty"`
		Name                            string         `json:"_name,omitempty"`
	}{q.Query, q.DefaultField, q.Fields, q.DefaultOperator, q.Analyzer, q.QuoteAnalyzer, q.AnalyzeWildcard,
		q.AllowLeadingWildcard, q.Lenient, intOrString(q.Fuzziness), q.FuzzyPrefixLength, q.FuzzyMaxExpansions,
		q.PhraseSlop, intOrString(q.MinimumShouldMatch), q.QuoteFieldSuffix, q.TimeZone, q.Type, q.TieBreaker,
		q.Rewrite, q.MaxDeterminizedStates, q.EnablePositionIncrements, q.Escape, q.FuzzyTranspositions,
		q.FuzzyRewrite, q.AutoGenerateSynonymsPhraseQuery, q.Boost, q.Name})
}

// SimpleQueryStringQuery parses the forgiving simple syntax (+ | - "phrase" prefix* ~N), never
// failing on syntax: {"simple_query_string": {"query": ..., "fields": [...], ...}}.
type SimpleQueryStringQuery struct {
	Query                           string
	Fields                          []string
	DefaultOperator                 types.Operator
	Flags                           string // e.g. "OR|AND|PREFIX"
	Analyzer                        string
	AnalyzeWildcard                 *bool
	Lenient                         *bool
	MinimumShouldMatch              string
	QuoteFieldSuffix                string
	FuzzyPrefixLength               *int
	FuzzyMaxExpansions              *int
	FuzzyTranspositions             *bool
	AutoGenerateSynonymsPhraseQuery *bool
	Boost                           *float64
	Name                            string
}

// SimpleQueryString returns a simple_query_string query.
func SimpleQueryString(q string, fields ...string) *SimpleQueryStringQuery {
	return &SimpleQueryStringQuery{Query: q, Fields: fields}
}

// WithDefaultOperator sets the operator between terms.
func (q *SimpleQueryStringQuery) WithDefaultOperator(op types.Operator) *SimpleQueryStringQuery {
	q.DefaultOperator = op
	return q
}

// WithBoost sets the boost.
func (q *SimpleQueryStringQuery) WithBoost(b float64) *SimpleQueryStringQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *SimpleQueryStringQuery) WithName(name string) *SimpleQueryStringQuery {
	q.Name = name
	return q
}

// MarshalJSON renders the simple_query_string query.
func (q *SimpleQueryStringQuery) MarshalJSON() ([]byte, error) {
	return wrap("simple_query_string", struct {
		Query                           string         `json:"query"`
		Fields                          []string       `json:"fields,omitempty"`
		DefaultOperator                 types.Operator `json:"default_operator,omitempty"`
		Flags                           string         `json:"flags,omitempty"`
		Analyzer                        string         `json:"analyzer,omitempty"`
		AnalyzeWildcard                 *bool          `json:"analyze_wildcard,omitempty"`
		Lenient                         *bool          `json:"lenient,omitempty"`
		MinimumShouldMatch              intOrString    `json:"minimum_should_match,omitempty"`
		QuoteFieldSuffix                string         `json:"quote_field_suffix,omitempty"`
		FuzzyPrefixLength               *int           `json:"fuzzy_prefix_length,omitempty"`
		FuzzyMaxExpansions              *int           `json:"fuzzy_max_expansions,omitempty"`
		FuzzyTranspositions             *bool          `json:"fuzzy_transpositions,omitempty"`
		AutoGenerateSynonymsPhraseQuery *bool          `json:"auto_generate_synonyms_phrase_query,omitempty"`
		Boost                           *float64       `json:"boost,omitempty"`
		Name                            string         `json:"_name,omitempty"`
	}{q.Query, q.Fields, q.DefaultOperator, q.Flags, q.Analyzer, q.AnalyzeWildcard, q.Lenient,
		intOrString(q.MinimumShouldMatch), q.QuoteFieldSuffix, q.FuzzyPrefixLength, q.FuzzyMaxExpansions,
		q.FuzzyTranspositions, q.AutoGenerateSynonymsPhraseQuery, q.Boost, q.Name})
}
