package mapping

import (
	"encoding/binary"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// TypeCompletion is the completion suggester's field type
// (CompletionFieldMapper): inputs indexed for prefix, fuzzy and regex
// completion, with a weight and optional category contexts.
const TypeCompletion = "completion"

// The completion field's defaults (CompletionFieldMapper.Defaults).
const (
	completionAnalyzer       = "simple"
	completionMaxInputLength = 50
)

// ContextMapping is one context of a completion field's "contexts".
type ContextMapping struct {
	Name string
	Type string // "CATEGORY" (geo contexts are refused)
	Path string // a field whose values are the document's contexts ("" when none)
}

// CompletionContext is one context value of an indexed completion input.
type CompletionContext struct {
	Mapping int // index in the field's context mappings
	Value   string
}

// CompletionEntry is one indexed input of a completion field: Input is the
// suggestion's text, Form its analysed form the queries match, Weight its
// score.
type CompletionEntry struct {
	Form     string
	Input    string
	Weight   int
	Contexts []CompletionContext
}

// CompletionColumn names the hidden keyword column that holds a completion
// field's encoded entries; the NUL keeps it apart from any user field.
func CompletionColumn(path string) string { return path + "\x00completion" }

// completionFieldNames are the keys of an input object, in the order the
// server's HashSet prints them.
const completionFieldNames = "[input, weight, contexts]"

// CompletionSettings are a completion field's analysis settings.
func (f *Field) CompletionSettings() (analyzer, searchAnalyzer string, preserveSep, preservePosInc bool) {
	analyzer, _ = f.Params["analyzer"].(string)
	if analyzer == "" {
		analyzer = completionAnalyzer
	}
	searchAnalyzer, _ = f.Params["search_analyzer"].(string)
	if searchAnalyzer == "" {
		searchAnalyzer = analyzer
	}
	preserveSep, preservePosInc = true, true
	if b, ok := f.Params["preserve_separators"].(bool); ok {
		preserveSep = b
	}
	if b, ok := f.Params["preserve_position_increments"].(bool); ok {
		preservePosInc = b
	}
	return analyzer, searchAnalyzer, preserveSep, preservePosInc
}

// CompletionContexts returns a completion field's context mappings.
func (f *Field) CompletionContexts() []ContextMapping {
	list, _ := f.Params["contexts"].([]any)
	out := make([]ContextMapping, 0, len(list))
	for _, e := range list {
		o, _ := e.(jsonout.Object)
		var c ContextMapping
		for _, kv := range o {
			s, _ := kv.Value.(string)
			switch kv.Key {
			case "name":
				c.Name = s
			case "type":
				c.Type = s
			case "path":
				c.Path = s
			}
		}
		out = append(out, c)
	}
	return out
}

// completionParams checks and fills a completion field's parameters as the
// mapper builder does: the always-serialised defaults are set, so GET
// _mapping prints them.
func completionParams(fld *Field) *apierr.Error {
	p := fld.Params
	if _, ok := p["analyzer"]; !ok {
		p["analyzer"] = completionAnalyzer
	}
	if p["search_analyzer"] == p["analyzer"] {
		delete(p, "search_analyzer") // the default is the index analyzer
	}
	for _, k := range []string{"preserve_separators", "preserve_position_increments"} {
		v, ok := p[k]
		if !ok {
			p[k] = true
			continue
		}
		b, ok := boolValue(v)
		if !ok {
			return apierr.MapperParsing("Failed to parse mapping [%s]: Failed to parse value [%s] as only [true] or [false] are allowed.", fld.Name, javaToString(v))
		}
		p[k] = b
	}
	if v, ok := p["max_input_length"]; ok {
		n, ok := intValue(v)
		if !ok {
			return apierr.New(apierr.TypeNumberFormat, "For input string: \""+javaToString(v)+"\"")
		}
		if n <= 0 {
			return apierr.IllegalArgument("[max_input_length] must be > 0 but was [%d]", n)
		}
		p["max_input_length"] = n
	} else {
		p["max_input_length"] = completionMaxInputLength
	}
	if v, ok := p["contexts"]; ok {
		list, err := parseContextMappings(v)
		if err != nil {
			return err
		}
		p["contexts"] = list
	}
	return nil
}

// parseContextMappings is ContextMappings.load: a list of mappings or one.
func parseContextMappings(v any) ([]any, *apierr.Error) {
	var defs []any
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			return nil, apierr.Parse("expected at least one context mapping")
		}
		defs = x
	case jsonout.Object:
		defs = []any{x}
	default:
		return nil, apierr.Parse("expected a list or an entry of context mapping")
	}
	out := make([]any, 0, len(defs))
	for _, d := range defs {
		o, ok := d.(jsonout.Object)
		if !ok {
			return nil, apierr.Parse("expected a list or an entry of context mapping")
		}
		name, hasName := o.Get("name")
		if !hasName || name == nil {
			return nil, apierr.Parse("missing [name] in context mapping")
		}
		typ, hasType := o.Get("type")
		if !hasType || typ == nil {
			return nil, apierr.Parse("missing [type] in context mapping")
		}
		r := jsonout.Object{{Key: "name", Value: javaToString(name)}}
		switch strings.ToLower(javaToString(typ)) {
		case "category":
			r = append(r, jsonout.Field{Key: "type", Value: "CATEGORY"})
		case "geo":
			return nil, apierr.Unsupported("geo contexts of completion fields")
		default:
			return nil, apierr.IllegalArgument("No context type for [%s]", javaToString(typ))
		}
		var rest []string
		for _, kv := range o {
			switch kv.Key {
			case "name", "type":
			case "path":
				if kv.Value != nil {
					r = append(r, jsonout.Field{Key: "path", Value: javaToString(kv.Value)})
				}
			default:
				rest = append(rest, kv.Key+" : "+javaToString(kv.Value))
			}
		}
		if len(rest) > 0 {
			return nil, apierr.MapperParsing("Mapping definition for [%s] has unsupported parameters:  [%s]", javaToString(name), strings.Join(rest, "] ["))
		}
		out = append(out, r)
	}
	return out, nil
}

// completionInput is one input of a document with its metadata.
type completionInput struct {
	weight   int
	contexts map[int][]string // by mapping index
}

// completion parses a completion field's value (CompletionFieldMapper.parse):
// a string, an object {"input", "weight", "contexts"}, or an array of those.
// Each distinct input is indexed once, with the highest weight of its objects.
func (p *docParser) completion(fld *Field, v any) *apierr.Error {
	inputs := map[string]*completionInput{}
	var order []string
	put := func(in string, meta *completionInput, keepHigher bool) {
		old, seen := inputs[in]
		if !seen {
			order = append(order, in)
		} else if keepHigher && old.weight >= meta.weight {
			return
		}
		inputs[in] = meta
	}
	mappings := fld.CompletionContexts()
	one := func(e any, inArray bool) *apierr.Error {
		switch x := e.(type) {
		case string:
			put(x, &completionInput{weight: 1}, false)
			return nil
		case jsonout.Object:
			ins, meta, err := parseCompletionObject(fld, mappings, x)
			if err != nil {
				return err
			}
			for _, in := range ins {
				put(in, meta, true)
			}
			return nil
		}
		name := fld.Name
		if inArray {
			name = "null" // Jackson has no current name inside an array
		}
		return apierr.New(apierr.TypeParsing, "failed to parse ["+name+"]: expected text or object, but got "+tokenName(e))
	}
	if arr, ok := v.([]any); ok {
		for _, e := range arr {
			if err := one(e, true); err != nil {
				return apierr.MapperParsing("failed to parse").WithCause(err)
			}
		}
	} else if err := one(v, false); err != nil {
		return apierr.MapperParsing("failed to parse").WithCause(err)
	}
	maxLen, _ := fld.Params["max_input_length"].(int)
	if maxLen <= 0 {
		maxLen = completionMaxInputLength
	}
	for _, in := range order {
		meta := inputs[in]
		if strings.TrimSpace(in) == "" {
			continue // ignored, as the server adds the field to _ignored
		}
		in = truncateUTF16(in, maxLen)
		entry := CompletionEntry{Input: in, Weight: meta.weight}
		for i := range mappings {
			for _, c := range meta.contexts[i] {
				entry.Contexts = append(entry.Contexts, CompletionContext{Mapping: i, Value: c})
			}
		}
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindCompletion, Str: EncodeCompletion(&entry)})
		for _, mf := range fld.Multi {
			if err := p.emit(mf, in); err != nil {
				return err
			}
		}
	}
	return nil
}

// parseCompletionObject reads {"input": ..., "weight": ..., "contexts": ...}.
func parseCompletionObject(fld *Field, mappings []ContextMapping, o jsonout.Object) ([]string, *completionInput, *apierr.Error) {
	var ins []string
	meta := &completionInput{weight: 1}
	for _, kv := range o {
		switch kv.Key {
		case "input":
			switch x := kv.Value.(type) {
			case string:
				ins = append(ins, x)
			case []any:
				for _, e := range x {
					s, ok := e.(string)
					if !ok {
						return nil, nil, apierr.IllegalArgument("input array must have string values, but was [%s]", tokenName(e))
					}
					ins = append(ins, s)
				}
			default:
				return nil, nil, apierr.IllegalArgument("input must be a string or array, but was [%s]", tokenName(kv.Value))
			}
		case "weight":
			w, err := completionWeight(kv.Value)
			if err != nil {
				return nil, nil, err
			}
			meta.weight = w
		case "contexts":
			if len(mappings) == 0 {
				return nil, nil, apierr.IllegalArgument("contexts field is not supported for field: [%s]", fld.Path)
			}
			ctx, ok := kv.Value.(jsonout.Object)
			if !ok {
				return nil, nil, apierr.IllegalArgument("contexts must be an object or an array , but was [%s]", tokenName(kv.Value))
			}
			meta.contexts = map[int][]string{}
			for _, c := range ctx {
				i := contextIndex(mappings, c.Key)
				if i < 0 {
					return nil, nil, unknownContext(mappings, c.Key)
				}
				vals, err := categoryValues(c.Value)
				if err != nil {
					return nil, nil, err
				}
				meta.contexts[i] = vals
			}
		default:
			return nil, nil, apierr.IllegalArgument("unknown field name [%s], must be one of %s", kv.Key, completionFieldNames)
		}
	}
	return ins, meta, nil
}

// completionWeight checks an input's weight: an integer (or integer
// string) in [0, Integer.MAX_VALUE].
func completionWeight(v any) (int, *apierr.Error) {
	var n int64
	switch x := v.(type) {
	case string:
		var err error
		if n, err = strconv.ParseInt(x, 10, 64); err != nil {
			return 0, apierr.IllegalArgument("weight must be an integer, but was [%s]", x)
		}
	case json.Number:
		s := x.String()
		var err error
		if strings.ContainsAny(s, ".eE") {
			f, _ := x.Float64()
			return 0, apierr.IllegalArgument("weight must be an integer, but was [%s]", javaDouble(f))
		}
		if n, err = strconv.ParseInt(s, 10, 64); err != nil {
			return 0, apierr.IllegalArgument("weight must be an integer, but was [%s]", s)
		}
	default:
		return 0, apierr.IllegalArgument("weight must be a number or string, but was [%s]", tokenName(v))
	}
	if n < 0 || n > 1<<31-1 {
		return 0, apierr.IllegalArgument("weight must be in the interval [0..2147483647], but was [%d]", n)
	}
	return int(n), nil
}

// javaDouble prints a double as Java's Double.toString does for the usual
// magnitudes (always a fraction digit).
func javaDouble(f float64) string {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if f >= 1e7 || f <= -1e7 || (f != 0 && f < 1e-3 && f > -1e-3) {
		m := strconv.FormatFloat(f, 'E', -1, 64)
		mant, exp, _ := strings.Cut(m, "E")
		if !strings.Contains(mant, ".") {
			mant += ".0"
		}
		return mant + "E" + strings.TrimPrefix(strings.TrimPrefix(exp, "+"), "0")
	}
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// categoryValues is CategoryContextMapping.parseContext: a string, number
// or boolean, or an array of them.
func categoryValues(v any) ([]string, *apierr.Error) {
	if s, ok := scalarText(v); ok {
		return []string{s}, nil
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, apierr.Parse("contexts must be a string, number or boolean or a list of string, number or boolean, but was [%s]", tokenName(v))
	}
	out := make([]string, 0, len(arr))
	for _, e := range arr {
		s, ok := scalarText(e)
		if !ok {
			return nil, apierr.Parse("context array must have string, number or boolean values, but was [%s]", tokenName(e))
		}
		out = append(out, s)
	}
	return out, nil
}

// contextIndex finds a context mapping by name, or -1.
func contextIndex(mappings []ContextMapping, name string) int {
	for i := range mappings {
		if mappings[i].Name == name {
			return i
		}
	}
	return -1
}

// unknownContext is ContextMappings.get's error for a name it lacks.
func unknownContext(mappings []ContextMapping, name string) *apierr.Error {
	return apierr.IllegalArgument("Unknown context name [%s], must be one of %s", name, ContextNames(mappings))
}

// ContextNames prints the mappings' names sorted, as a Java list.
func ContextNames(mappings []ContextMapping) string {
	names := make([]string, len(mappings))
	for i := range mappings {
		names[i] = mappings[i].Name
	}
	sort.Strings(names)
	return "[" + strings.Join(names, ", ") + "]"
}

// finishCompletion adds the contexts read from other fields ("path") to
// the document's completion entries and enforces that a field with context
// mappings gets at least one context per input (TypedContextField).
func (p *docParser) finishCompletion() *apierr.Error {
	for i := range p.out.Values {
		v := &p.out.Values[i]
		if v.Kind != KindCompletion {
			continue
		}
		mappings := v.Field.CompletionContexts()
		if len(mappings) == 0 {
			continue
		}
		e, _ := DecodeCompletion(v.Str)
		for mi, m := range mappings {
			if m.Path == "" {
				continue
			}
			for _, o := range p.out.Values {
				if o.Field.Path == m.Path && (o.Kind == KindText || o.Kind == KindKeyword) {
					e.Contexts = append(e.Contexts, CompletionContext{Mapping: mi, Value: o.Str})
				}
			}
		}
		if len(e.Contexts) == 0 {
			return apierr.IllegalArgument("Contexts are mandatory in context enabled completion field [%s]", v.Field.Path)
		}
		v.Str = EncodeCompletion(&e)
	}
	return nil
}

// tokenName names a JSON value's parser token, as the server's messages do.
func tokenName(v any) string {
	switch v.(type) {
	case nil:
		return "VALUE_NULL"
	case string:
		return "VALUE_STRING"
	case json.Number:
		return "VALUE_NUMBER"
	case bool:
		return "VALUE_BOOLEAN"
	case []any:
		return "START_ARRAY"
	}
	return "START_OBJECT"
}

// truncateUTF16 cuts s to n UTF-16 units, never inside a surrogate pair.
func truncateUTF16(s string, n int) string {
	units := 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if units >= n {
			return s[:i]
		}
		units += w
	}
	return s
}

// EncodeCompletion packs an entry into one keyword value.
func EncodeCompletion(e *CompletionEntry) string {
	b := make([]byte, 0, len(e.Form)+len(e.Input)+16)
	b = appendString(b, e.Form)
	b = appendString(b, e.Input)
	b = binary.AppendUvarint(b, uint64(e.Weight))
	for _, c := range e.Contexts {
		b = binary.AppendUvarint(b, uint64(c.Mapping))
		b = appendString(b, c.Value)
	}
	return string(b)
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// DecodeCompletion unpacks EncodeCompletion's value; the strings share
// s's memory.
func DecodeCompletion(s string) (CompletionEntry, bool) {
	var e CompletionEntry
	var ok bool
	if e.Form, s, ok = readString(s); !ok {
		return e, false
	}
	if e.Input, s, ok = readString(s); !ok {
		return e, false
	}
	var w uint64
	if w, s, ok = readUvarint(s); !ok {
		return e, false
	}
	e.Weight = int(w)
	for len(s) > 0 {
		var m uint64
		var v string
		if m, s, ok = readUvarint(s); !ok {
			return e, false
		}
		if v, s, ok = readString(s); !ok {
			return e, false
		}
		e.Contexts = append(e.Contexts, CompletionContext{Mapping: int(m), Value: v})
	}
	return e, true
}

// readUvarint reads binary.AppendUvarint's encoding from the front of s.
func readUvarint(s string) (uint64, string, bool) {
	var x uint64
	for i := 0; i < len(s) && i < binary.MaxVarintLen64; i++ {
		b := s[i]
		x |= uint64(b&0x7f) << (7 * i)
		if b < 0x80 {
			return x, s[i+1:], true
		}
	}
	return 0, s, false
}

// readString reads a length-prefixed string from the front of s.
func readString(s string) (string, string, bool) {
	n, rest, ok := readUvarint(s)
	if !ok || n > uint64(len(rest)) {
		return "", s, false
	}
	return rest[:n], rest[n:], true
}

// UTF16Len is the length of s in UTF-16 units (Java's String.length).
func UTF16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// The labels of a completion form (ConcatenateGraphFilter and
// TokenStreamToAutomaton): SEP between tokens, HOLE for each position a
// filter removed.
const (
	CompletionSep  = '\x1f'
	CompletionHole = '\x1e'
)

// CompletionForm joins analysed tokens into the string a completion input
// is indexed (and a prefix searched) as.
func CompletionForm(tokens []analysis.Token, preserveSep, preservePosInc bool) string {
	var b strings.Builder
	last := -1
	for i, t := range tokens {
		if preservePosInc {
			for gap := t.Position - last - 1; gap > 0; gap-- {
				if b.Len() > 0 && preserveSep {
					b.WriteByte(CompletionSep)
				}
				b.WriteByte(CompletionHole)
			}
		}
		if (i > 0 || b.Len() > 0) && preserveSep && t.Position != last {
			b.WriteByte(CompletionSep)
		}
		b.WriteString(t.Term)
		last = t.Position
	}
	return b.String()
}
