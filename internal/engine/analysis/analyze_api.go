package analysis

import "strconv"

// Component names an analysis component of an _analyze request: a name (of a
// built-in component, or of one the index defines), or an inline definition.
type Component struct {
	// Name is the component's name; empty for an inline definition.
	Name string
	// Def is the inline definition's settings (each value a list), nil for a name.
	Def map[string][]string
	// Printed is the inline definition as Java prints the map, for errors.
	Printed string
}

// AdHoc builds the analyzer an _analyze request describes with a tokenizer
// and filters (AnalysisRegistry.buildCustomAnalyzer): inline definitions are
// built from scratch, names resolve against env's definitions (an index's) and
// the built-in components. global says no index was given, which changes the
// messages of unknown names as OpenSearch words them. normalizer (filters
// given without a tokenizer) admits only the filters a normalizer may use.
func AdHoc(env CustomDef, global, normalizer bool, tokenizer Component, charFilters, filters []Component) (Analyzer, error) {
	def := CustomDef{
		Name: "__custom__", Type: "custom",
		Tokenizers:   copyDefs(env.Tokenizers),
		Filters:      copyDefs(env.Filters),
		CharFilters:  copyDefs(env.CharFilters),
		MaxNgramDiff: env.MaxNgramDiff, MaxShingleDiff: env.MaxShingleDiff,
	}
	cenv := envOf(def)
	var err error
	if def.Tokenizer, err = adHocName(tokenizer, "tokenizer", 0, global, func(name string, d map[string][]string) (bool, error) {
		if d != nil {
			def.Tokenizers[name] = TokenizerDef{Type: d["type"][0], Params: d}
		}
		t, err := resolveTokenizer(name, def.Tokenizers, cenv)
		return t != nil, err
	}); err != nil {
		return nil, err
	}
	for i, c := range charFilters {
		name, err := adHocName(c, "char_filter", i, global, func(name string, d map[string][]string) (bool, error) {
			if d != nil {
				def.CharFilters[name] = FilterDef{Type: d["type"][0], Params: d}
			}
			f, err := resolveCharFilter(name, def.CharFilters)
			return f != nil, err
		})
		if err != nil {
			return nil, err
		}
		def.CharFilter = append(def.CharFilter, name)
	}
	for i, c := range filters {
		name, err := adHocName(c, "filter", i, global, func(name string, d map[string][]string) (bool, error) {
			if d != nil {
				fd, err := filterDefOf(d)
				if err != nil {
					return false, err
				}
				def.Filters[name] = fd
			}
			f, err := resolveFilter(name, def.Filters, cenv)
			return f != nil, err
		})
		if err != nil {
			return nil, err
		}
		if normalizer {
			typ, shown := c.Name, c.Name
			if c.Def != nil {
				typ = c.Def["type"][0]
				shown = "__anonymous__" + typ
			} else if d, ok := def.Filters[c.Name]; ok {
				typ = d.Type
			}
			if !contains(normalizingFilters, typ) {
				return nil, illegalArgument("Custom normalizer may not use filter [" + shown + "]")
			}
		}
		def.Filter = append(def.Filter, name)
	}
	return NewCustom(def)
}

// adHocName registers an inline definition under a name of its own (through
// add) and checks that the component exists, with getComponentFactory's errors.
func adHocName(c Component, comp string, i int, global bool, add func(name string, d map[string][]string) (bool, error)) (string, error) {
	if c.Def == nil {
		found, err := add(c.Name, nil)
		if err != nil {
			return "", err
		}
		if !found {
			if global {
				return "", illegalArgument("failed to find global " + comp + " under [" + c.Name + "]")
			}
			return "", illegalArgument("failed to find " + comp + " under [" + c.Name + "]")
		}
		return c.Name, nil
	}
	typ := c.Def["type"]
	if len(typ) != 1 || typ[0] == "" {
		return "", illegalArgument("Missing [type] setting for anonymous " + comp + ": " + c.Printed)
	}
	name := "__anonymous__" + typ[0] + "#" + strconv.Itoa(i)
	if _, err := add(name, c.Def); err != nil {
		if ae, ok := err.(*Error); ok && ae.Reason == "Unknown "+comp+" type ["+typ[0]+"] for ["+name+"]" {
			return "", illegalArgument("failed to find global " + comp + " under [" + typ[0] + "]")
		}
		return "", err
	}
	return name, nil
}

// filterDefOf reads a filter definition's typed fields from its settings, as
// an index's filter definitions are read.
func filterDefOf(d map[string][]string) (FilterDef, error) {
	defs, err := filterDefs(map[string]map[string][]string{"f": d}, "filter")
	if err != nil {
		return FilterDef{}, err
	}
	return defs["f"], nil
}

func copyDefs[V any](m map[string]V) map[string]V {
	out := make(map[string]V, len(m)+2)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// AnalyzedToken is one token of an _analyze answer: offsets in UTF-16 units
// over all the texts, positions continued across them.
type AnalyzedToken struct {
	Token          string
	StartOffset    int
	EndOffset      int
	Type           string
	Position       int
	PositionLength int
}

// TooManyTokens is the error of an _analyze request producing more tokens
// than index.analyze.max_token_count allows (an illegal_state_exception).
func TooManyTokens(max int) *Error {
	return &Error{Type: "illegal_state_exception", Reason: "The number of tokens produced by calling _analyze has exceeded the allowed maximum of [" +
		strconv.Itoa(max) + "]. This limit can be set by changing the [index.analyze.max_token_count] index level setting."}
}

// AnalyzeTexts runs a over each text as TransportAnalyzeAction.simpleAnalyze
// does: positions continue from one text to the next plus posGap, offsets
// continue past the previous text's end plus offsetGap (Lucene's default 1).
// More than maxTokens tokens is TooManyTokens.
func AnalyzeTexts(a Analyzer, texts []string, posGap, offsetGap, maxTokens int) ([]AnalyzedToken, error) {
	var out []AnalyzedToken
	var buf []Token
	lastPos, lastOff := -1, 0
	for _, text := range texts {
		buf = a.Analyze(buf[:0], text)
		UTF16Offsets(text, buf)
		prev := -1
		for _, t := range buf {
			// Analyze numbers positions from 0 per text; a step is the increment.
			if t.Position > prev {
				lastPos += t.Position - prev
				prev = t.Position
			}
			if len(out) >= maxTokens {
				return nil, TooManyTokens(maxTokens)
			}
			pl := int(t.PositionLength)
			if pl == 0 {
				pl = 1
			}
			out = append(out, AnalyzedToken{Token: t.Term, StartOffset: lastOff + t.StartOffset, EndOffset: lastOff + t.EndOffset,
				Type: t.Type, Position: lastPos, PositionLength: pl})
		}
		// The stream's final offset is the text's length in UTF-16 units.
		lastOff += utf16Len(text) + offsetGap
		lastPos += posGap
	}
	return out, nil
}

// Components returns the index's component definitions, the env AdHoc takes.
func (ia *IndexAnalysis) Components() CustomDef { return ia.components }

// NormalizerAnalyzer runs a normalizer as _analyze does: the whole text is one
// token of type "word".
func NormalizerAnalyzer(n Normalizer) Analyzer { return normalizerAnalyzer{n} }

type normalizerAnalyzer struct{ n Normalizer }

func (a normalizerAnalyzer) Analyze(dst []Token, text string) []Token {
	return append(dst, Token{Term: a.n.Normalize(text), Position: 0, StartOffset: 0, EndOffset: len(text), Type: TypeWord})
}

// Defines reports whether the index's settings define an analyzer of that
// name (which then shadows a built-in one).
func (ia *IndexAnalysis) Defines(name string) bool {
	_, ok := ia.analyzers[name]
	return ok
}
