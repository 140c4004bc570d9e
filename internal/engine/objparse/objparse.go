// Package objparse reads request bodies the way OpenSearch's ObjectParser
// does for the update, reindex and by-query APIs: unknown fields and wrong
// value types are x_content_parse_exception "[L:C] [<parser>] ..." errors.
// It also holds the value readers those parsers share (booleanValue,
// longValue) and the _source selection (FetchSourceContext).
//
//	err := objparse.Parse("UpdateRequest", body, []objparse.Field{
//		{Names: []string{"doc"}, Kinds: objparse.Object, Parse: func(v *xcontent.Value) *apierr.Error { ... }},
//	})
package objparse

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Value kinds a Field accepts, as a bit set of xcontent kinds.
const (
	Object  = 1 << xcontent.Object
	Array   = 1 << xcontent.Array
	String  = 1 << xcontent.String
	Number  = 1 << xcontent.Number
	Bool    = 1 << xcontent.Bool
	Null    = 1 << xcontent.Null
	Boolean = Bool | String   // ValueType.BOOLEAN
	Long    = Number | String // ValueType.LONG / INT
)

// Field is one declared field of an object parser.
type Field struct {
	// Names holds the preferred name first, then deprecated ones.
	Names []string
	// Kinds is the set of value kinds the field accepts.
	Kinds int
	// Parse reads the value; its error becomes the cause of a
	// "failed to parse field" error.
	Parse func(v *xcontent.Value) *apierr.Error
}

// xParseErr is an x_content_parse_exception with the "[L:C] " prefix.
func xParseErr(line, col int, msg string, cause *apierr.Error) *apierr.Error {
	e := apierr.New(apierr.TypeXContentParse, xcontent.Loc(line, col)+" "+msg)
	e.Cause = cause
	return e
}

// Parse runs an ObjectParser named parser over obj.
func Parse(parser string, obj *xcontent.Value, fields []Field) *apierr.Error {
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		var f *Field
		for j := range fields {
			for _, n := range fields[j].Names {
				if n == m.Key {
					f = &fields[j]
				}
			}
		}
		if f == nil {
			var names []string
			for _, fd := range fields {
				names = append(names, fd.Names...)
			}
			return xParseErr(m.Line, m.Col, "["+parser+"] unknown field ["+m.Key+"]"+dsl.DidYouMean(m.Key, names), nil)
		}
		if f.Kinds&(1<<v.Kind) == 0 {
			return xParseErr(v.Line, v.Col, "["+parser+"] "+m.Key+" doesn't support values of type: "+v.Token(), nil)
		}
		if err := f.Parse(v); err != nil {
			line, col := failLocation(err, v)
			return xParseErr(line, col, "["+parser+"] failed to parse field ["+m.Key+"]", err)
		}
	}
	return nil
}

// failLocation is where the parser stood when err was raised: where a nested
// parser failed (its "[L:C]"), else on the value's last token.
func failLocation(err *apierr.Error, v *xcontent.Value) (int, int) {
	if err.Type == apierr.TypeXContentParse && strings.HasPrefix(err.Reason, "[") {
		if end := strings.IndexByte(err.Reason, ']'); end > 0 {
			if l, c, ok := strings.Cut(err.Reason[1:end], ":"); ok {
				line, e1 := strconv.Atoi(l)
				col, e2 := strconv.Atoi(c)
				if e1 == nil && e2 == nil {
					return line, col
				}
			}
		}
	}
	if v.IsScalar() {
		return v.Line, v.Col
	}
	return v.EndLine, v.EndCol
}

// BoolValue is XContentParser.booleanValue: true/false or their strings.
func BoolValue(v *xcontent.Value) (bool, *apierr.Error) {
	if v.Kind == xcontent.Bool {
		return v.Bool, nil
	}
	switch v.Str {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, apierr.IllegalArgument("Failed to parse value [%s] as only [true] or [false] are allowed.", v.Str)
}

// LongValue is XContentParser.longValue (numbers, or strings holding one).
func LongValue(v *xcontent.Value) (int64, *apierr.Error) {
	if n, ok := v.Int64(); ok {
		return n, nil
	}
	if v.Kind == xcontent.Number {
		if f, ok := v.Float64(); ok && f == float64(int64(f)) {
			return int64(f), nil
		}
	}
	n, err := strconv.ParseInt(v.Str, 10, 64)
	if err != nil {
		return 0, apierr.New(apierr.TypeNumberFormat, "For input string: \""+v.Text()+"\"")
	}
	return n, nil
}
