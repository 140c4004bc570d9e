package analysis

import "strconv"

// componentEnv is what a tokenizer or filter factory reads from the index besides its
// own settings.
type componentEnv struct {
	maxNgramDiff, maxShingleDiff int
}

func envOf(def CustomDef) componentEnv {
	env := componentEnv{maxNgramDiff: 1, maxShingleDiff: 3}
	if def.MaxNgramDiff != nil {
		env.maxNgramDiff = *def.MaxNgramDiff
	}
	if def.MaxShingleDiff != nil {
		env.maxShingleDiff = *def.MaxShingleDiff
	}
	return env
}

// settingParams reads a component's settings the way its factory does: keys relative to
// the component.
type settingParams map[string][]string

func (p settingParams) str(k string) (string, bool) {
	v, ok := p[k]
	if !ok || len(v) == 0 {
		return "", false
	}
	return v[0], true
}

func (p settingParams) list(k string) []string { return p[k] }

// intp is Settings.getAsInt: nil when absent.
func (p settingParams) intp(k string) (*int, error) {
	v, ok := p.str(k)
	if !ok {
		return nil, nil
	}
	n, err := strconv.ParseInt(v, 10, 32)
	if err != nil {
		return nil, &Error{Type: "settings_exception", Reason: "Failed to parse int setting [" + k + "] with value [" + v + "]"}
	}
	i := int(n)
	return &i, nil
}

// boolean is Settings.getAsBoolean with a default.
func (p settingParams) boolean(k string, def bool) (bool, error) {
	v, ok := p.str(k)
	if !ok {
		return def, nil
	}
	switch v {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, illegalArgument("Failed to parse value [" + v + "] as only [true] or [false] are allowed.")
}

// tokenizerFactory is a configured tokenizer type: the factory constructor has checked
// its settings; create makes the tokenizer, with the checks Lucene's constructor makes.
type tokenizerFactory interface {
	create() (tokenizer, error)
}

// filterFactory is the same for token filters.
type filterFactory interface {
	create() (tokenFilter, error)
}

// newTokenizerFactory configures a tokenizer of one of the types this file registers
// from its settings (empty for a pre-built name); ok is false for other types.
func newTokenizerFactory(typ string, p settingParams, env componentEnv, prebuilt bool) (f tokenizerFactory, ok bool, err error) {
	switch typ {
	case "ngram", "nGram", "edge_ngram", "edgeNGram":
		if prebuilt {
			// Pre-built n-gram tokenizers skip the factory and its max_ngram_diff check.
			env.maxNgramDiff = 1 << 30
		}
		f, err := newNgramTokenizerFactory(typ == "edge_ngram" || typ == "edgeNGram", p, env)
		return f, true, err
	case "lowercase":
		return lowercaseFactory{}, true, nil
	case "pattern":
		f, err := newPatternTokenizerFactory(p)
		return f, true, err
	case "char_group":
		f, err := newCharGroupFactory(p)
		return f, true, err
	case "simple_pattern", "simple_pattern_split":
		f, err := newSimplePatternFactory(typ, p)
		return f, true, err
	}
	return nil, false, nil
}

// newFilterFactory configures a token filter of one of the types this file registers.
// prebuilt marks a name used without a definition, which some types configure
// differently from their defaults (or refuse).
func newFilterFactory(name, typ string, p settingParams, env componentEnv, prebuilt bool) (f filterFactory, ok bool, err error) {
	switch typ {
	case "ngram", "nGram":
		if prebuilt && typ == "nGram" {
			return nil, true, illegalArgument("The [nGram] token filter name was deprecated in 6.4 and cannot be used in new indices. Please change the filter name to [ngram] instead.")
		}
		f, err := newNgramFilterFactory(p, env)
		return f, true, err
	case "edge_ngram", "edgeNGram":
		if prebuilt {
			if typ == "edgeNGram" {
				return nil, true, illegalArgument("The [edgeNGram] token filter name was deprecated in 6.4 and cannot be used in new indices. Please change the filter name to [edge_ngram] instead.")
			}
			// The pre-built edge_ngram filter is EdgeNGramTokenFilter(input, 1).
			return edgeNgramFilterFactory{min: 1, max: 1}, true, nil
		}
		f, err := newEdgeNgramFilterFactory(p)
		return f, true, err
	case "word_delimiter_graph":
		f, err := newWordDelimiterGraphFactory(p)
		return f, true, err
	case "shingle":
		f, err := newShingleFilterFactory(p, env.maxShingleDiff, prebuilt)
		return f, true, err
	case "reverse":
		return readyFilter{reverseFilter{}}, true, nil
	case "decimal_digit":
		return readyFilter{decimalDigitFilter{}}, true, nil
	case "apostrophe":
		return readyFilter{apostropheFilter{}}, true, nil
	case "truncate":
		if prebuilt {
			return readyFilter{truncateFilter{n: 10}}, true, nil
		}
		n, err := p.intp("length")
		if err != nil {
			return nil, true, err
		}
		if n == nil || *n <= 0 {
			return nil, true, illegalArgument("length parameter must be provided")
		}
		return readyFilter{truncateFilter{n: *n}}, true, nil
	case "elision":
		if prebuilt {
			return readyFilter{elisionFilter{newWordSet(frenchArticles(), true)}}, true, nil
		}
		f, err := newElisionFilter(p)
		return f, true, err
	case "pattern_replace":
		if prebuilt {
			return nil, false, nil // needs settings: no pre-built filter of that name
		}
		f, err := newPatternReplaceFilter(name, p)
		return f, true, err
	case "keyword_marker":
		if prebuilt {
			return nil, false, nil
		}
		f, err := newKeywordMarkerFilter(p)
		return f, true, err
	}
	return nil, false, nil
}

// readyFilter is a filter whose factory has nothing left to check.
type readyFilter struct{ f tokenFilter }

func (r readyFilter) create() (tokenFilter, error) { return r.f, nil }

func newElisionFilter(p settingParams) (filterFactory, error) {
	if _, ok := p["articles_path"]; ok {
		return nil, unsupported("elision option [articles_path]")
	}
	articles, ok := p["articles"]
	if !ok {
		return nil, illegalArgument("elision filter requires [articles] or [articles_path] setting")
	}
	ignoreCase, err := p.boolean("articles_case", false)
	if err != nil {
		return nil, err
	}
	return readyFilter{elisionFilter{newWordSet(articles, ignoreCase)}}, nil
}

func newPatternReplaceFilter(name string, p settingParams) (filterFactory, error) {
	pattern, ok := p.str("pattern")
	if !ok {
		return nil, illegalArgument("pattern is missing for [" + name + "] token filter of type 'pattern_replace'")
	}
	flags, _ := p.str("flags")
	re, err := compileJavaRegex("token filter ["+name+"]", pattern, flags)
	if err != nil {
		return nil, err
	}
	replacement, _ := p.str("replacement")
	r, err := parseJavaReplacement("token filter ["+name+"]", replacement, re)
	if err != nil {
		return nil, err
	}
	all, err := p.boolean("all", true)
	if err != nil {
		return nil, err
	}
	return readyFilter{patternReplaceFilter{re: re, replacement: r, all: all}}, nil
}

func newKeywordMarkerFilter(p settingParams) (filterFactory, error) {
	ignoreCase, err := p.boolean("ignore_case", false)
	if err != nil {
		return nil, err
	}
	_, hasWords := p["keywords"]
	_, hasPath := p["keywords_path"]
	if pattern, ok := p.str("keywords_pattern"); ok {
		if hasWords || hasPath {
			return nil, illegalArgument("cannot specify both `keywords_pattern` and `keywords` or `keywords_path`")
		}
		// PatternKeywordMarkerFilter needs the whole term to match.
		re, err := compileJavaRegex("keyword_marker", "^(?:"+pattern+")$", "")
		if err != nil {
			return nil, err
		}
		return readyFilter{keywordMarkerFilter{pattern: re}}, nil
	}
	if hasPath {
		return nil, unsupported("keyword_marker option [keywords_path]")
	}
	if !hasWords {
		return nil, illegalArgument("keyword filter requires either `keywords`, `keywords_path`, or `keywords_pattern` to be configured")
	}
	return readyFilter{keywordMarkerFilter{words: newWordSet(p["keywords"], ignoreCase)}}, nil
}

type ngramTokenizerFactory struct{ tok ngramTokenizer }

func newNgramTokenizerFactory(edge bool, p settingParams, env componentEnv) (tokenizerFactory, error) {
	min, err := p.intp("min_gram")
	if err != nil {
		return nil, err
	}
	max, err := p.intp("max_gram")
	if err != nil {
		return nil, err
	}
	lo, hi := gramSizes(min, max)
	if !edge {
		if err := checkNgramDiff(lo, hi, env.maxNgramDiff); err != nil {
			return nil, err
		}
	}
	var custom *string
	if v, ok := p.str("custom_token_chars"); ok {
		custom = &v
	}
	m, err := parseTokenChars(p.list("token_chars"), custom)
	if err != nil {
		return nil, err
	}
	return ngramTokenizerFactory{ngramTokenizer{min: lo, max: hi, edge: edge, isTokenChar: m}}, nil
}

func (f ngramTokenizerFactory) create() (tokenizer, error) {
	if err := checkGrams(f.tok.min, f.tok.max); err != nil {
		return nil, err
	}
	return f.tok, nil
}

type ngramFilterFactory struct{ f ngramFilter }

func newNgramFilterFactory(p settingParams, env componentEnv) (filterFactory, error) {
	min, err := p.intp("min_gram")
	if err != nil {
		return nil, err
	}
	max, err := p.intp("max_gram")
	if err != nil {
		return nil, err
	}
	lo, hi := gramSizes(min, max)
	if err := checkNgramDiff(lo, hi, env.maxNgramDiff); err != nil {
		return nil, err
	}
	keep, err := p.boolean("preserve_original", false)
	if err != nil {
		return nil, err
	}
	return ngramFilterFactory{ngramFilter{min: lo, max: hi, preserveOriginal: keep}}, nil
}

func (f ngramFilterFactory) create() (tokenFilter, error) {
	if err := checkGrams(f.f.min, f.f.max); err != nil {
		return nil, err
	}
	return f.f, nil
}

type edgeNgramFilterFactory edgeNgramFilter

func newEdgeNgramFilterFactory(p settingParams) (filterFactory, error) {
	min, err := p.intp("min_gram")
	if err != nil {
		return nil, err
	}
	max, err := p.intp("max_gram")
	if err != nil {
		return nil, err
	}
	lo, hi := gramSizes(min, max)
	f := edgeNgramFilterFactory{min: lo, max: hi}
	side, ok := p.str("side")
	if !ok {
		side = "front"
	}
	switch side {
	case "front":
	case "back":
		f.back = true
	default:
		return nil, illegalArgument("invalid side: " + side)
	}
	if f.preserveOriginal, err = p.boolean("preserve_original", false); err != nil {
		return nil, err
	}
	return f, nil
}

func (f edgeNgramFilterFactory) create() (tokenFilter, error) {
	if err := checkGrams(f.min, f.max); err != nil {
		return nil, err
	}
	return edgeNgramFilter(f), nil
}

// CheckDefinitions builds the factory of every tokenizer and token filter the index
// defines, used or not, as OpenSearch's AnalysisRegistry does when it creates an index, so
// that a bad setting (index.max_ngram_diff, token_chars...) fails even in an unused
// definition (char filters first, as OpenSearch builds them). Only the types registered
// in this file are checked here; the others are
// checked when an analyzer uses them.
func CheckDefinitions(def CustomDef) error {
	env := envOf(def)
	for _, name := range sortedKeys(def.CharFilters) {
		d := def.CharFilters[name]
		if d.Type != "mapping" && d.Type != "pattern_replace" {
			continue
		}
		if _, err := newCharFilter(name, d); err != nil {
			return err
		}
	}
	for _, name := range sortedKeys(def.Tokenizers) {
		d := def.Tokenizers[name]
		if _, _, err := newTokenizerFactory(d.Type, d.Params, env, false); err != nil {
			return err
		}
	}
	for _, name := range sortedKeys(def.Filters) {
		d := def.Filters[name]
		if _, _, err := newFilterFactory(name, d.Type, d.Params, env, false); err != nil {
			return err
		}
	}
	return nil
}

// resolveCharFilter returns the char filter an analyzer names: one the index defines, or
// a pre-built one; nil, nil when name is unknown.
func resolveCharFilter(name string, defs map[string]FilterDef) (charFilter, error) {
	d, defined := defs[name]
	if !defined {
		if contains(unsupportedCharFilters, name) {
			return nil, unsupported("char_filter [" + name + "]")
		}
		// mapping and pattern_replace need settings, so they are no pre-built names.
		return nil, nil
	}
	return newCharFilter(name, d)
}

// newCharFilter builds a defined char filter, with its factory's checks.
func newCharFilter(name string, d FilterDef) (charFilter, error) {
	p := settingParams(d.Params)
	switch d.Type {
	case "":
		return nil, illegalArgument("char_filter [" + name + "] must specify either an analyzer type, or a tokenizer")
	case "mapping":
		if _, ok := p["mappings_path"]; ok {
			// The fake has no config directory to read a rules file from.
			return nil, unsupported("char_filter [" + name + "] option [mappings_path]")
		}
		rules, ok := p["mappings"]
		if !ok {
			return nil, illegalArgument("mapping requires either `mappings` or `mappings_path` to be configured")
		}
		return newMappingCharFilter(rules)
	case "pattern_replace":
		return newPatternReplaceCharFilter(name, p)
	}
	if contains(unsupportedCharFilters, d.Type) {
		return nil, unsupported("char_filter [" + d.Type + "]")
	}
	return nil, illegalArgument("Unknown char_filter type [" + d.Type + "] for [" + name + "]")
}

// lowercaseFactory makes the lowercase tokenizer, which has no settings.
type lowercaseFactory struct{}

func (lowercaseFactory) create() (tokenizer, error) {
	return lowercaseTokenizer{letterTokenizer(DefaultMaxTokenLength)}, nil
}
