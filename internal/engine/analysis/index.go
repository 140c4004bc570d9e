package analysis

import (
	"sort"
	"strconv"
	"strings"
)

// DefaultPositionIncrementGap is the position gap OpenSearch puts between the values of
// a multi-valued text field (TextFieldMapper's default, applied to every analyzer that
// does not configure position_increment_gap).
const DefaultPositionIncrementGap = 100

// IndexAnalysis is the analysis configuration of one index: the analyzers and normalizers
// defined in its settings, in front of the built-in ones. It is immutable and safe for
// concurrent use.
type IndexAnalysis struct {
	analyzers   map[string]Analyzer
	gaps        map[string]int
	normalizers map[string]Normalizer
	builtins    map[string]Analyzer
	// components are the index's tokenizer, filter and char filter definitions
	// (and its n-gram and shingle limits), for analyzers built on request.
	components CustomDef
}

// NewIndexAnalysis builds the analysis configuration from flat index settings, keyed
// "index.analysis.<component>.<name>.<param>" (the "index." prefix is optional), each
// value a list (a plain setting is a one-element list). Components: analyzer, tokenizer,
// filter, char_filter, normalizer. Every analyzer and normalizer is built, so a bad
// definition fails index creation as it does in OpenSearch.
func NewIndexAnalysis(settings map[string][]string) (*IndexAnalysis, error) {
	comps := map[string]map[string]map[string][]string{}
	for key, v := range settings {
		rest, ok := strings.CutPrefix(key, "index.")
		if !ok {
			rest = key
		}
		rest, ok = strings.CutPrefix(rest, "analysis.")
		if !ok {
			continue
		}
		comp, rest, ok1 := strings.Cut(rest, ".")
		name, param, ok2 := cutLast(rest)
		if !ok1 || !ok2 {
			continue
		}
		if comps[comp] == nil {
			comps[comp] = map[string]map[string][]string{}
		}
		if comps[comp][name] == nil {
			comps[comp][name] = map[string][]string{}
		}
		comps[comp][name][param] = v
	}
	ia := &IndexAnalysis{
		analyzers:   map[string]Analyzer{},
		gaps:        map[string]int{},
		normalizers: map[string]Normalizer{},
		builtins:    map[string]Analyzer{},
	}
	for _, name := range BuiltinNames() {
		ia.builtins[name], _ = Builtin(name)
	}
	tokenizers := map[string]TokenizerDef{}
	for _, name := range sortedKeys(comps["tokenizer"]) {
		p := params{comp: "tokenizer", name: name, m: comps["tokenizer"][name]}
		d := TokenizerDef{Type: p.str("type"), Params: p.m}
		var err error
		if d.MaxTokenLength, err = p.intp("max_token_length"); err != nil {
			return nil, err
		}
		tokenizers[name] = d
	}
	filters, err := filterDefs(comps["filter"], "filter")
	if err != nil {
		return nil, err
	}
	charFilters, err := filterDefs(comps["char_filter"], "char_filter")
	if err != nil {
		return nil, err
	}
	index := params{comp: "index", m: settings}
	maxNgramDiff, err := index.intp("index.max_ngram_diff")
	if err != nil {
		return nil, err
	}
	maxShingleDiff, err := index.intp("index.max_shingle_diff")
	if err != nil {
		return nil, err
	}
	ia.components = CustomDef{Tokenizers: tokenizers, Filters: filters, CharFilters: charFilters, MaxNgramDiff: maxNgramDiff, MaxShingleDiff: maxShingleDiff}
	if err := CheckDefinitions(ia.components); err != nil {
		return nil, err
	}
	// Names are visited in order so that the first failure is the same on every run.
	for _, name := range sortedKeys(comps["analyzer"]) {
		p := params{comp: "analyzer", name: name, m: comps["analyzer"][name]}
		def := CustomDef{
			Name: name, Type: p.str("type"), Tokenizer: p.str("tokenizer"),
			CharFilter: p.list("char_filter"), Filter: p.list("filter"), Stopwords: p.list("stopwords"),
			StemExclusion: p.list("stem_exclusion"),
			Tokenizers:    tokenizers, Filters: filters, CharFilters: charFilters, MaxNgramDiff: maxNgramDiff, MaxShingleDiff: maxShingleDiff,
		}
		if def.MaxTokenLength, err = p.intp("max_token_length"); err != nil {
			return nil, err
		}
		a, err := NewCustom(def)
		if err != nil {
			return nil, err
		}
		gap, err := p.intp("position_increment_gap")
		if err != nil {
			return nil, err
		}
		ia.analyzers[name] = a
		ia.gaps[name] = DefaultPositionIncrementGap
		if gap != nil {
			ia.gaps[name] = *gap
		}
	}
	for _, name := range sortedKeys(comps["normalizer"]) {
		p := params{comp: "normalizer", name: name, m: comps["normalizer"][name]}
		n, err := NewNormalizer(NormalizerDef{
			Name: name, Type: p.str("type"), Tokenizer: p.str("tokenizer"),
			CharFilter: p.list("char_filter"), Filter: p.list("filter"),
			Filters: filters, CharFilters: charFilters,
		})
		if err != nil {
			return nil, err
		}
		ia.normalizers[name] = n
	}
	return ia, nil
}

func filterDefs(defs map[string]map[string][]string, comp string) (map[string]FilterDef, error) {
	out := map[string]FilterDef{}
	for _, name := range sortedKeys(defs) {
		p := params{comp: comp, name: name, m: defs[name]}
		d := FilterDef{Type: p.str("type"), Stopwords: p.list("stopwords"), Language: p.str("language"), Params: p.m}
		if d.Language == "" {
			d.Language = p.str("name") // the stemmer's older spelling of language
		}
		var err error
		if d.IgnoreCase, err = p.boolean("ignore_case"); err != nil {
			return nil, err
		}
		if d.OnlyOnSamePosition, err = p.boolean("only_on_same_position"); err != nil {
			return nil, err
		}
		if d.PreserveOriginal, err = p.boolean("preserve_original"); err != nil {
			return nil, err
		}
		if _, set := p.m["remove_trailing"]; set {
			v, err := p.boolean("remove_trailing")
			if err != nil {
				return nil, err
			}
			d.RemoveTrailing = &v
		}
		if d.Min, err = p.intp("min"); err != nil {
			return nil, err
		}
		if d.Max, err = p.intp("max"); err != nil {
			return nil, err
		}
		out[name] = d
	}
	return out, nil
}

// Analyzer returns the analyzer an index knows by name: one defined in its settings, else
// a built-in one.
func (ia *IndexAnalysis) Analyzer(name string) (Analyzer, bool) {
	if a, ok := ia.analyzers[name]; ok {
		return a, true
	}
	a, ok := ia.builtins[name]
	return a, ok
}

// Default is the index's default analyzer: the one named "default" if defined, else
// standard.
func (ia *IndexAnalysis) Default() Analyzer {
	if a, ok := ia.analyzers["default"]; ok {
		return a
	}
	return ia.builtins["standard"]
}

// DefaultSearch is the analyzer for queries on fields without a search_analyzer:
// "default_search" if defined, else Default.
func (ia *IndexAnalysis) DefaultSearch() Analyzer {
	if a, ok := ia.analyzers["default_search"]; ok {
		return a
	}
	return ia.Default()
}

// PositionIncrementGap is the gap between values of a multi-valued field analyzed by the
// named analyzer: its position_increment_gap setting, else 100.
func (ia *IndexAnalysis) PositionIncrementGap(name string) int {
	if g, ok := ia.gaps[name]; ok {
		return g
	}
	return DefaultPositionIncrementGap
}

// Normalizer returns the normalizer an index knows by name (defined in its settings, or
// the built-in "lowercase").
func (ia *IndexAnalysis) Normalizer(name string) (Normalizer, bool) {
	if n, ok := ia.normalizers[name]; ok {
		return n, true
	}
	return BuiltinNormalizer(name)
}

// params reads one component's settings.
type params struct {
	comp, name string
	m          map[string][]string
}

func (p params) str(k string) string {
	if v := p.m[k]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// list returns nil when the parameter is absent, so defaults apply.
func (p params) list(k string) []string {
	v, ok := p.m[k]
	if !ok {
		return nil
	}
	return append([]string{}, v...)
}

func (p params) key(k string) string {
	return "index.analysis." + p.comp + "." + p.name + "." + k
}

func (p params) intp(k string) (*int, error) {
	v, ok := p.m[k]
	if !ok || len(v) == 0 {
		return nil, nil
	}
	n, err := strconv.ParseInt(v[0], 10, 32)
	if err != nil {
		return nil, &Error{Type: "settings_exception", Reason: "Failed to parse int setting [" + p.key(k) + "] with value [" + v[0] + "]"}
	}
	i := int(n)
	return &i, nil
}

func (p params) boolean(k string) (bool, error) {
	v := p.str(k)
	switch v {
	case "", "false":
		return false, nil
	case "true":
		return true, nil
	}
	return false, illegalArgument("Failed to parse value [" + v + "] as only [true] or [false] are allowed.")
}

// cutLast splits "name.param" at the last dot (analyzer names may contain dots).
func cutLast(s string) (string, string, bool) {
	i := strings.LastIndexByte(s, '.')
	if i <= 0 || i == len(s)-1 {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
