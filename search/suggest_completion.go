package search

import "github.com/clustersearch/clustersearch-go/internal/jsonx"

// CompletionSuggester finds completions of Prefix (or, without one, Text),
// or inputs matching Regex, in a completion field. Put it in
// Request.Suggest under the suggestion's name.
type CompletionSuggester struct {
	Prefix    string
	Text      string // the suggestion's text; a prefix when Prefix is empty
	Regex     string
	Field     string
	Size      *int // options (5)
	ShardSize *int // options per shard (Size)
	// SkipDuplicates returns each suggested text once.
	SkipDuplicates *bool
	Fuzzy          *CompletionFuzzy
	RegexOptions   *CompletionRegexOptions
	// Contexts filter and boost by category, per context name. Geo
	// contexts can be sent through a raw map in Request.Suggest.
	Contexts map[string][]CompletionContext
}

// CompletionFuzzy allows typos in the prefix.
type CompletionFuzzy struct {
	Fuzziness      any   `json:"fuzziness,omitempty"` // "AUTO" (the default, one edit here), 0, 1, 2
	Transpositions *bool `json:"transpositions,omitempty"`
	MinLength      *int  `json:"min_length,omitempty"`    // shorter prefixes must match exactly (3)
	PrefixLength   *int  `json:"prefix_length,omitempty"` // leading characters without edits (1)
	UnicodeAware   *bool `json:"unicode_aware,omitempty"` // count edits in code points, not UTF-8 bytes
}

// CompletionRegexOptions tune Regex.
type CompletionRegexOptions struct {
	Flags                 string `json:"flags,omitempty"` // ALL (default), NONE, ANYSTRING, COMPLEMENT, EMPTY, INTERSECTION, INTERVAL, joined by "|"
	MaxDeterminizedStates *int   `json:"max_determinized_states,omitempty"`
}

// CompletionContext is one category query context: suggestions indexed
// with Context (or, with Prefix, a category starting with it) match, their
// weight multiplied by Boost (1).
type CompletionContext struct {
	Context string `json:"context"`
	Boost   *int   `json:"boost,omitempty"`
	Prefix  *bool  `json:"prefix,omitempty"`
}

// MarshalJSON writes {"prefix"|"text"|"regex": ..., "completion": {...}}.
func (s CompletionSuggester) MarshalJSON() ([]byte, error) {
	type body struct {
		Field          string                         `json:"field"`
		Size           *int                           `json:"size,omitempty"`
		ShardSize      *int                           `json:"shard_size,omitempty"`
		SkipDuplicates *bool                          `json:"skip_duplicates,omitempty"`
		Fuzzy          *CompletionFuzzy               `json:"fuzzy,omitempty"`
		RegexOptions   *CompletionRegexOptions        `json:"regex,omitempty"`
		Contexts       map[string][]CompletionContext `json:"contexts,omitempty"`
	}
	return jsonx.Marshal(struct {
		Prefix     string `json:"prefix,omitempty"`
		Text       string `json:"text,omitempty"`
		Regex      string `json:"regex,omitempty"`
		Completion body   `json:"completion"`
	}{s.Prefix, s.Text, s.Regex, body{s.Field, s.Size, s.ShardSize, s.SkipDuplicates, s.Fuzzy, s.RegexOptions, s.Contexts}})
}
