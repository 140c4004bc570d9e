package analysis

// ngramTokenizerFactory is OpenSearch's NGramTokenizerFactory (and, with edge,
// EdgeNGramTokenizerFactory): its settings checked, the tokenizer ready to create.
type ngramTokenizerFactory struct{ tok ngramTokenizer }

func newNgramTokenizerFactory(edge bool, p settingParams, env componentEnv) (tokenizerFactory, error) {
	lo, hi, err := gramSizes(p)
	if err != nil {
		return nil, err
	}
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

// ngramFilterFactory is NGramTokenFilterFactory.
type ngramFilterFactory struct{ f ngramFilter }

func newNgramFilterFactory(p settingParams, env componentEnv) (filterFactory, error) {
	lo, hi, err := gramSizes(p)
	if err != nil {
		return nil, err
	}
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

// edgeNgramFilterFactory is EdgeNGramTokenFilterFactory.
type edgeNgramFilterFactory edgeNgramFilter

func newEdgeNgramFilterFactory(p settingParams) (filterFactory, error) {
	lo, hi, err := gramSizes(p)
	if err != nil {
		return nil, err
	}
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
