package aggs

import (
	"slices"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
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
	// script is the value script's source (not supported yet).
	script *xcontent.Value
}

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
		v := m.Value
		s.script = &v
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
	"date": vsDate, "boolean": vsBoolean, "ip": vsIP,
}

// values is a source resolved on one shard: its type, format and readers.
type values struct {
	typ       vsType
	fieldType string // the mapped type ("" when unmapped)
	unmapped  bool   // no field and no missing value: no document has a value
	isDouble  bool   // numeric values are stored as doubles
	format    docFormat

	// Exactly one reader family is set, by typ and isDouble.
	dict   []string                                  // keyword dictionary (ordinal -> term)
	ords   func(slot int32, dst []uint32) []uint32   // keyword ordinals of a slot
	longs  func(slot int32, dst []int64) []int64     // integer-like values (dates, booleans)
	floats func(slot int32, dst []float64) []float64 // double values

	// The missing value, applied to documents without one.
	hasMissing bool
	missingOrd uint32 // keyword: the ordinal of the missing term (maybe past dict)
	missingStr string
	missingNum float64
	// constant marks an unmapped field with a missing value: every
	// document has exactly the missing value.
	constant bool

	scratch []int64 // reused by doubles
}

// typeName is the mapped type as error messages print it.
func (v *values) typeName() string { return v.fieldType }

// resolve binds a source to a shard, as ValuesSourceConfig.resolve does:
// def is the type an unmapped field takes without a value_type, supported
// the types the aggregation accepts.
func (s *source) resolve(env *shardEnv, aggType string, def vsType, supported ...vsType) (*values, *apierr.Error) {
	if s.script != nil {
		return nil, apierr.Unsupported("scripts in aggregation [" + aggType + "]")
	}
	if s.field == "" {
		return nil, apierr.IllegalArgument("Required one of fields [field, script], but none were specified.")
	}
	f := env.field(s.field)
	v := &values{}
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
	case mapping.TypeDouble, mapping.TypeFloat:
		v.typ, v.isDouble = vsNumeric, true
	case mapping.TypeDate:
		v.typ = vsDate
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
		v.dict, v.ords = uninvert(env, f.Path)
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
	case vsBytes:
		if s.format != "" {
			return nil, apierr.IllegalArgument("Field [%s] of type [%s] does not support custom formats", s.field, f.Type)
		}
		v.dict, v.ords = env.r.KeywordOrds(f.Path)
	case vsBoolean:
		if s.format != "" {
			return nil, apierr.IllegalArgument("Field [%s] of type [%s] does not support custom formats", s.field, f.Type)
		}
		v.format = docFormat{kind: fmtBool}
		v.longs = env.r.LongValues(f.Path)
	case vsDate:
		spec := s.format
		if spec == "" {
			spec = f.DateFormat()
		}
		fm, err := dateFormat(spec, s.zone)
		if err != nil {
			return nil, err
		}
		v.format = fm
		v.longs = env.r.LongValues(f.Path)
	default:
		if s.format != "" {
			v.format = docFormat{kind: fmtDecimal, pattern: s.format}
		}
		if v.isDouble {
			v.floats = env.r.DoubleValues(f.Path)
		} else {
			v.longs = env.r.LongValues(f.Path)
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
	case vsBytes, vsIP:
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

// numeric reports whether the values are numbers (numeric, date, boolean).
func (v *values) numeric() bool { return v.typ == vsNumeric || v.typ == vsDate || v.typ == vsBoolean }

// doubles appends a slot's values as doubles (the missing value when it
// has none): what metric aggregations read.
func (v *values) doubles(slot int32, dst []float64) []float64 {
	dst = dst[:0]
	switch {
	case v.constant:
		return append(dst, v.missingNum)
	case v.unmapped:
		return dst
	case v.floats != nil:
		dst = v.floats(slot, dst)
		if len(dst) > 1 {
			slices.Sort(dst) // SortedNumericDocValues order
		}
	case v.longs != nil:
		v.scratch = v.longs(slot, v.scratch[:0])
		if len(v.scratch) > 1 {
			slices.Sort(v.scratch)
		}
		for _, n := range v.scratch {
			dst = append(dst, float64(n))
		}
	}
	if len(dst) == 0 && v.hasMissing {
		dst = append(dst, v.missingNum)
	}
	return dst
}
