package search

import (
	"encoding/json"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// Suggestion is one entry of a suggestion in Response.Suggest: a token of the
// text for the term suggester, the whole text for the phrase and completion
// suggesters, with the suggested options.
type Suggestion struct {
	Text    string          `json:"text"`
	Offset  int             `json:"offset"` // in UTF-16 code units of the suggest text
	Length  int             `json:"length"`
	Options []SuggestOption `json:"options"`
}

// SuggestOption is one suggested text. Term options carry Freq; phrase
// options Highlighted and CollateMatch when asked for; completion options
// the document (Index, ID, DocScore, Source...) and Contexts.
type SuggestOption struct {
	Text         string                     `json:"text"`
	Highlighted  string                     `json:"highlighted,omitempty"`
	Score        float64                    `json:"score"`
	Freq         int                        `json:"freq,omitempty"`
	CollateMatch *bool                      `json:"collate_match,omitempty"`
	Index        string                     `json:"_index,omitempty"`
	ID           string                     `json:"_id,omitempty"`
	Routing      string                     `json:"_routing,omitempty"`
	DocScore     *float64                   `json:"_score,omitempty"` // completion: the hit's score
	Source       json.RawMessage            `json:"_source,omitempty"`
	Fields       map[string]json.RawMessage `json:"fields,omitempty"`
	Contexts     map[string][]string        `json:"contexts,omitempty"` // completion: matched contexts by name (categories, or geohashes)
}

// Suggestions returns the entries of the suggestion named name, whether or
// not typed_keys prefixed its type ("term#name").
func (r *Result[S]) Suggestions(name string) []Suggestion {
	if s, ok := r.Suggest[name]; ok {
		return s
	}
	for k, s := range r.Suggest {
		if _, n, ok := strings.Cut(k, "#"); ok && n == name {
			return s
		}
	}
	return nil
}

// TermSuggester suggests corrections for each token of Text from the terms
// of Field. Put it in Request.Suggest under the suggestion's name; a
// "text" key there is the text of suggesters without their own.
type TermSuggester struct {
	Text           string
	Field          string
	Analyzer       string
	Size           *int // options per token (5)
	ShardSize      *int // options per shard (max(size, 5))
	SuggestMode    SuggestMode
	Sort           string // "score" (default) or "frequency"
	StringDistance string // internal, damerau_levenshtein, levenshtein, jaro_winkler, ngram
	Accuracy       *float64
	MaxEdits       *int // 1 or 2 (2)
	MaxInspections *int
	MaxTermFreq    *float64 // a fraction of the documents, or a count when >= 1
	PrefixLength   *int
	MinWordLength  *int
	MinDocFreq     *float64 // a fraction of the documents, or a count when >= 1
}

// termBody is the inside of "term" (and of a direct generator).
type termBody struct {
	Field          string      `json:"field"`
	Analyzer       string      `json:"analyzer,omitempty"`
	Size           *int        `json:"size,omitempty"`
	ShardSize      *int        `json:"shard_size,omitempty"`
	SuggestMode    SuggestMode `json:"suggest_mode,omitempty"`
	Sort           string      `json:"sort,omitempty"`
	StringDistance string      `json:"string_distance,omitempty"`
	Accuracy       *float64    `json:"accuracy,omitempty"`
	MaxEdits       *int        `json:"max_edits,omitempty"`
	MaxInspections *int        `json:"max_inspections,omitempty"`
	MaxTermFreq    *float64    `json:"max_term_freq,omitempty"`
	PrefixLength   *int        `json:"prefix_length,omitempty"`
	MinWordLength  *int        `json:"min_word_length,omitempty"`
	MinDocFreq     *float64    `json:"min_doc_freq,omitempty"`
}

// MarshalJSON writes {"text": ..., "term": {...}}.
func (s TermSuggester) MarshalJSON() ([]byte, error) {
	return jsonx.Marshal(struct {
		Text string   `json:"text,omitempty"`
		Term termBody `json:"term"`
	}{s.Text, termBody{Field: s.Field, Analyzer: s.Analyzer, Size: s.Size, ShardSize: s.ShardSize, SuggestMode: s.SuggestMode,
		Sort: s.Sort, StringDistance: s.StringDistance, Accuracy: s.Accuracy, MaxEdits: s.MaxEdits, MaxInspections: s.MaxInspections,
		MaxTermFreq: s.MaxTermFreq, PrefixLength: s.PrefixLength, MinWordLength: s.MinWordLength, MinDocFreq: s.MinDocFreq}})
}

// PhraseSuggester suggests corrected forms of the whole Text (a noisy
// channel model over n-grams of Field).
type PhraseSuggester struct {
	Text                    string
	Field                   string
	Analyzer                string
	Size                    *int
	ShardSize               *int
	GramSize                *int
	RealWordErrorLikelihood *float64 // 0.95
	Confidence              *float64 // 1.0
	MaxErrors               *float64 // 1.0: a fraction of the tokens, or a count when >= 1
	Separator               string
	TokenLimit              *int
	ForceUnigrams           *bool
	Highlight               *PhraseHighlight
	Collate                 *PhraseCollate
	// Smoothing is StupidBackoff (the default), Laplace or LinearInterpolation.
	Smoothing        SmoothingModel
	DirectGenerators []DirectGenerator
}

// PhraseHighlight wraps the changed tokens of each option's "highlighted".
type PhraseHighlight struct {
	PreTag  string `json:"pre_tag"`
	PostTag string `json:"post_tag"`
}

// PhraseCollate checks each option with a query template ({{suggestion}}
// is the option's text); Prune keeps non-matching options, marked with
// collate_match false.
type PhraseCollate struct {
	Query  any            `json:"query"` // {"source": {...}} or {"id": "..."}
	Params map[string]any `json:"params,omitempty"`
	Prune  *bool          `json:"prune,omitempty"`
}

// SmoothingModel is a phrase suggester smoothing model.
type SmoothingModel interface{ smoothingName() string }

// StupidBackoff backs off to lower-order n-grams with a discount (0.4).
type StupidBackoff struct {
	Discount *float64 `json:"discount,omitempty"`
}

// Laplace is additive smoothing with Alpha (0.5).
type Laplace struct {
	Alpha *float64 `json:"alpha,omitempty"`
}

// LinearInterpolation weighs trigram, bigram and unigram probabilities.
type LinearInterpolation struct {
	TrigramLambda float64 `json:"trigram_lambda"`
	BigramLambda  float64 `json:"bigram_lambda"`
	UnigramLambda float64 `json:"unigram_lambda"`
}

func (StupidBackoff) smoothingName() string       { return "stupid_backoff" }
func (Laplace) smoothingName() string             { return "laplace" }
func (LinearInterpolation) smoothingName() string { return "linear_interpolation" }

// DirectGenerator produces a phrase suggester's candidates per token, like
// a term suggester; PreFilter and PostFilter name analyzers applied around it.
type DirectGenerator struct {
	Field          string      `json:"field"`
	SuggestMode    SuggestMode `json:"suggest_mode,omitempty"`
	Size           *int        `json:"size,omitempty"`
	Sort           string      `json:"sort,omitempty"`
	StringDistance string      `json:"string_distance,omitempty"`
	Accuracy       *float64    `json:"accuracy,omitempty"`
	MaxEdits       *int        `json:"max_edits,omitempty"`
	MaxInspections *int        `json:"max_inspections,omitempty"`
	MaxTermFreq    *float64    `json:"max_term_freq,omitempty"`
	PrefixLength   *int        `json:"prefix_length,omitempty"`
	MinWordLength  *int        `json:"min_word_length,omitempty"`
	MinDocFreq     *float64    `json:"min_doc_freq,omitempty"`
	PreFilter      string      `json:"pre_filter,omitempty"`
	PostFilter     string      `json:"post_filter,omitempty"`
}

// phraseBody is the inside of "phrase".
type phraseBody struct {
	Field                   string                    `json:"field"`
	Analyzer                string                    `json:"analyzer,omitempty"`
	Size                    *int                      `json:"size,omitempty"`
	ShardSize               *int                      `json:"shard_size,omitempty"`
	GramSize                *int                      `json:"gram_size,omitempty"`
	RealWordErrorLikelihood *float64                  `json:"real_word_error_likelihood,omitempty"`
	Confidence              *float64                  `json:"confidence,omitempty"`
	MaxErrors               *float64                  `json:"max_errors,omitempty"`
	Separator               string                    `json:"separator,omitempty"`
	TokenLimit              *int                      `json:"token_limit,omitempty"`
	ForceUnigrams           *bool                     `json:"force_unigrams,omitempty"`
	Highlight               *PhraseHighlight          `json:"highlight,omitempty"`
	Collate                 *PhraseCollate            `json:"collate,omitempty"`
	Smoothing               map[string]SmoothingModel `json:"smoothing,omitempty"`
	DirectGenerators        []DirectGenerator         `json:"direct_generator,omitempty"`
}

// MarshalJSON writes {"text": ..., "phrase": {...}}.
func (s PhraseSuggester) MarshalJSON() ([]byte, error) {
	var smoothing map[string]SmoothingModel
	if s.Smoothing != nil {
		smoothing = map[string]SmoothingModel{s.Smoothing.smoothingName(): s.Smoothing}
	}
	return jsonx.Marshal(struct {
		Text   string     `json:"text,omitempty"`
		Phrase phraseBody `json:"phrase"`
	}{s.Text, phraseBody{s.Field, s.Analyzer, s.Size, s.ShardSize, s.GramSize, s.RealWordErrorLikelihood, s.Confidence, s.MaxErrors,
		s.Separator, s.TokenLimit, s.ForceUnigrams, s.Highlight, s.Collate, smoothing, s.DirectGenerators}})
}
