package dsl

import (
	"errors"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

func str(s string) xcontent.Value { return xcontent.Value{Kind: xcontent.String, Str: s} }
func num(s string) xcontent.Value { return xcontent.Value{Kind: xcontent.Number, Str: s} }
func boolean(b bool) xcontent.Value {
	return xcontent.Value{Kind: xcontent.Bool, Bool: b}
}
func ptr[T any](v T) *T { return &v }

// b is a Base with the default boost and no location.
func b() Base { return Base{Boost: 1} }

var ignoreLocations = cmp.Options{
	cmpopts.IgnoreFields(xcontent.Value{}, "Line", "Col", "EndLine", "EndCol"),
	cmpopts.IgnoreFields(xcontent.Member{}, "Line", "Col"),
	cmpopts.IgnoreFields(Base{}, "Line", "Col"),
	cmpopts.EquateEmpty(),
}

func mustParse(t *testing.T, body string) Query {
	t.Helper()
	q, err := ParseJSON([]byte(body))
	if err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return q
}

func TestParseQueries(t *testing.T) {
	matchDefaults := func(field string, query xcontent.Value) *Match {
		return &Match{Base: b(), Field: field, Query: query, MaxExpansions: 50, FuzzyTranspositions: true, AutoGenerateSynonymsPhraseQuery: true}
	}
	tests := []struct {
		name string
		body string
		want Query
	}{
		{"match_all", `{"match_all":{}}`, &MatchAll{Base: b()}},
		{"match_all boost", `{"match_all":{"boost":1.5,"_name":"all"}}`, &MatchAll{Base: Base{Boost: 1.5, Name: "all"}}},
		{"match_none", `{"match_none":{}}`, &MatchNone{Base: b()}},
		{"match short", `{"match":{"title":"quick fox"}}`, matchDefaults("title", str("quick fox"))},
		{"match number", `{"match":{"age":42}}`, matchDefaults("age", num("42"))},
		{"match full", `{"match":{"title":{"query":"quick fox","operator":"AND","minimum_should_match":"75%","fuzziness":"AUTO","prefix_length":1,"max_expansions":10,"fuzzy_transpositions":false,"analyzer":"standard","zero_terms_query":"all","lenient":true,"boost":"2","_name":"m"}}}`,
			&Match{Base: Base{Boost: 2, Name: "m"}, Field: "title", Query: str("quick fox"), Operator: OperatorAnd, MinimumShouldMatch: "75%",
				Fuzziness: &FuzzinessAuto, PrefixLength: 1, MaxExpansions: 10, Analyzer: "standard", ZeroTerms: ZeroTermsAll, Lenient: true, AutoGenerateSynonymsPhraseQuery: true}},
		{"match_phrase", `{"match_phrase":{"body":{"query":"lazy dog","slop":2}}}`, &MatchPhrase{Base: b(), Field: "body", Query: str("lazy dog"), Slop: 2}},
		{"match_phrase short", `{"match_phrase":{"body":"lazy dog"}}`, &MatchPhrase{Base: b(), Field: "body", Query: str("lazy dog")}},
		{"match_phrase_prefix", `{"match_phrase_prefix":{"body":{"query":"lazy d","max_expansions":5}}}`, &MatchPhrasePrefix{Base: b(), Field: "body", Query: str("lazy d"), MaxExpansions: 5}},
		{"multi_match", `{"multi_match":{"query":"john doe","fields":["first^2","last","*_name"],"type":"most_fields","tie_breaker":0.3}}`,
			&MultiMatch{Base: b(), Query: str("john doe"), Fields: []FieldBoost{{"first", 2}, {"last", 1}, {"*_name", 1}}, Type: "most_fields", TieBreaker: ptr(float32(0.3)),
				MaxExpansions: 50, FuzzyTranspositions: true, AutoGenerateSynonymsPhraseQuery: true}},
		{"multi_match deprecated type", `{"multi_match":{"query":"x","fields":"title^1.5","type":"phrase_prefix"}}`,
			&MultiMatch{Base: b(), Query: str("x"), Fields: []FieldBoost{{"title", 1.5}}, Type: "phrase_prefix", MaxExpansions: 50, FuzzyTranspositions: true, AutoGenerateSynonymsPhraseQuery: true}},
		{"term short", `{"term":{"status":"active"}}`, &Term{Base: b(), Field: "status", Value: str("active")}},
		{"term object", `{"term":{"status":{"value":"Active","boost":2,"case_insensitive":true}}}`, &Term{Base: Base{Boost: 2}, Field: "status", Value: str("Active"), CaseInsensitive: true}},
		{"term bool", `{"term":{"flag":true}}`, &Term{Base: b(), Field: "flag", Value: boolean(true)}},
		{"terms", `{"terms":{"tags":["a",1,true],"boost":3}}`, &Terms{Base: Base{Boost: 3}, Field: "tags", Values: []xcontent.Value{str("a"), num("1"), boolean(true)}}},
		{"terms lookup", `{"terms":{"user":{"index":"users","id":"2","path":"followers"}}}`, &Terms{Base: b(), Field: "user", Lookup: &TermsLookup{Index: "users", ID: "2", Path: "followers"}}},
		{"range", `{"range":{"age":{"gte":10,"lt":20}}}`, &Range{Base: b(), Field: "age", From: ptr(num("10")), To: ptr(num("20")), IncludeLower: true}},
		{"range dates", `{"range":{"ts":{"gt":"now-1d/d","lte":"now","format":"strict_date_optional_time","time_zone":"+01:00"}}}`,
			&Range{Base: b(), Field: "ts", From: ptr(str("now-1d/d")), To: ptr(str("now")), IncludeUpper: true, Format: "strict_date_optional_time", TimeZone: "+01:00"}},
		{"range legacy", `{"range":{"age":{"from":1,"to":null,"include_lower":false}}}`, &Range{Base: b(), Field: "age", From: ptr(num("1")), IncludeUpper: true}},
		{"exists", `{"exists":{"field":"user"}}`, &Exists{Base: b(), Field: "user"}},
		{"ids", `{"ids":{"values":["1","2"]}}`, &IDs{Base: b(), Values: []string{"1", "2"}}},
		{"prefix short", `{"prefix":{"user":"ki"}}`, &Prefix{Base: b(), Field: "user", Value: "ki"}},
		{"prefix object", `{"prefix":{"user":{"value":"ki","case_insensitive":true,"rewrite":"constant_score"}}}`, &Prefix{Base: b(), Field: "user", Value: "ki", CaseInsensitive: true, Rewrite: "constant_score"}},
		{"wildcard", `{"wildcard":{"user":{"wildcard":"k*y","boost":2}}}`, &Wildcard{Base: Base{Boost: 2}, Field: "user", Value: "k*y"}},
		{"regexp", `{"regexp":{"user":{"value":"k.*y","flags":"INTERSECTION|COMPLEMENT","max_determinized_states":500}}}`,
			&Regexp{Base: b(), Field: "user", Value: "k.*y", Flags: "INTERSECTION|COMPLEMENT", MaxDeterminizedStates: 500}},
		{"fuzzy", `{"fuzzy":{"user":{"value":"ki","fuzziness":2,"prefix_length":1,"transpositions":false}}}`,
			&Fuzzy{Base: b(), Field: "user", Value: str("ki"), Fuzziness: Fuzziness{Edits: 2}, PrefixLength: 1, MaxExpansions: 50}},
		{"fuzzy short", `{"fuzzy":{"user":"ki"}}`, &Fuzzy{Base: b(), Field: "user", Value: str("ki"), Fuzziness: FuzzinessAuto, MaxExpansions: 50, Transpositions: true}},
		{"bool", `{"bool":{"must":{"match_all":{}},"filter":[{"term":{"a":1}},{"exists":{"field":"b"}}],"must_not":[],"should":[{"ids":{"values":"x"}}],"minimum_should_match":1,"boost":2}}`,
			&Bool{Base: Base{Boost: 2}, Must: []Query{&MatchAll{Base: b()}}, Filter: []Query{&Term{Base: b(), Field: "a", Value: num("1")}, &Exists{Base: b(), Field: "b"}},
				Should: []Query{&IDs{Base: b(), Values: []string{"x"}}}, MinimumShouldMatch: "1", AdjustPureNegative: true}},
		{"bool empty", `{"bool":{}}`, &Bool{Base: b(), AdjustPureNegative: true}},
		{"bool null clauses", `{"bool":{"must":null,"filter":[{"match_all":{}}]}}`, &Bool{Base: b(), Filter: []Query{&MatchAll{Base: b()}}, AdjustPureNegative: true}},
		{"constant_score", `{"constant_score":{"filter":{"term":{"a":"b"}},"boost":1.2}}`, &ConstantScore{Base: Base{Boost: 1.2}, Filter: &Term{Base: b(), Field: "a", Value: str("b")}}},
		{"dis_max", `{"dis_max":{"queries":[{"term":{"a":"b"}},{"match":{"c":"d"}}],"tie_breaker":0.7}}`,
			&DisMax{Base: b(), Queries: []Query{&Term{Base: b(), Field: "a", Value: str("b")}, matchDefaults("c", str("d"))}, TieBreaker: 0.7}},
		{"function_score", `{"function_score":{"query":{"match":{"t":"x"}},"functions":[{"filter":{"term":{"a":"b"}},"weight":2},{"field_value_factor":{"field":"likes","factor":1.2,"modifier":"log1p","missing":1}}],"score_mode":"sum","boost_mode":"replace","max_boost":10}}`,
			&FunctionScore{Base: b(), Query: matchDefaults("t", str("x")), ScoreMode: "sum", BoostMode: "replace", MaxBoost: 10, Functions: []ScoreFunction{
				{Filter: &Term{Base: b(), Field: "a", Value: str("b")}, Weight: ptr(float32(2))},
				{Filter: &MatchAll{Base: b()}, FieldValueFactor: &FieldValueFactor{Field: "likes", Factor: 1.2, Modifier: "log1p", Missing: ptr(1.0)}},
			}}},
		{"function_score single", `{"function_score":{"weight":3}}`,
			&FunctionScore{Base: b(), Query: &MatchAll{Base: b()}, ScoreMode: "multiply", MaxBoost: math.MaxFloat32, Functions: []ScoreFunction{{Filter: &MatchAll{Base: b()}, Weight: ptr(float32(3))}}}},
		{"nested array walk", `{"nested":{"path":["p"],"query":[{"match_all":{}}]}}`, &Nested{Base: b(), Path: "p", Query: &MatchAll{Base: b()}, ScoreMode: "avg"}},
		{"nested", `{"nested":{"path":"comments","query":{"match":{"comments.text":"hi"}},"score_mode":"max","ignore_unmapped":true}}`,
			&Nested{Base: b(), Path: "comments", Query: matchDefaults("comments.text", str("hi")), ScoreMode: "max", IgnoreUnmapped: true}},
		{"query_string", `{"query_string":{"query":"a AND b","default_field":"title","fields":["x^2"],"default_operator":"and","analyze_wildcard":true,"lenient":true,"phrase_slop":1}}`,
			&QueryString{Base: b(), Query: "a AND b", DefaultField: "title", Fields: []FieldBoost{{"x", 2}}, DefaultOperator: OperatorAnd, AnalyzeWildcard: true, Lenient: ptr(true), PhraseSlop: 1,
				AllowLeadingWildcard: true, EnablePositionIncrements: true, FuzzyMaxExpansions: 50, FuzzyTranspositions: true, Fuzziness: FuzzinessAuto, Type: "best_fields", MaxDeterminizedStates: 10000, AutoGenerateSynonymsPhraseQuery: true}},
		{"simple_query_string", `{"simple_query_string":{"query":"a +b","fields":["t"],"flags":"OR|AND|PREFIX"}}`,
			&SimpleQueryString{Base: b(), Query: "a +b", Fields: []FieldBoost{{"t", 1}}, Flags: FlagOr | FlagAnd | FlagPrefix, AutoGenerateSynonymsPhraseQuery: true, FuzzyMaxExpansions: 50, FuzzyTranspositions: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mustParse(t, tt.body)
			if diff := cmp.Diff(tt.want, got, ignoreLocations); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.body, diff)
			}
		})
	}
}

func TestQueryLocation(t *testing.T) {
	q := mustParse(t, "{\n  \"bool\": {\n    \"must\": [ {\"term\": {\"a\": 1}} ]\n  }\n}")
	bq := q.(*Bool)
	if bq.Line != 2 || bq.Col != 11 {
		t.Errorf("bool at %d:%d", bq.Line, bq.Col)
	}
	if tq := bq.Must[0].Common(); tq.Line != 3 || tq.Col != 24 {
		t.Errorf("term at %d:%d", tq.Line, tq.Col)
	}
}

func TestParseErrors(t *testing.T) {
	pe := func(line, col int, reason string) *Error {
		return &Error{Type: "parsing_exception", Reason: reason, Line: line, Col: col, Status: 400}
	}
	ia := func(reason string) *Error {
		return &Error{Type: "illegal_argument_exception", Reason: reason, Status: 400}
	}
	xp := func(reason string, cause *Error) *Error {
		return &Error{Type: "x_content_parse_exception", Reason: reason, CausedBy: cause, Status: 400}
	}
	tests := []struct {
		body string
		want *Error
	}{
		{`{"matc":{"f":"x"}}`, &Error{Type: "parsing_exception", Reason: "unknown query [matc] did you mean [match]?", Line: 1, Col: 9, Status: 400,
			CausedBy: &Error{Type: "named_object_not_found_exception", Reason: "[1:9] unknown field [matc]", Status: 400}}},
		{`{"term_s":{"f":"x"}}`, &Error{Type: "parsing_exception", Reason: "unknown query [term_s] did you mean any of [terms, term, terms_set]?", Line: 1, Col: 11, Status: 400,
			CausedBy: &Error{Type: "named_object_not_found_exception", Reason: "[1:11] unknown field [term_s]", Status: 400}}},
		{`{"foo":{}}`, &Error{Type: "parsing_exception", Reason: "unknown query [foo]", Line: 1, Col: 8, Status: 400,
			CausedBy: &Error{Type: "named_object_not_found_exception", Reason: "[1:8] unknown field [foo]", Status: 400}}},
		{`{}`, ia("query malformed, empty clause found at [1:2]")},
		{`{"match":"x"}`, pe(1, 10, "[match] query malformed, no start_object after query name")},
		{`{"match_all":{},"term":{}}`, pe(1, 17, "[match_all] malformed query, expected [END_OBJECT] but found [FIELD_NAME]")},
		{`{"match":{"f":{"query":"x","foo":1}}}`, pe(1, 34, "[match] query does not support [foo]")},
		{`{"match":{"f":{"query":"x","operator":"xor"}}}`, ia("operator needs to be either [OR, AND], but not [xor]")},
		{`{"match":{"f":{"query":["x"]}}}`, pe(1, 24, "[match] unknown token [START_ARRAY] after [query]")},
		{`{"match":{"f":"x","g":"y"}}`, pe(1, 23, "[match] query doesn't support multiple fields, found [f] and [g]")},
		{`{"match":{"f":{}}}`, pe(1, 17, "No text specified for text query")},
		{`{"match":{"f":["a","b"]}}`, &Error{Type: "illegal_state_exception", Reason: "Can't get text on a START_ARRAY at 1:15", Status: 500}},
		{`{"match":{"f":{"query":"x","zero_terms_query":"some"}}}`, pe(1, 47, "Unsupported zero_terms_query value [some]")},
		{`{"match":{"f":{"query":"x","boost":"abc"}}}`, &Error{Type: "number_format_exception", Reason: `For input string: "abc"`, Status: 400}},
		{`{"match":{"f":{"query":"x","lenient":"yes"}}}`, ia("Failed to parse value [yes] as only [true] or [false] are allowed.")},
		{`{"match":{"f":{"query":"x","prefix_length":2147483648}}}`, &Error{Type: "input_coercion_exception", Status: 500,
			Reason: "Numeric value (2147483648) out of range of int (-2147483648 - 2147483647)\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 54]"}},
		{`{"match":{"f":{"query":"x","boost":true}}}`, &Error{Type: "json_parse_exception", Status: 400,
			Reason: "Current token (VALUE_TRUE) not numeric, can not use numeric value accessors\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 40]"}},
		{`{"match":{"f":{"query":"x","fuzziness":"AUTO:1"}}}`, &Error{Type: "parse_exception", Reason: "failed to find low and high distance values", Status: 400}},
		{`{"match":{"f":{"query":"x","fuzziness":"two"}}}`, ia("Illegal Fuzziness Value")},
		{`{"term":{"f":["a"]}}`, pe(1, 14, "[term] query does not support array of values")},
		{`{"term":{"f":"a","boost":2}}`, pe(1, 26, "[term] query doesn't support multiple fields, found [f] and [boost]")},
		{`{"term":{"f":{"valu":"a"}}}`, pe(1, 22, "[term] query does not support [valu]")},
		{`{"term":{"f":{"value":{"x":1}}}}`, pe(1, 28, "[term] query does not support [x]")},
		{`{"term":{"f":{"value":null}}}`, ia("value cannot be null")},
		{`{"term":{}}`, ia("field name is null or empty")},
		{`{"terms":{}}`, pe(1, 11, "[terms] query requires a field name, followed by array of terms or a document lookup specification")},
		{`{"terms":{"a":["x"],"b":["y"]}}`, pe(1, 25, "[terms] query does not support multiple fields")},
		{`{"terms":{"a":["x",null]}}`, pe(1, 20, "No value specified for terms query")},
		{`{"terms":{"a":{"index":"i","path":"p"}}}`, ia("[terms] query lookup element requires specifying the id.")},
		{`{"range":{"f":{"gte":1,"gtx":2}}}`, pe(1, 30, "[range] query does not support [gtx]")},
		{`{"range":{"f":1}}`, pe(1, 15, "[range] query does not support [f]")},
		{`{"range":{"f":{"gte":1,"relation":"disjoint"}}}`, ia("[range] query does not support relation [disjoint]")},
		{`{"range":{"f":{"gte":1,"time_zone":"Mars/Olympus"}}}`, &Error{Type: "zone_rules_exception", Reason: "Unknown time-zone ID: Mars/Olympus", Status: 500}},
		{`{"exists":{}}`, pe(1, 12, "[exists] must be provided with a [field]")},
		{`{"exists":{"field":"a","fields":"b"}}`, pe(1, 33, "[exists] query does not support [fields]")},
		{`{"prefix":{"f":{"prefix":"a","foo":1}}}`, pe(1, 36, "[prefix] query does not support [foo]")},
		{`{"regexp":{"f":{"value":"a","flags":"BOGUS"}}}`, ia("Unknown regexp flag [BOGUS]")},
		{`{"fuzzy":{"f":{"fuzziness":1}}}`, ia("query value cannot be null")},
		{`{"bool":{"must":[{"match":{}}]}}`, xp("[1:28] [bool] failed to parse field [must]", pe(1, 28, "No text specified for text query"))},
		{`{"bool":{"mustt":[]}}`, xp("[1:10] [bool] unknown field [mustt] did you mean any of [must, mustNot, must_not]?", nil)},
		{`{"bool":{"must":"x"}}`, xp("[1:17] [bool] must doesn't support values of type: VALUE_STRING", nil)},
		{`{"bool":{"_name":1}}`, xp("[1:18] [bool] _name doesn't support values of type: VALUE_NUMBER", nil)},
		{`{"bool":{"filter":[{}]}}`, xp("[1:21] [bool] failed to parse field [filter]", ia("query malformed, empty clause found at [1:21]"))},
		{`{"bool":{"must":{"bool":{"foo":1}}}}`, xp("[1:32] [bool] failed to parse field [must]", xp("[1:26] [bool] unknown field [foo]", nil))},
		{`{"bool":{"should":{"matchx":{}}}}`, xp("[1:29] [bool] failed to parse field [should]", &Error{Type: "parsing_exception", Reason: "unknown query [matchx] did you mean any of [match, match_all]?", Line: 1, Col: 29, Status: 400,
			CausedBy: &Error{Type: "named_object_not_found_exception", Reason: "[1:29] unknown field [matchx]", Status: 400}})},
		{`{"match_all":{"foo":1}}`, &Error{Type: "parsing_exception", Reason: "[1:15] [match_all] unknown field [foo]", Line: 1, Col: 21, Status: 400,
			CausedBy: xp("[1:15] [match_all] unknown field [foo]", nil)}},
		{`{"match_all":{"boosts":1}}`, &Error{Type: "parsing_exception", Reason: "[1:15] [match_all] unknown field [boosts] did you mean [boost]?", Line: 1, Col: 24, Status: 400,
			CausedBy: xp("[1:15] [match_all] unknown field [boosts] did you mean [boost]?", nil)}},
		{`{"ids":{"value":["1"]}}`, &Error{Type: "parsing_exception", Reason: "[1:9] [ids] unknown field [value] did you mean [values]?", Line: 1, Col: 17, Status: 400,
			CausedBy: xp("[1:9] [ids] unknown field [value] did you mean [values]?", nil)}},
		{`{"constant_score":{"boost":2}}`, pe(1, 29, "[constant_score] requires a 'filter' element")},
		{`{"constant_score":{"query":{"match_all":{}}}}`, pe(1, 28, "[constant_score] query does not support [query]")},
		{`{"dis_max":{"tie_breaker":0.1}}`, pe(1, 30, "[dis_max] requires 'queries' field with at least one clause")},
		{`{"nested":{"query":{"match_all":{}}}}`, ia("[nested] requires 'path' field")},
		{`{"nested":{"path":"p"}}`, ia("[nested] requires 'query' field")},
		{`{"nested":{"path":"p","query":{"match_all":{}},"score_mode":"median"}}`, ia("No score mode for child query [median] found")},
		{`{"multi_match":{"fields":["a"]}}`, pe(1, 31, "No text specified for multi_match query")},
		{`{"multi_match":{"query":"x","type":"best"}}`, &Error{Type: "parse_exception", Reason: "failed to parse [multi_match] query type [best]. unknown type.", Status: 400}},
		{`{"multi_match":{"query":"x","type":"cross_fields","fuzziness":1}}`, pe(1, 64, "Fuzziness not allowed for type [cross_fields]")},
		{`{"query_string":{"default_field":"a"}}`, pe(1, 37, "[query_string] must be provided with a [query]")},
		{`{"query_string":{"query":"a","foo":"b"}}`, pe(1, 36, "[query_string] query does not support [foo]")},
		{`{"simple_query_string":{"query":"a","foo":"b"}}`, pe(1, 43, "[simple_query_string] unsupported field [foo]")},
		{`{"simple_query_string":{"fields":["a"]}}`, pe(1, 39, "[simple_query_string] query text missing")},
		{`{"simple_query_string":{"query":"a","flags":"OR|XOR"}}`, ia("Unknown simple_query_string flag [XOR]")},
		{`{"function_score":{"functions":[{"filter":{"match_all":{}}}]}}`, pe(1, 59, "failed to parse [function_score] query. an entry in functions list is missing a function.")},
		{`{"function_score":{"field_value_factor":{"field":"a"},"functions":[]}}`, pe(1, 67, "failed to parse [function_score] query. [you can either define [functions] array or a single function, not both. already found [field_value_factor], now encountering [functions].]")},
		{`{"function_score":{"score_mode":"median"}}`, ia("No enum constant org.opensearch.common.lucene.search.function.FunctionScoreQuery.ScoreMode.MEDIAN")},
		{`{"dis_max":{"queries":[]}}`, pe(1, 24, "[_na] query malformed, must start with start_object")},
		{`{"terms":{"a":["x"],"b":{"index":"i","id":"1","path":"p"}}}`, pe(1, 25, "[terms] query does not support more than one field. Already got: [a] but also found [b]")},
		{`{"fuzzy":{"f":{"value":["x"]}}}`, pe(1, 24, "[fuzzy] unexpected token [START_ARRAY] after [value]")},
		{`{"constant_score":{"filter":{"match_all":{}},"boost":[1]}}`, pe(1, 54, "unexpected token [START_ARRAY]")},
	}
	for _, tt := range tests {
		_, err := ParseJSON([]byte(tt.body))
		var got *Error
		if !errors.As(err, &got) {
			t.Errorf("%s: err = %v", tt.body, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreUnexported(Error{})); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.body, diff)
		}
	}
}

func TestSuggest(t *testing.T) {
	tests := []struct {
		unknown string
		cands   []string
		want    string
	}{
		{"matc", queryNames, " did you mean [match]?"},
		{"xyz", queryNames, ""},
		{"prefx", queryNames, " did you mean [prefix]?"},
		{"dac", []string{"doc", "upsert", "script"}, " did you mean [doc]?"},
		{"sise", []string{"size", "sort", "site"}, " did you mean any of [site, size]?"},
	}
	for _, tt := range tests {
		if got := suggest(tt.unknown, tt.cands); got != tt.want {
			t.Errorf("suggest(%q) = %q, want %q", tt.unknown, got, tt.want)
		}
	}
	if d := levenshtein("abc", "abd"); d != 1-float32(1)/3 {
		t.Errorf("levenshtein = %v", d)
	}
}

// Errors inside a bool clause are wrapped at the place the parser stood.
func TestWrappedErrorLocation(t *testing.T) {
	tests := []struct{ body, reason string }{
		{`{"bool":{"must":{"match":{"f":{"query":"x","operator":"xor"}}}}}`, "[1:55] [bool] failed to parse field [must]"},
		{`{"bool":{"must":{"term":{}}}}`, "[1:26] [bool] failed to parse field [must]"},
		{`{"bool":{"boost":"x"}}`, "[1:18] [bool] failed to parse field [boost]"},
	}
	for _, tt := range tests {
		_, err := ParseJSON([]byte(tt.body))
		var e *Error
		if !errors.As(err, &e) || e.Reason != tt.reason {
			t.Errorf("%s: %v", tt.body, err)
		}
	}
}
