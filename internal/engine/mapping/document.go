package mapping

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// Kind is the indexed form of a value.
type Kind uint8

// Indexed value kinds.
const (
	KindText    Kind = iota // analyzed text
	KindKeyword             // one exact term
	KindLong                // integer types and dates (epoch millis)
	KindDouble              // float and double
	KindBool
	KindCompletion // an encoded CompletionEntry (completion.go)
	// KindDocKeyword is a keyword kept in doc values only, without
	// postings: ip (16-byte form, ip.go) and binary (base64) values.
	KindDocKeyword
	// KindTokenCount is text whose analysed token count the index stores
	// as a long (token_count); Str is the text.
	KindTokenCount
	// KindIndexKeyword is a keyword in the postings only (a flat_object's
	// leaf values under its root name).
	KindIndexKeyword
	// KindVector is a knn_vector: Str holds little-endian float32s
	// (knn_vector.go).
	KindVector
)

// Value is one indexable value of a parsed document.
type Value struct {
	Field *Field // the leaf (or multi-field) it belongs to
	Kind  Kind
	Str   string
	Int   int64
	Float float64
}

// Parsed is a document ready for indexing.
type Parsed struct {
	Values []Value     // the root document's
	Nested []NestedDoc // hidden documents of nested objects, children first
}

// docParser carries the state of one document parse.
type docParser struct {
	id      string
	updated *Mapping // copy made on the first dynamic field, nil otherwise
	base    *Mapping
	out     *Parsed
	// nestStarts is where each open nested object's values start in out.Values.
	nestStarts []int
	// ignoredDef is the _ignored field of this document's values.
	ignoredDef *Field
	// routing is the write's routing ("" for none); routed is false when a
	// stored document is parsed again, whose routing was checked when
	// written. (A string and a flag, not a pointer: a pointer to the
	// caller's string would move it to the heap on every write.)
	routing string
	routed  bool
}

// Parse parses a document source against m. It returns the values to index and,
// when the document introduced new fields, the updated mapping (nil otherwise).
// m itself is never modified.
func (m *Mapping) Parse(id string, source any) (*Parsed, *Mapping, *apierr.Error) {
	return m.parse(id, "", false, source)
}

// ParseRouted is Parse for a write with its routing ("" for none), which
// a join field's child documents require.
func (m *Mapping) ParseRouted(id, routing string, source any) (*Parsed, *Mapping, *apierr.Error) {
	return m.parse(id, routing, true, source)
}

func (m *Mapping) parse(id, routing string, routed bool, source any) (*Parsed, *Mapping, *apierr.Error) {
	obj, ok := source.(jsonout.Object)
	if !ok {
		return nil, nil, apierr.MapperParsing("failed to parse, document is empty")
	}
	p := &docParser{id: id, base: m, out: &Parsed{Values: make([]Value, 0, 2*len(obj))}, routing: routing, routed: routed}
	if err := p.object(m.Root, "", obj); err != nil {
		return nil, nil, err
	}
	if err := p.finishCompletion(); err != nil {
		return nil, nil, err
	}
	return p.out, p.updated, nil
}

// current returns the mapping being built (the copy once a field was added).
func (p *docParser) current() *Mapping {
	if p.updated != nil {
		return p.updated
	}
	return p.base
}

// writable returns the field at path in the mutable copy, copying on first use.
func (p *docParser) writable(path string) *Field {
	if p.updated == nil {
		p.updated = p.base.Clone()
	}
	if path == "" {
		return p.updated.Root
	}
	return p.updated.Lookup(path)
}

func (p *docParser) object(obj *Field, path string, doc jsonout.Object) *apierr.Error {
	for _, f := range doc {
		if f.Key == "" {
			return apierr.MapperParsing("failed to parse").WithCause(apierr.IllegalArgument("field name cannot be an empty string"))
		}
		if strings.HasPrefix(f.Key, "_") && path == "" && isMetaField(f.Key) {
			return apierr.MapperParsing("Field [%s] is a metadata field and cannot be added inside a document. Use the index API request parameters.", f.Key)
		}
		// Dotted names address sub-objects: {"a.b":1} is {"a":{"b":1}}.
		if strings.IndexByte(f.Key, '.') >= 0 {
			parts, err := splitDotted(f.Key)
			if err != nil {
				return err
			}
			if err := p.checkDottedNested(path, f.Key, parts); err != nil {
				return err
			}
			v := f.Value
			for i := len(parts) - 1; i > 0; i-- {
				v = jsonout.Object{{Key: parts[i], Value: v}}
			}
			if err := p.value(obj, path, parts[0], v); err != nil {
				return err
			}
			continue
		}
		if err := p.value(obj, path, f.Key, f.Value); err != nil {
			return err
		}
	}
	return nil
}

// splitDotted splits a dotted field name as DocumentParser does (Java's
// String.split, which drops trailing empty parts) and rejects ambiguous ones.
func splitDotted(name string) ([]string, *apierr.Error) {
	parts := strings.Split(name, ".")
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	fail := func(msg string) *apierr.Error {
		return apierr.MapperParsing("failed to parse").WithCause(apierr.IllegalArgument("%s", msg))
	}
	if len(parts) == 0 {
		return nil, fail("field name cannot contain only dots")
	}
	for _, part := range parts {
		if strings.TrimSpace(part) == "" {
			if part == "" {
				return nil, fail("object field starting or ending with a [.] makes object resolution ambiguous: [" + name + "]")
			}
			return nil, fail("object field cannot contain only whitespace: ['" + name + "']")
		}
	}
	return parts, nil
}

func isMetaField(name string) bool {
	switch name {
	case "_id", "_index", "_routing", "_source", "_version", "_seq_no", "_primary_term", "_field_names", "_ignored", "_data_stream_timestamp", "_doc_count":
		return true
	}
	return false
}

// value handles one key of an object: arrays, nulls, sub-objects and leaves.
func (p *docParser) value(obj *Field, path, name string, v any) *apierr.Error {
	full := name
	if path != "" {
		full = path + "." + name
	}
	if arr, ok := v.([]any); ok {
		if f := p.current().Lookup(full); f != nil && f.Type == TypeCompletion {
			return p.completion(f, v) // it parses its own arrays
		} else if f != nil && f.Type == TypeFlatObject {
			return p.flatObject(f, v)
		} else if f != nil && f.Type == TypeGeoPoint && len(arr) > 0 && isNumber(arr[0]) {
			return p.leaf(f, v) // [lon, lat] is one point
		}
		if f := p.current().Lookup(full); f != nil && f.Type == TypeKNNVector {
			return p.knnVector(f, v) // the whole array is one vector
		}
		for _, e := range arr {
			if err := p.value(obj, path, name, e); err != nil {
				return err
			}
		}
		return nil
	}
	if v == nil {
		return nil // null values add neither a mapping nor a value
	}
	fld := p.current().Lookup(full)
	if fld == nil {
		var err *apierr.Error
		if fld, err = p.dynamic(obj, path, name, full, v); err != nil || fld == nil {
			return err
		}
	}
	if fld.Type == TypeCompletion {
		return p.completion(fld, v)
	}
	if fld.Type == TypeKNNVector {
		return p.knnVector(fld, v)
	}
	if fld.Type == TypeAlias {
		return apierr.MapperParsing("Cannot write to a field alias [%s].", fld.Path)
	}
	if fld.Type == TypeFlatObject {
		return p.flatObject(fld, v)
	}
	if fld.Type == TypeRankFeatures {
		return p.rankFeatures(fld, v)
	}
	if fld.Type == TypeJoin {
		return p.joinValue(fld, v)
	}
	if fld.Type == TypeGeoPoint || IsRange(fld.Type) {
		return p.leaf(fld, v) // objects are points and ranges
	}
	if fld.Type == TypeGeoShape {
		return p.geoShape(fld, v) // objects are GeoJSON
	}
	if sub, ok := v.(jsonout.Object); ok {
		if !fld.IsObject() {
			return p.failField(fld, v, apierr.New(apierr.TypeIllegalState, "Can't get text on a START_OBJECT"))
		}
		if e, ok := fld.Params["enabled"].(bool); ok && !e {
			return nil
		}
		if fld.Type == TypeNested {
			return p.nestedObject(fld, full, sub)
		}
		return p.object(fld, full, sub)
	}
	if fld.IsObject() {
		return apierr.MapperParsing("object mapping for [%s] tried to parse field [%s] as object, but found a concrete value", full, name)
	}
	return p.leaf(fld, v)
}

// dynamic maps a new field according to the dynamic setting in force.
func (p *docParser) dynamic(obj *Field, path, name, full string, v any) (*Field, *apierr.Error) {
	mode := p.dynamicMode(path)
	switch mode {
	case "false", "runtime":
		return nil, nil // not indexed, kept only in _source
	case "strict":
		return nil, strictDynamic(mode, obj, path, name)
	}
	fld, matched, err := p.templateOrDetect(name, full, path, v)
	if err != nil {
		return nil, err
	}
	if mode == "strict_allow_templates" && !matched {
		// Strict, except for what a dynamic template maps (2.16).
		return nil, strictDynamic(mode, obj, path, name)
	}
	parent := p.writable(path)
	if parent.Props == nil {
		parent.Props = map[string]*Field{}
	}
	parent.Props[name] = fld
	return fld, nil
}

// dynamicMode finds the dynamic setting in force at path: that of the
// deepest object on the way down from the root that sets one. One walk
// down, so a deeply nested document costs linear time per field.
func (p *docParser) dynamicMode(path string) string {
	m := p.current()
	mode := m.Root.Dynamic()
	cur := m.Root
	for path != "" {
		part, rest, _ := strings.Cut(path, ".")
		next, ok := cur.Props[part]
		if !ok {
			break
		}
		if d := next.Dynamic(); d != "" {
			mode = d
		}
		cur, path = next, rest
	}
	if mode == "" {
		return "true"
	}
	return mode
}

// strictDynamic is the StrictDynamicMappingException of a strict (or
// strict_allow_templates) object for a new field.
func strictDynamic(mode string, obj *Field, path, name string) *apierr.Error {
	within := obj.Name
	if path == "" {
		within = "_doc"
	}
	return apierr.New(apierr.TypeStrictDynamicMapping, "mapping set to "+mode+", dynamic introduction of ["+name+"] within ["+within+"] is not allowed")
}

// templateOrDetect maps a new value by the first dynamic template that
// matches it (matched true), else by detection.
func (p *docParser) templateOrDetect(name, full, path string, v any) (*Field, bool, *apierr.Error) {
	def := p.detect(name, full, v)
	m := p.current()
	if len(m.DynamicTemplates) == 0 {
		return def, false, nil
	}
	matchType := ""
	switch def.Type {
	case TypeObject:
		matchType = "object"
	case TypeBoolean:
		matchType = "boolean"
	case TypeLong:
		matchType = "long"
	case TypeFloat:
		matchType = "double"
	case TypeDate:
		matchType = "date"
	default:
		matchType = "string"
	}
	f, err := m.templateField(name, full, path, matchType)
	if err != nil {
		return nil, false, apierr.MapperParsing("failed to parse").WithCause(err)
	}
	if f == nil {
		return def, false, nil
	}
	return f, true, nil
}

// detect builds the dynamic mapping of a new value (DynamicFieldsBuilder).
func (p *docParser) detect(name, full string, v any) *Field {
	m := p.current()
	switch x := v.(type) {
	case jsonout.Object:
		return &Field{Name: name, Path: full, Type: TypeObject, Props: map[string]*Field{}}
	case bool:
		return &Field{Name: name, Path: full, Type: TypeBoolean}
	case json.Number:
		if isInteger(x.String()) {
			return &Field{Name: name, Path: full, Type: TypeLong}
		}
		return &Field{Name: name, Path: full, Type: TypeFloat}
	case string:
		if m.NumericDetection != nil && *m.NumericDetection {
			if _, err := strconv.ParseInt(x, 10, 64); err == nil {
				return &Field{Name: name, Path: full, Type: TypeLong}
			}
			if _, err := strconv.ParseFloat(x, 64); err == nil {
				return &Field{Name: name, Path: full, Type: TypeFloat}
			}
		}
		if m.DateDetection == nil || *m.DateDetection {
			formats := dynamicDateFormats[:]
			if m.DynamicDateFormats != nil {
				formats = m.DynamicDateFormats
			}
			if format, ok := detectDateWith(x, formats); ok {
				f := &Field{Name: name, Path: full, Type: TypeDate}
				if format != DefaultDateFormat {
					f.Params = map[string]any{"format": format}
				}
				return f
			}
		}
		kw := &Field{Name: "keyword", Path: full + ".keyword", Type: TypeKeyword, Params: map[string]any{"ignore_above": 256}}
		return &Field{Name: name, Path: full, Type: TypeText, Multi: map[string]*Field{"keyword": kw}}
	}
	return &Field{Name: name, Path: full, Type: TypeKeyword}
}

func isNumber(v any) bool { _, ok := v.(json.Number); return ok }

func isInteger(s string) bool { return !strings.ContainsAny(s, ".eE") }

// leaf converts one scalar to the field's indexed values, multi-fields included.
func (p *docParser) leaf(fld *Field, v any) *apierr.Error {
	if err := p.emit(fld, v); err != nil {
		return err
	}
	for _, mf := range fld.Multi {
		if err := p.emit(mf, v); err != nil {
			return err
		}
	}
	return nil
}

func (p *docParser) emit(fld *Field, v any) *apierr.Error {
	if idx, ok := fld.Params["index"].(bool); ok && !idx {
		if dv, ok := fld.Params["doc_values"].(bool); ok && !dv {
			return nil
		}
	}
	if fld.Type == TypeGeoPoint {
		return p.geoPoint(fld, v)
	}
	if fld.Type == TypeGeoShape {
		return p.geoShape(fld, v)
	}
	if IsRange(fld.Type) {
		return p.rangeValue(fld, v)
	}
	text, isText := scalarText(v)
	if !isText {
		return p.failField(fld, v, apierr.New(apierr.TypeIllegalState, "Can't get text on a START_OBJECT"))
	}
	switch fld.Type {
	case TypeCompletion: // a multi-field: the parent's value is one input
		return p.completion(fld, text)
	case TypeText, TypeMatchOnlyText, TypeSearchAsYouType:
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindText, Str: text})
	case TypeKeyword, TypeWildcard:
		if ia := fld.IgnoreAbove(); ia > 0 && runesAbove(text, ia) {
			return nil
		}
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindKeyword, Str: text})
	case TypeLong, TypeInteger, TypeShort, TypeByte:
		n, err := parseInteger(fld.Type, v, text)
		if err != nil {
			if p.ignoreMalformed(fld) {
				return nil
			}
			return p.failField(fld, v, err)
		}
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindLong, Int: n})
	case TypeFloat, TypeDouble:
		f, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
		if _, isBool := v.(bool); err != nil || isBool {
			if p.ignoreMalformed(fld) {
				return nil
			}
			return p.failField(fld, v, apierr.New(apierr.TypeNumberFormat, "For input string: \""+text+"\""))
		}
		if fld.Type == TypeFloat {
			f = float64(float32(f))
		}
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindDouble, Float: f})
	case TypeBoolean:
		switch text {
		case "true":
			p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindBool, Int: 1})
		case "false", "":
			p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindBool, Int: 0})
		default:
			return p.failField(fld, v, apierr.IllegalArgument("Failed to parse value [%s] as only [true] or [false] are allowed.", text))
		}
	case TypeDate:
		ms, err := ParseDate(text, fld.DateFormat())
		if err != nil {
			if p.ignoreMalformed(fld) {
				return nil
			}
			return p.failField(fld, v, apierr.IllegalArgument("failed to parse date field [%s] with format [%s]", text, fld.DateFormat()))
		}
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindLong, Int: ms})
	default:
		return p.emitExtra(fld, v, text)
	}
	return nil
}

// ignoreMalformed reports whether fld drops malformed values; when it
// does, the caller drops one and the field is recorded in _ignored.
func (p *docParser) ignoreMalformed(fld *Field) bool {
	b, _ := fld.Params["ignore_malformed"].(bool)
	if b {
		p.ignored(fld.Path)
	}
	return b
}

// ignored records a field in the document's _ignored metadata field once.
func (p *docParser) ignored(path string) {
	for _, v := range p.out.Values {
		if v.Field.Path == IgnoredField && v.Str == path {
			return
		}
	}
	if p.ignoredDef == nil {
		p.ignoredDef = IgnoredFieldDef()
	}
	p.out.Values = append(p.out.Values, Value{Field: p.ignoredDef, Kind: KindKeyword, Str: path})
}

// IgnoredField is the metadata field listing a document's fields whose
// malformed values were ignored.
const IgnoredField = "_ignored"

// IgnoredFieldDef is the keyword field _ignored is searched as.
func IgnoredFieldDef() *Field {
	return &Field{Name: IgnoredField, Path: IgnoredField, Type: TypeKeyword}
}

// failField is the mapper_parsing_exception DocumentParser raises for a value
// its field cannot take.
func (p *docParser) failField(fld *Field, v any, cause *apierr.Error) *apierr.Error {
	return apierr.MapperParsing("failed to parse field [%s] of type [%s] in document with id '%s'. Preview of field's value: '%s'",
		fld.Path, fld.Type, p.id, javaToString(v)).WithCause(cause)
}

func scalarText(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	}
	return "", false
}

// parseInteger parses an integer value with the type's range; decimals are
// truncated (coerce defaults to true), as the number mappers do.
func parseInteger(typ string, v any, text string) (int64, *apierr.Error) {
	if _, isBool := v.(bool); isBool {
		return 0, apierr.IllegalArgument("Current token (VALUE_TRUE) not numeric, can not use numeric value accessors")
	}
	s := strings.TrimSpace(text)
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		f, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil {
			return 0, apierr.New(apierr.TypeNumberFormat, "For input string: \""+text+"\"")
		}
		if f > 9.223372036854775807e18 || f < -9.223372036854775808e18 {
			return 0, apierr.IllegalArgument("Value [%s] is out of range for a long", text)
		}
		n = int64(f)
	}
	lo, hi, name := int64(-1<<63), int64(1<<63-1), "long"
	switch typ {
	case TypeInteger:
		lo, hi, name = -1<<31, 1<<31-1, "an integer"
	case TypeShort:
		lo, hi, name = -1<<15, 1<<15-1, "a short"
	case TypeByte:
		lo, hi, name = -1<<7, 1<<7-1, "a byte"
	}
	if n < lo || n > hi {
		return 0, apierr.IllegalArgument("Value [%s] is out of range for %s", text, name)
	}
	return n, nil
}
