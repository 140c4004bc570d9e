package templates

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// This file reads the bodies of the put APIs the way their ObjectParsers
// do: unknown keys are x_content_parse_exception "[L:C] [parser] unknown
// field [key]", a failure inside a field is rewrapped as "[parser] failed
// to parse field [key]", and missing constructor arguments are
// illegal_argument_exception "Required [key]".

// parseBody reads a request body into positioned values.
func parseBody(body []byte) (*xcontent.Value, *apierr.Error) {
	v, err := xcontent.Parse(body)
	if err != nil {
		if xe, ok := err.(*xcontent.Error); ok {
			return nil, apierr.FromXContent(xe)
		}
		return nil, apierr.New(apierr.TypeJSONParse, err.Error())
	}
	return v, nil
}

// parseRootObject reads a request body that must be an object, as parser.
func parseRootObject(body []byte, parser string) (*xcontent.Value, *apierr.Error) {
	root, err := parseBody(body)
	if err != nil {
		return nil, err
	}
	if xe := expectObject(parser, root); xe != nil {
		return nil, xerr(xe)
	}
	return root, nil
}

// xerr converts a positioned parse failure to the API error.
func xerr(e *xcontent.Error) *apierr.Error { return apierr.FromXContent(e) }

func unknownField(parser string, m *xcontent.Member) *xcontent.Error {
	return xcontent.ParseError(m.Line, m.Col, "["+parser+"] unknown field ["+m.Key+"]", nil)
}

// wrapField is ObjectParser's rethrow of a failure inside a field.
func wrapField(parser string, m *xcontent.Member, cause *xcontent.Error) *xcontent.Error {
	line, col := cause.Pos()
	if line == 0 {
		line, col = m.Value.Line, m.Value.Col
	}
	return xcontent.ParseError(line, col, "["+parser+"] failed to parse field ["+m.Key+"]", cause).At(line, col)
}

func wrongType(parser string, m *xcontent.Member) *xcontent.Error {
	v := &m.Value
	return xcontent.ParseError(v.Line, v.Col, "["+parser+"] "+m.Key+" doesn't support values of type: "+v.Token(), nil)
}

func expectObject(parser string, v *xcontent.Value) *xcontent.Error {
	if v.Kind == xcontent.Object {
		return nil
	}
	return xcontent.ParseError(v.Line, v.Col, "["+parser+"] Expected START_OBJECT but was: "+v.Token(), nil)
}

// stringArray reads a STRING_ARRAY field: an array of values, or one string.
func stringArray(parser string, m *xcontent.Member) ([]string, *xcontent.Error) {
	v := &m.Value
	switch v.Kind {
	case xcontent.String:
		return []string{v.Str}, nil
	case xcontent.Array:
		out := make([]string, 0, len(v.Items))
		for i := range v.Items {
			it := &v.Items[i]
			if !it.IsScalar() || it.Kind == xcontent.Null {
				return nil, wrapField(parser, m, xcontent.ParseError(it.Line, it.Col, "["+parser+"] "+m.Key+" doesn't support values of type: "+it.Token(), nil))
			}
			out = append(out, it.Text())
		}
		return out, nil
	}
	return nil, wrongType(parser, m)
}

// longField reads a LONG field (a number or a numeric string).
func longField(parser string, m *xcontent.Member) (*int64, *xcontent.Error) {
	v := &m.Value
	if v.Kind != xcontent.Number && v.Kind != xcontent.String {
		return nil, wrongType(parser, m)
	}
	n, err := strconv.ParseInt(v.Text(), 10, 64)
	if err != nil {
		if f, ok := v.Float64(); ok && v.Kind == xcontent.Number {
			n = int64(f) // parser.longValue() truncates a decimal
		} else {
			cause := &xcontent.Error{Type: apierr.TypeNumberFormat, Reason: "For input string: \"" + v.Text() + "\"", Status: 400}
			return nil, wrapField(parser, m, cause.At(v.Line, v.Col))
		}
	}
	return &n, nil
}

// plain converts a positioned value to the decoded form (jsonout.Object,
// []any, json.Number...) the settings, mapping and alias readers take.
func plain(v *xcontent.Value) any {
	out, err := jsonout.Decode(v.AppendJSON(nil))
	if err != nil {
		return nil // AppendJSON writes valid JSON; unreachable
	}
	return out
}

// ParseComposable reads a composable index template body.
func ParseComposable(body []byte) (*Composable, *apierr.Error) {
	const p = "index_template"
	root, err := parseRootObject(body, p)
	if err != nil {
		return nil, err
	}
	c := &Composable{}
	seenPatterns := false
	for i := range root.Members {
		m := &root.Members[i]
		var xe *xcontent.Error
		switch m.Key {
		case "index_patterns":
			c.IndexPatterns, xe = stringArray(p, m)
			seenPatterns = true
		case "template":
			c.Template, xe = templateField(p, m)
		case "composed_of":
			c.ComposedOf, xe = stringArray(p, m)
			if c.ComposedOf == nil && xe == nil {
				c.ComposedOf = []string{}
			}
		case "priority":
			c.Priority, xe = longField(p, m)
		case "version":
			c.Version, xe = longField(p, m)
		case "_meta":
			c.Meta, xe = metaField(p, m)
		case "data_stream":
			if m.Value.Kind != xcontent.Object {
				xe = wrongType(p, m)
				break
			}
			c.DataStream = parseDataStream(&m.Value)
		default:
			xe = unknownField(p, m)
		}
		if xe != nil {
			return nil, xerr(xe)
		}
	}
	if !seenPatterns {
		return nil, apierr.IllegalArgument("Required [index_patterns]")
	}
	return c, nil
}

// templateField reads the template field of a composable or component
// template body.
func templateField(parser string, m *xcontent.Member) (*Template, *xcontent.Error) {
	if m.Value.Kind != xcontent.Object {
		return nil, wrongType(parser, m)
	}
	t, xe := parseTemplate(&m.Value)
	if xe != nil {
		return nil, wrapField(parser, m, xe)
	}
	return t, nil
}

// metaField reads a _meta object, kept as sent.
func metaField(parser string, m *xcontent.Member) (jsonout.Object, *xcontent.Error) {
	if m.Value.Kind != xcontent.Object {
		return nil, wrongType(parser, m)
	}
	meta, _ := plain(&m.Value).(jsonout.Object)
	return meta, nil
}

// parseDataStream reads data_stream: its parser ignores unknown keys.
func parseDataStream(v *xcontent.Value) *DataStream {
	ds := &DataStream{TimestampField: "@timestamp"}
	if tf := v.Get("timestamp_field"); tf != nil && tf.Kind == xcontent.Object {
		if n := tf.Get("name"); n != nil && n.Kind == xcontent.String {
			ds.TimestampField = n.Str
		}
	}
	return ds
}

// parseTemplate reads the template section (settings, mappings, aliases).
func parseTemplate(v *xcontent.Value) (*Template, *xcontent.Error) {
	const p = "template"
	t := &Template{}
	for i := range v.Members {
		m := &v.Members[i]
		switch m.Key {
		case "settings":
			if m.Value.Kind != xcontent.Object {
				return nil, wrongType(p, m)
			}
			obj, _ := plain(&m.Value).(jsonout.Object)
			s, err := settings.Flatten(obj)
			if err != nil {
				return nil, wrapField(p, m, &xcontent.Error{Type: apierr.TypeIllegalArgument, Reason: err.Error(), Status: 400})
			}
			t.Settings = s
		case "mappings":
			if m.Value.Kind != xcontent.Object {
				return nil, wrongType(p, m)
			}
			if obj, _ := plain(&m.Value).(jsonout.Object); len(obj) > 0 {
				t.Mappings = obj
			}
		case "aliases":
			if m.Value.Kind != xcontent.Object {
				return nil, wrongType(p, m)
			}
			t.Aliases = []NamedAlias{}
			for j := range m.Value.Members {
				am := &m.Value.Members[j]
				a, aerr := indices.ParseAlias(plain(&am.Value))
				if aerr != nil {
					return nil, wrapField(p, m, &xcontent.Error{Type: aerr.Type, Reason: aerr.Reason, Status: aerr.Status})
				}
				t.Aliases = append(t.Aliases, NamedAlias{Name: am.Key, Alias: a})
			}
			t.Aliases = hashOrderAliases(t.Aliases)
		default:
			return nil, unknownField(p, m)
		}
	}
	return t, nil
}

// ParseComponent reads a component template body.
func ParseComponent(body []byte) (*Component, *apierr.Error) {
	const p = "component_template"
	root, err := parseRootObject(body, p)
	if err != nil {
		return nil, err
	}
	c := &Component{}
	seen := false
	for i := range root.Members {
		m := &root.Members[i]
		var xe *xcontent.Error
		switch m.Key {
		case "template":
			var t *Template
			if t, xe = templateField(p, m); xe == nil {
				c.Template, seen = *t, true
			}
		case "version":
			c.Version, xe = longField(p, m)
		case "_meta":
			c.Meta, xe = metaField(p, m)
		default:
			xe = unknownField(p, m)
		}
		if xe != nil {
			return nil, xerr(xe)
		}
	}
	if !seen {
		return nil, apierr.IllegalArgument("Required [template]")
	}
	return c, nil
}
