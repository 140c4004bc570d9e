package dsl

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// parseMatch is MatchQueryBuilder.fromXContent.
func parseMatch(obj *xcontent.Value) (Query, *Error) {
	q := &Match{Base: newBase(obj), MaxExpansions: 50, FuzzyTranspositions: true, AutoGenerateSynonymsPhraseQuery: true}
	var value *xcontent.Value
	opts := []textOpt{
		{"query", &value}, {"analyzer", &q.Analyzer}, {"boost", &q.Boost}, {"fuzziness", &q.Fuzziness},
		{"prefix_length", &q.PrefixLength}, {"max_expansions", &q.MaxExpansions}, {"operator", &q.Operator},
		{"minimum_should_match", &q.MinimumShouldMatch}, {"fuzzy_rewrite", &q.FuzzyRewrite},
		{"fuzzy_transpositions", &q.FuzzyTranspositions}, {"lenient", &q.Lenient}, {"cutoff_frequency", &q.CutoffFrequency},
		{"zero_terms_query", &q.ZeroTerms}, {"_name", &q.Name}, {"auto_generate_synonyms_phrase_query", &q.AutoGenerateSynonymsPhraseQuery},
	}
	var err *Error
	if q.Field, err = readFieldQuery("match", obj, &value, opts); err != nil {
		return nil, err
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
	if prefix {
		q := &MatchPhrasePrefix{Base: newBase(obj), MaxExpansions: 50}
		opts := phraseOpts(&q.Base, &q.Analyzer, &q.Slop, &q.ZeroTerms, textOpt{"max_expansions", &q.MaxExpansions})
		var err *Error
		q.Field, q.Query, err = readPhrase("match_phrase_prefix", obj, opts)
		if err != nil {
			return nil, err
		}
		return q, nil
	}
	q := &MatchPhrase{Base: newBase(obj)}
	opts := phraseOpts(&q.Base, &q.Analyzer, &q.Slop, &q.ZeroTerms, textOpt{})
	var err *Error
	if q.Field, q.Query, err = readPhrase("match_phrase", obj, opts); err != nil {
		return nil, err
	}
	return q, nil
}

// phraseOpts are the options of match_phrase, and of match_phrase_prefix
// with its extra one (a textOpt without name for none).
func phraseOpts(base *Base, analyzer *string, slop *int, zeroTerms *ZeroTerms, extra textOpt) [7]textOpt {
	return [7]textOpt{{"analyzer", analyzer}, {"boost", &base.Boost}, {"slop", slop}, {"_name", &base.Name}, {"zero_terms_query", zeroTerms}, extra}
}

// readPhrase reads a match_phrase(_prefix) body: the field and the query
// text, which both must be there.
func readPhrase(name string, obj *xcontent.Value, opts [7]textOpt) (string, xcontent.Value, *Error) {
	var value *xcontent.Value
	opts[6] = textOpt{"query", &value}
	field, err := readFieldQuery(name, obj, &value, opts[:])
	switch {
	case err != nil:
		return "", xcontent.Value{}, err
	case field == "":
		return "", xcontent.Value{}, illegalArgument("[" + name + "] requires fieldName")
	case value == nil:
		return "", xcontent.Value{}, illegalArgument("[" + name + "] requires query value")
	}
	return field, *value, nil
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

func parseMultiMatchType(v *xcontent.Value) (string, *Error) {
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
	var cutoff *xcontent.Value // only read to be refused for bool_prefix
	opts := []textOpt{
		{"query", &value}, {"type", multiMatchTypeOf{&q.Type}}, {"analyzer", &q.Analyzer}, {"boost", &q.Boost},
		{"slop", &q.Slop}, {"fuzziness", &q.Fuzziness}, {"prefix_length", &q.PrefixLength}, {"max_expansions", &q.MaxExpansions},
		{"operator", &q.Operator}, {"minimum_should_match", &q.MinimumShouldMatch}, {"fuzzy_rewrite", &q.FuzzyRewrite},
		{"tie_breaker", &q.TieBreaker}, {"lenient", &q.Lenient}, {"zero_terms_query", &q.ZeroTerms}, {"_name", &q.Name},
		{"auto_generate_synonyms_phrase_query", &q.AutoGenerateSynonymsPhraseQuery}, {"fuzzy_transpositions", &q.FuzzyTranspositions},
	}
	err := readTextOpts("multi_match", obj, opts, func(m *xcontent.Member) (bool, *Error) {
		switch v := &m.Value; {
		case m.Key == "fields" && (v.Kind == xcontent.Array || isValue(v)):
			return true, readFieldBoosts(&q.Fields, v)
		case m.Key == "fields":
			return true, unsupportedOption("multi_match", m.Key, v)
		case m.Key == "slop":
			slopSet = true
		case m.Key == "cutoff_frequency":
			cutoff = v
			return true, nil
		}
		return false, nil
	}, unsupportedOption)
	if err != nil {
		return nil, err
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
	if cutoff != nil {
		if q.Type == "bool_prefix" {
			return nil, parsingAtEnd(obj, "[cutoff_frequency] not allowed for type [bool_prefix]")
		}
		return nil, unsupportedOption("multi_match", "cutoff_frequency", cutoff)
	}
	q.Query = *value
	return q, nil
}

// fieldsArray is how query_string and simple_query_string take "fields":
// an array of "field^boost" (any other array is an unsupported option).
func fieldsArray(query string, dst *[]FieldBoost) func(m *xcontent.Member) (bool, *Error) {
	return func(m *xcontent.Member) (bool, *Error) {
		switch {
		case m.Value.Kind != xcontent.Array:
			return false, nil
		case m.Key != "fields":
			return true, unsupportedOption(query, m.Key, &m.Value)
		}
		return true, readFieldBoosts(dst, &m.Value)
	}
}

// parseQueryString is QueryStringQueryBuilder.fromXContent. The query text is
// kept as is: its syntax is checked on the shard (package querystring).
func parseQueryString(obj *xcontent.Value) (Query, *Error) {
	q := &QueryString{
		Base: newBase(obj), AllowLeadingWildcard: true, EnablePositionIncrements: true,
		FuzzyMaxExpansions: 50, FuzzyTranspositions: true, Fuzziness: FuzzinessAuto,
		Type: "best_fields", MaxDeterminizedStates: 10000, AutoGenerateSynonymsPhraseQuery: true,
	}
	var query *xcontent.Value
	opts := []textOpt{
		{"query", &query}, {"default_field", &q.DefaultField}, {"default_operator", &q.DefaultOperator}, {"analyzer", &q.Analyzer},
		{"quote_analyzer", &q.QuoteAnalyzer}, {"allow_leading_wildcard", &q.AllowLeadingWildcard},
		{"max_determinized_states", &q.MaxDeterminizedStates}, {"enable_position_increments", &q.EnablePositionIncrements},
		{"escape", &q.Escape}, {"fuzzy_prefix_length", &q.FuzzyPrefixLength}, {"fuzzy_max_expansions", &q.FuzzyMaxExpansions},
		{"fuzzy_rewrite", &q.FuzzyRewrite}, {"phrase_slop", &q.PhraseSlop}, {"fuzziness", &q.Fuzziness}, {"boost", &q.Boost},
		{"tie_breaker", &q.TieBreaker}, {"analyze_wildcard", &q.AnalyzeWildcard}, {"rewrite", &q.Rewrite},
		{"minimum_should_match", &q.MinimumShouldMatch}, {"quote_field_suffix", &q.QuoteFieldSuffix}, {"lenient", &q.Lenient},
		{"time_zone", &q.TimeZone}, {"type", multiMatchTypeOf{&q.Type}}, {"_name", &q.Name},
		{"auto_generate_synonyms_phrase_query", &q.AutoGenerateSynonymsPhraseQuery}, {"fuzzy_transpositions", &q.FuzzyTranspositions},
	}
	if err := readTextOpts("query_string", obj, opts, fieldsArray("query_string", &q.Fields), unsupportedOption); err != nil {
		return nil, err
	}
	if query == nil {
		return nil, parsingAtEnd(obj, "[query_string] must be provided with a [query]")
	}
	q.Query = query.Text()
	return q, nil
}

// parseSimpleQueryString is SimpleQueryStringBuilder.fromXContent.
func parseSimpleQueryString(obj *xcontent.Value) (Query, *Error) {
	q := &SimpleQueryString{Base: newBase(obj), Flags: FlagAll, AutoGenerateSynonymsPhraseQuery: true, FuzzyMaxExpansions: 50, FuzzyTranspositions: true}
	var query *xcontent.Value
	opts := []textOpt{
		{"query", &query}, {"analyzer", &q.Analyzer}, {"default_operator", &q.DefaultOperator}, {"flags", &q.Flags},
		{"lenient", &q.Lenient}, {"analyze_wildcard", &q.AnalyzeWildcard},
		{"auto_generate_synonyms_phrase_query", &q.AutoGenerateSynonymsPhraseQuery}, {"fuzzy_prefix_length", &q.FuzzyPrefixLength},
		{"fuzzy_max_expansions", &q.FuzzyMaxExpansions}, {"fuzzy_transpositions", &q.FuzzyTranspositions},
		{"minimum_should_match", &q.MinimumShouldMatch}, {"quote_field_suffix", &q.QuoteFieldSuffix}, {"boost", &q.Boost}, {"_name", &q.Name},
	}
	unsupported := func(_, key string, v *xcontent.Value) *Error {
		return parsingAt(v, "[simple_query_string] unsupported field ["+key+"]")
	}
	if err := readTextOpts("simple_query_string", obj, opts, fieldsArray("simple_query_string", &q.Fields), unsupported); err != nil {
		return nil, err
	}
	if query == nil {
		return nil, parsingAtEnd(obj, "[simple_query_string] query text missing")
	}
	q.Query = query.Text()
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

// parseMatchBoolPrefix is MatchBoolPrefixQueryBuilder.fromXContent.
func parseMatchBoolPrefix(obj *xcontent.Value) (Query, *Error) {
	q := &MatchBoolPrefix{Base: newBase(obj), MaxExpansions: 50, FuzzyTranspositions: true}
	var value *xcontent.Value
	opts := []textOpt{
		{"query", &value}, {"analyzer", &q.Analyzer}, {"boost", &q.Boost}, {"operator", &q.Operator},
		{"minimum_should_match", &q.MinimumShouldMatch}, {"fuzziness", &q.Fuzziness}, {"prefix_length", &q.PrefixLength},
		{"max_expansions", &q.MaxExpansions}, {"fuzzy_transpositions", &q.FuzzyTranspositions},
		{"fuzzy_rewrite", &q.FuzzyRewrite}, {"_name", &q.Name},
	}
	var err *Error
	if q.Field, err = readFieldQuery("match_bool_prefix", obj, &value, opts); err != nil {
		return nil, err
	}
	if value == nil {
		return nil, parsingAtEnd(obj, "[match_bool_prefix] requires query value")
	}
	q.Query = *value
	return q, nil
}
