package mapping

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// DerivedField is one entry of a mapping's (or a search request's) "derived"
// section: a field computed at search time by a Painless script that emits
// its values from the document (OpenSearch 2.15+). Nothing is indexed.
type DerivedField struct {
	Name string
	// Type is the type the emitted values take: one of DerivedTypes.
	Type   string
	Script *DerivedScript // nil when the definition has none
	// Properties gives explicit types to the sub-fields of an object
	// derived field (name -> type), in the order they were given.
	Properties []DerivedProperty
	// PrefilterField names a text field whose own query runs beside the
	// derived one to narrow the documents the script runs on.
	PrefilterField string
	// Format is the date format used to display date values ("" for the
	// default).
	Format string
	// IgnoreMalformed skips emitted values that cannot be read as the type
	// (and object values that are not JSON) instead of failing.
	IgnoreMalformed bool
}

// DerivedProperty is one typed sub-field of an object derived field.
type DerivedProperty struct{ Name, Type string }

// DerivedScript is a derived field's script as Script.parse reads it.
type DerivedScript struct {
	Source  string // inline source ("" for a stored script)
	ID      string // stored script id
	Lang    string // "painless" for an inline script that names none
	Params  jsonout.Object
	Options jsonout.Object
}

// DerivedTypes are the types a derived field may have (DerivedFieldSupportedTypes).
var DerivedTypes = map[string]bool{
	TypeBoolean: true, TypeDate: true, TypeGeoPoint: true, TypeIP: true, TypeKeyword: true,
	TypeText: true, TypeLong: true, TypeDouble: true, TypeFloat: true, TypeObject: true,
}

// PropertyType returns the explicit type of an object derived field's
// sub-field ("" when properties does not name it).
func (d *DerivedField) PropertyType(sub string) string {
	for _, p := range d.Properties {
		if p.Name == sub {
			return p.Type
		}
	}
	return ""
}

// ParseDerived parses a "derived" section (of a mapping or a search
// request) into definitions by name. Errors are the ones the derived field
// mapper's parser gives; a mapping wraps them in its root error.
func ParseDerived(v any) (map[string]*DerivedField, *apierr.Error) {
	if l, ok := v.([]any); ok && len(l) == 0 {
		return nil, nil // "derived": [] stands for an empty map
	}
	obj, ok := v.(jsonout.Object)
	if !ok {
		return nil, apierr.Parse("derived must be a map type")
	}
	out := make(map[string]*DerivedField, len(obj))
	for _, f := range obj {
		if l, ok := f.Value.([]any); ok && len(l) == 0 {
			continue
		}
		def, ok := f.Value.(jsonout.Object)
		if !ok {
			return nil, apierr.MapperParsing("Expected map for property [derived_fields] on field [%s] but got a class java.lang.String", f.Key)
		}
		if strings.Contains(f.Key, ".") {
			return nil, apierr.Unsupported("derived fields with a dotted name ([" + f.Key + "])")
		}
		d, err := parseDerivedField(f.Key, def)
		if err != nil {
			return nil, err
		}
		out[f.Key] = d
	}
	return out, nil
}

func parseDerivedField(name string, def jsonout.Object) (*DerivedField, *apierr.Error) {
	d := &DerivedField{Name: name}
	for _, p := range def {
		switch p.Key {
		case "type":
			d.Type = nodeString(p.Value)
		case "script":
			if p.Value == nil {
				continue
			}
			s, err := parseDerivedScript(p.Value)
			if err != nil {
				return nil, err
			}
			d.Script = s
		case "properties":
			props, err := parseDerivedProperties(name, p.Value)
			if err != nil {
				return nil, err
			}
			d.Properties = props
		case "prefilter_field":
			d.PrefilterField = nodeString(p.Value)
		case "format":
			d.Format = nodeString(p.Value)
			if d.Format == DefaultDateFormat {
				d.Format = ""
			}
		case "ignore_malformed":
			b, ok := boolValue(p.Value)
			if !ok {
				return nil, apierr.IllegalArgument("Failed to parse value [%s] as only [true] or [false] are allowed.", javaToString(p.Value))
			}
			d.IgnoreMalformed = b
		default:
			return nil, apierr.MapperParsing("unknown parameter [%s] on mapper [%s] of type [derived]", p.Key, name)
		}
	}
	if !DerivedTypes[d.Type] {
		return nil, apierr.IllegalArgument("Type [%s] isn't supported in Derived field context.", d.Type)
	}
	return d, nil
}

func parseDerivedProperties(name string, v any) ([]DerivedProperty, *apierr.Error) {
	obj, ok := v.(jsonout.Object)
	if !ok {
		return nil, apierr.MapperParsing("[properties] must be an object, got %s[%s] for field [%s]", javaSimpleName(v), javaToString(v), name)
	}
	out := make([]DerivedProperty, 0, len(obj))
	for _, f := range obj {
		switch t := f.Value.(type) {
		case nil:
			return nil, apierr.MapperParsing("[properties] values can't be null (field [%s])", name)
		case string:
			out = append(out, DerivedProperty{Name: f.Key, Type: t})
		default:
			return nil, apierr.MapperParsing("[properties] values can only be strings, but got %s[%s] for field [%s]", javaSimpleName(t), javaToString(t), name)
		}
	}
	return out, nil
}

// parseDerivedScript reads a script as Script.parse does: a string is an
// inline painless script, an object has source (or id), lang, params, options.
func parseDerivedScript(v any) (*DerivedScript, *apierr.Error) {
	if s, ok := v.(string); ok {
		return &DerivedScript{Source: s, Lang: "painless"}, nil
	}
	obj, ok := v.(jsonout.Object)
	if !ok {
		return nil, apierr.MapperParsing("Failed to parse [script]: expected a string or an object")
	}
	s := &DerivedScript{}
	given := false // source or id is there (even empty)
	for _, f := range obj {
		switch f.Key {
		case "source", "inline":
			s.Source, given = nodeString(f.Value), true
		case "id", "stored":
			s.ID, given = nodeString(f.Value), true
		case "lang":
			s.Lang = nodeString(f.Value)
		case "params":
			o, ok := f.Value.(jsonout.Object)
			if !ok {
				return nil, apierr.Parse("Value must be of type object: [params]")
			}
			s.Params = o
		case "options":
			o, ok := f.Value.(jsonout.Object)
			if !ok {
				return nil, apierr.Parse("Value must be of type object: [options]")
			}
			s.Options = o
		default:
			return nil, apierr.IllegalArgument("[script] unknown field [%s]", f.Key)
		}
	}
	if !given {
		return nil, apierr.IllegalArgument("must specify either [source] for an inline script or [id] for a stored script")
	}
	if s.ID == "" && s.Lang == "" {
		s.Lang = "painless"
	}
	return s, nil
}

// render writes the definition as GET _mapping prints it: the parameters
// that differ from their defaults, in the mapper's parameter order.
func (d *DerivedField) render() jsonout.Object {
	o := jsonout.Object{{Key: "type", Value: d.Type}}
	if d.Script != nil {
		o = append(o, jsonout.Field{Key: "script", Value: d.Script.Render()})
	}
	if len(d.Properties) > 0 {
		props := make(jsonout.Object, len(d.Properties))
		for i, p := range d.Properties {
			props[i] = jsonout.Field{Key: p.Name, Value: p.Type}
		}
		o = append(o, jsonout.Field{Key: "properties", Value: props})
	}
	if d.PrefilterField != "" {
		o = append(o, jsonout.Field{Key: "prefilter_field", Value: d.PrefilterField})
	}
	if d.Format != "" {
		o = append(o, jsonout.Field{Key: "format", Value: d.Format})
	}
	if d.IgnoreMalformed {
		o = append(o, jsonout.Field{Key: "ignore_malformed", Value: true})
	}
	return o
}

// Render writes the script as Script.toXContent does.
func (s *DerivedScript) Render() jsonout.Object {
	var o jsonout.Object
	if s.ID != "" {
		o = append(o, jsonout.Field{Key: "id", Value: s.ID})
	} else {
		o = append(o, jsonout.Field{Key: "source", Value: s.Source})
	}
	if s.Lang != "" {
		o = append(o, jsonout.Field{Key: "lang", Value: s.Lang})
	}
	if len(s.Options) > 0 {
		o = append(o, jsonout.Field{Key: "options", Value: s.Options})
	}
	if len(s.Params) > 0 {
		o = append(o, jsonout.Field{Key: "params", Value: s.Params})
	}
	return o
}

// renderDerived prints a derived section sorted by name.
func renderDerived(m map[string]*DerivedField) jsonout.Object {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	o := make(jsonout.Object, len(names))
	for i, n := range names {
		o[i] = jsonout.Field{Key: n, Value: m[n].render()}
	}
	return o
}

// mergeDerived returns old with upd's definitions replacing the ones of the
// same name (every derived parameter is updatable).
func mergeDerived(old, upd map[string]*DerivedField) map[string]*DerivedField {
	if len(upd) == 0 {
		return old
	}
	out := make(map[string]*DerivedField, len(old)+len(upd))
	for n, d := range old {
		out[n] = d
	}
	for n, d := range upd {
		out[n] = d
	}
	return out
}

// nodeString is XContentMapValues.nodeStringValue: a value's toString.
func nodeString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case nil:
		return ""
	}
	return javaToString(v)
}

// javaSimpleName is a JSON value's Java class simple name.
func javaSimpleName(v any) string {
	n := javaTypeName(v)
	return n[strings.LastIndexByte(n, '.')+1:]
}
