package analysis

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
