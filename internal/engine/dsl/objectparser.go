package dsl

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// This file mirrors OpenSearch's ObjectParser, which some query builders use
// instead of a hand-written loop. Its failures are x_content_parse_exception
// with "[L:C] [parser] ..." reasons.

// kinds is a set of accepted value kinds (ObjectParser.ValueType).
type kinds uint8

func kindSet(ks ...xcontent.Kind) kinds {
	var s kinds
	for _, k := range ks {
		s |= 1 << k
	}
	return s
}

var (
	vtString            = kindSet(xcontent.String)
	vtFloat             = kindSet(xcontent.Number, xcontent.String)
	vtBoolean           = kindSet(xcontent.Bool, xcontent.String)
	vtValue             = kindSet(xcontent.Bool, xcontent.Null, xcontent.Number, xcontent.String)
	vtStringArray       = kindSet(xcontent.Array, xcontent.String)
	vtObjectArrayOrNull = kindSet(xcontent.Object, xcontent.Array, xcontent.Null)
)

// opField is one declared field: its names (the preferred one first, then
// deprecated ones), the value kinds it takes, and how to read it into the
// query being built (target). Tables of opField are constant.
type opField struct {
	names []string
	kinds kinds
	parse func(target Query, v *xcontent.Value) *Error
}

// objectParseAt runs ObjectParser.parse over obj into target; fields with
// no parse function are read by hook. It also says where the parser stood
// when it failed, for builders that rewrap the failure with that location.
func objectParseAt(parser string, obj *xcontent.Value, fields []opField, target Query, hook func(*opField, *xcontent.Value) *Error) (*Error, int, int) {
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		f := findField(fields, m.Key)
		if f == nil {
			var names []string
			for _, fd := range fields {
				names = append(names, fd.names...)
			}
			// The key is reported, but the parser already stands on the value.
			return xParse(m.Line, m.Col, "["+parser+"] unknown field ["+m.Key+"]"+suggest(m.Key, names), nil).At(v.Line, v.Col), v.Line, v.Col
		}
		if f.kinds&(1<<v.Kind) == 0 {
			return xParse(v.Line, v.Col, "["+parser+"] "+m.Key+" doesn't support values of type: "+v.Token(), nil), v.Line, v.Col
		}
		var err *Error
		if f.parse != nil {
			err = f.parse(target, v)
		} else {
			err = hook(f, v)
		}
		if err != nil {
			line, col := errorLocation(err, v)
			return xParse(line, col, "["+parser+"] failed to parse field ["+m.Key+"]", err).At(line, col), line, col
		}
	}
	return nil, 0, 0
}

// wrapObjectParse is what match_all and ids do with an ObjectParser failure:
// rethrow it as a parsing_exception where the parser stood.
func wrapObjectParse(err *Error, line, col int) *Error {
	return &Error{Type: "parsing_exception", Reason: err.Reason, Line: line, Col: col, CausedBy: err, Status: 400}
}

func findField(fields []opField, key string) *opField {
	for i := range fields {
		for _, n := range fields[i].names {
			if n == key {
				return &fields[i]
			}
		}
	}
	return nil
}

// errorLocation is where the parser stood when err was raised: its
// recorded position, else the start of v (the value being read).
func errorLocation(err *Error, v *xcontent.Value) (int, int) {
	if line, col := err.Pos(); line > 0 {
		return line, col
	}
	return v.Line, v.Col
}

// Standard fields: boost and _name (AbstractQueryBuilder.declareStandardFields).
var (
	boostField = opField{names: []string{"boost"}, kinds: vtFloat, parse: func(q Query, v *xcontent.Value) *Error {
		return optFloat(&q.Common().Boost, v)
	}}
	nameField = opField{names: []string{"_name"}, kinds: vtString, parse: func(q Query, v *xcontent.Value) *Error {
		q.Common().Name = v.Str
		return nil
	}}
	standardFields = []opField{boostField, nameField}
)
