package mapping

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"regexp"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// DynamicTemplate is one entry of the root's dynamic_templates: the first
// template whose conditions hold maps a new field.
type DynamicTemplate struct {
	Name             string
	Match            string
	Unmatch          string
	PathMatch        string
	PathUnmatch      string
	MatchMappingType string // "" matches any type
	Regex            bool   // match_pattern: regex
	Mapping          jsonout.Object
}

// matchTypes are XContentFieldType's names with the mapping type each
// defaults to ({dynamic_type}).
var matchTypes = map[string]string{
	"object": TypeObject, "string": TypeText, "long": TypeLong, "double": TypeFloat,
	"boolean": TypeBoolean, "date": TypeDate, "binary": TypeBinary,
}

// parseDynamicTemplates reads the dynamic_templates array.
func parseDynamicTemplates(v any) ([]DynamicTemplate, *apierr.Error) {
	arr, ok := v.([]any)
	if !ok {
		if obj, isObj := v.(jsonout.Object); isObj {
			arr = []any{obj} // a single template object is accepted too
		} else {
			return nil, apierr.MapperParsing("Dynamic template syntax error. An array of named objects is expected.")
		}
	}
	out := make([]DynamicTemplate, 0, len(arr))
	for _, e := range arr {
		obj, ok := e.(jsonout.Object)
		if !ok || len(obj) != 1 {
			return nil, apierr.MapperParsing("A dynamic template must be defined with a name")
		}
		conf, ok := obj[0].Value.(jsonout.Object)
		if !ok {
			return nil, apierr.MapperParsing("A dynamic template must be defined with a name")
		}
		t := DynamicTemplate{Name: obj[0].Key}
		for _, p := range conf {
			s, _ := p.Value.(string)
			switch p.Key {
			case "match":
				t.Match = s
			case "unmatch":
				t.Unmatch = s
			case "path_match":
				t.PathMatch = s
			case "path_unmatch":
				t.PathUnmatch = s
			case "match_mapping_type":
				if s != "*" {
					if _, known := matchTypes[s]; !known {
						return nil, apierr.IllegalArgument("No field type matched on [%s], possible values are [object, string, long, double, boolean, date, binary]", s)
					}
					t.MatchMappingType = s
				}
			case "match_pattern":
				switch strings.ToLower(s) {
				case "simple":
				case "regex":
					t.Regex = true
				default:
					return nil, apierr.IllegalArgument("No matching pattern found for [%s]", s)
				}
			case "mapping":
				m, ok := p.Value.(jsonout.Object)
				if !ok {
					return nil, apierr.MapperParsing("Dynamic template syntax error. An array of named objects is expected.")
				}
				t.Mapping = m
			default:
				return nil, apierr.MapperParsing("Illegal dynamic template parameter: [%s]", p.Key)
			}
		}
		if t.Mapping == nil {
			return nil, apierr.IllegalArgument("template must have mapping set")
		}
		if t.Regex {
			for _, p := range []string{t.Match, t.Unmatch, t.PathMatch, t.PathUnmatch} {
				if _, err := regexp.Compile(p); p != "" && err != nil {
					return nil, apierr.IllegalArgument("Pattern [%s] of type [regex] is invalid. Cannot create dynamic template [%s].", p, t.Name)
				}
			}
		}
		out = append(out, t)
	}
	return out, nil
}

// render prints a template as DynamicTemplate.toXContent does (mapping keys
// sorted).
func (t *DynamicTemplate) render() jsonout.Object {
	o := jsonout.Object{}
	add := func(k, v string) {
		if v != "" {
			o = append(o, jsonout.Field{Key: k, Value: v})
		}
	}
	add("match", t.Match)
	add("path_match", t.PathMatch)
	add("unmatch", t.Unmatch)
	add("path_unmatch", t.PathUnmatch)
	add("match_mapping_type", t.MatchMappingType)
	if t.Regex {
		add("match_pattern", "regex")
	}
	m := append(jsonout.Object(nil), t.Mapping...)
	sort.SliceStable(m, func(i, j int) bool { return m[i].Key < m[j].Key })
	return append(o, jsonout.Field{Key: "mapping", Value: m})
}

func (t *DynamicTemplate) matches(name, path, matchType string) bool {
	if t.MatchMappingType != "" && t.MatchMappingType != matchType {
		return false
	}
	m := func(pattern, s string) bool {
		if t.Regex {
			ok, _ := regexp.MatchString("^(?:"+pattern+")$", s)
			return ok
		}
		return wildcard.Simple(pattern, s)
	}
	if t.Match != "" && !m(t.Match, name) || t.PathMatch != "" && !m(t.PathMatch, path) {
		return false
	}
	if t.Unmatch != "" && m(t.Unmatch, name) || t.PathUnmatch != "" && m(t.PathUnmatch, path) {
		return false
	}
	return true
}

// templateField maps a new field through the first matching template, or
// returns nil. dynamicType is the type the value maps to by default.
func (m *Mapping) templateField(name, path, prefix, matchType string) (*Field, *apierr.Error) {
	for i := range m.DynamicTemplates {
		t := &m.DynamicTemplates[i]
		if !t.matches(name, path, matchType) {
			continue
		}
		dynType := matchTypes[matchType]
		def := substitute(t.Mapping, name, dynType).(jsonout.Object)
		if _, hasType := def.Get("type"); !hasType && matchType != "object" {
			def = append(jsonout.Object{{Key: "type", Value: dynType}}, def...)
		}
		return parseField(name, prefix, def, false)
	}
	return nil, nil
}

// substitute replaces {name} and {dynamic_type} in a template's mapping.
func substitute(v any, name, dynType string) any {
	switch x := v.(type) {
	case string:
		r := strings.NewReplacer("{name}", name, "{dynamic_type}", dynType, "{dynamicType}", dynType)
		return r.Replace(x)
	case jsonout.Object:
		out := make(jsonout.Object, len(x))
		for i, f := range x {
			out[i] = jsonout.Field{Key: substitute(f.Key, name, dynType).(string), Value: substitute(f.Value, name, dynType)}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = substitute(e, name, dynType)
		}
		return out
	}
	return v
}
