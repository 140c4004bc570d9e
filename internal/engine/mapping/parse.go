package mapping

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// Mapping is the mapping of one index. A Mapping is immutable once published:
// dynamic updates build a new one (see Parser), so readers need no lock.
type Mapping struct {
	Root *Field // the root object; Root.Params["dynamic"] holds the root dynamic setting
	// RootParams are the other root-level settings in the order they are printed.
	DateDetection    *bool
	NumericDetection *bool
	SourceEnabled    *bool
	RoutingRequired  *bool
	Meta             any
	// DynamicTemplates map new fields before the default detection.
	DynamicTemplates []DynamicTemplate
	// DynamicDateFormats replace the formats date detection tries.
	DynamicDateFormats []string
	// Derived are the derived fields by name (derived.go); nil when none.
	Derived map[string]*DerivedField
	// searchFields finds the fields a search adds (WithSearchFields).
	searchFields func(path string) *Field
}

// Empty returns a mapping with no fields.
func Empty() *Mapping { return &Mapping{Root: &Field{Type: TypeObject, Props: map[string]*Field{}}} }

// Clone returns a deep copy the caller may modify.
func (m *Mapping) Clone() *Mapping {
	c := *m
	c.Root = m.Root.clone()
	return &c
}

// Render returns the "mappings" object of GET _mapping ({} when empty).
func (m *Mapping) Render() jsonout.Object {
	o := jsonout.Object{}
	if d := m.Root.Dynamic(); d != "" {
		o = append(o, jsonout.Field{Key: "dynamic", Value: d})
	}
	if m.Meta != nil {
		o = append(o, jsonout.Field{Key: "_meta", Value: m.Meta})
	}
	if m.RoutingRequired != nil {
		o = append(o, jsonout.Field{Key: "_routing", Value: jsonout.Object{{Key: "required", Value: *m.RoutingRequired}}})
	}
	if m.SourceEnabled != nil {
		o = append(o, jsonout.Field{Key: "_source", Value: jsonout.Object{{Key: "enabled", Value: *m.SourceEnabled}}})
	}
	if m.DynamicDateFormats != nil {
		o = append(o, jsonout.Field{Key: "dynamic_date_formats", Value: m.DynamicDateFormats})
	}
	if m.DynamicTemplates != nil {
		ts := make([]any, len(m.DynamicTemplates))
		for i := range m.DynamicTemplates {
			ts[i] = jsonout.Object{{Key: m.DynamicTemplates[i].Name, Value: m.DynamicTemplates[i].render()}}
		}
		o = append(o, jsonout.Field{Key: "dynamic_templates", Value: ts})
	}
	if m.DateDetection != nil {
		o = append(o, jsonout.Field{Key: "date_detection", Value: *m.DateDetection})
	}
	if m.NumericDetection != nil {
		o = append(o, jsonout.Field{Key: "numeric_detection", Value: *m.NumericDetection})
	}
	if len(m.Derived) > 0 {
		o = append(o, jsonout.Field{Key: "derived", Value: renderDerived(m.Derived)})
	}
	if len(m.Root.Props) > 0 {
		o = append(o, jsonout.Field{Key: "properties", Value: renderProps(m.Root.Props)})
	}
	return o
}

// Lookup returns the field at a dotted path (multi-fields included), or nil.
// A mapping a search sees with its derived fields (WithSearchFields) looks
// them up last.
func (m *Mapping) Lookup(path string) *Field {
	if f := m.lookup(path); f != nil || m.searchFields == nil {
		return f
	}
	return m.searchFields(path)
}

// WithSearchFields returns a copy of m whose Lookup also finds the fields
// extra resolves (a search's derived fields); m is not modified.
func (m *Mapping) WithSearchFields(extra func(path string) *Field) *Mapping {
	c := *m
	c.searchFields = extra
	return &c
}

func (m *Mapping) lookup(path string) *Field {
	cur := m.Root
	first := true
	for {
		part, rest, more := strings.Cut(path, ".")
		if next, ok := cur.Props[part]; ok {
			cur = next
		} else if !first && !more && cur.Multi != nil {
			return cur.Multi[part] // nil when absent
		} else if first && !more && strings.IndexByte(part, '#') > 0 {
			return m.joinIDField(part)
		} else {
			return nil
		}
		if !more {
			return cur
		}
		path, first = rest, false
	}
}

// notModelled are field types OpenSearch 2.19 registers (core and bundled
// modules) that the fake does not implement: they answer the fake's 501,
// not the "No handler" error OpenSearch gives unknown types.
var notModelled = map[string]bool{
	"xy_point": true, "xy_shape": true, "percolator": true,
	"histogram": true,
	"star_tree": true, "derived": true, // "derived" fields live in the mapping's derived section
}

// ParseMappings parses the "mappings" of a create-index request.
func ParseMappings(v any) (*Mapping, *apierr.Error) {
	m := Empty()
	obj, ok := v.(jsonout.Object)
	if !ok {
		if v == nil {
			return m, nil
		}
		return nil, apierr.MapperParsing("Failed to parse mapping: Expected map for property [mappings] but got a %s", javaTypeName(v))
	}
	// A type name wrapper ("_doc") is rejected since 7.0 without include_type_name.
	if len(obj) == 1 && obj[0].Key == "_doc" {
		return nil, apierr.IllegalArgument("The mapping definition cannot be nested under a type [_doc] unless include_type_name is set to true.")
	}
	var unsupported []string
	for _, f := range obj {
		switch f.Key {
		case "properties":
			props, err := parseProps(f.Value, "")
			if err == nil {
				err = checkOneJoin(props)
			}
			if err != nil {
				return nil, wrapRoot(err)
			}
			m.Root.Props = props
		case "dynamic":
			d, err := parseDynamic(f.Value)
			if err != nil {
				return nil, wrapRoot(err)
			}
			m.Root.Params = map[string]any{"dynamic": d}
		case "date_detection", "numeric_detection":
			b, ok := boolValue(f.Value)
			if !ok {
				return nil, wrapRoot(apierr.MapperParsing("failed to parse [%s]", f.Key))
			}
			if f.Key == "date_detection" {
				m.DateDetection = &b
			} else {
				m.NumericDetection = &b
			}
		case "_source", "_routing":
			o, _ := f.Value.(jsonout.Object)
			key := "enabled"
			if f.Key == "_routing" {
				key = "required"
			}
			for _, sf := range o {
				b, ok := boolValue(sf.Value)
				if sf.Key != key || !ok {
					return nil, wrapRoot(apierr.MapperParsing("unknown parameter [%s] on metadata field [%s]", sf.Key, f.Key))
				}
				if f.Key == "_source" {
					m.SourceEnabled = &b
				} else {
					m.RoutingRequired = &b
				}
			}
		case "_meta":
			m.Meta = f.Value
		case "dynamic_date_formats":
			var fs []string
			switch x := f.Value.(type) {
			case string:
				fs = []string{x}
			case []any:
				for _, e := range x {
					s, ok := e.(string)
					if !ok {
						return nil, wrapRoot(apierr.MapperParsing("Dynamic date formats must be strings"))
					}
					fs = append(fs, s)
				}
			default:
				return nil, wrapRoot(apierr.MapperParsing("Dynamic date formats must be strings"))
			}
			m.DynamicDateFormats = fs
		case "derived":
			d, err := ParseDerived(f.Value)
			if err != nil {
				return nil, wrapRoot(err)
			}
			m.Derived = d
		case "dynamic_templates":
			ts, err := parseDynamicTemplates(f.Value)
			if err != nil {
				return nil, wrapRoot(err)
			}
			m.DynamicTemplates = ts
		default:
			unsupported = append(unsupported, f.Key+" : "+javaToString(f.Value))
		}
	}
	if unsupported != nil {
		return nil, wrapRoot(apierr.MapperParsing("Root mapping definition has unsupported parameters:  [%s]", strings.Join(unsupported, "] [")))
	}
	fixRedundantIncludes(m.Root, true)
	return m, nil
}

// Validate checks what needs the whole mapping (alias targets), as
// OpenSearch does once a new index's mapping is built; updates are checked
// by Merge against the merged mapping.
func (m *Mapping) Validate() *apierr.Error {
	if err := m.checkAliases(); err != nil {
		return err
	}
	return m.checkGeoContextPaths()
}

// wrapRoot adds the outer "Failed to parse mapping" exception the create-index
// service wraps mapping errors in.
func wrapRoot(e *apierr.Error) *apierr.Error {
	if e.Type == apierr.TypeUnsupportedOperation {
		return e // the fake's 501 stays a 501
	}
	return apierr.MapperParsing("Failed to parse mapping [_doc]: %s", e.Reason).WithCause(e)
}

func parseProps(v any, prefix string) (map[string]*Field, *apierr.Error) {
	obj, ok := v.(jsonout.Object)
	if !ok {
		return nil, apierr.MapperParsing("Expected map for property [properties] but got a %s", javaTypeName(v))
	}
	out := make(map[string]*Field, len(obj))
	for _, f := range obj {
		def, ok := f.Value.(jsonout.Object)
		if !ok {
			return nil, apierr.MapperParsing("Expected map for property [fields] on field [%s] but got a %s", f.Key, javaTypeName(f.Value))
		}
		if f.Key == "" {
			return nil, apierr.IllegalArgument("field name cannot be an empty string")
		}
		if strings.Contains(f.Key, ".") {
			if err := addDotted(out, f.Key, prefix, def); err != nil {
				return nil, err
			}
			continue
		}
		fld, err := parseField(f.Key, prefix, def, false)
		if err != nil {
			return nil, err
		}
		out[f.Key] = mergeDefined(out[f.Key], fld)
	}
	return out, nil
}

// addDotted adds a property whose name holds dots as ObjectMapper's parser
// does: the last part is the field, each part before it an object around
// it ("a.b": {...} is "a": {"properties": {"b": {...}}}).
func addDotted(out map[string]*Field, key, prefix string, def jsonout.Object) *apierr.Error {
	parts := strings.Split(key, ".")
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1] // String.split drops trailing empty parts
	}
	if len(parts) == 0 {
		return apierr.MapperParsing("Invalid field name %s", key)
	}
	for _, p := range parts {
		if p == "" {
			return apierr.IllegalArgument("field name cannot be an empty string")
		}
	}
	path := prefix
	paths := make([]string, len(parts))
	for i, p := range parts {
		if path != "" {
			path += "."
		}
		path += p
		paths[i] = path
	}
	within := prefix // the path of the object holding the last part
	if len(parts) > 1 {
		within = paths[len(parts)-2]
	}
	fld, err := parseField(parts[len(parts)-1], within, def, false)
	if err != nil {
		return err
	}
	for i := len(parts) - 2; i >= 0; i-- {
		fld = &Field{Name: parts[i], Path: paths[i], Type: TypeObject, Props: map[string]*Field{fld.Name: fld}}
	}
	out[parts[0]] = mergeDefined(out[parts[0]], fld)
	return nil
}

// mergeDefined combines two definitions of one name in a properties block
// (ObjectMapper.Builder merges them): objects keep the properties of both,
// anything else is the later definition.
func mergeDefined(prev, next *Field) *Field {
	if prev == nil || prev.Type != TypeObject || next.Type != TypeObject || prev.Props == nil || next.Props == nil {
		return next
	}
	for k, v := range next.Props {
		prev.Props[k] = mergeDefined(prev.Props[k], v)
	}
	return prev
}

func parseField(name, prefix string, def jsonout.Object, multi bool) (*Field, *apierr.Error) {
	path := name
	if prefix != "" {
		path = prefix + "." + name
	}
	typ := TypeObject
	if t, ok := def.Get("type"); ok {
		s, ok := t.(string)
		if !ok {
			return nil, apierr.MapperParsing("No type specified for field [%s]", name)
		}
		typ = s
	} else if _, hasProps := def.Get("properties"); !hasProps && multi {
		return nil, apierr.MapperParsing("No type specified for field [%s]", name)
	}
	if typ == TypeConstantKeyword {
		// Its TypeParser checks the value before the builder sees it.
		v, ok := def.Get("value")
		if !ok {
			return nil, apierr.New(apierr.TypeParse, "Field ["+name+"] is missing required parameter [value]")
		}
		if _, isStr := v.(string); !isStr {
			return nil, apierr.New(apierr.TypeParse, "Field ["+name+"] is expected to be a string value")
		}
	}
	if typ == TypeJoin {
		fld := &Field{Name: name, Path: path, Type: typ}
		return fld, parseJoinParams(fld, def, prefix, multi)
	}
	if notModelled[typ] {
		return nil, apierr.Unsupported("the [" + typ + "] field type")
	}
	if _, known := paramOrder[typ]; !known {
		return nil, apierr.MapperParsing("No handler for type [%s] declared on field [%s]", typ, name)
	}
	if multi && (typ == TypeObject || typ == TypeNested) {
		return nil, apierr.MapperParsing("Type [%s] cannot be used in multi field", typ)
	}
	fld := &Field{Name: name, Path: path, Type: typ, Params: map[string]any{}}
	var unknown []string
	for _, p := range def {
		switch p.Key {
		case "type":
		case "properties":
			if !fld.IsObject() {
				unknown = append(unknown, p.Key)
				continue
			}
			props, err := parseProps(p.Value, path)
			if err != nil {
				return nil, err
			}
			fld.Props = props
		case "fields":
			if fld.IsObject() {
				unknown = append(unknown, p.Key)
				continue
			}
			obj, ok := p.Value.(jsonout.Object)
			if !ok {
				return nil, apierr.MapperParsing("Expected map for property [fields] on field [%s] but got a %s", name, javaTypeName(p.Value))
			}
			fld.Multi = map[string]*Field{}
			for _, mf := range obj {
				mdef, ok := mf.Value.(jsonout.Object)
				if !ok {
					return nil, apierr.MapperParsing("Expected map for property [fields] on field [%s] but got a %s", mf.Key, javaTypeName(mf.Value))
				}
				sub, err := parseField(mf.Key, path, mdef, true)
				if err != nil {
					return nil, err
				}
				fld.Multi[mf.Key] = sub
			}
		case "derived":
			if fld.IsObject() {
				// OpenSearch takes a derived section in any object; the fake only at the root
				return nil, apierr.Unsupported("derived fields inside an object mapping ([" + path + "])")
			}
			unknown = append(unknown, p.Key)
		case "copy_to":
			switch v := p.Value.(type) {
			case string:
				fld.CopyTo = []string{v}
			case []any:
				for _, e := range v {
					if s, ok := e.(string); ok {
						fld.CopyTo = append(fld.CopyTo, s)
					}
				}
			}
		default:
			if !hasParam(typ, p.Key) {
				unknown = append(unknown, p.Key)
				continue
			}
			val, err := paramValue(typ, name, p.Key, p.Value)
			if err != nil {
				return nil, err
			}
			fld.Params[p.Key] = val
		}
	}
	if len(unknown) > 0 {
		if typ == TypeGeoShape {
			if err := legacyShapeParams(unknown); err != nil {
				return nil, err
			}
		}
		if fld.IsObject() || typ == TypeGeoShape { // old-style type parsers leave unknown keys to this check
			sort.Strings(unknown)
			return nil, apierr.MapperParsing("Mapping definition for [%s] has unsupported parameters:  [%s : %s]", name, unknown[0], javaToString(mustGet(def, unknown[0])))
		}
		return nil, apierr.MapperParsing("unknown parameter [%s] on mapper [%s] of type [%s]", unknown[0], name, typ)
	}
	if fld.IsObject() && fld.Props == nil {
		fld.Props = map[string]*Field{}
	}
	if typ == TypeCompletion {
		if err := completionParams(fld); err != nil {
			return nil, err
		}
	}
	if typ == TypeKNNVector {
		if err := parseKNNParams(fld); err != nil {
			return nil, err
		}
	}
	if err := checkTypeParams(fld, def); err != nil {
		return nil, err
	}
	if typ == TypeSearchAsYouType {
		if err := addSearchAsYouTypeFields(fld); err != nil {
			return nil, err
		}
	}
	return fld, nil
}

func mustGet(o jsonout.Object, k string) any { v, _ := o.Get(k); return v }

func hasParam(typ, p string) bool {
	for _, q := range paramOrder[typ] {
		if q == p {
			return true
		}
	}
	return false
}

// paramValue checks and normalises one parameter value.
func paramValue(typ, field, key string, v any) (any, *apierr.Error) {
	switch key {
	case "index", "store", "doc_values", "norms", "eager_global_ordinals", "fielddata", "index_phrases",
		"ignore_malformed", "coerce", "include_in_parent", "include_in_root", "enabled", "split_queries_on_whitespace",
		"ignore_z_value", "enable_position_increments", "positive_score_impact":
		b, ok := boolValue(v)
		if !ok {
			return nil, apierr.MapperParsing("Failed to parse mapping [%s]: Failed to parse value [%s] as only [true] or [false] are allowed.", field, javaToString(v))
		}
		return b, nil
	case "ignore_above", "position_increment_gap", "max_shingle_size":
		n, ok := intValue(v)
		if !ok {
			return nil, apierr.MapperParsing("Failed to parse mapping [%s]: For input string: \"%s\"", field, javaToString(v))
		}
		return n, nil
	case "boost":
		if n, ok := v.(json.Number); ok {
			f, _ := n.Float64()
			return f, nil
		}
		return nil, apierr.MapperParsing("Failed to parse mapping [%s]: boost must be a number", field)
	case "dynamic":
		return parseDynamic(v)
	case "scaling_factor":
		f, ok := doubleParam(v)
		if !ok {
			return nil, apierr.MapperParsing("Failed to parse mapping [%s]: For input string: \"%s\"", field, javaToString(v))
		}
		return f, nil
	case "path", "value":
		s, ok := v.(string)
		if !ok {
			return nil, apierr.MapperParsing("Failed to parse mapping [%s]: [%s] must be a string", field, key)
		}
		return s, nil
	case "null_value":
		return nullValueParam(typ, field, v)
	case "orientation":
		return shapeOrientation(field, v)
	case "analyzer", "search_analyzer", "search_quote_analyzer", "similarity", "normalizer", "format", "locale", "index_options", "term_vector":
		s, ok := v.(string)
		if !ok {
			return nil, apierr.MapperParsing("Failed to parse mapping [%s]: [%s] must be a string", field, key)
		}
		return s, nil
	}
	return v, nil
}

func parseDynamic(v any) (string, *apierr.Error) {
	switch x := v.(type) {
	case bool:
		return strconv.FormatBool(x), nil
	case string:
		switch strings.ToLower(x) {
		case "true", "false", "strict", "runtime", "strict_allow_templates":
			return strings.ToLower(x), nil
		}
		return "", apierr.MapperParsing("Could not convert [dynamic] to boolean")
	}
	return "", apierr.MapperParsing("Could not convert [dynamic] to boolean")
}

func boolValue(v any) (bool, bool) {
	switch x := v.(type) {
	case bool:
		return x, true
	case string:
		if x == "true" {
			return true, true
		}
		if x == "false" {
			return false, true
		}
	}
	return false, false
}

func intValue(v any) (int, bool) {
	switch x := v.(type) {
	case json.Number:
		n, err := strconv.Atoi(x.String())
		return n, err == nil
	case string:
		n, err := strconv.Atoi(x)
		return n, err == nil
	}
	return 0, false
}

// javaTypeName names a JSON value's Java class, for messages copied from the server.
func javaTypeName(v any) string {
	switch v.(type) {
	case string:
		return "java.lang.String"
	case json.Number:
		return "java.lang.Integer"
	case bool:
		return "java.lang.Boolean"
	case []any:
		return "java.util.ArrayList"
	case nil:
		return "null"
	}
	return "java.util.LinkedHashMap"
}

// javaToString prints a value like Java's Map/List toString.
func javaToString(v any) string {
	switch x := v.(type) {
	case jsonout.Object:
		parts := make([]string, len(x))
		for i, f := range x {
			parts[i] = f.Key + "=" + javaToString(f.Value)
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = javaToString(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case nil:
		return "null"
	}
	return fmt.Sprint(v)
}
