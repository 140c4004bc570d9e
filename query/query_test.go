package query

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/types"
	"github.com/google/go-cmp/cmp"
)

// jsonEqual compares two JSON documents as trees, so key order and spacing do not matter.
func jsonEqual(t *testing.T, got []byte, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("want is not JSON: %v\n%s", err, want)
	}
	if d := cmp.Diff(w, g); d != "" {
		t.Errorf("JSON mismatch (-want +got):\n%s\ngot: %s", d, got)
	}
}

func TestBuildersMarshalToDocumentedDSL(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		q    Query
		want string
	}{
		{"match_all", MatchAll(), `{"match_all":{}}`},
		{"match_all boost", MatchAll().WithBoost(1.2), `{"match_all":{"boost":1.2}}`},
		{"match_none", MatchNone(), `{"match_none":{}}`},
		{"match_none options", MatchNone().WithBoost(0.5).WithName("none"), `{"match_none":{"boost":0.5,"_name":"none"}}`},
		{"match_all name", MatchAll().WithName("all"), `{"match_all":{"_name":"all"}}`},
		{"range time.Time", Range("ts").Gte(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)).Lt(time.Date(2024, 2, 1, 0, 0, 0, 500e6, time.FixedZone("", 3600))),
			`{"range":{"ts":{"gte":"2024-01-02T03:04:05Z","lt":"2024-02-01T00:00:00.5+01:00"}}}`},
		{"match", Match("title", "quick brown fox"), `{"match":{"title":{"query":"quick brown fox"}}}`},
		{"match options", &MatchQuery{Field: "title", Query: "quikc fox", Operator: "and", MinimumShouldMatch: "2",
			Fuzziness: "AUTO", PrefixLength: Ptr(1), MaxExpansions: Ptr(10), FuzzyTranspositions: Ptr(false),
			FuzzyRewrite: "constant_score", Analyzer: "standard", ZeroTermsQuery: "all", Lenient: Ptr(true),
			AutoGenerateSynonymsPhraseQuery: Ptr(false), Boost: Ptr(2.0), Name: "m1"},
			`{"match":{"title":{"query":"quikc fox","operator":"and","minimum_should_match":2,"fuzziness":"AUTO",
			"prefix_length":1,"max_expansions":10,"fuzzy_transpositions":false,"fuzzy_rewrite":"constant_score",
			"analyzer":"standard","zero_terms_query":"all","lenient":true,"auto_generate_synonyms_phrase_query":false,
			"boost":2,"_name":"m1"}}}`},
		{"match percent msm and numeric fuzziness", Match("t", "a b c").WithMinimumShouldMatch("75%").WithFuzziness("1"),
			`{"match":{"t":{"query":"a b c","minimum_should_match":"75%","fuzziness":1}}}`},
		{"match_phrase", MatchPhrase("body", "quick fox").WithSlop(2).WithBoost(3),
			`{"match_phrase":{"body":{"query":"quick fox","slop":2,"boost":3}}}`},
		{"match_phrase_prefix", MatchPhrasePrefix("title", "quick br").WithMaxExpansions(10),
			`{"match_phrase_prefix":{"title":{"query":"quick br","max_expansions":10}}}`},
		{"multi_match", MultiMatch("brown fox", "title^3", "body").WithType("best_fields").WithTieBreaker(0.3),
			`{"multi_match":{"query":"brown fox","fields":["title^3","body"],"type":"best_fields","tie_breaker":0.3}}`},
		{"multi_match no fields", MultiMatch("x"), `{"multi_match":{"query":"x"}}`},
		{"term", Term("status", "published"), `{"term":{"status":{"value":"published"}}}`},
		{"term options", Term("user.id", "KimChy").WithBoost(1.5).WithName("t"),
			`{"term":{"user.id":{"value":"KimChy","boost":1.5,"_name":"t"}}}`},
		{"term numeric zero", Term("count", 0), `{"term":{"count":{"value":0}}}`},
		{"term case insensitive", &TermQuery{Field: "k", Value: "ABC", CaseInsensitive: Ptr(true)},
			`{"term":{"k":{"value":"ABC","case_insensitive":true}}}`},
		{"terms", Terms("tags", "a", "b").WithBoost(2), `{"terms":{"tags":["a","b"],"boost":2}}`},
		{"terms empty", Terms("tags"), `{"terms":{"tags":[]}}`},
		{"range numbers", Range("age").Gte(10).Lt(20).WithBoost(2),
			`{"range":{"age":{"gte":10,"lt":20,"boost":2}}}`},
		{"range zero bound", Range("n").Gt(0).Lte(0), `{"range":{"n":{"gt":0,"lte":0}}}`},
		{"range dates", Range("timestamp").Gte("now-1d/d").Lt("now/d"),
			`{"range":{"timestamp":{"gte":"now-1d/d","lt":"now/d"}}}`},
		{"range date format", Range("born").Gte("01/01/2012").Lte("2013").WithFormat("dd/MM/yyyy||yyyy").WithTimeZone("+01:00"),
			`{"range":{"born":{"gte":"01/01/2012","lte":"2013","format":"dd/MM/yyyy||yyyy","time_zone":"+01:00"}}}`},
		{"range relation", &RangeQuery{Field: "r", GTE: 1, Relation: "WITHIN"}, `{"range":{"r":{"gte":1,"relation":"WITHIN"}}}`},
		{"exists", Exists("user").WithBoost(1), `{"exists":{"field":"user","boost":1}}`},
		{"ids", IDs("1", "4", "100"), `{"ids":{"values":["1","4","100"]}}`},
		{"ids boost", IDs().WithBoost(2), `{"ids":{"values":[],"boost":2}}`},
		{"prefix", Prefix("user.id", "ki").WithBoost(2), `{"prefix":{"user.id":{"value":"ki","boost":2}}}`},
		{"prefix options", &PrefixQuery{Field: "f", Value: "Ki", CaseInsensitive: Ptr(true), Rewrite: "constant_score"},
			`{"prefix":{"f":{"value":"Ki","case_insensitive":true,"rewrite":"constant_score"}}}`},
		{"wildcard", Wildcard("user.id", "ki*y").WithBoost(1), `{"wildcard":{"user.id":{"value":"ki*y","boost":1}}}`},
		{"regexp", &RegexpQuery{Field: "user.id", Value: "k.*y", Flags: "ALL", CaseInsensitive: Ptr(true),
			MaxDeterminizedStates: Ptr(10000), Rewrite: "constant_score", Boost: Ptr(1.0)},
			`{"regexp":{"user.id":{"value":"k.*y","flags":"ALL","case_insensitive":true,"max_determinized_states":10000,"rewrite":"constant_score","boost":1}}}`},
		{"fuzzy", &FuzzyQuery{Field: "user.id", Value: "ki", Fuzziness: "AUTO", MaxExpansions: Ptr(50),
			PrefixLength: Ptr(0), Transpositions: Ptr(true), Rewrite: "constant_score", Boost: Ptr(1.0)},
			`{"fuzzy":{"user.id":{"value":"ki","fuzziness":"AUTO","prefix_length":0,"max_expansions":50,"transpositions":true,"rewrite":"constant_score","boost":1}}}`},
		{"fuzzy numeric", Fuzzy("f", "abc").WithFuzziness("2"), `{"fuzzy":{"f":{"value":"abc","fuzziness":2}}}`},
		{"bool", Bool().
			Must(Term("user.id", "kimchy")).
			Filter(Term("tags", "production")).
			MustNot(Range("age").Gte(10).Lte(20)).
			Should(Term("tags", "env1"), Term("tags", "deployed")).
			WithMinimumShouldMatch("1").WithBoost(1),
			`{"bool":{"must":[{"term":{"user.id":{"value":"kimchy"}}}],"filter":[{"term":{"tags":{"value":"production"}}}],
			"must_not":[{"range":{"age":{"gte":10,"lte":20}}}],"should":[{"term":{"tags":{"value":"env1"}}},{"term":{"tags":{"value":"deployed"}}}],
			"minimum_should_match":1,"boost":1}}`},
		{"bool empty", Bool(), `{"bool":{}}`},
		{"bool combination msm", Bool().Should(MatchAll()).WithMinimumShouldMatch("3<90%"),
			`{"bool":{"should":[{"match_all":{}}],"minimum_should_match":"3<90%"}}`},
		{"constant_score", ConstantScore(Term("user.id", "kimchy")).WithBoost(1.2),
			`{"constant_score":{"filter":{"term":{"user.id":{"value":"kimchy"}}},"boost":1.2}}`},
		{"dis_max", DisMax(Term("title", "Shine"), Term("body", "Shine")).WithTieBreaker(0.7),
			`{"dis_max":{"queries":[{"term":{"title":{"value":"Shine"}}},{"term":{"body":{"value":"Shine"}}}],"tie_breaker":0.7}}`},
		{"function_score", FunctionScore(Match("title", "fox"),
			WeightFunction(Term("tags", "hot"), 2),
			ScoreFunction{FieldValueFactor: &FieldValueFactor{Field: "likes", Factor: Ptr(1.2), Modifier: "sqrt", Missing: Ptr(1.0)}},
			ScoreFunction{RandomScore: &RandomScore{Seed: 10, Field: "_seq_no"}, Weight: Ptr(0.5)},
			ScoreFunction{Decay: &DecayFunction{Kind: "gauss", Field: "date", Origin: "2013-09-17", Scale: "10d", Offset: "5d", Decay: Ptr(0.5)}},
			ScoreFunction{Decay: &DecayFunction{Kind: "linear", Field: "price", Origin: 0, Scale: 20, MultiValueMode: "avg"}},
			ScoreFunction{ScriptScore: &ScriptScore{Script: &types.Script{Source: "Math.log(2 + doc['likes'].value)"}}},
		).WithScoreMode("sum").WithBoostMode("multiply").WithBoost(5),
			`{"function_score":{"query":{"match":{"title":{"query":"fox"}}},"functions":[
			{"filter":{"term":{"tags":{"value":"hot"}}},"weight":2},
			{"field_value_factor":{"field":"likes","factor":1.2,"modifier":"sqrt","missing":1}},
			{"weight":0.5,"random_score":{"seed":10,"field":"_seq_no"}},
			{"gauss":{"date":{"origin":"2013-09-17","scale":"10d","offset":"5d","decay":0.5}}},
			{"linear":{"price":{"origin":0,"scale":20},"multi_value_mode":"avg"}},
			{"script_score":{"script":{"source":"Math.log(2 + doc['likes'].value)"}}}],
			"score_mode":"sum","boost_mode":"multiply","boost":5}}`},
		{"function_score limits", &FunctionScoreQuery{MaxBoost: Ptr(42.0), MinScore: Ptr(1.0)},
			`{"function_score":{"max_boost":42,"min_score":1}}`},
		{"query_string", QueryString("(new york city) OR (big apple)").WithDefaultField("content").WithDefaultOperator("AND").WithBoost(2),
			`{"query_string":{"query":"(new york city) OR (big apple)","default_field":"content","default_operator":"AND","boost":2}}`},
		{"query_string options", &QueryStringQuery{Query: "a", Fields: []string{"t^2"}, Analyzer: "standard",
			QuoteAnalyzer: "q", AnalyzeWildcard: Ptr(true), AllowLeadingWildcard: Ptr(false), Lenient: Ptr(true),
			Fuzziness: "AUTO", FuzzyPrefixLength: Ptr(1), FuzzyMaxExpansions: Ptr(5), PhraseSlop: Ptr(2),
			MinimumShouldMatch: "2", QuoteFieldSuffix: ".exact", TimeZone: "UTC", Type: "best_fields",
			TieBreaker: Ptr(0.1), Rewrite: "constant_score", MaxDeterminizedStates: Ptr(100),
			EnablePositionIncrements: Ptr(true), Name: "qs"},
			`{"query_string":{"query":"a","fields":["t^2"],"analyzer":"standard","quote_analyzer":"q","analyze_wildcard":true,
			"allow_leading_wildcard":false,"lenient":true,"fuzziness":"AUTO","fuzzy_prefix_length":1,"fuzzy_max_expansions":5,
			"phrase_slop":2,"minimum_should_match":2,"quote_field_suffix":".exact","time_zone":"UTC","type":"best_fields",
			"tie_breaker":0.1,"rewrite":"constant_score","max_determinized_states":100,"enable_position_increments":true,"_name":"qs"}}`},
		{"simple_query_string", SimpleQueryString(`"fried eggs" +(eggplant | potato) -frittata`, "title^5", "body").WithDefaultOperator("and"),
			`{"simple_query_string":{"query":"\"fried eggs\" +(eggplant | potato) -frittata","fields":["title^5","body"],"default_operator":"and"}}`},
		{"simple_query_string options", &SimpleQueryStringQuery{Query: "a*", Flags: "OR|PREFIX", Analyzer: "standard",
			AnalyzeWildcard: Ptr(true), Lenient: Ptr(true), MinimumShouldMatch: "-1", QuoteFieldSuffix: ".exact",
			FuzzyPrefixLength: Ptr(1), FuzzyMaxExpansions: Ptr(5), FuzzyTranspositions: Ptr(false),
			AutoGenerateSynonymsPhraseQuery: Ptr(true), Boost: Ptr(1.5), Name: "s"},
			`{"simple_query_string":{"query":"a*","flags":"OR|PREFIX","analyzer":"standard","analyze_wildcard":true,"lenient":true,
			"minimum_should_match":-1,"quote_field_suffix":".exact","fuzzy_prefix_length":1,"fuzzy_max_expansions":5,
			"fuzzy_transpositions":false,"auto_generate_synonyms_phrase_query":true,"boost":1.5,"_name":"s"}}`},
		{"nested", Nested("comments", Bool().Must(Match("comments.text", "great"))).WithScoreMode("max"),
			`{"nested":{"path":"comments","query":{"bool":{"must":[{"match":{"comments.text":{"query":"great"}}}]}},"score_mode":"max"}}`},
		{"nested inner hits", &NestedQuery{Path: "p", Query: MatchAll(), IgnoreUnmapped: Ptr(true), InnerHits: innerHitsJSON("{}"), Boost: Ptr(2.0)},
			`{"nested":{"path":"p","query":{"match_all":{}},"ignore_unmapped":true,"inner_hits":{},"boost":2}}`},
		{"raw", Raw(`{"geo_distance":{"distance":"2km","pin":[-70,40]}}`), `{"geo_distance":{"distance":"2km","pin":[-70,40]}}`},
		{"raw inside bool", Bool().Filter(Raw(`{"script":{"script":"true"}}`)), `{"bool":{"filter":[{"script":{"script":"true"}}]}}`},
		{"field with quotes", Term(`we"ird`, "v"), `{"term":{"we\"ird":{"value":"v"}}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := json.Marshal(c.q)
			if err != nil {
				t.Fatal(err)
			}
			jsonEqual(t, got, c.want)
			// The SDK encodes through jsonx (goccy); it must agree with encoding/json.
			viaJSONX, err := jsonx.Marshal(c.q)
			if err != nil {
				t.Fatal(err)
			}
			jsonEqual(t, viaJSONX, c.want)
		})
	}
}

func TestBuildersRejectBadInput(t *testing.T) {
	t.Parallel()
	var nilTerm *TermQuery
	cases := []struct {
		name string
		q    Query
		want string
	}{
		{"term without field", Term("", "x"), "term needs a field name"},
		{"terms without field", Terms(""), "terms needs a field name"},
		{"exists without field", Exists(""), "exists needs a field name"},
		{"nil clause in bool", Bool().Must(nil), "nil clause in bool"},
		{"typed nil clause in bool", Bool().Filter(nilTerm), "nil clause in bool"},
		{"nil clause in dis_max", DisMax(nil), "nil clause in dis_max"},
		{"constant_score without filter", ConstantScore(nil), "constant_score needs a filter"},
		{"nested without query", Nested("p", nil), "nested needs a path and a query"},
		{"raw empty", Raw(nil), "empty raw query"},
		{"raw invalid", Raw(`{"a":`), "not valid JSON"},
		{"decay kind", FunctionScore(nil, ScoreFunction{Decay: &DecayFunction{Kind: "cubic", Field: "f", Scale: 1}}), "gauss, exp or linear"},
		{"two functions", FunctionScore(nil, ScoreFunction{RandomScore: &RandomScore{}, FieldValueFactor: &FieldValueFactor{Field: "f"}}), "at most one"},
		{"empty function", FunctionScore(nil, ScoreFunction{}), "needs a weight or a function"},
		{"script_score without script", FunctionScore(nil, ScoreFunction{ScriptScore: &ScriptScore{}}), "script_score needs a script"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := json.Marshal(c.q)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want it to mention %q", err, c.want)
			}
		})
	}
}

func TestSourceFilterForms(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		s    *SourceFilter
		json string
		url  string
	}{
		{"off", SourceOff(), `false`, "_source=false"},
		{"on", SourceOn(), `true`, "_source=true"},
		{"list", SourceFields("title", "user.*"), `["title","user.*"]`, "_source=title%2Cuser.%2A"},
		{"includes and excludes", SourceIncludesExcludes([]string{"a*"}, []string{"a.secret"}),
			`{"includes":["a*"],"excludes":["a.secret"]}`, ""},
		{"excludes only", SourceIncludesExcludes(nil, []string{"big"}), `{"excludes":["big"]}`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := json.Marshal(c.s)
			if err != nil {
				t.Fatal(err)
			}
			jsonEqual(t, got, c.json)
			var back SourceFilter
			if err := json.Unmarshal(got, &back); err != nil {
				t.Fatal(err)
			}
			again, err := json.Marshal(&back)
			if err != nil {
				t.Fatal(err)
			}
			jsonEqual(t, again, c.json)
			v := url.Values{}
			err = c.s.EncodeValues("_source", &v)
			if c.url == "" {
				if err == nil {
					t.Fatalf("URL encoding of excludes should fail")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := v.Encode(); got != c.url {
				t.Errorf("URL = %q, want %q", got, c.url)
			}
		})
	}
	if _, err := json.Marshal(&SourceFilter{}); err == nil {
		t.Error("an empty source filter must not marshal")
	}
}

func TestSourceFilterDecodesServerForms(t *testing.T) {
	t.Parallel()
	cases := map[string]SourceFilter{
		`"title"`:                             {Includes: []string{"title"}},
		`{"include":["a"],"exclude":["b"]}`:   {Includes: []string{"a"}, Excludes: []string{"b"}},
		`{"includes":["a"],"excludes":["b"]}`: {Includes: []string{"a"}, Excludes: []string{"b"}},
		` false `:                             {Fetch: Ptr(false)},
	}
	for in, want := range cases {
		var got SourceFilter
		if err := json.Unmarshal([]byte(in), &got); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: (-want +got)\n%s", in, d)
		}
	}
	var s SourceFilter
	if err := json.Unmarshal([]byte(`12`), &s); err == nil {
		t.Error("a number is not a _source value")
	}
}

func FuzzSourceFilterUnmarshal(f *testing.F) {
	for _, seed := range []string{`true`, `false`, `"a"`, `["a","b"]`, `{"includes":["a"],"excludes":["b"]}`, `{"include":"x"}`, `[`, `null`, `{}`, `1`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var s SourceFilter
		if err := s.UnmarshalJSON(data); err != nil {
			return
		}
		if s.Fetch == nil && len(s.Includes) == 0 && len(s.Excludes) == 0 {
			return // {} or [] decode to an empty filter, which is rejected on the way out
		}
		out, err := s.MarshalJSON()
		if err != nil {
			t.Fatalf("decoded %q but cannot encode it: %v", data, err)
		}
		var back SourceFilter
		if err := back.UnmarshalJSON(out); err != nil {
			t.Fatalf("re-decoding %s: %v", out, err)
		}
		if !cmp.Equal(normalize(s), normalize(back)) {
			t.Fatalf("round trip changed %q: %+v vs %+v", data, s, back)
		}
	})
}

// normalize drops Fetch when patterns are present: they take precedence on the wire.
func normalize(s SourceFilter) SourceFilter {
	if len(s.Includes) > 0 || len(s.Excludes) > 0 {
		s.Fetch = nil
	}
	if len(s.Includes) == 0 {
		s.Includes = nil
	}
	if len(s.Excludes) == 0 {
		s.Excludes = nil
	}
	return s
}
