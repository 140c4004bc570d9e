package dsl

import (
	"encoding/base64"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// text is XContentParser.text(): the text of a string, number or boolean;
// anything else is the IllegalStateException OpenSearch answers with 500.
func text(v *xcontent.Value) (string, *Error) {
	if !isValue(v) {
		return "", cantGetText(v)
	}
	return v.Text(), nil
}

// textOrNullValue is XContentParser.textOrNull(); ok is false for null.
func textOrNullValue(v *xcontent.Value) (s string, ok bool, err *Error) {
	if v.Kind == xcontent.Null {
		return "", false, nil
	}
	s, err = text(v)
	return s, err == nil, err
}

// parseTerm is TermQueryBuilder.fromXContent.
func parseTerm(obj *xcontent.Value) (Query, *Error) {
	q := &Term{Base: newBase(obj)}
	var value *xcontent.Value
	fieldSet := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		switch {
		case v.Kind == xcontent.Object:
			if fieldSet {
				return nil, multipleFields("term", q.Field, m.Key, v)
			}
			q.Field, fieldSet = m.Key, true
			for j := range v.Members {
				im := &v.Members[j]
				iv := &im.Value
				var err *Error
				switch im.Key {
				case "term", "value":
					value = iv
					if iv.Kind == xcontent.Null {
						value = nil
					}
					if iv.Kind == xcontent.Object && len(iv.Members) > 0 {
						// TermQueryBuilder reads an object's bytes as the
						// value and goes on with the tokens inside it: its
						// first key is taken as one of the term's options.
						if first := &iv.Members[0]; !termOption(first.Key) || !isValue(&first.Value) {
							return nil, unsupportedOption("term", first.Key, &first.Value)
						}
					}
				case "_name":
					q.Name, err = text(iv)
				case "boost":
					err = optFloat(&q.Boost, iv)
				case "case_insensitive":
					err = optBool(&q.CaseInsensitive, iv)
				default:
					return nil, unsupportedOption("term", im.Key, iv)
				}
				if err != nil {
					return nil, err
				}
			}
		case isValue(v):
			if fieldSet {
				return nil, multipleFields("term", q.Field, m.Key, v)
			}
			q.Field, fieldSet, value = m.Key, true, v
		case v.Kind == xcontent.Array:
			return nil, parsingAt(v, "[term] query does not support array of values")
		}
	}
	if q.Field == "" {
		return nil, illegalArgument("field name is null or empty")
	}
	if value == nil {
		return nil, illegalArgument("value cannot be null")
	}
	q.Value = *value
	return q, nil
}

// parseTerms is TermsQueryBuilder.fromXContent.
func parseTerms(obj *xcontent.Value) (Query, *Error) {
	q := &Terms{Base: newBase(obj)}
	fieldSet := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		switch {
		case v.Kind == xcontent.Array:
			if fieldSet {
				return nil, parsingAt(v, "[terms] query does not support multiple fields")
			}
			q.Field, fieldSet = m.Key, true
			q.Values = make([]xcontent.Value, 0, len(v.Items))
			for j := range v.Items {
				if v.Items[j].Kind == xcontent.Null {
					return nil, parsingAt(&v.Items[j], "No value specified for terms query")
				}
				q.Values = append(q.Values, v.Items[j])
			}
		case v.Kind == xcontent.Object:
			if fieldSet {
				return nil, parsingAt(v, "[terms] query does not support more than one field. Already got: ["+q.Field+"] but also found ["+m.Key+"]")
			}
			q.Field, fieldSet = m.Key, true
			l, err := parseTermsLookup(v)
			if err != nil {
				return nil, err
			}
			q.Lookup = l
		case isValue(v):
			var err *Error
			switch m.Key {
			case "_name":
				q.Name = v.Text()
			case "boost":
				err = optFloat(&q.Boost, v)
			case "value_type":
				switch vt := lowerASCII(v.Text()); vt {
				case "default":
				case "bitmap":
					q.Bitmap = true
				default:
					return nil, illegalArgument(v.Text() + " is not valid value_type for terms query")
				}
			default:
				return nil, unsupportedOption("terms", m.Key, v)
			}
			if err != nil {
				return nil, err
			}
		default:
			return nil, unknownToken("terms", m.Key, v)
		}
	}
	if !fieldSet {
		return nil, parsingAtEnd(obj, "[terms] query requires a field name, followed by array of terms or a document lookup specification")
	}
	if q.Field == "" {
		return nil, illegalArgument("field name cannot be null.")
	}
	if q.Bitmap {
		if len(q.Values) == 1 && q.Values[0].Kind == xcontent.String {
			b, err := javaBase64(q.Values[0].Str)
			if err != nil {
				return nil, err
			}
			q.BitmapBytes = b
		} else if q.Lookup == nil {
			return nil, illegalArgument("Invalid value for bitmap type: Expected a single-element array with a base64 encoded serialized bitmap.")
		}
	}
	return q, nil
}

// javaBase64 decodes as java.util.Base64.getDecoder() does: the standard
// alphabet, padding optional, anything else an IllegalArgumentException.
func javaBase64(s string) ([]byte, *Error) {
	trimmed := strings.TrimRight(s, "=")
	for i := 0; i < len(trimmed); i++ {
		c := trimmed[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/') {
			return nil, illegalArgument("Illegal base64 character " + strconv.FormatInt(int64(c), 16))
		}
	}
	if len(trimmed)%4 == 1 {
		return nil, illegalArgument("Last unit does not have enough valid bits")
	}
	b, err := base64.RawStdEncoding.DecodeString(trimmed)
	if err != nil {
		return nil, illegalArgument("Input byte array has incorrect ending byte")
	}
	return b, nil
}

// parseTermsLookup is TermsLookup.parseTermsLookup.
func parseTermsLookup(obj *xcontent.Value) (*TermsLookup, *Error) {
	var l TermsLookup
	var hasIndex, hasID, hasPath bool
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		if !isValue(v) {
			return nil, unknownToken("terms", m.Key, v)
		}
		switch m.Key {
		case "index":
			l.Index, hasIndex = v.Text(), true
		case "id":
			l.ID, hasID = v.Text(), true
		case "routing":
			l.Routing = v.Text()
		case "path":
			l.Path, hasPath = v.Text(), true
		case "store":
			if err := optBool(&l.Store, v); err != nil {
				return nil, err
			}
		default:
			return nil, parsingAt(v, "[terms] query does not support ["+m.Key+"] within lookup element")
		}
	}
	switch {
	case !hasID:
		return nil, illegalArgument("[terms] query lookup element requires specifying the id.")
	case !hasPath:
		return nil, illegalArgument("[terms] query lookup element requires specifying the path.")
	case !hasIndex:
		return nil, illegalArgument("[terms] query lookup element requires specifying the index.")
	}
	return &l, nil
}

// parseRange is RangeQueryBuilder.fromXContent.
func parseRange(obj *xcontent.Value) (Query, *Error) {
	q := &Range{Base: newBase(obj), IncludeLower: true, IncludeUpper: true}
	fieldSet := false
	bound := func(v *xcontent.Value) *xcontent.Value {
		if v.Kind == xcontent.Null {
			return nil
		}
		return v
	}
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		switch {
		case v.Kind == xcontent.Object:
			if fieldSet {
				return nil, multipleFields("range", q.Field, m.Key, v)
			}
			q.Field, fieldSet = m.Key, true
			for j := range v.Members {
				im := &v.Members[j]
				iv := &im.Value
				var err *Error
				switch im.Key {
				case "from":
					q.From = bound(iv)
				case "to":
					q.To = bound(iv)
				case "include_lower":
					err = optBool(&q.IncludeLower, iv)
				case "include_upper":
					err = optBool(&q.IncludeUpper, iv)
				case "boost":
					err = optFloat(&q.Boost, iv)
				case "gt":
					q.From, q.IncludeLower = bound(iv), false
				case "gte":
					q.From, q.IncludeLower = bound(iv), true
				case "lt":
					q.To, q.IncludeUpper = bound(iv), false
				case "lte":
					q.To, q.IncludeUpper = bound(iv), true
				case "time_zone":
					q.TimeZone, err = text(iv)
				case "format":
					q.Format, err = text(iv)
				case "relation":
					q.Relation, err = text(iv)
				case "_name":
					q.Name, err = text(iv)
				default:
					return nil, unsupportedOption("range", im.Key, iv)
				}
				if err != nil {
					return nil, err
				}
			}
		case isValue(v):
			return nil, unsupportedOption("range", m.Key, v)
		case v.Kind == xcontent.Array:
			// The parser walks into the array and rejects its first value.
			for j := range v.Items {
				if isValue(&v.Items[j]) {
					return nil, unsupportedOption("range", m.Key, &v.Items[j])
				}
			}
		}
	}
	if q.Field == "" {
		return nil, illegalArgument("field name is null or empty")
	}
	if q.TimeZone != "" {
		if _, err := ParseTimeZone(q.TimeZone); err != nil {
			return nil, err
		}
	}
	if q.Relation != "" {
		switch strings.ToLower(q.Relation) {
		case "intersects", "within", "contains":
			q.Relation = strings.ToLower(q.Relation)
		default:
			return nil, illegalArgument("[range] query does not support relation [" + q.Relation + "]")
		}
	}
	return q, nil
}

// parseExists is ExistsQueryBuilder.fromXContent.
func parseExists(obj *xcontent.Value) (Query, *Error) {
	q := &Exists{Base: newBase(obj)}
	found := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		if !isValue(v) {
			return nil, unknownToken("exists", m.Key, v)
		}
		var err *Error
		switch m.Key {
		case "field":
			q.Field, found = v.Text(), true
		case "_name":
			q.Name = v.Text()
		case "boost":
			err = optFloat(&q.Boost, v)
		default:
			return nil, unsupportedOption("exists", m.Key, v)
		}
		if err != nil {
			return nil, err
		}
	}
	if !found {
		return nil, parsingAtEnd(obj, "[exists] must be provided with a [field]")
	}
	return q, nil
}

// parsePattern is the fromXContent of prefix, wildcard and regexp, which
// share their shape.
func parsePattern(name string, obj *xcontent.Value) (Query, *Error) {
	base := newBase(obj)
	var (
		field, value, rewrite string
		fieldSet, hasValue    bool
		caseInsensitive       bool
		flags                 = "ALL"
		flagsValue            *int
		maxStates             = 10000
	)
	valueKey := func(k string) bool {
		switch name {
		case "prefix":
			return k == "value" || k == "prefix"
		case "wildcard":
			return k == "value" || k == "wildcard"
		}
		return k == "value"
	}
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		if fieldSet {
			return nil, multipleFields(name, field, m.Key, v)
		}
		field, fieldSet = m.Key, true
		if v.Kind != xcontent.Object {
			s, ok, err := textOrNullValue(v)
			if err != nil {
				return nil, err
			}
			value, hasValue = s, ok
			continue
		}
		for j := range v.Members {
			im := &v.Members[j]
			iv := &im.Value
			var err *Error
			switch {
			case valueKey(im.Key):
				value, hasValue, err = textOrNullValue(iv)
			case im.Key == "_name":
				base.Name, err = text(iv)
			case im.Key == "boost":
				err = optFloat(&base.Boost, iv)
			case im.Key == "rewrite":
				rewrite, _, err = textOrNullValue(iv)
			case im.Key == "case_insensitive":
				err = optBool(&caseInsensitive, iv)
			case name == "regexp" && im.Key == "flags":
				var s string
				if s, err = text(iv); err == nil {
					if err = checkRegexpFlags(s); err == nil {
						flags = s
					}
				}
			case name == "regexp" && im.Key == "flags_value":
				var n int
				if err = optInt(&n, iv); err == nil {
					flagsValue = &n
				}
			case name == "regexp" && im.Key == "max_determinized_states":
				err = optInt(&maxStates, iv)
			default:
				return nil, unsupportedOption(name, im.Key, iv)
			}
			if err != nil {
				return nil, err
			}
		}
	}
	if field == "" {
		return nil, illegalArgument("field name is null or empty")
	}
	if !hasValue {
		return nil, illegalArgument("value cannot be null")
	}
	switch name {
	case "prefix":
		return &Prefix{Base: base, Field: field, Value: value, Rewrite: rewrite, CaseInsensitive: caseInsensitive}, nil
	case "wildcard":
		return &Wildcard{Base: base, Field: field, Value: value, Rewrite: rewrite, CaseInsensitive: caseInsensitive}, nil
	}
	return &Regexp{Base: base, Field: field, Value: value, Flags: flags, FlagsValue: flagsValue, CaseInsensitive: caseInsensitive, MaxDeterminizedStates: maxStates, Rewrite: rewrite}, nil
}

// checkRegexpFlags validates a "INTERSECTION|COMPLEMENT" flags string
// (RegexpFlag.resolveValue).
func checkRegexpFlags(s string) *Error {
	for _, part := range strings.Split(s, "|") {
		if part == "" {
			continue
		}
		switch strings.ToUpper(part) {
		case "INTERSECTION", "COMPLEMENT", "EMPTY", "ANYSTRING", "INTERVAL", "NONE", "ALL":
		default:
			return illegalArgument("Unknown regexp flag [" + part + "]")
		}
	}
	return nil
}

// parseFuzzy is FuzzyQueryBuilder.fromXContent.
func parseFuzzy(obj *xcontent.Value) (Query, *Error) {
	q := &Fuzzy{Base: newBase(obj), Fuzziness: FuzzinessAuto, MaxExpansions: 50, Transpositions: true}
	var value *xcontent.Value
	fieldSet := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		if fieldSet {
			return nil, multipleFields("fuzzy", q.Field, m.Key, v)
		}
		q.Field, fieldSet = m.Key, true
		if v.Kind != xcontent.Object {
			if v.Kind != xcontent.Null {
				value = v
			}
			continue
		}
		for j := range v.Members {
			im := &v.Members[j]
			iv := &im.Value
			if !isValue(iv) {
				return nil, parsingAt(iv, "[fuzzy] unexpected token ["+iv.Token()+"] after ["+im.Key+"]")
			}
			var err *Error
			switch im.Key {
			case "term", "value":
				value = iv
			case "boost":
				err = optFloat(&q.Boost, iv)
			case "fuzziness":
				q.Fuzziness, err = ParseFuzziness(iv)
			case "prefix_length":
				err = optInt(&q.PrefixLength, iv)
			case "max_expansions":
				err = optInt(&q.MaxExpansions, iv)
			case "transpositions":
				err = optBool(&q.Transpositions, iv)
			case "rewrite":
				q.Rewrite = iv.Text()
			case "_name":
				q.Name = iv.Text()
			default:
				return nil, unsupportedOption("fuzzy", im.Key, iv)
			}
			if err != nil {
				return nil, err
			}
		}
	}
	if q.Field == "" {
		return nil, illegalArgument("field name cannot be null or empty")
	}
	if value == nil {
		return nil, illegalArgument("query value cannot be null")
	}
	q.Value = *value
	return q, nil
}

// termOption reports whether key is one of the term query's own keys.
func termOption(key string) bool {
	switch key {
	case "term", "value", "_name", "boost", "case_insensitive":
		return true
	}
	return false
}
