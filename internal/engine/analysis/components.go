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

// CheckDefinitions builds the factory of every tokenizer and token filter the index
// defines, used or not, as OpenSearch's AnalysisRegistry does when it creates an index, so
// that a bad setting (index.max_ngram_diff, token_chars...) fails even in an unused
// definition (char filters first, as OpenSearch builds them). Only the types registered
// in this file are checked here; the others are checked when an analyzer uses them.
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

// lowercaseFactory makes the lowercase tokenizer, which has no settings.
type lowercaseFactory struct{}

func (lowercaseFactory) create() (tokenizer, error) {
	return lowercaseTokenizer{letterTokenizer(DefaultMaxTokenLength)}, nil
}
