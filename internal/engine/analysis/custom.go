package analysis

import (
	"strconv"
	"strings"
)

// CustomDef is an analyzer defined in index settings (analysis.analyzer.<Name>), together
// with the index's tokenizer and filter definitions it may refer to.
type CustomDef struct {
	// Name is the analyzer's name, used in error messages.
	Name string
	// Type is "custom" (or empty with a Tokenizer), or a configurable built-in type:
	// "standard", "simple", "whitespace", "keyword", "stop", "english".
	Type string
	// Tokenizer, CharFilter and Filter are the names a custom analyzer chains.
	Tokenizer  string
	CharFilter []string
	Filter     []string
	// Stopwords configures type standard (default none), stop and english (default
	// _english_);
	// nil means the default. Named sets such as "_english_" and "_none_" expand.
	Stopwords []string
	// StemExclusion configures type english: terms the stemmer leaves alone.
	StemExclusion []string
	// MaxTokenLength configures type standard; nil means 255.
	MaxTokenLength *int
	// Tokenizers, Filters and CharFilters are the index's analysis.tokenizer.*,
	// analysis.filter.* and analysis.char_filter.* definitions by name; they take
	// precedence over built-in names.
	Tokenizers  map[string]TokenizerDef
	Filters     map[string]FilterDef
	CharFilters map[string]FilterDef
	// MaxNgramDiff is the index's index.max_ngram_diff; nil means 1.
	MaxNgramDiff *int
	// MaxShingleDiff is the index's index.max_shingle_diff; nil means 3.
	MaxShingleDiff *int
}

// TokenizerDef is a tokenizer defined in index settings.
type TokenizerDef struct {
	// Type is the tokenizer type: standard, whitespace, letter or keyword.
	Type string
	// MaxTokenLength applies to standard, whitespace and letter; nil means 255.
	MaxTokenLength *int
	// Params holds all of the definition's settings (relative keys, each value a list),
	// which the types with more settings than the fields above read.
	Params map[string][]string
}

// FilterDef is a token filter defined in index settings. Fields apply to the types named
// in their comments and are ignored by others.
type FilterDef struct {
	// Type is the filter type: lowercase, uppercase, asciifolding, stop, trim, length,
	// unique.
	Type string
	// Stopwords (stop): nil means _english_; "_english_" and "_none_" entries expand.
	Stopwords []string
	// IgnoreCase (stop) compares lowercased terms.
	IgnoreCase bool
	// RemoveTrailing (stop): nil or true is the default; false is not supported.
	RemoveTrailing *bool
	// Min and Max (length) bound the term length in UTF-16 units; nil means 0 and
	// 2147483647.
	Min, Max *int
	// Language (stemmer): english, porter (the default) and possessive_english are
	// supported.
	Language string
	// OnlyOnSamePosition (unique) removes duplicates at the same position only.
	OnlyOnSamePosition bool
	// PreserveOriginal (asciifolding) also emits the unfolded token, at the same position.
	PreserveOriginal bool
	// Params holds all of the definition's settings (relative keys, each value a list),
	// which the types with more settings than the fields above read.
	Params map[string][]string
}

// Error is an analysis configuration error. Type is the OpenSearch error type
// (illegal_argument_exception) and Reason its exact message; Unsupported marks features
// OpenSearch has but the fake does not implement, so callers can tell "wrong" from
// "missing".
type Error struct {
	Type        string
	Reason      string
	Unsupported bool
}

// Error returns the reason, as OpenSearch prints it.
func (e *Error) Error() string { return e.Reason }

func illegalArgument(reason string) *Error {
	return &Error{Type: "illegal_argument_exception", Reason: reason}
}

func unsupported(what string) *Error {
	return &Error{Type: "illegal_argument_exception", Reason: what + " is not supported by the fake yet", Unsupported: true}
}

// Built-in names OpenSearch knows but the fake does not implement: using one gives an
// Unsupported error instead of "failed to find".
var (
	unsupportedAnalyzerTypes = []string{
		"fingerprint", "pattern", "arabic", "armenian", "basque", "bengali", "brazilian",
		"bulgarian", "catalan", "chinese", "cjk", "czech", "danish", "dutch", "estonian", "finnish",
		"french", "galician", "german", "greek", "hindi", "hungarian", "indonesian", "irish",
		"italian", "latvian", "lithuanian", "norwegian", "persian", "portuguese", "romanian",
		"russian", "sorani", "spanish", "swedish", "turkish", "thai",
	}
	unsupportedTokenizers = []string{
		"classic", "uax_url_email", "path_hierarchy", "thai",
	}
	unsupportedFilters = []string{
		"snowball", "kstem", "synonym", "synonym_graph",
		"word_delimiter", "classic", "pattern_capture", "cjk_width", "cjk_bigram", "delimited_payload", "fingerprint", "min_hash",
		"limit", "keep", "keep_types", "hunspell", "common_grams", "dictionary_decompounder",
		"hyphenation_decompounder", "multiplexer", "condition", "predicate_token_filter",
		"flatten_graph", "remove_duplicates", "stemmer_override", "german_normalization",
		"hindi_normalization", "indic_normalization", "arabic_normalization", "persian_normalization",
		"scandinavian_normalization", "scandinavian_folding", "serbian_normalization",
		"sorani_normalization", "icu_normalizer", "icu_folding",
	}
	unsupportedCharFilters = []string{"html_strip"}
)

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// NewCustom builds an analyzer from its index settings definition, failing with the
// messages OpenSearch gives for bad definitions.
func NewCustom(def CustomDef) (Analyzer, error) {
	typ := def.Type
	if typ == "" {
		if def.Tokenizer == "" {
			return nil, illegalArgument("analyzer [" + def.Name + "] must specify either an analyzer type, or a tokenizer")
		}
		typ = "custom"
	}
	switch typ {
	case "custom":
		return newCustomPipeline(def)
	case "standard":
		maxLen, err := maxTokenLength(def.MaxTokenLength)
		if err != nil {
			return nil, err
		}
		return NewStandard(maxLen, resolveStopwords(def.Stopwords, nil)), nil
	case "stop":
		return NewStop(resolveStopwords(def.Stopwords, englishStopWords())), nil
	case "english":
		return NewEnglish(resolveStopwords(def.Stopwords, englishStopWords()), def.StemExclusion), nil
	case "simple", "whitespace", "keyword":
		a, _ := Builtin(typ)
		return a, nil
	}
	if contains(unsupportedAnalyzerTypes, typ) {
		return nil, unsupported("analyzer type [" + typ + "]")
	}
	return nil, illegalArgument("Unknown analyzer type [" + typ + "] for [" + def.Name + "]")
}

func newCustomPipeline(def CustomDef) (Analyzer, error) {
	prefix := "Custom Analyzer [" + def.Name + "] "
	if def.Tokenizer == "" {
		return nil, illegalArgument(prefix + "must be configured with a tokenizer")
	}
	env := envOf(def)
	tok, err := resolveTokenizer(def.Tokenizer, def.Tokenizers, env)
	if err != nil {
		return nil, err
	}
	if tok == nil {
		return nil, illegalArgument(prefix + "failed to find tokenizer under name [" + def.Tokenizer + "]")
	}
	var chars []charFilter
	for _, name := range def.CharFilter {
		cf, err := resolveCharFilter(name, def.CharFilters)
		if err != nil {
			return nil, err
		}
		if cf == nil {
			return nil, illegalArgument(prefix + "failed to find char_filter under name [" + name + "]")
		}
		chars = append(chars, cf)
	}
	p := &pipeline{tok: tok}
	for _, name := range def.Filter {
		f, err := resolveFilter(name, def.Filters, env)
		if err != nil {
			return nil, err
		}
		if f == nil {
			return nil, illegalArgument(prefix + "failed to find filter under name [" + name + "]")
		}
		p.filters = append(p.filters, f)
	}
	// A leading lowercase filter is fused into the tokenizer.
	if len(p.filters) > 0 {
		if _, ok := p.filters[0].(lowercaseFilter); ok {
			p.lower = true
			p.filters = p.filters[1:]
		}
	}
	if len(chars) > 0 {
		return &charFiltered{filters: chars, inner: p}, nil
	}
	return p, nil
}

func maxTokenLength(v *int) (int, error) {
	if v == nil {
		return DefaultMaxTokenLength, nil
	}
	switch {
	case *v < 1:
		return 0, illegalArgument("maxTokenLength must be greater than zero")
	case *v > maxTokenLengthLimit:
		return 0, illegalArgument("maxTokenLength may not exceed " + strconv.Itoa(maxTokenLengthLimit))
	}
	return *v, nil
}

// resolveTokenizer returns nil, nil when name is unknown.
func resolveTokenizer(name string, defs map[string]TokenizerDef, env componentEnv) (tokenizer, error) {
	typ := name
	var maxLen *int
	d, defined := defs[name]
	if defined {
		if d.Type == "" {
			return nil, illegalArgument("tokenizer [" + name + "] must specify either an analyzer type, or a tokenizer")
		}
		typ, maxLen = d.Type, d.MaxTokenLength
	}
	if f, ok, err := newTokenizerFactory(typ, d.Params, env, !defined); ok {
		if err != nil {
			return nil, err
		}
		return f.create()
	}
	n, err := maxTokenLength(maxLen)
	if err != nil {
		return nil, err
	}
	switch typ {
	case "standard":
		return standardTokenizer{maxLen: n}, nil
	case "whitespace":
		return whitespaceTokenizer(n), nil
	case "letter":
		return letterTokenizer(n), nil
	case "keyword":
		return keywordTokenizer{}, nil
	}
	if contains(unsupportedTokenizers, typ) {
		return nil, unsupported("tokenizer [" + typ + "]")
	}
	if typ != name {
		return nil, illegalArgument("Unknown tokenizer type [" + typ + "] for [" + name + "]")
	}
	return nil, nil
}

// resolveFilter returns nil, nil when name is unknown.
func resolveFilter(name string, defs map[string]FilterDef, env componentEnv) (tokenFilter, error) {
	d, defined := defs[name]
	if defined && d.Type == "" {
		return nil, illegalArgument("filter [" + name + "] must specify either an analyzer type, or a tokenizer")
	}
	if !defined {
		d = FilterDef{Type: name}
	}
	if f, ok, err := newFilterFactory(name, d.Type, d.Params, env, !defined); ok {
		if err != nil {
			return nil, err
		}
		return f.create()
	}
	switch d.Type {
	case "lowercase":
		return lowercaseFilter{}, nil
	case "asciifolding":
		return asciiFoldingFilter{preserveOriginal: d.PreserveOriginal}, nil
	case "uppercase":
		return uppercaseFilter{}, nil
	case "trim":
		return trimFilter{}, nil
	case "unique":
		return uniqueFilter{onlyOnSamePosition: d.OnlyOnSamePosition}, nil
	case "stop":
		if d.RemoveTrailing != nil && !*d.RemoveTrailing {
			return nil, unsupported("stop filter option [remove_trailing: false]")
		}
		return newStopFilter(resolveStopwords(d.Stopwords, englishStopWords()), d.IgnoreCase), nil
	case "porter_stem", "porterStem":
		return porterStemFilter{}, nil
	case "stemmer":
		// OpenSearch compares language names ignoring case.
		switch strings.ToLower(d.Language) {
		case "", "porter", "english":
			return porterStemFilter{}, nil
		case "possessive_english", "possessiveenglish":
			return englishPossessiveFilter{}, nil
		}
		return nil, unsupported("stemmer language [" + d.Language + "]")
	case "length":
		min, max := 0, 1<<31-1
		if d.Min != nil {
			min = *d.Min
		}
		if d.Max != nil {
			max = *d.Max
		}
		if min < 0 {
			return nil, illegalArgument("minimum length must be greater than or equal to zero")
		}
		if min > max {
			return nil, illegalArgument("maximum length must not be greater than minimum length")
		}
		return lengthFilter{min: min, max: max}, nil
	}
	if contains(unsupportedFilters, d.Type) {
		return nil, unsupported("token filter [" + d.Type + "]")
	}
	if defined {
		return nil, illegalArgument("Unknown filter type [" + d.Type + "] for [" + name + "]")
	}
	return nil, nil
}

// resolveStopwords expands OpenSearch's named stop word sets ("_english_", "_none_");
// nil gives def.
func resolveStopwords(list, def []string) []string {
	if list == nil {
		return def
	}
	out := make([]string, 0, len(list))
	for _, w := range list {
		switch w {
		case "_english_":
			out = append(out, englishStopWords()...)
		case "_none_":
		default:
			out = append(out, w)
		}
	}
	return out
}
