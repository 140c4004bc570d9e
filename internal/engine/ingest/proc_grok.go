package ingest

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/ingest/grokpatterns"
	"github.com/clustersearch/clustersearch-go/internal/engine/ingest/onig"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// grokMatchKey is where trace_match records which pattern matched.
const grokMatchKey = "_ingest._grok_match_index"

// grokRef is Grok.GROK_PATTERN, the %{NAME:subname=definition} reference,
// run by the same Oniguruma-syntax matcher as the patterns themselves.
const grokRef = `%\{(?<name>(?<pattern>[A-z0-9]+)(?::(?<subname>[[:alnum:]@\[\]_:.-]+))?)(?:=(?<definition>(?:[^{}]+|\.+)+))?\}`

// GrokPatterns lists the built-in grok patterns as GET
// /_ingest/processor/grok prints them: in load order, or sorted by name
// (the s parameter).
func GrokPatterns(sorted bool) []grokpatterns.Pattern {
	b := grokpatterns.Builtin()
	if sorted {
		sort.SliceStable(b, func(i, j int) bool { return b[i].Name < b[j].Name })
	}
	return b
}

// grokProc is GrokProcessor: the patterns joined into one expression (each
// an alternative, tagged with its index when trace_match is set), matched
// against a string field; the named captures are set on the document.
type grokProc struct {
	fieldProc
	re         *onig.Regexp
	refRe      *onig.Regexp
	captures   []grokCapture
	traceMatch bool
	multiple   bool
	// allMatches is capture_all_matches (3.3+): every group of a name that
	// matched, a list when more than one did.
	allMatches bool
}

// grokCapture is GrokCaptureConfig: one group name ("PATTERN:field:type")
// and every group number that carries it.
type grokCapture struct {
	field, typ string
	groups     []int
}

func newGrok(s *Service, c *config) (runner, *apierr.Error) {
	field, err := c.str("field")
	if err != nil {
		return nil, err
	}
	patterns, err := readAnyList(c, "patterns")
	if err != nil {
		return nil, err
	}
	p := &grokProc{fieldProc: fieldProc{field: field}}
	if p.traceMatch, err = c.optBool("trace_match", false); err != nil {
		return nil, err
	}
	if p.ignoreMissing, err = c.optBool("ignore_missing", false); err != nil {
		return nil, err
	}
	if s.version.AtLeast(3, 3) {
		if p.allMatches, err = c.optBool("capture_all_matches", false); err != nil {
			return nil, err
		}
	}
	if len(patterns) == 0 {
		return nil, c.err("patterns", "List of patterns must not be empty")
	}
	bank := painless.NewHashMap(128)
	for _, b := range grokpatterns.Builtin() {
		bank.Set(b.Name, b.Definition)
	}
	if v, ok := c.take("pattern_definitions"); ok && v != nil {
		m, isMap := v.(*painless.Map)
		if !isMap {
			return nil, c.err("pattern_definitions", "property isn't a map, but of type ["+painless.ClassName(v)+"]")
		}
		keys, vals := m.Keys(), m.Values()
		for i, k := range keys {
			// The map is read unchecked as Map<String, String>: a value that
			// is not a string fails when the bank is first read as a string.
			bank.Set(painless.ToJavaString(k), vals[i])
		}
	}
	printed := make([]string, len(patterns))
	texts := make([]string, len(patterns))
	castMsg := ""
	for i, it := range patterns {
		printed[i] = painless.ToJavaString(it)
		switch x := it.(type) {
		case string:
			texts[i] = x
		case nil:
			// A null item concatenates as "null" into a combined pattern; a
			// lone one reaches Grok.toRegex as null.
			texts[i] = "null"
			if len(patterns) == 1 {
				castMsg = `Cannot invoke "String.getBytes(java.nio.charset.Charset)" because "grokPattern" is null`
			}
		default:
			if castMsg == "" {
				castMsg = javaCastMessage(it, "java.lang.String")
			}
		}
	}
	invalid := func(msg string) *apierr.Error {
		return c.err("patterns", "Invalid regex pattern found in: ["+strings.Join(printed, ", ")+"]. "+msg)
	}
	// combinePatterns reads the list as strings before Grok checks the bank.
	if castMsg != "" {
		return nil, invalid(castMsg)
	}
	if msg := validateGrokBank(bank); msg != "" {
		return nil, invalid(msg)
	}
	p.multiple = len(patterns) > 1
	expr, msg := grokToRegex(bank, combineGrokPatterns(texts, p.traceMatch))
	if msg != "" {
		return nil, invalid(msg)
	}
	re, cerr := onig.Compile(expr)
	if cerr != nil {
		return nil, invalid(cerr.Error())
	}
	p.re = re
	p.captures = grokCaptures(re)
	return p, nil
}

// readAnyList is ConfigurationUtils.readList: a required list, its items
// unchecked (a generic List<String> only fails where an item is used).
func readAnyList(c *config, key string) ([]any, *apierr.Error) {
	v, ok := c.take(key)
	if !ok || v == nil {
		return nil, c.err(key, "required property is missing")
	}
	l, isList := v.(*painless.List)
	if !isList {
		return nil, c.err(key, "property isn't a list, but of type ["+painless.ClassName(v)+"]")
	}
	return l.Items, nil
}

// javaCastMessage is the message of the ClassCastException Java 17 throws
// when v is used as an instance of class to (both in java.base).
func javaCastMessage(v any, to string) string {
	from := painless.ClassName(v)
	return "class " + from + " cannot be cast to class " + to + " (" + from + " and " + to + " are in module java.base of loader 'bootstrap')"
}

// combineGrokPatterns is GrokProcessor.combinePatterns.
func combineGrokPatterns(patterns []string, traceMatch bool) string {
	if len(patterns) == 1 {
		return patterns[0]
	}
	parts := make([]string, len(patterns))
	for i, p := range patterns {
		if traceMatch {
			parts[i] = "(?<" + grokMatchKey + "." + strconv.Itoa(i) + ">" + p + ")"
		} else {
			parts[i] = "(?:" + p + ")"
		}
	}
	return strings.Join(parts, "|")
}

// bankString reads a bank entry as Map<String, String>.get does: a value
// that is not a string is a ClassCastException there.
func bankString(bank *painless.Map, name string) (string, bool, string) {
	v, ok := bank.Get(name)
	if !ok || v == nil {
		return "", false, ""
	}
	s, isStr := v.(string)
	if !isStr {
		return "", true, javaCastMessage(v, "java.lang.String")
	}
	return s, true, ""
}

// validateGrokBank is Grok.validatePatternBank: every pattern's references,
// depth first, checked for cycles; it returns the failure's message.
func validateGrokBank(bank *painless.Map) string {
	for _, k := range bank.Keys() {
		if msg := validateGrokPattern(bank, k.(string), nil); msg != "" {
			return msg
		}
	}
	return ""
}

func validateGrokPattern(bank *painless.Map, name string, path []string) string {
	pattern, ok, castMsg := bankString(bank, name)
	if castMsg != "" {
		return castMsg
	}
	if !ok {
		// pattern.contains(...) on the null a missing name gives.
		return `Cannot invoke "String.contains(java.lang.CharSequence)" because "pattern" is null`
	}
	if strings.Contains(pattern, "%{"+name+"}") || strings.Contains(pattern, "%{"+name+":") {
		return "circular reference in pattern [" + name + "][" + pattern + "]"
	}
	for _, n := range path {
		if n == name {
			prev := path[len(path)-1]
			prevPattern, _, _ := bankString(bank, prev)
			msg := "circular reference in pattern [" + prev + "][" + prevPattern + "] back to pattern [" + name + "]"
			if rest := path[:len(path)-1]; len(rest) > 1 {
				msg += " via patterns [" + strings.Join(rest, "=>") + "]"
			}
			return msg
		}
	}
	path = append(path, name)
	for i := strings.Index(pattern, "%{"); i != -1; {
		begin := i + 2
		end := strings.IndexByte(pattern[begin:], '}')
		if end < 0 {
			return "Malformed pattern [" + name + "][" + pattern + "]"
		}
		end += begin
		if colon := strings.IndexByte(pattern[begin:], ':'); colon >= 0 && begin+colon < end {
			end = begin + colon
		}
		if msg := validateGrokPattern(bank, pattern[begin:end], path); msg != "" {
			return msg
		}
		next := strings.Index(pattern[i+1:], "%{")
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return ""
}

// grokToRegex is Grok.toRegex: each %{NAME[:field]} in turn replaced by its
// definition, a named group when a field is given; the replacement is
// searched again so references nest. It returns the failure's message.
func grokToRegex(bank *painless.Map, grok string) (string, string) {
	ref := onig.MustCompile(grokRef)
	var res strings.Builder
	for i := 0; i < 100_000; i++ {
		loc, err := ref.Find(grok)
		if err != nil {
			return "", "grok pattern matching was interrupted after [1000] ms"
		}
		if loc == nil {
			res.WriteString(grok)
			return res.String(), ""
		}
		group := func(n int) (string, bool) {
			if loc[2*n] < 0 {
				return "", false
			}
			return grok[loc[2*n]:loc[2*n+1]], true
		}
		name, _ := group(1)
		patternName, _ := group(2)
		_, hasSub := group(3)
		pattern, ok, castMsg := bankString(bank, patternName)
		if castMsg != "" {
			return "", castMsg
		}
		if !ok {
			return "", "Unable to find pattern [" + patternName + "] in Grok's pattern dictionary"
		}
		if strings.Contains(pattern, "%{"+patternName+"}") || strings.Contains(pattern, "%{"+patternName+":") {
			return "", "circular reference in pattern back [" + patternName + "]"
		}
		var part string
		if hasSub {
			part = "(?<" + name + ">" + pattern + ")"
		} else {
			part = "(?:" + pattern + ")"
		}
		res.WriteString(grok[:loc[0]])
		grok = part + grok[loc[1]:]
	}
	return "", "Can not convert grok patterns to regular expression"
}

// grokCaptures groups the expression's named groups by name, in the order
// the names first appear; the field is the name's second ':' part (the
// whole name when it has none) and the type its third.
func grokCaptures(re *onig.Regexp) []grokCapture {
	var out []grokCapture
	index := map[string]int{}
	for g := 1; g <= re.NumGroups(); g++ {
		name := re.GroupName(g)
		if name == "" {
			continue
		}
		if i, ok := index[name]; ok {
			out[i].groups = append(out[i].groups, g)
			continue
		}
		parts := strings.Split(name, ":")
		c := grokCapture{field: parts[0], typ: "string", groups: []int{g}}
		if len(parts) >= 2 {
			c.field = parts[1]
		}
		if len(parts) == 3 {
			c.typ = parts[2]
		}
		index[name] = len(out)
		out = append(out, c)
	}
	return out
}

func (p *grokProc) run(_ *execution, d *Document) *apierr.Error {
	v, skip, err := p.input(d, "field [%s] is null, cannot process it.")
	if err != nil || skip {
		return err
	}
	text, ok := v.(string)
	if !ok {
		return castError(p.field, v, "java.lang.String")
	}
	loc, merr := p.re.Find(text)
	if merr != nil {
		return &apierr.Error{Status: 500, Type: "runtime_exception", Reason: "grok pattern matching was interrupted after [1000] ms"}
	}
	if loc == nil {
		return apierr.IllegalArgument("Provided Grok expressions do not match field value: [%s]", text)
	}
	// The captures go into a HashMap, then onto the document in its order.
	matches := painless.NewHashMap(len(p.captures))
	for _, c := range p.captures {
		var all []any
		for _, g := range c.groups {
			if loc[2*g] < 0 {
				continue
			}
			val, cerr := grokValue(text[loc[2*g]:loc[2*g+1]], c.typ)
			if cerr != nil {
				return cerr
			}
			all = append(all, val)
			if !p.allMatches {
				break // the first group of that name that matched
			}
		}
		switch {
		case len(all) == 1:
			matches.Set(c.field, all[0])
		case len(all) > 1:
			matches.Set(c.field, painless.NewList(all))
		}
	}
	keys, vals := matches.Keys(), matches.Values()
	for i, k := range keys {
		if err := d.Set(k.(string), vals[i]); err != nil {
			return err
		}
	}
	if p.traceMatch {
		if !p.multiple {
			return d.Set(grokMatchKey, "0")
		}
		m, gerr := d.Get(grokMatchKey)
		if gerr != nil {
			return gerr
		}
		if mm, ok := m.(*painless.Map); ok && mm.Len() > 0 {
			return d.Set(grokMatchKey, mm.Keys()[0])
		}
	}
	return nil
}

// grokValue converts a capture to its declared type as GrokCaptureType
// does (Integer.parseInt, Long.parseLong, Float.parseFloat, ...).
func grokValue(s, typ string) (any, *apierr.Error) {
	numErr := func() *apierr.Error {
		return apierr.New("number_format_exception", "For input string: \""+s+"\"")
	}
	switch typ {
	case "int", "long":
		n, err := strconv.ParseInt(strings.TrimPrefix(s, "+"), 10, 64)
		if err != nil || (strings.HasPrefix(s, "+") && strings.HasPrefix(s[1:], "-")) {
			return nil, numErr()
		}
		if typ == "int" {
			if n < math.MinInt32 || n > math.MaxInt32 {
				return nil, numErr()
			}
			return int32(n), nil
		}
		return n, nil
	case "float", "double":
		t := strings.TrimSpace(s)
		if t == "" {
			return nil, apierr.New("number_format_exception", "empty String")
		}
		t = strings.TrimRight(t, "fFdD")
		bits := 64
		if typ == "float" {
			bits = 32
		}
		f, err := strconv.ParseFloat(t, bits)
		if err != nil && !strings.Contains(err.Error(), "range") {
			return nil, numErr()
		}
		if typ == "float" {
			return float32(f), nil
		}
		return f, nil
	case "boolean":
		return strings.EqualFold(s, "true"), nil
	}
	return s, nil
}
