package taskdesc

import (
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// appendNormalQuery prints q as its OpenSearch query builder's doXContent
// does: every option, defaults included, in the builder's order, then boost
// and _name (printBoostAndQueryName). ok is false for a query (or a clause
// of it) the fake does not normalize: function_score, terms lookups from
// stored fields and nested inner_hits. root is the request's query object, where options
// whose presence matters are looked up.
func appendNormalQuery(b []byte, q dsl.Query, root *xcontent.Value) ([]byte, bool) {
	ok := true
	switch x := q.(type) {
	case *dsl.MatchAll:
		b = append(b, `{"match_all":{`...)
		b = appendBoostName(b, &x.Base, false)
		b = append(b, "}}"...)
	case *dsl.MatchNone:
		b = append(b, `{"match_none":{`...)
		b = appendBoostName(b, &x.Base, false)
		b = append(b, "}}"...)
	case *dsl.Match:
		b = openFieldValue(b, "match", x.Field, "query", &x.Query)
		b = appendStringField(b, "operator", operatorName(x.Operator))
		b = appendNonEmpty(b, "analyzer", x.Analyzer)
		if x.Fuzziness != nil {
			b = appendStringField(b, "fuzziness", x.Fuzziness.String())
		}
		b = appendIntField(b, "prefix_length", x.PrefixLength)
		b = appendIntField(b, "max_expansions", x.MaxExpansions)
		b = appendNonEmpty(b, "minimum_should_match", x.MinimumShouldMatch)
		b = appendNonEmpty(b, "fuzzy_rewrite", x.FuzzyRewrite)
		b = appendBoolField(b, "fuzzy_transpositions", x.FuzzyTranspositions)
		b = appendBoolField(b, "lenient", x.Lenient)
		b = appendStringField(b, "zero_terms_query", zeroTermsName(x.ZeroTerms))
		if x.CutoffFrequency != nil {
			b = appendFloat32Field(b, "cutoff_frequency", *x.CutoffFrequency)
		}
		b = appendBoolField(b, "auto_generate_synonyms_phrase_query", x.AutoGenerateSynonymsPhraseQuery)
		b = closeFieldQuery(b, &x.Base)
	case *dsl.MatchPhrase:
		b = openFieldValue(b, "match_phrase", x.Field, "query", &x.Query)
		b = appendNonEmpty(b, "analyzer", x.Analyzer)
		b = appendIntField(b, "slop", x.Slop)
		b = appendStringField(b, "zero_terms_query", zeroTermsName(x.ZeroTerms))
		b = closeFieldQuery(b, &x.Base)
	case *dsl.MatchPhrasePrefix:
		b = openFieldValue(b, "match_phrase_prefix", x.Field, "query", &x.Query)
		b = appendNonEmpty(b, "analyzer", x.Analyzer)
		b = appendIntField(b, "slop", x.Slop)
		b = appendIntField(b, "max_expansions", x.MaxExpansions)
		b = appendStringField(b, "zero_terms_query", zeroTermsName(x.ZeroTerms))
		b = closeFieldQuery(b, &x.Base)
	case *dsl.MatchBoolPrefix:
		b = openFieldValue(b, "match_bool_prefix", x.Field, "query", &x.Query)
		b = appendNonEmpty(b, "analyzer", x.Analyzer)
		b = appendStringField(b, "operator", operatorName(x.Operator))
		b = appendNonEmpty(b, "minimum_should_match", x.MinimumShouldMatch)
		if x.Fuzziness != nil {
			b = appendStringField(b, "fuzziness", x.Fuzziness.String())
		}
		b = appendIntField(b, "prefix_length", x.PrefixLength)
		b = appendIntField(b, "max_expansions", x.MaxExpansions)
		b = appendBoolField(b, "fuzzy_transpositions", x.FuzzyTranspositions)
		b = appendNonEmpty(b, "fuzzy_rewrite", x.FuzzyRewrite)
		b = closeFieldQuery(b, &x.Base)
	case *dsl.MultiMatch:
		b = append(b, `{"multi_match":{"query":`...)
		b = appendScalar(b, &x.Query)
		b = appendFieldBoosts(b, treeMapOrder(x.Fields))
		b = appendStringField(b, "type", x.Type)
		b = appendStringField(b, "operator", operatorName(x.Operator))
		b = appendNonEmpty(b, "analyzer", x.Analyzer)
		b = appendIntField(b, "slop", x.Slop)
		if x.Fuzziness != nil {
			b = appendStringField(b, "fuzziness", x.Fuzziness.String())
		}
		b = appendIntField(b, "prefix_length", x.PrefixLength)
		b = appendIntField(b, "max_expansions", x.MaxExpansions)
		b = appendNonEmpty(b, "minimum_should_match", x.MinimumShouldMatch)
		b = appendNonEmpty(b, "fuzzy_rewrite", x.FuzzyRewrite)
		if x.TieBreaker != nil {
			b = appendFloat32Field(b, "tie_breaker", *x.TieBreaker)
		}
		if x.Lenient != nil {
			b = appendBoolField(b, "lenient", *x.Lenient)
		}
		b = appendStringField(b, "zero_terms_query", zeroTermsName(x.ZeroTerms))
		b = appendBoolField(b, "auto_generate_synonyms_phrase_query", x.AutoGenerateSynonymsPhraseQuery)
		b = appendBoolField(b, "fuzzy_transpositions", x.FuzzyTranspositions)
		b = appendBoostName(b, &x.Base, true)
		b = append(b, "}}"...)
	case *dsl.Fuzzy:
		b = openFieldValue(b, "fuzzy", x.Field, "value", &x.Value)
		b = appendStringField(b, "fuzziness", x.Fuzziness.String())
		b = appendIntField(b, "prefix_length", x.PrefixLength)
		b = appendIntField(b, "max_expansions", x.MaxExpansions)
		b = appendBoolField(b, "transpositions", x.Transpositions)
		b = appendNonEmpty(b, "rewrite", x.Rewrite)
		b = closeFieldQuery(b, &x.Base)
	case *dsl.Regexp:
		b = openFieldString(b, "regexp", x.Field, "value", x.Value)
		flags := regexpFlagsValue(x.Flags)
		if x.FlagsValue != nil {
			flags = *x.FlagsValue
		}
		b = appendIntField(b, "flags_value", flags)
		if x.CaseInsensitive {
			b = appendBoolField(b, "case_insensitive", true)
		}
		b = appendIntField(b, "max_determinized_states", x.MaxDeterminizedStates)
		b = appendNonEmpty(b, "rewrite", x.Rewrite)
		b = closeFieldQuery(b, &x.Base)
	case *dsl.QueryString:
		raw := objectAt(root, x.Line, x.Col)
		if raw == nil {
			return b, false
		}
		b = appendBodyQueryString(b, x, raw)
	case *dsl.SimpleQueryString:
		b = append(b, `{"simple_query_string":{"query":`...)
		b = jsonout.AppendString(b, x.Query)
		if len(x.Fields) > 0 {
			b = appendFieldBoosts(b, hashMapOrder(x.Fields))
		}
		b = appendNonEmpty(b, "analyzer", x.Analyzer)
		b = appendIntField(b, "flags", int(x.Flags))
		b = appendStringField(b, "default_operator", strings.ToLower(operatorName(x.DefaultOperator)))
		if x.Lenient != nil {
			b = appendBoolField(b, "lenient", *x.Lenient)
		}
		b = appendBoolField(b, "analyze_wildcard", x.AnalyzeWildcard)
		b = appendNonEmpty(b, "quote_field_suffix", x.QuoteFieldSuffix)
		b = appendNonEmpty(b, "minimum_should_match", x.MinimumShouldMatch)
		b = appendBoolField(b, "auto_generate_synonyms_phrase_query", x.AutoGenerateSynonymsPhraseQuery)
		b = appendIntField(b, "fuzzy_prefix_length", x.FuzzyPrefixLength)
		b = appendIntField(b, "fuzzy_max_expansions", x.FuzzyMaxExpansions)
		b = appendBoolField(b, "fuzzy_transpositions", x.FuzzyTranspositions)
		b = appendBoostName(b, &x.Base, true)
		b = append(b, "}}"...)
	case *dsl.Term:
		b = openFieldValue(b, "term", x.Field, "value", &x.Value)
		if x.CaseInsensitive {
			b = appendBoolField(b, "case_insensitive", true)
		}
		b = closeFieldQuery(b, &x.Base)
	case *dsl.Terms:
		b = append(b, `{"terms":{`...)
		b = jsonout.AppendString(b, x.Field)
		if l := x.Lookup; l != nil {
			if l.Store {
				return b, false // how 2.19 prints the lookup's store is not known here
			}
			b = append(b, `:{"index":`...)
			b = jsonout.AppendString(b, l.Index)
			b = appendStringField(b, "id", l.ID)
			b = appendStringField(b, "path", l.Path)
			b = appendNonEmpty(b, "routing", l.Routing)
			b = append(b, '}')
		} else {
			b = append(b, ":["...)
			for i := range x.Values {
				if i > 0 {
					b = append(b, ',')
				}
				b = appendScalar(b, &x.Values[i])
			}
			b = append(b, ']')
		}
		b = appendBoostName(b, &x.Base, true)
		b = append(b, "}}"...)
	case *dsl.Range:
		b = openField(b, "range", x.Field)
		b = append(b, `"from":`...)
		b = appendBound(b, x.From)
		b = append(b, `,"to":`...)
		b = appendBound(b, x.To)
		b = appendBoolField(b, "include_lower", x.IncludeLower)
		b = appendBoolField(b, "include_upper", x.IncludeUpper)
		b = appendNonEmpty(b, "time_zone", x.TimeZone)
		if strings.TrimSpace(x.Format) != "" {
			b = appendStringField(b, "format", x.Format)
		}
		if x.Relation != "" {
			b = appendStringField(b, "relation", strings.ToLower(x.Relation))
		}
		b = closeFieldQuery(b, &x.Base)
	case *dsl.Exists:
		b = append(b, `{"exists":{"field":`...)
		b = jsonout.AppendString(b, x.Field)
		b = appendBoostName(b, &x.Base, true)
		b = append(b, "}}"...)
	case *dsl.IDs:
		// The ids are kept in a HashSet.
		b = append(b, `{"ids":{"values":`...)
		b = appendStrings(b, hashSetOrder(x.Values))
		b = appendBoostName(b, &x.Base, true)
		b = append(b, "}}"...)
	case *dsl.Prefix:
		b = openFieldString(b, "prefix", x.Field, "value", x.Value)
		b = appendRewriteCase(b, x.Rewrite, x.CaseInsensitive)
		b = closeFieldQuery(b, &x.Base)
	case *dsl.Wildcard:
		b = openFieldString(b, "wildcard", x.Field, "wildcard", x.Value)
		b = appendRewriteCase(b, x.Rewrite, x.CaseInsensitive)
		b = closeFieldQuery(b, &x.Base)
	case *dsl.Bool:
		b = append(b, `{"bool":{`...)
		first := true
		for _, c := range []struct {
			name    string
			clauses []dsl.Query
		}{{"must", x.Must}, {"filter", x.Filter}, {"must_not", x.MustNot}, {"should", x.Should}} {
			if len(c.clauses) == 0 {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = jsonout.AppendString(b, c.name)
			b = append(b, ":["...)
			for i, cq := range c.clauses {
				if i > 0 {
					b = append(b, ',')
				}
				if b, ok = appendNormalQuery(b, cq, root); !ok {
					return b, false
				}
			}
			b = append(b, ']')
		}
		if !first {
			b = append(b, ',')
		}
		b = append(b, `"adjust_pure_negative":`...)
		b = strconv.AppendBool(b, x.AdjustPureNegative)
		b = appendNonEmpty(b, "minimum_should_match", x.MinimumShouldMatch)
		b = appendBoostName(b, &x.Base, true)
		b = append(b, "}}"...)
	case *dsl.ConstantScore:
		b = append(b, `{"constant_score":{"filter":`...)
		if b, ok = appendNormalQuery(b, x.Filter, root); !ok {
			return b, false
		}
		b = appendBoostName(b, &x.Base, true)
		b = append(b, "}}"...)
	case *dsl.Nested:
		if x.InnerHits != nil {
			return b, false
		}
		b = append(b, `{"nested":{"query":`...)
		if b, ok = appendNormalQuery(b, x.Query, root); !ok {
			return b, false
		}
		b = appendStringField(b, "path", x.Path)
		b = appendBoolField(b, "ignore_unmapped", x.IgnoreUnmapped)
		mode := x.ScoreMode
		if mode == "" {
			mode = "avg"
		}
		b = appendStringField(b, "score_mode", mode)
		b = appendBoostName(b, &x.Base, true)
		b = append(b, "}}"...)
	case *dsl.DisMax:
		b = append(b, `{"dis_max":{"tie_breaker":`...)
		b = append(b, javafmt.Float(float64(x.TieBreaker), 32)...)
		b = append(b, `,"queries":[`...)
		for i, cq := range x.Queries {
			if i > 0 {
				b = append(b, ',')
			}
			if b, ok = appendNormalQuery(b, cq, root); !ok {
				return b, false
			}
		}
		b = append(b, ']')
		b = appendBoostName(b, &x.Base, true)
		b = append(b, "}}"...)
	default:
		return b, false
	}
	return b, true
}

// appendURLQueryString prints the query_string query RestActions builds
// from q=: analyze_wildcard is always set (false by default), lenient only
// when given, allow_leading_wildcard never.
func appendURLQueryString(b []byte, q string, params map[string]string) []byte {
	b = append(b, `{"query_string":{"query":`...)
	b = jsonout.AppendString(b, q)
	if df, ok := params["df"]; ok {
		b = appendStringField(b, "default_field", df)
	}
	b = append(b, `,"fields":[],"type":"best_fields","default_operator":`...)
	op := "or"
	if strings.EqualFold(params["default_operator"], "and") {
		op = "and"
	}
	b = jsonout.AppendString(b, op)
	if a, ok := params["analyzer"]; ok {
		b = appendStringField(b, "analyzer", a)
	}
	b = append(b, `,"max_determinized_states":10000,"enable_position_increments":true,"fuzziness":"AUTO","fuzzy_prefix_length":0,"fuzzy_max_expansions":50,"phrase_slop":0`...)
	b = appendBoolField(b, "analyze_wildcard", params["analyze_wildcard"] == "true")
	if l, ok := params["lenient"]; ok && (l == "true" || l == "false") {
		b = appendBoolField(b, "lenient", l == "true")
	}
	return append(b, `,"escape":false,"auto_generate_synonyms_phrase_query":true,"fuzzy_transpositions":true,"boost":1.0}}`...)
}

// openField starts {"<name>":{"<field>":{.
func openField(b []byte, name, field string) []byte {
	b = append(b, '{')
	b = jsonout.AppendString(b, name)
	b = append(b, ":{"...)
	b = jsonout.AppendString(b, field)
	return append(b, ":{"...)
}

// openFieldValue starts a single-field query with its value:
// {"<name>":{"<field>":{"<key>":<value>.
func openFieldValue(b []byte, name, field, key string, v *xcontent.Value) []byte {
	b = openField(b, name, field)
	b = jsonout.AppendString(b, key)
	b = append(b, ':')
	return appendScalar(b, v)
}

// openFieldString is openFieldValue for a query that keeps its value as a
// string (regexp, prefix, wildcard).
func openFieldString(b []byte, name, field, key, v string) []byte {
	b = openField(b, name, field)
	b = jsonout.AppendString(b, key)
	b = append(b, ':')
	return jsonout.AppendString(b, v)
}

// closeFieldQuery prints boost and _name and ends what openField started.
func closeFieldQuery(b []byte, base *dsl.Base) []byte {
	b = appendBoostName(b, base, true)
	return append(b, "}}}"...)
}

// appendFieldBoosts prints ,"fields":["<field>^<boost>",...] in the
// order given (see treeMapOrder and hashMapOrder).
func appendFieldBoosts(b []byte, fields []dsl.FieldBoost) []byte {
	b = append(b, `,"fields":[`...)
	for i, f := range fields {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonout.AppendString(b, f.Field+"^"+javafmt.Float(float64(f.Boost), 32))
	}
	return append(b, ']')
}

// treeMapOrder returns the fields sorted by name, as the builders that keep
// them in a TreeMap (multi_match, query_string) print them.
func treeMapOrder(fields []dsl.FieldBoost) []dsl.FieldBoost {
	out := append([]dsl.FieldBoost(nil), fields...)
	sort.Slice(out, func(i, j int) bool { return out[i].Field < out[j].Field })
	return out
}

// hashMapOrder returns the fields once each, with the last boost given,
// in the iteration order of the HashMap simple_query_string keeps them in.
func hashMapOrder(fields []dsl.FieldBoost) []dsl.FieldBoost {
	boosts := map[string]float32{}
	names := make([]string, 0, len(fields))
	for _, f := range fields {
		boosts[f.Field] = f.Boost
		names = append(names, f.Field)
	}
	ordered := hashSetOrder(names)
	out := make([]dsl.FieldBoost, len(ordered))
	for i, name := range ordered {
		out[i] = dsl.FieldBoost{Field: name, Boost: boosts[name]}
	}
	return out
}

func appendStringField(b []byte, k, v string) []byte {
	b = append(b, ',')
	b = jsonout.AppendString(b, k)
	b = append(b, ':')
	return jsonout.AppendString(b, v)
}

// appendNonEmpty appends the string field only when it is set, as the
// builders print optional strings (analyzer, rewrite, ...).
func appendNonEmpty(b []byte, k, v string) []byte {
	if v == "" {
		return b
	}
	return appendStringField(b, k, v)
}

func appendIntField(b []byte, k string, v int) []byte {
	b = append(b, ',')
	b = jsonout.AppendString(b, k)
	b = append(b, ':')
	return strconv.AppendInt(b, int64(v), 10)
}

func appendBoolField(b []byte, k string, v bool) []byte {
	b = append(b, ',')
	b = jsonout.AppendString(b, k)
	b = append(b, ':')
	return strconv.AppendBool(b, v)
}

// appendFloat32Field prints a float option as Java prints a Float.
func appendFloat32Field(b []byte, k string, v float32) []byte {
	b = append(b, ',')
	b = jsonout.AppendString(b, k)
	b = append(b, ':')
	return append(b, javafmt.Float(float64(v), 32)...)
}

// appendBoostName is printBoostAndQueryName; comma says whether a field
// precedes it.
func appendBoostName(b []byte, base *dsl.Base, comma bool) []byte {
	if comma {
		b = append(b, ',')
	}
	b = append(b, `"boost":`...)
	b = append(b, javafmt.Float(float64(base.Boost), 32)...)
	b = appendNonEmpty(b, "_name", base.Name)
	return b
}

func appendRewriteCase(b []byte, rewrite string, caseInsensitive bool) []byte {
	b = appendNonEmpty(b, "rewrite", rewrite)
	if caseInsensitive {
		b = appendBoolField(b, "case_insensitive", true)
	}
	return b
}

func appendBound(b []byte, v *xcontent.Value) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	return appendScalar(b, v)
}

// operatorName is Operator.toString.
func operatorName(o dsl.Operator) string {
	if o == dsl.OperatorAnd {
		return "AND"
	}
	return "OR"
}

func zeroTermsName(z dsl.ZeroTerms) string {
	if z == dsl.ZeroTermsAll {
		return "ALL"
	}
	return "NONE"
}

// appendScalar prints a query value as the builders keep it: strings as
// strings, integers as Integer or Long, other numbers as Double, booleans.
func appendScalar(b []byte, v *xcontent.Value) []byte {
	switch v.Kind {
	case xcontent.String:
		return jsonout.AppendString(b, v.Str)
	case xcontent.Number:
		if v.IsInteger() {
			if n, ok := v.BigInt(); ok {
				return n.Append(b, 10)
			}
		}
		f, _ := v.Float64()
		return append(b, javafmt.Float(f, 64)...)
	case xcontent.Bool:
		return strconv.AppendBool(b, v.Bool)
	}
	return append(b, "null"...)
}

// hashSetOrder returns strings in the iteration order of a Java HashSet
// holding them.
func hashSetOrder(list []string) []string {
	set := painless.NewHashMap(len(list))
	for _, s := range list {
		set.Set(s, true)
	}
	out := make([]string, 0, set.Len())
	for _, k := range set.Keys() {
		out = append(out, k.(string))
	}
	return out
}

// regexpFlagsValue is RegexpFlag.resolveValue with Lucene 9's RegExp flag
// bits: ALL (or no flags) is 0xff, NONE adds nothing.
func regexpFlagsValue(flags string) int {
	if flags == "" {
		return 0xff
	}
	bits := map[string]int{"INTERSECTION": 0x01, "COMPLEMENT": 0x02, "EMPTY": 0x04, "ANYSTRING": 0x08, "INTERVAL": 0x20}
	v := 0
	for _, f := range strings.Split(flags, "|") {
		switch f = strings.ToUpper(f); f {
		case "":
		case "ALL":
			return 0xff
		default:
			v |= bits[f]
		}
	}
	return v
}

// objectAt finds the object that starts at line:col under v.
func objectAt(v *xcontent.Value, line, col int) *xcontent.Value {
	if v == nil {
		return nil
	}
	if v.Kind == xcontent.Object && v.Line == line && v.Col == col {
		return v
	}
	for i := range v.Members {
		if o := objectAt(&v.Members[i].Value, line, col); o != nil {
			return o
		}
	}
	for i := range v.Items {
		if o := objectAt(&v.Items[i], line, col); o != nil {
			return o
		}
	}
	return nil
}

// appendBodyQueryString prints QueryStringQueryBuilder.doXContent; raw is
// the query's object, which tells whether allow_leading_wildcard and
// analyze_wildcard were given (the builder prints them only then).
func appendBodyQueryString(b []byte, x *dsl.QueryString, raw *xcontent.Value) []byte {
	b = append(b, `{"query_string":{"query":`...)
	b = jsonout.AppendString(b, x.Query)
	b = appendNonEmpty(b, "default_field", x.DefaultField)
	b = appendFieldBoosts(b, treeMapOrder(x.Fields))
	b = appendStringField(b, "type", x.Type)
	if x.TieBreaker != nil {
		b = appendFloat32Field(b, "tie_breaker", *x.TieBreaker)
	}
	b = appendStringField(b, "default_operator", strings.ToLower(operatorName(x.DefaultOperator)))
	b = appendNonEmpty(b, "analyzer", x.Analyzer)
	b = appendNonEmpty(b, "quote_analyzer", x.QuoteAnalyzer)
	b = appendIntField(b, "max_determinized_states", x.MaxDeterminizedStates)
	if raw.Get("allow_leading_wildcard") != nil {
		b = appendBoolField(b, "allow_leading_wildcard", x.AllowLeadingWildcard)
	}
	b = appendBoolField(b, "enable_position_increments", x.EnablePositionIncrements)
	b = appendStringField(b, "fuzziness", x.Fuzziness.String())
	b = appendIntField(b, "fuzzy_prefix_length", x.FuzzyPrefixLength)
	b = appendIntField(b, "fuzzy_max_expansions", x.FuzzyMaxExpansions)
	b = appendNonEmpty(b, "fuzzy_rewrite", x.FuzzyRewrite)
	b = appendIntField(b, "phrase_slop", x.PhraseSlop)
	if raw.Get("analyze_wildcard") != nil {
		b = appendBoolField(b, "analyze_wildcard", x.AnalyzeWildcard)
	}
	b = appendNonEmpty(b, "rewrite", x.Rewrite)
	b = appendNonEmpty(b, "minimum_should_match", x.MinimumShouldMatch)
	b = appendNonEmpty(b, "quote_field_suffix", x.QuoteFieldSuffix)
	if x.Lenient != nil {
		b = appendBoolField(b, "lenient", *x.Lenient)
	}
	b = appendNonEmpty(b, "time_zone", x.TimeZone)
	b = appendBoolField(b, "escape", x.Escape)
	b = appendBoolField(b, "auto_generate_synonyms_phrase_query", x.AutoGenerateSynonymsPhraseQuery)
	b = appendBoolField(b, "fuzzy_transpositions", x.FuzzyTranspositions)
	b = appendBoostName(b, &x.Base, true)
	return append(b, "}}"...)
}
