package dsl

import "github.com/clustersearch/clustersearch-go/internal/engine/xcontent"

// This file reads the options of the match family (match, match_phrase,
// match_phrase_prefix, multi_match, query_string, simple_query_string) in
// one place: each builder lists which options it takes and where each one
// goes, and the destination's type says how the value is read.

// textOpt is one option of a match-family query: its name and the field it
// fills. dst is one of the pointer types textOpt.read handles.
type textOpt struct {
	name string
	dst  any
}

// multiMatchTypeOf is a destination for "type" (MultiMatchQueryBuilder.Type
// names, deprecated ones mapped to the preferred).
type multiMatchTypeOf struct{ p *string }

// read reads v into the option's field.
func (o textOpt) read(v *xcontent.Value) *Error {
	var err *Error
	switch d := o.dst.(type) {
	case **xcontent.Value: // the query text, read later
		*d = v
	case *string:
		*d = v.Text()
	case *int:
		err = optInt(d, v)
	case *float32:
		err = optFloat(d, v)
	case **float32:
		var f float32
		if err = optFloat(&f, v); err == nil {
			*d = &f
		}
	case *bool:
		err = optBool(d, v)
	case **bool:
		var b bool
		if err = optBool(&b, v); err == nil {
			*d = &b
		}
	case *Fuzziness:
		*d, err = ParseFuzziness(v)
	case **Fuzziness:
		var f Fuzziness
		if f, err = ParseFuzziness(v); err == nil {
			*d = &f
		}
	case *Operator:
		*d, err = parseOperator(v)
	case *ZeroTerms:
		*d, err = parseZeroTerms(v)
	case *SimpleFlags:
		err = readSimpleFlags(d, v)
	case multiMatchTypeOf:
		*d.p, err = parseMultiMatchType(v)
	default:
		panic("dsl: no reader for the option " + o.name)
	}
	return err
}

// readTextOpts reads obj's members into opts. special, when set, sees each
// member first and may take it (done); then a member whose value is not a
// scalar is "[query] unknown token", and one no option names is what
// unknown says.
func readTextOpts(query string, obj *xcontent.Value, opts []textOpt, special func(m *xcontent.Member) (done bool, err *Error),
	unknown func(query, key string, v *xcontent.Value) *Error) *Error {
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		if special != nil {
			if done, err := special(m); err != nil || done {
				if err != nil {
					return err
				}
				continue
			}
		}
		if !isValue(v) {
			return unknownToken(query, m.Key, v)
		}
		o := findTextOpt(opts, m.Key)
		if o == nil {
			return unknown(query, m.Key, v)
		}
		if err := o.read(v); err != nil {
			return err
		}
	}
	return nil
}

// findTextOpt is the option named name; entries without a destination
// stand for no option.
func findTextOpt(opts []textOpt, name string) *textOpt {
	for i := range opts {
		if opts[i].name == name && opts[i].dst != nil {
			return &opts[i]
		}
	}
	return nil
}

// readFieldBoosts adds "field^boost" entries to a fields list: each item of
// an array, or the one value.
func readFieldBoosts(dst *[]FieldBoost, v *xcontent.Value) *Error {
	items := v.Items
	if v.Kind != xcontent.Array {
		items = []xcontent.Value{*v}
	}
	for j := range items {
		fb, err := parseFieldBoost(items[j].Text())
		if err != nil {
			return err
		}
		*dst = addFieldBoost(*dst, fb)
	}
	return nil
}

// readSimpleFlags reads simple_query_string's flags: a number (negative for
// all) or a "AND|OR|..." string.
func readSimpleFlags(dst *SimpleFlags, v *xcontent.Value) *Error {
	if v.Kind != xcontent.Number {
		var err *Error
		*dst, err = ParseSimpleFlags(v.Text())
		return err
	}
	var n int
	if err := optInt(&n, v); err != nil {
		return err
	}
	if n < 0 {
		*dst = FlagAll
	} else {
		*dst = SimpleFlags(n)
	}
	return nil
}

// readFieldQuery reads the one-field body of match and match_phrase(_prefix):
// {"field": "text"} or {"field": {options}}, the text going to value. It
// returns the field ("" when the body is empty).
func readFieldQuery(query string, obj *xcontent.Value, value **xcontent.Value, opts []textOpt) (string, *Error) {
	field, fieldSet := "", false
	for i := range obj.Members {
		m := &obj.Members[i]
		val := &m.Value
		if fieldSet {
			return "", multipleFields(query, field, m.Key, val)
		}
		field, fieldSet = m.Key, true
		if val.Kind != xcontent.Object {
			v, err := objectText(val)
			if err != nil {
				return "", err
			}
			*value = v
			continue
		}
		if err := readTextOpts(query, val, opts, nil, unsupportedOption); err != nil {
			return "", err
		}
	}
	return field, nil
}
