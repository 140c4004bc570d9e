package analysis

// pipeline is an analyzer: a tokenizer (optionally lowercasing as it goes) followed by
// token filters. Every analyzer of this package is one.
type pipeline struct {
	tok     tokenizer
	lower   bool
	filters []tokenFilter
}

// Analyze implements Analyzer.
func (p *pipeline) Analyze(dst []Token, text string) []Token {
	var a arena
	from := len(dst)
	// Concrete calls keep the arena on the stack; only its buffer may be allocated.
	switch tok := p.tok.(type) {
	case standardTokenizer:
		dst = tok.tokenize(dst, text, p.lower, &a)
	case charTokenizer:
		dst = tok.tokenize(dst, text, p.lower, &a)
	case keywordTokenizer:
		dst = tok.tokenize(dst, text, p.lower, &a)
	default:
		// Through the interface the arena escapes: a separate one keeps the concrete
		// paths above free of that allocation.
		var ia arena
		dst = tok.tokenize(dst, text, p.lower, &ia)
		a = ia
	}
	if len(p.filters) > 0 {
		fa := a
		for _, f := range p.filters {
			// Filters return a prefix of what they were given (rewritten in place) or, when
			// they add tokens, a new slice.
			dst = append(dst[:from], f.filter(dst[from:], &fa, len(text))...)
		}
	}
	return dst
}

// BuiltinNames lists the analyzers Builtin knows.
func BuiltinNames() []string {
	return []string{"standard", "simple", "whitespace", "keyword", "stop", "english"}
}

// Builtin returns a built-in analyzer by name ("standard", "simple", "whitespace",
// "keyword", "stop", "english"); ok false if unknown.
//
//   - standard: StandardTokenizer (max_token_length 255) + lowercase, no stop words.
//   - simple: letter runs (Java Character.isLetter), lowercased.
//   - whitespace: runs of non-whitespace (Java Character.isWhitespace), unchanged.
//   - keyword: the whole input as one token.
//   - stop: simple + English stop words.
//   - english: Lucene's EnglishAnalyzer (see NewEnglish).
func Builtin(name string) (Analyzer, bool) {
	switch name {
	case "standard":
		return NewStandard(DefaultMaxTokenLength, nil), true
	case "simple":
		return &pipeline{tok: letterTokenizer(DefaultMaxTokenLength), lower: true}, true
	case "whitespace":
		return &pipeline{tok: whitespaceTokenizer(DefaultMaxTokenLength)}, true
	case "keyword":
		return &pipeline{tok: keywordTokenizer{}}, true
	case "stop":
		return NewStop(nil), true
	case "english":
		return NewEnglish(nil, nil), true
	}
	return nil, false
}

// NewStandard returns the standard analyzer with the given max_token_length (clamped to
// at least 1) and stop words (nil or empty: none, the default).
func NewStandard(maxTokenLength int, stopwords []string) Analyzer {
	if maxTokenLength < 1 {
		maxTokenLength = 1
	}
	p := &pipeline{tok: standardTokenizer{maxLen: maxTokenLength}, lower: true}
	if len(stopwords) > 0 {
		p.filters = []tokenFilter{newStopFilter(stopwords, false)}
	}
	return p
}

// NewStop returns the stop analyzer (letter tokenizer, lowercase, stop words) with the
// given stop words, or the English set when stopwords is nil.
func NewStop(stopwords []string) Analyzer {
	if stopwords == nil {
		stopwords = englishStopWords()
	}
	return &pipeline{
		tok:     letterTokenizer(DefaultMaxTokenLength),
		lower:   true,
		filters: []tokenFilter{newStopFilter(stopwords, false)},
	}
}
