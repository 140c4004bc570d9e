package analysis

// The factories of the filters in filters_more.go, with their OpenSearch checks.

// newElisionFilter is ElisionTokenFilterFactory.
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

// newPatternReplaceFilter is PatternReplaceTokenFilterFactory.
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

// newKeywordMarkerFilter is KeywordMarkerTokenFilterFactory.
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
