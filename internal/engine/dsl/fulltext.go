package dsl

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// parseMatch is MatchQueryBuilder.fromXContent.
func parseMatch(obj *xcontent.Value) (Query, *Error) {
	q := &Match{Base: newBase(obj), MaxExpansions: 50, FuzzyTranspositions: true, AutoGenerateSynonymsPhraseQuery: true}
	var value *xcontent.Value
	fieldSet := false
	for i := range obj.Members {
		m := &obj.Members[i]
		val := &m.Value
		if val.Kind != xcontent.Object {
			if fieldSet {
				return nil, multipleFields("match", q.Field, m.Key, val)
			}
			q.Field, fieldSet = m.Key, true
			v, err := objectText(val)
			if err != nil {
				return nil, err
			}
			value = v
			continue
		}
		if fieldSet {
			return nil, multipleFields("match", q.Field, m.Key, val)
		}
		q.Field, fieldSet = m.Key, true
		for j := range val.Members {
			im := &val.Members[j]
			iv := &im.Value
			if !isValue(iv) {
				return nil, unknownToken("match", im.Key, iv)
			}
			var err *Error
			switch im.Key {
			case "query":
				value = iv
			case "analyzer":
				q.Analyzer = iv.Text()
			case "boost":
				err = optFloat(&q.Boost, iv)
			case "fuzziness":
				var f Fuzziness
				if f, err = ParseFuzziness(iv); err == nil {
					q.Fuzziness = &f
				}
			case "prefix_length":
				err = optInt(&q.PrefixLength, iv)
			case "max_expansions":
				err = optInt(&q.MaxExpansions, iv)
			case "operator":
				q.Operator, err = parseOperator(iv)
			case "minimum_should_match":
				q.MinimumShouldMatch = iv.Text()
			case "fuzzy_rewrite":
				q.FuzzyRewrite = iv.Text()
			case "fuzzy_transpositions":
				err = optBool(&q.FuzzyTranspositions, iv)
			case "lenient":
				err = optBool(&q.Lenient, iv)
			case "cutoff_frequency":
				var f float32
				if err = optFloat(&f, iv); err == nil {
					q.CutoffFrequency = &f
				}
			case "zero_terms_query":
				q.ZeroTerms, err = parseZeroTerms(iv)
			case "_name":
				q.Name = iv.Text()
			case "auto_generate_synonyms_phrase_query":
				err = optBool(&q.AutoGenerateSynonymsPhraseQuery, iv)
			default:
				return nil, unsupportedOption("match", im.Key, iv)
			}
			if err != nil {
				return nil, err
			}
		}
	}
	if value == nil {
		return nil, parsingAtEnd(obj, "No text specified for text query")
	}
	q.Query = *value
	return q, nil
}

// parseMatchPhrase is MatchPhraseQueryBuilder.fromXContent, or
// MatchPhrasePrefixQueryBuilder's when prefix is set.
func parseMatchPhrase(obj *xcontent.Value, prefix bool) (Query, *Error) {
	name := "match_phrase"
	if prefix {
		name = "match_phrase_prefix"
	}
	var (
		field     string
		fieldSet  bool
		value     *xcontent.Value
		analyzer  string
		slop      int
		maxExp    = 50
		zeroTerms ZeroTerms
	)
	base := newBase(obj)
	for i := range obj.Members {
		m := &obj.Members[i]
		val := &m.Value
		if fieldSet {
			return nil, multipleFields(name, field, m.Key, val)
		}
		field, fieldSet = m.Key, true
		if val.Kind != xcontent.Object {
			v, err := objectText(val)
			if err != nil {
				return nil, err
			}
			value = v
			continue
		}
		for j := range val.Members {
			im := &val.Members[j]
			iv := &im.Value
			if !isValue(iv) {
				return nil, unknownToken(name, im.Key, iv)
			}
			var err *Error
			switch {
			case im.Key == "query":
				value = iv
			case im.Key == "analyzer":
				analyzer = iv.Text()
			case im.Key == "boost":
				err = optFloat(&base.Boost, iv)
			case im.Key == "slop":
				err = optInt(&slop, iv)
			case im.Key == "max_expansions" && prefix:
				err = optInt(&maxExp, iv)
			case im.Key == "_name":
				base.Name = iv.Text()
			case im.Key == "zero_terms_query":
				zeroTerms, err = parseZeroTerms(iv)
			default:
				return nil, unsupportedOption(name, im.Key, iv)
			}
			if err != nil {
				return nil, err
			}
		}
	}
	if field == "" {
		return nil, illegalArgument("[" + name + "] requires fieldName")
	}
	if value == nil {
		return nil, illegalArgument("[" + name + "] requires query value")
	}
	if prefix {
		return &MatchPhrasePrefix{Base: base, Field: field, Query: *value, Analyzer: analyzer, Slop: slop, MaxExpansions: maxExp, ZeroTerms: zeroTerms}, nil
	}
	return &MatchPhrase{Base: base, Field: field, Query: *value, Analyzer: analyzer, Slop: slop, ZeroTerms: zeroTerms}, nil
}

// multiMatchTypes maps every accepted type name (deprecated ones included) to
// the preferred one.
func multiMatchType(s string) (string, bool) {
	switch s {
	case "best_fields", "boolean":
		return "best_fields", true
	case "most_fields":
		return "most_fields", true
	case "cross_fields":
		return "cross_fields", true
	case "phrase", "match_phrase":
		return "phrase", true
	case "phrase_prefix", "match_phrase_prefix":
		return "phrase_prefix", true
	case "bool_prefix":
		return "bool_prefix", true
	}
	return "", false
}

func parseMultiMatchType(query string, v *xcontent.Value) (string, *Error) {
	t, ok := multiMatchType(v.Text())
	if !ok {
		return "", parseException("failed to parse [multi_match] query type ["+v.Text()+"]. unknown type.").At(v.Line, v.Col)
	}
	return t, nil
}

// parseFieldBoost splits "field^boost" (MultiMatchQueryBuilder.parseFieldAndBoost).
func parseFieldBoost(s string) (FieldBoost, *Error) {
	i := strings.IndexByte(s, '^')
	if i < 0 {
		return FieldBoost{Field: s, Boost: 1}, nil
	}
	f, ok := javaFloat(s[i+1:])
	if !ok {
		return FieldBoost{}, numberFormat(s[i+1:])
	}
	return FieldBoost{Field: s[:i], Boost: float32(f)}, nil
}

// addFieldBoost adds fb to a fields map kept in request order: a repeated
// field takes the later boost, as the HashMap OpenSearch uses does.
func addFieldBoost(list []FieldBoost, fb FieldBoost) []FieldBoost {
	for i := range list {
		if list[i].Field == fb.Field {
			list[i].Boost = fb.Boost
			return list
		}
	}
	return append(list, fb)
}

// parseMultiMatch is MultiMatchQueryBuilder.fromXContent.
func parseMultiMatch(obj *xcontent.Value) (Query, *Error) {
	q := &MultiMatch{Base: newBase(obj), Type: "best_fields", MaxExpansions: 50, FuzzyTranspositions: true, AutoGenerateSynonymsPhraseQuery: true}
	var value *xcontent.Value
	slopSet := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		if m.Key == "fields" {
			switch {
			case v.Kind == xcontent.Array:
				for j := range v.Items {
					fb, err := parseFieldBoost(v.Items[j].Text())
					if err != nil {
						return nil, err
					}
					q.Fields = addFieldBoost(q.Fields, fb)
				}
			case isValue(v):
				fb, err := parseFieldBoost(v.Text())
				if err != nil {
					return nil, err
				}
				q.Fields = addFieldBoost(q.Fields, fb)
			default:
				return nil, unsupportedOption("multi_match", m.Key, v)
			}
			continue
		}
		if !isValue(v) {
			return nil, unknownToken("multi_match", m.Key, v)
		}
		var err *Error
		switch m.Key {
		case "query":
			value = v
		case "type":
			q.Type, err = parseMultiMatchType("multi_match", v)
		case "analyzer":
			q.Analyzer = v.Text()
		case "boost":
			err = optFloat(&q.Boost, v)
		case "slop":
			err = optInt(&q.Slop, v)
			slopSet = true
		case "fuzziness":
			var f Fuzziness
			if f, err = ParseFuzziness(v); err == nil {
				q.Fuzziness = &f
			}
		case "prefix_length":
			err = optInt(&q.PrefixLength, v)
		case "max_expansions":
			err = optInt(&q.MaxExpansions, v)
		case "operator":
			q.Operator, err = parseOperator(v)
		case "minimum_should_match":
			q.MinimumShouldMatch = v.Text()
		case "fuzzy_rewrite":
			q.FuzzyRewrite = v.Text()
		case "tie_breaker":
			var f float32
			if err = optFloat(&f, v); err == nil {
				q.TieBreaker = &f
			}
		case "lenient":
			var b bool
			if err = optBool(&b, v); err == nil {
				q.Lenient = &b
			}
		case "zero_terms_query":
			q.ZeroTerms, err = parseZeroTerms(v)
		case "_name":
			q.Name = v.Text()
		case "auto_generate_synonyms_phrase_query":
			err = optBool(&q.AutoGenerateSynonymsPhraseQuery, v)
		case "fuzzy_transpositions":
			err = optBool(&q.FuzzyTranspositions, v)
		default:
			return nil, unsupportedOption("multi_match", m.Key, v)
		}
		if err != nil {
			return nil, err
		}
	}
	if value == nil {
		return nil, parsingAtEnd(obj, "No text specified for multi_match query")
	}
	if q.Fuzziness != nil && (q.Type == "cross_fields" || q.Type == "phrase" || q.Type == "phrase_prefix") {
		return nil, parsingAtEnd(obj, "Fuzziness not allowed for type ["+q.Type+"]")
	}
	if slopSet && q.Slop != 0 && q.Type == "bool_prefix" {
		return nil, parsingAtEnd(obj, "[slop] not allowed for type [bool_prefix]")
	}
	q.Query = *value
	return q, nil
}

// parseQueryString is QueryStringQueryBuilder.fromXContent. The query text is
// kept as is: its syntax is checked on the shard (package querystring).
func parseQueryString(obj *xcontent.Value) (Query, *Error) {
	q := &QueryString{
		Base: newBase(obj), AllowLeadingWildcard: true, EnablePositionIncrements: true,
		FuzzyMaxExpansions: 50, FuzzyTranspositions: true, Fuzziness: FuzzinessAuto,
		Type: "best_fields", MaxDeterminizedStates: 10000, AutoGenerateSynonymsPhraseQuery: true,
	}
	found := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		if v.Kind == xcontent.Array {
			if m.Key != "fields" {
				return nil, unsupportedOption("query_string", m.Key, v)
			}
			for j := range v.Items {
				fb, err := parseFieldBoost(v.Items[j].Text())
				if err != nil {
					return nil, err
				}
				q.Fields = addFieldBoost(q.Fields, fb)
			}
			continue
		}
		if !isValue(v) {
			return nil, unknownToken("query_string", m.Key, v)
		}
		var err *Error
		switch m.Key {
		case "query":
			q.Query, found = v.Text(), true
		case "default_field":
			q.DefaultField = v.Text()
		case "default_operator":
			q.DefaultOperator, err = parseOperator(v)
		case "analyzer":
			q.Analyzer = v.Text()
		case "quote_analyzer":
			q.QuoteAnalyzer = v.Text()
		case "allow_leading_wildcard":
			err = optBool(&q.AllowLeadingWildcard, v)
		case "max_determinized_states":
			err = optInt(&q.MaxDeterminizedStates, v)
		case "enable_position_increments":
			err = optBool(&q.EnablePositionIncrements, v)
		case "escape":
			err = optBool(&q.Escape, v)
		case "fuzzy_prefix_length":
			err = optInt(&q.FuzzyPrefixLength, v)
		case "fuzzy_max_expansions":
			err = optInt(&q.FuzzyMaxExpansions, v)
		case "fuzzy_rewrite":
			q.FuzzyRewrite = v.Text()
		case "phrase_slop":
			err = optInt(&q.PhraseSlop, v)
		case "fuzziness":
			q.Fuzziness, err = ParseFuzziness(v)
		case "boost":
			err = optFloat(&q.Boost, v)
		case "tie_breaker":
			var f float32
			if err = optFloat(&f, v); err == nil {
				q.TieBreaker = &f
			}
		case "analyze_wildcard":
			err = optBool(&q.AnalyzeWildcard, v)
		case "rewrite":
			q.Rewrite = v.Text()
		case "minimum_should_match":
			q.MinimumShouldMatch = v.Text()
		case "quote_field_suffix":
			q.QuoteFieldSuffix = v.Text()
		case "lenient":
			var b bool
			if err = optBool(&b, v); err == nil {
				q.Lenient = &b
			}
		case "time_zone":
			q.TimeZone = v.Text()
		case "type":
			q.Type, err = parseMultiMatchType("query_string", v)
		case "_name":
			q.Name = v.Text()
		case "auto_generate_synonyms_phrase_query":
			err = optBool(&q.AutoGenerateSynonymsPhraseQuery, v)
		case "fuzzy_transpositions":
			err = optBool(&q.FuzzyTranspositions, v)
		default:
			return nil, unsupportedOption("query_string", m.Key, v)
		}
		if err != nil {
			return nil, err
		}
	}
	if !found {
		return nil, parsingAtEnd(obj, "[query_string] must be provided with a [query]")
	}
	return q, nil
}

// parseSimpleQueryString is SimpleQueryStringBuilder.fromXContent.
func parseSimpleQueryString(obj *xcontent.Value) (Query, *Error) {
	q := &SimpleQueryString{Base: newBase(obj), Flags: FlagAll, AutoGenerateSynonymsPhraseQuery: true, FuzzyMaxExpansions: 50, FuzzyTranspositions: true}
	found := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		if v.Kind == xcontent.Array {
			if m.Key != "fields" {
				return nil, unsupportedOption("simple_query_string", m.Key, v)
			}
			for j := range v.Items {
				fb, err := parseFieldBoost(v.Items[j].Text())
				if err != nil {
					return nil, err
				}
				q.Fields = addFieldBoost(q.Fields, fb)
			}
			continue
		}
		if !isValue(v) {
			return nil, unknownToken("simple_query_string", m.Key, v)
		}
		var err *Error
		switch m.Key {
		case "query":
			q.Query, found = v.Text(), true
		case "analyzer":
			q.Analyzer = v.Text()
		case "default_operator":
			q.DefaultOperator, err = parseOperator(v)
		case "flags":
			if v.Kind == xcontent.Number {
				var n int
				if err = optInt(&n, v); err == nil {
					if n < 0 {
						q.Flags = FlagAll
					} else {
						q.Flags = SimpleFlags(n)
					}
				}
			} else {
				q.Flags, err = ParseSimpleFlags(v.Text())
			}
		case "lenient":
			var b bool
			if err = optBool(&b, v); err == nil {
				q.Lenient = &b
			}
		case "analyze_wildcard":
			err = optBool(&q.AnalyzeWildcard, v)
		case "auto_generate_synonyms_phrase_query":
			err = optBool(&q.AutoGenerateSynonymsPhraseQuery, v)
		case "fuzzy_prefix_length":
			err = optInt(&q.FuzzyPrefixLength, v)
		case "fuzzy_max_expansions":
			err = optInt(&q.FuzzyMaxExpansions, v)
		case "fuzzy_transpositions":
			err = optBool(&q.FuzzyTranspositions, v)
		case "minimum_should_match":
			q.MinimumShouldMatch = v.Text()
		case "quote_field_suffix":
			q.QuoteFieldSuffix = v.Text()
		case "boost":
			err = optFloat(&q.Boost, v)
		case "_name":
			q.Name = v.Text()
		default:
			return nil, parsingAt(v, "[simple_query_string] unsupported field ["+m.Key+"]")
		}
		if err != nil {
			return nil, err
		}
	}
	if !found {
		return nil, parsingAtEnd(obj, "[simple_query_string] query text missing")
	}
	return q, nil
}

// SimpleFlags is the set of simple_query_string operators that are enabled.
type SimpleFlags int

// simple_query_string flags, with Lucene SimpleQueryParser's values.
const (
	FlagAnd        SimpleFlags = 1 << 0
	FlagNot        SimpleFlags = 1 << 1
	FlagOr         SimpleFlags = 1 << 2
	FlagPrefix     SimpleFlags = 1 << 3
	FlagPhrase     SimpleFlags = 1 << 4
	FlagPrecedence SimpleFlags = 1 << 5
	FlagEscape     SimpleFlags = 1 << 6
	FlagWhitespace SimpleFlags = 1 << 7
	FlagFuzzy      SimpleFlags = 1 << 8
	FlagNear       SimpleFlags = 1 << 9
	FlagAll        SimpleFlags = -1
)

// Has reports whether flag f is enabled.
func (s SimpleFlags) Has(f SimpleFlags) bool { return s&f != 0 }

// ParseSimpleFlags reads a "OR|AND|PREFIX" flags string
// (SimpleQueryStringFlag.resolveFlags).
func ParseSimpleFlags(s string) (SimpleFlags, *Error) {
	var out SimpleFlags
	for _, part := range strings.Split(s, "|") {
		if part == "" {
			continue
		}
		switch strings.ToUpper(part) {
		case "NONE":
			return 0, nil
		case "ALL":
			return FlagAll, nil
		case "AND":
			out |= FlagAnd
		case "NOT":
			out |= FlagNot
		case "OR":
			out |= FlagOr
		case "PREFIX":
			out |= FlagPrefix
		case "PHRASE":
			out |= FlagPhrase
		case "PRECEDENCE":
			out |= FlagPrecedence
		case "ESCAPE":
			out |= FlagEscape
		case "WHITESPACE":
			out |= FlagWhitespace
		case "FUZZY":
			out |= FlagFuzzy
		case "NEAR", "SLOP":
			out |= FlagNear
		default:
			return 0, illegalArgument("Unknown simple_query_string flag [" + part + "]")
		}
	}
	return out, nil
}
