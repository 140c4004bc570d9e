package mapping

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// checkTypeParams applies the validation the type's builder does once all
// its parameters are read.
func checkTypeParams(f *Field, def jsonout.Object) *apierr.Error {
	switch f.Type {
	case TypeScaledFloat:
		v, ok := f.Params["scaling_factor"].(float64)
		if !ok {
			return apierr.IllegalArgument("Field [scaling_factor] is required")
		}
		if v <= 0 || v != v || v > 1.7976931348623157e308 {
			return apierr.IllegalArgument("[scaling_factor] must be a positive number, got [%s]", fmtJavaDouble(v))
		}
	case TypeAlias:
		if _, ok := f.Params["path"]; !ok {
			return apierr.MapperParsing("The [path] property must be specified for field [%s].", f.Name)
		}
	case TypeTokenCount:
		if _, ok := f.Params["analyzer"]; !ok {
			return apierr.MapperParsing("Analyzer must be set for field [%s] but wasn't.", f.Name)
		}
	case TypeMatchOnlyText:
		for _, p := range []string{"index_options", "norms", "index_phrases", "index_prefixes", "term_vector"} {
			if _, ok := def.Get(p); ok {
				return apierr.MapperParsing("unknown parameter [%s] on mapper [%s] of type [%s]", p, f.Name, f.Type)
			}
		}
	}
	return nil
}

func doubleParam(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(x.String(), 64)
		return f, err == nil
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f, err == nil
	}
	return 0, false
}

// nullValueParam keeps null_value as given; the types that parse it at
// mapping time reject values they could never index.
func nullValueParam(typ, field string, v any) (any, *apierr.Error) {
	switch typ {
	case TypeIP:
		s, ok := v.(string)
		if !ok {
			return nil, apierr.MapperParsing("Failed to parse mapping [%s]: %s", field, notIP(javaToString(v)))
		}
		if _, ok := ParseIP(s); !ok {
			return nil, apierr.MapperParsing("Failed to parse mapping [%s]: %s", field, notIP(s))
		}
	case TypeScaledFloat, TypeHalfFloat:
		if _, ok := doubleParam(v); !ok && v != nil {
			return nil, apierr.MapperParsing("Failed to parse mapping [%s]: For input string: \"%s\"", field, javaToString(v))
		}
	}
	return v, nil
}

// checkAliases verifies every alias points at an existing concrete field,
// as MappingLookup does once the mapping is built.
func (m *Mapping) checkAliases() *apierr.Error {
	var err *apierr.Error
	var walk func(fs map[string]*Field)
	walk = func(fs map[string]*Field) {
		for _, name := range sortedNames(fs) {
			f := fs[name]
			if err != nil {
				return
			}
			if f.IsObject() {
				walk(f.Props)
				continue
			}
			if f.Type != TypeAlias {
				continue
			}
			path := f.AliasPath()
			target := m.Lookup(path)
			switch {
			case path == f.Path:
				err = apierr.MapperParsing("Invalid [path] value [%s] for field alias [%s]: an alias cannot refer to itself.", path, f.Path)
			case target == nil || target.IsObject():
				err = apierr.MapperParsing("Invalid [path] value [%s] for field alias [%s]: an alias must refer to an existing field in the mappings.", path, f.Path)
			case target.Type == TypeAlias:
				err = apierr.MapperParsing("Invalid [path] value [%s] for field alias [%s]: an alias cannot refer to another alias.", path, f.Path)
			}
		}
	}
	walk(m.Root.Props)
	return err
}

func sortedNames(fs map[string]*Field) []string {
	out := make([]string, 0, len(fs))
	for n := range fs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Resolve follows an alias to its target field (other fields are returned
// as they are).
func (m *Mapping) Resolve(f *Field) *Field {
	if f != nil && f.Type == TypeAlias {
		if t := m.Lookup(f.AliasPath()); t != nil {
			return t
		}
	}
	return f
}
