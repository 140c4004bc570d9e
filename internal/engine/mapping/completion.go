package mapping

import (
	"sort"
	"strings"

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
	Type string // "CATEGORY" or "GEO"
	Path string // a field whose values are the document's contexts ("" when none)
	// Precision is a geo context's geohash length.
	Precision int
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
			case "precision":
				c.Precision, _ = kv.Value.(int)
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
			g, rest, err := geoContextMapping(javaToString(name), o)
			if err != nil {
				return nil, err
			}
			if len(rest) > 0 {
				return nil, apierr.MapperParsing("Mapping definition for [%s] has unsupported parameters:  [%s]", javaToString(name), strings.Join(rest, "] ["))
			}
			out = append(out, g)
			continue
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
