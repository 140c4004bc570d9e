package aggs

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// vsType is a ValuesSourceType: the kind of values an aggregation reads.
type vsType uint8

const (
	vsBytes vsType = iota + 1
	vsNumeric
	vsDate
	vsBoolean
	vsIP
)

// source is the values-source part of an aggregation's options (field,
// missing, format, value_type, time_zone), as ValuesSourceAggregationBuilder
// declares them.
type source struct {
	field     string
	missing   *xcontent.Value
	format    string
	valueType vsType
	zone      *time.Location
	// script is a value script (with field) or the values' script (alone).
	script *dsl.Script
}

// scriptSource reports whether the values come from a script.
func (s *source) scriptSource() bool { return s.script != nil }

// parseSourceField reads one of the values-source fields; false means the
// member is not one of them.
func (s *source) parseSourceField(p *parser, m *xcontent.Member, timezone bool) (bool, *apierr.Error) {
	var err *apierr.Error
	switch m.Key {
	case "field":
		s.field, err = p.str(m)
	case "missing":
		if !m.Value.IsScalar() || m.Value.Kind == xcontent.Null {
			return true, p.wrongType(m)
		}
		v := m.Value
		s.missing = &v
	case "format":
		s.format, err = p.str(m)
	case "value_type", "valueType":
		var name string
		if name, err = p.str(m); err == nil {
			var ok bool
			if s.valueType, ok = valueTypes[name]; !ok {
				err = p.failed(m, apierr.IllegalArgument("Unknown value type [%s]", name))
			}
		}
	case "script":
		ds, serr := dsl.ParseScript(&m.Value)
		if serr != nil {
			return true, fromX(serr)
		}
		s.script = ds
	case "time_zone":
		if !timezone {
			return false, nil
		}
		var name string
		if name, err = p.str(m); err == nil {
			var zerr *dsl.Error
			if s.zone, zerr = dsl.ParseTimeZone(name); zerr != nil {
				err = p.failed(m, &apierr.Error{Status: zerr.Status, Type: zerr.Type, Reason: zerr.Reason})
			}
		}
	default:
		return false, nil
	}
	return true, err
}

// valueTypes are the value_type names ValueType.lenientParse accepts.
var valueTypes = map[string]vsType{
	"string": vsBytes, "long": vsNumeric, "integer": vsNumeric, "short": vsNumeric, "byte": vsNumeric,
	"double": vsNumeric, "float": vsNumeric, "number": vsNumeric, "numeric": vsNumeric,
	"date": vsDate, "boolean": vsBoolean, "ip": vsIP, "unsigned_long": vsNumeric,
}

// values is a source resolved on one shard: its type, format and readers.
type values struct {
	typ       vsType
	fieldType string // the mapped type ("" when unmapped)
	unmapped  bool   // no field and no missing value: no document has a value
	isDouble  bool   // numeric values are stored as doubles
	format    docFormat

	// Exactly one reader family is set, by typ and isDouble.
	dict   []string            // keyword dictionary (ordinal -> term)
	ords   *shard.OrdColumn    // keyword ordinals
	longs  *shard.LongColumn   // integer-like values (dates, booleans)
	floats *shard.DoubleColumn // double values

	// The missing value, applied to documents without one.
	hasMissing bool
	missingOrd uint32 // keyword: the ordinal of the missing term (maybe past dict)
	missingStr string
	missingNum float64
	// constant marks an unmapped field with a missing value: every
	// document has exactly the missing value.
	constant bool
	// unsigned marks unsigned_long values, stored with their sign bit
	// flipped (mapping.EncodeUnsigned); nanos marks date_nanos values,
	// which aggregations read as milliseconds.
	unsigned, nanos bool

	scratch []int64 // reused by doubles

	// script runs on each value (a value script) or on each document
	// (scriptOnly); score is the current document's score.
	script     ScriptFunc
	scriptOnly bool
	score      float32
	env        *shardEnv
	items      []any
	ordBuf     []uint32
	fbuf       []float64
}

// typeName is the mapped type as error messages print it.
func (v *values) typeName() string { return v.fieldType }

// resolve binds a source to a shard, as ValuesSourceConfig.resolve does:
// def is the type an unmapped field takes without a value_type, supported
// the types the aggregation accepts.
func (s *source) resolve(env *shardEnv, aggType string, def vsType, supported ...vsType) (*values, *apierr.Error) {
	if s.field == "" && s.script == nil {
		return nil, apierr.IllegalArgument("Required one of fields [field, script], but none were specified.")
	}
	var fn ScriptFunc
	if s.script != nil {
		if env.script == nil {
			return nil, apierr.Unsupported("scripts in aggregation [" + aggType + "]")
		}
		var err *apierr.Error
		if fn, err = env.script(s.script); err != nil {
			return nil, err
		}
	}
	if s.field == "" {
		// Script values: the type is value_type's, or the aggregation's.
		v := &values{typ: def, script: fn, scriptOnly: true}
		if s.valueType != 0 {
			v.typ = s.valueType
		}
		v.isDouble = v.typ == vsNumeric
		fm, err := s.unmappedFormat(v.typ)
		v.format = fm
		return v, err
	}
	v, err := s.resolveField(env, aggType, def, supported...)
	if err != nil || fn == nil || v.unmapped || v.constant {
		return v, err
	}
	// A value script: each value of the field goes through it; numeric
	// values come out as doubles.
	v.script = fn
	if v.typ == vsNumeric {
		v.isDouble = true
	}
	return v, nil
}

// resolveField binds a field source (no script).
func (s *source) resolveField(env *shardEnv, aggType string, def vsType, supported ...vsType) (*values, *apierr.Error) {
	v := &values{}
	switch s.field {
	case "_index":
		// Every document of the shard has its index name.
		v.typ, v.fieldType, v.constant, v.hasMissing, v.missingStr = vsBytes, "_index", true, true, env.index
		if !typeIn(vsBytes, supported) {
			return nil, apierr.IllegalArgument("Field [_index] of type [_index] is not supported for aggregation [%s]", aggType)
		}
		return v, nil
	}
	f := env.field(s.field)
	if f == nil || f.IsObject() {
		v.typ = def
		if s.valueType != 0 {
			v.typ = s.valueType
		}
		fmtv, err := s.unmappedFormat(v.typ)
		if err != nil {
			return nil, err
		}
		v.format = fmtv
		if s.missing == nil {
			v.unmapped = true
			return v, nil
		}
		v.constant = true
		return v, v.setMissing(s.missing, env)
	}
	v.fieldType = f.Type
	switch f.Type {
	case mapping.TypeKeyword:
		v.typ = vsBytes
	case mapping.TypeLong, mapping.TypeInteger, mapping.TypeShort, mapping.TypeByte:
		v.typ = vsNumeric
	case mapping.TypeDouble, mapping.TypeFloat, mapping.TypeScaledFloat, mapping.TypeHalfFloat:
		v.typ, v.isDouble = vsNumeric, true
	case mapping.TypeTokenCount:
		v.typ = vsNumeric
	case mapping.TypeUnsignedLong:
		v.typ, v.unsigned = vsNumeric, true
	case mapping.TypeDate:
		v.typ = vsDate
	case mapping.TypeDateNanos:
		v.typ, v.nanos = vsDate, true
	case mapping.TypeIP:
		v.typ = vsIP
	case mapping.TypeWildcard:
		v.typ = vsBytes
	case mapping.TypeConstantKeyword:
		// Every document holds the mapped value (none when it has none).
		v.typ = vsBytes
		if !typeIn(v.typ, supported) {
			return nil, apierr.IllegalArgument("Field [%s] of type [%s] is not supported for aggregation [%s]", s.field, f.Type, aggType)
		}
		if c := f.ConstantValue(); c != "" {
			v.constant, v.hasMissing, v.missingStr = true, true, c
		} else {
			v.unmapped = true
		}
		return v, nil
	case mapping.TypeBoolean:
		v.typ = vsBoolean
	case mapping.TypeText:
		if fd, _ := f.Params["fielddata"].(bool); !fd {
			return nil, apierr.IllegalArgument("Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [%s] in order to load field data by uninverting the inverted index. Note that this can use significant memory.", s.field)
		}
		v.typ = vsBytes
		if !typeIn(v.typ, supported) {
			return nil, apierr.IllegalArgument("Field [%s] of type [%s] is not supported for aggregation [%s]", s.field, f.Type, aggType)
		}
		v.ords = uninvert(env, f.Path)
		v.dict = v.ords.Dict
		if s.missing != nil {
			return v, v.setMissing(s.missing, env)
		}
		return v, nil
	default:
		return nil, apierr.IllegalArgument("Field [%s] of type [%s] is not supported for aggregation [%s]", s.field, f.Type, aggType)
	}
	if !typeIn(v.typ, supported) {
		return nil, apierr.IllegalArgument("Field [%s] of type [%s] is not supported for aggregation [%s]", s.field, f.Type, aggType)
	}
	switch v.typ {
	case vsBytes, vsIP:
		if s.format != "" {
			return nil, apierr.IllegalArgument("Field [%s] of type [%s] does not support custom formats", s.field, f.Type)
		}
		v.ords = env.r.OrdColumn(f.Path)
		v.dict = v.ords.Dict
		if v.typ == vsIP {
			v.format = docFormat{kind: fmtIP}
		}
	case vsBoolean:
		if s.format != "" {
			return nil, apierr.IllegalArgument("Field [%s] of type [%s] does not support custom formats", s.field, f.Type)
		}
		v.format = docFormat{kind: fmtBool}
		v.longs = env.r.LongColumn(f.Path)
	case vsDate:
		spec := s.format
		if spec == "" {
			spec = f.DateFormat()
		}
		if v.nanos {
			// Aggregations read date_nanos in milliseconds; the nanosecond
			// printer shows at least three fraction digits, which for whole
			// milliseconds is the millisecond printer's output.
			spec = strings.Replace(spec, "strict_date_optional_time_nanos", "strict_date_optional_time", 1)
		}
		fm, err := dateFormat(spec, s.zone)
		if err != nil {
			return nil, err
		}
		v.format = fm
		v.longs = env.r.LongColumn(f.Path)
	default:
		if s.format != "" {
			v.format = docFormat{kind: fmtDecimal, pattern: s.format}
		} else if v.unsigned {
			v.format = docFormat{kind: fmtUnsigned}
		}
		if v.isDouble {
			v.floats = env.r.DoubleColumn(f.Path)
		} else {
			v.longs = env.r.LongColumn(f.Path)
		}
	}
	if s.missing != nil {
		return v, v.setMissing(s.missing, env)
	}
	return v, nil
}

func typeIn(t vsType, list []vsType) bool {
	for _, x := range list {
		if x == t {
			return true
		}
	}
	return false
}

// unmappedFormat is the format an unmapped field takes for its type.
func (s *source) unmappedFormat(t vsType) (docFormat, *apierr.Error) {
	switch t {
	case vsDate:
		spec := s.format
		if spec == "" {
			spec = mapping.DefaultDateFormat
		}
		return dateFormat(spec, s.zone)
	case vsBoolean:
		return docFormat{kind: fmtBool}, nil
	case vsNumeric:
		if s.format != "" {
			return docFormat{kind: fmtDecimal, pattern: s.format}, nil
		}
	}
	return rawFormat, nil
}

// setMissing parses the missing value for the source's type.
func (v *values) setMissing(m *xcontent.Value, env *shardEnv) *apierr.Error {
	v.hasMissing = true
	text := m.Text()
	switch v.typ {
	case vsIP:
		a, ok := mapping.ParseIP(text)
		if !ok {
			return apierr.IllegalArgument("%s", mapping.NotIPReason(text))
		}
		v.missingStr = mapping.EncodeIP(a)
		v.missingOrd = uint32(len(v.dict))
		for i, t := range v.dict {
			if t == v.missingStr {
				v.missingOrd = uint32(i)
				break
			}
		}
	case vsBytes:
		v.missingStr = text
		v.missingOrd = uint32(len(v.dict))
		for i, t := range v.dict {
			if t == text {
				v.missingOrd = uint32(i)
				break
			}
		}
	case vsDate:
		if m.Kind == xcontent.Number {
			f, _ := m.Float64()
			v.missingNum = f
			return nil
		}
		n, err := v.format.parseDouble(text, false, env.now)
		if err != nil {
			return err
		}
		v.missingNum = n
	case vsBoolean:
		switch {
		case m.Kind == xcontent.Bool && m.Bool, text == "true":
			v.missingNum = 1
		case m.Kind == xcontent.Bool, text == "false":
			v.missingNum = 0
		default:
			return apierr.IllegalArgument("Failed to parse value [%s] as only [true] or [false] are allowed.", text)
		}
	default:
		f, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return numberFormat(text)
		}
		v.missingNum = f
	}
	return nil
}

// ordinals reports whether the values are terms read by ordinal (keyword
// and ip fields).
func (v *values) ordinals() bool { return v.typ == vsBytes || v.typ == vsIP }

// numeric reports whether the values are numbers (numeric, date, boolean).
func (v *values) numeric() bool { return v.typ == vsNumeric || v.typ == vsDate || v.typ == vsBoolean }

// doubles appends a slot's values as doubles (the missing value when it
// has none): what metric aggregations read.
func (v *values) doubles(slot int32, dst []float64) []float64 {
	dst = dst[:0]
	if v.script != nil {
		return v.scriptDoubles(slot, dst)
	}
	switch {
	case v.constant:
		return append(dst, v.missingNum)
	case v.unmapped:
		return dst
	case v.floats != nil:
		dst = v.floats.Append(dst, slot)
		if len(dst) > 1 {
			slices.Sort(dst) // SortedNumericDocValues order
		}
	case v.longs != nil:
		v.scratch = v.longs.Append(v.scratch[:0], slot)
		if len(v.scratch) > 1 {
			slices.Sort(v.scratch)
		}
		for _, n := range v.scratch {
			dst = append(dst, v.long(n))
		}
	}
	if len(dst) == 0 && v.hasMissing {
		dst = append(dst, v.missingNum)
	}
	return dst
}

// singleValued reports whether every document has at most one value, so
// single may be used.
func (v *values) singleValued() bool {
	switch {
	case v.script != nil:
		return false
	case v.constant || v.unmapped:
		return true
	case v.floats != nil:
		return !v.floats.Multi
	case v.longs != nil:
		return !v.longs.Multi
	}
	return false
}

// single reads a slot's one value as a double (the missing value when it
// has none); only for singleValued sources.
func (v *values) single(slot int32) (float64, bool) {
	switch {
	case v.constant:
		return v.missingNum, true
	case v.floats != nil:
		if x, ok := v.floats.Single(slot); ok {
			return x, true
		}
	case v.longs != nil:
		if n, ok := v.longs.Single(slot); ok {
			return v.long(n), true
		}
	}
	return v.missingNum, v.hasMissing
}

// scriptResults runs the script on a document (with _value for a value
// script) and appends its results, a collection's elements or the value.
func (v *values) scriptResults(slot int32, value any, dst []any) []any {
	out, err := v.script(slot, v.score, value)
	if err != nil {
		v.env.fail(err)
		return dst
	}
	if out == nil {
		return dst
	}
	if painless.SelfReferencing(out) {
		what := "ScriptDoubleValues value"
		if !v.numeric() {
			what = "ScriptBytesValues value"
		}
		v.env.fail(apierr.IllegalArgument("Iterable object is self-referencing itself (%s)", what))
		return dst
	}
	return append(dst, painless.FieldValues(out)...)
}

// scriptDoubles is doubles for a source with a script.
func (v *values) scriptDoubles(slot int32, dst []float64) []float64 {
	v.items = v.items[:0]
	if v.scriptOnly {
		v.items = v.scriptResults(slot, nil, v.items)
	} else {
		switch {
		case v.floats != nil:
			v.fbuf = v.floats.Append(v.fbuf[:0], slot)
			for _, x := range v.fbuf {
				v.items = v.scriptResults(slot, x, v.items)
			}
		case v.longs != nil:
			v.scratch = v.longs.Append(v.scratch[:0], slot)
			for _, n := range v.scratch {
				v.items = v.scriptResults(slot, n, v.items)
			}
		}
	}
	for _, it := range v.items {
		x, ok := painless.ToDouble(it)
		if !ok {
			v.env.fail(aggExec("Unsupported script value [%s], expected a number, date, or boolean", painless.ToJavaString(it)))
			continue
		}
		dst = append(dst, x)
	}
	slices.Sort(dst)
	return dst
}

// strings appends a document's values as strings: for a keyword field its
// terms (through a value script), for a script its results.
func (v *values) strings(slot int32, dst []string) []string {
	dst = dst[:0]
	v.items = v.items[:0]
	if v.scriptOnly {
		v.items = v.scriptResults(slot, nil, v.items)
	} else if v.ords != nil {
		v.ordBuf = dedupOrds(v.ords.Append(v.ordBuf[:0], slot))
		for _, o := range v.ordBuf {
			v.items = v.scriptResults(slot, v.dict[o], v.items)
		}
	}
	for _, it := range v.items {
		dst = append(dst, painless.ToJavaString(it))
	}
	slices.Sort(dst)
	return slices.Compact(dst)
}

// long is the number a stored long stands for: unsigned_long values
// decoded, date_nanos values in milliseconds.
func (v *values) long(n int64) float64 {
	switch {
	case v.unsigned:
		return float64(mapping.DecodeUnsigned(n))
	case v.nanos:
		return float64(floorDiv(n, 1_000_000))
	}
	return float64(n)
}
