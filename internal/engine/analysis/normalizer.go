package analysis

// Normalizer turns a keyword field value into the single term that is indexed and
// searched: OpenSearch's keyword normalizers (the keyword tokenizer with filters that work
// on whole values).
type Normalizer interface {
	// Normalize returns the normalized form of value.
	Normalize(value string) string
}

// NormalizerDef is a normalizer defined in index settings (analysis.normalizer.<Name>).
type NormalizerDef struct {
	// Name is used in error messages.
	Name string
	// Type must be empty or "custom".
	Type string
	// Tokenizer must be empty: normalizers cannot configure one.
	Tokenizer  string
	CharFilter []string
	Filter     []string
	// Filters and CharFilters are the index's analysis.filter.* and analysis.char_filter.*
	// definitions by name.
	Filters     map[string]FilterDef
	CharFilters map[string]FilterDef
}

type filterNormalizer struct {
	chars   []charFilter
	filters []tokenFilter
}

// Normalize implements Normalizer.
func (n filterNormalizer) Normalize(value string) string {
	for _, c := range n.chars {
		value, _ = c.apply(value)
	}
	var a arena
	var one [1]Token
	toks := one[:0]
	toks = keywordTokenizer{}.tokenize(toks, value, false, &a)
	for _, f := range n.filters {
		toks = f.filter(toks, &a, len(value))
	}
	if len(toks) == 0 {
		return ""
	}
	return toks[0].Term
}

// BuiltinNormalizer returns a built-in normalizer by name: "lowercase" (the only one
// OpenSearch ships); ok false if unknown.
func BuiltinNormalizer(name string) (Normalizer, bool) {
	if name == "lowercase" {
		return filterNormalizer{filters: []tokenFilter{lowercaseFilter{}}}, true
	}
	return nil, false
}

// normalizingFilters are the filter types this package implements that OpenSearch allows
// in a normalizer (those that work per character on the whole value).
var normalizingFilters = []string{"lowercase", "uppercase", "asciifolding", "trim", "decimal_digit", "elision"}

// NewNormalizer builds a custom normalizer, failing with OpenSearch's messages.
func NewNormalizer(def NormalizerDef) (Normalizer, error) {
	if def.Type != "" && def.Type != "custom" {
		return nil, illegalArgument("Unknown normalizer type [" + def.Type + "] for [" + def.Name + "]")
	}
	prefix := "Custom normalizer [" + def.Name + "] "
	if def.Tokenizer != "" {
		return nil, illegalArgument(prefix + "cannot configure a tokenizer")
	}
	var n filterNormalizer
	for _, name := range def.CharFilter {
		// mapping and pattern_replace are normalizing char filters: they may serve here.
		cf, err := resolveCharFilter(name, def.CharFilters)
		if err != nil {
			return nil, err
		}
		if cf == nil {
			return nil, illegalArgument(prefix + "failed to find char_filter under name [" + name + "]")
		}
		n.chars = append(n.chars, cf)
	}
	for _, name := range def.Filter {
		f, err := resolveFilter(name, def.Filters, componentEnv{maxNgramDiff: 1, maxShingleDiff: 3})
		if err != nil {
			return nil, err
		}
		if f == nil {
			// OpenSearch's CustomNormalizerProvider really says "Custom Analyzer" here.
			return nil, illegalArgument("Custom Analyzer [" + def.Name + "] failed to find filter under name [" + name + "]")
		}
		typ := name
		if d, ok := def.Filters[name]; ok {
			typ = d.Type
		}
		if !contains(normalizingFilters, typ) {
			return nil, illegalArgument(prefix + "may not use filter [" + name + "]")
		}
		if _, ok := f.(asciiFoldingFilter); ok {
			// Normalizing never keeps the original (ASCIIFoldingTokenFilterFactory.normalize).
			f = asciiFoldingFilter{}
		}
		n.filters = append(n.filters, f)
	}
	return n, nil
}
