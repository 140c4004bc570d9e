package query

import "errors"

// MoreLikeThisQuery finds documents like some texts and documents: their
// most telling terms become the query ({"more_like_this": {...}}).
type MoreLikeThisQuery struct {
	Fields                 []string
	Like                   []any // strings, or LikeDocument values
	Unlike                 []any
	MaxQueryTerms          *int
	MinTermFreq            *int
	MinDocFreq             *int
	MaxDocFreq             *int
	MinWordLength          *int
	MaxWordLength          *int
	StopWords              []string
	Analyzer               string
	MinimumShouldMatch     string
	BoostTerms             *float64
	Include                *bool
	FailOnUnsupportedField *bool
	Boost                  *float64
	Name                   string
}

// LikeDocument names a stored document ({"_index", "_id"}) or gives one
// ({"doc"}) to a more_like_this query.
type LikeDocument struct {
	Index   string         `json:"_index,omitempty"`
	ID      string         `json:"_id,omitempty"`
	Routing string         `json:"routing,omitempty"`
	Doc     map[string]any `json:"doc,omitempty"`
}

// MoreLikeThis returns a more_like_this query on fields (none: every text
// and keyword field) like the given texts and documents.
func MoreLikeThis(fields []string, like ...any) *MoreLikeThisQuery {
	return &MoreLikeThisQuery{Fields: fields, Like: like}
}

// WithMinTermFreq sets the least times a term must appear in the input.
func (q *MoreLikeThisQuery) WithMinTermFreq(n int) *MoreLikeThisQuery { q.MinTermFreq = &n; return q }

// WithMinDocFreq sets the least number of documents a term must be in.
func (q *MoreLikeThisQuery) WithMinDocFreq(n int) *MoreLikeThisQuery { q.MinDocFreq = &n; return q }

// WithMaxQueryTerms sets how many terms the query keeps.
func (q *MoreLikeThisQuery) WithMaxQueryTerms(n int) *MoreLikeThisQuery {
	q.MaxQueryTerms = &n
	return q
}

// WithMinimumShouldMatch sets how many of the kept terms must match.
func (q *MoreLikeThisQuery) WithMinimumShouldMatch(msm string) *MoreLikeThisQuery {
	q.MinimumShouldMatch = msm
	return q
}

// MarshalJSON renders the more_like_this query.
func (q *MoreLikeThisQuery) MarshalJSON() ([]byte, error) {
	if len(q.Like) == 0 {
		return nil, errors.New("query: more_like_this needs something to be like")
	}
	return wrap("more_like_this", struct {
		Fields                 []string `json:"fields,omitempty"`
		Like                   []any    `json:"like"`
		Unlike                 []any    `json:"unlike,omitempty"`
		MaxQueryTerms          *int     `json:"max_query_terms,omitempty"`
		MinTermFreq            *int     `json:"min_term_freq,omitempty"`
		MinDocFreq             *int     `json:"min_doc_freq,omitempty"`
		MaxDocFreq             *int     `json:"max_doc_freq,omitempty"`
		MinWordLength          *int     `json:"min_word_length,omitempty"`
		MaxWordLength          *int     `json:"max_word_length,omitempty"`
		StopWords              []string `json:"stop_words,omitempty"`
		Analyzer               string   `json:"analyzer,omitempty"`
		MinimumShouldMatch     string   `json:"minimum_should_match,omitempty"`
		BoostTerms             *float64 `json:"boost_terms,omitempty"`
		Include                *bool    `json:"include,omitempty"`
		FailOnUnsupportedField *bool    `json:"fail_on_unsupported_field,omitempty"`
		Boost                  *float64 `json:"boost,omitempty"`
		Name                   string   `json:"_name,omitempty"`
	}{q.Fields, q.Like, q.Unlike, q.MaxQueryTerms, q.MinTermFreq, q.MinDocFreq, q.MaxDocFreq, q.MinWordLength, q.MaxWordLength,
		q.StopWords, q.Analyzer, q.MinimumShouldMatch, q.BoostTerms, q.Include, q.FailOnUnsupportedField, q.Boost, q.Name})
}
