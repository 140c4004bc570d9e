package analysis

// Token is one term produced by an analyzer.
type Token struct {
	// Term is the indexed text of the token.
	Term string
	// Position is the 0-based token position. Filters that drop tokens (stop, length)
	// leave gaps, as Lucene's position increments do.
	Position int
	// StartOffset and EndOffset are byte offsets of the token's source text in the input.
	StartOffset int
	EndOffset   int
	// Type is the Lucene token type: "<ALPHANUM>", "<NUM>", "<SOUTHEAST_ASIAN>",
	// "<IDEOGRAPHIC>", "<HIRAGANA>", "<KATAKANA>", "<HANGUL>", "<EMOJI>" from the standard
	// tokenizer, "word" from the others.
	Type string
	// PositionLength is Lucene's position length when a token spans more than one
	// position (a shingle); 0 stands for the usual 1. Narrow so that it and Keyword
	// share one word: tokens are copied a lot.
	PositionLength int32
	// Keyword is Lucene's KeywordAttribute: set by keyword_marker, it keeps stemmers and
	// truncate off the token.
	Keyword bool
}

// Lucene token type names as _analyze prints them.
const (
	TypeAlphaNum       = "<ALPHANUM>"
	TypeNum            = "<NUM>"
	TypeSoutheastAsian = "<SOUTHEAST_ASIAN>"
	TypeIdeographic    = "<IDEOGRAPHIC>"
	TypeHiragana       = "<HIRAGANA>"
	TypeKatakana       = "<KATAKANA>"
	TypeHangul         = "<HANGUL>"
	TypeEmoji          = "<EMOJI>"
	// TypeWord is the type of tokens from the letter, whitespace and keyword tokenizers.
	TypeWord = "word"
)

// Analyzer turns text into tokens.
type Analyzer interface {
	// Analyze appends the tokens of text to dst and returns it (so callers can reuse buffers).
	// Positions start at 0 for each call.
	Analyze(dst []Token, text string) []Token
}

// DefaultMaxTokenLength is the standard, letter and whitespace tokenizers' default
// max_token_length (in UTF-16 units); longer runs are split into several tokens.
const DefaultMaxTokenLength = 255

// maxTokenLengthLimit is the largest max_token_length OpenSearch accepts.
const maxTokenLengthLimit = 1024 * 1024

// NumTerms is the field length Lucene encodes in a document's norm: the number of tokens,
// not counting tokens at the same position as the one before (discount_overlaps). Tokens
// removed by filters (stop words) do not count.
func NumTerms(toks []Token) int {
	n := 0
	for i, t := range toks {
		if i == 0 || t.Position != toks[i-1].Position {
			n++
		}
	}
	return n
}
