package query

import (
	"sort"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/types"
)

// schemaProps returns the union of the property names of schema name in the OpenSearch API
// specification (shared conformance copy), following $ref and merging allOf/oneOf/anyOf.
func schemaProps(t *testing.T, name string) map[string]bool {
	t.Helper()
	return sdktest.SchemaProps(t, "../schemas/_common.query_dsl.yaml", "components/schemas/"+name)
}

// innerKeys marshals q and returns the keys of its options object: {"name": {...}} or,
// for field-level queries, {"name": {"field": {...}}}.
func innerKeys(t *testing.T, q Query, fieldLevel bool) (string, map[string]bool) {
	t.Helper()
	b, err := jsonx.Marshal(q)
	if err != nil {
		t.Fatal(err)
	}
	var outer map[string]map[string]jsonx.RawMessage
	if err := jsonx.Unmarshal(b, &outer); err != nil {
		t.Fatal(err)
	}
	for name, body := range outer {
		if fieldLevel {
			for _, inner := range body {
				var opts map[string]jsonx.RawMessage
				if err := jsonx.Unmarshal(inner, &opts); err != nil {
					t.Fatal(err)
				}
				body = opts
			}
		}
		keys := map[string]bool{}
		for k := range body {
			keys[k] = true
		}
		return name, keys
	}
	t.Fatalf("no query in %s", b)
	return "", nil
}

func TestScoreFunctionsMatchTheOpenAPISchemas(t *testing.T) {
	t.Parallel()
	container := schemaProps(t, "FunctionScoreContainer")
	seen := map[string]bool{}
	for _, fn := range []ScoreFunction{
		{Filter: MatchAll(), Weight: Ptr(2.0), FieldValueFactor: &FieldValueFactor{Field: "f", Factor: Ptr(1.0), Modifier: "ln", Missing: Ptr(1.0)}},
		{RandomScore: &RandomScore{Seed: 1, Field: "_seq_no"}},
		{Decay: &DecayFunction{Kind: "exp", Field: "f", Origin: 0, Scale: 1}},
		{Decay: &DecayFunction{Kind: "gauss", Field: "f", Origin: 0, Scale: 1}},
		{Decay: &DecayFunction{Kind: "linear", Field: "f", Origin: 0, Scale: 1, Offset: 1, Decay: Ptr(0.5), MultiValueMode: "min"}},
		{ScriptScore: &ScriptScore{Script: &types.Script{Source: "1"}}},
	} {
		b, err := jsonx.Marshal(fn)
		if err != nil {
			t.Fatal(err)
		}
		var keys map[string]jsonx.RawMessage
		if err := jsonx.Unmarshal(b, &keys); err != nil {
			t.Fatal(err)
		}
		for k := range keys {
			seen[k] = true
			if !container[k] {
				t.Errorf("function sends %q, not in FunctionScoreContainer %v", k, sortedKeys(container))
			}
		}
		if d := fn.Decay; d != nil {
			var body map[string]map[string]jsonx.RawMessage
			if err := jsonx.Unmarshal(keys[d.Kind], &body); err == nil {
				placement := schemaProps(t, "DecayPlacement")
				for k := range body[d.Field] {
					if !placement[k] {
						t.Errorf("decay placement sends %q, not in %v", k, sortedKeys(placement))
					}
				}
			}
			base := schemaProps(t, "DecayFunctionBase")
			var outer map[string]jsonx.RawMessage
			_ = jsonx.Unmarshal(keys[d.Kind], &outer)
			for k := range outer {
				if k != d.Field && !base[k] {
					t.Errorf("decay function sends %q, not in %v", k, sortedKeys(base))
				}
			}
		}
	}
	for k := range container {
		if !seen[k] {
			t.Errorf("FunctionScoreContainer option %q has no field", k)
		}
	}
	for schema, v := range map[string]any{
		"FieldValueFactorScoreFunction": &FieldValueFactor{Field: "f", Factor: Ptr(1.0), Modifier: "ln", Missing: Ptr(1.0)},
		"RandomScoreFunction":           &RandomScore{Seed: 1, Field: "_seq_no"},
		"ScriptScoreFunction":           &ScriptScore{Script: &types.Script{Source: "1"}},
	} {
		b, err := jsonx.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var raw map[string]jsonx.RawMessage
		if err := jsonx.Unmarshal(b, &raw); err != nil {
			t.Fatal(err)
		}
		keys := map[string]bool{}
		for k := range raw {
			keys[k] = true
		}
		spec := schemaProps(t, schema)
		if !cmpSets(spec, keys) {
			t.Errorf("%s lists %v, the builder sends %v", schema, sortedKeys(spec), sortedKeys(keys))
		}
	}
}

func cmpSets(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestBuildersMatchTheOpenAPIQuerySchemas(t *testing.T) {
	t.Parallel()
	f, b, i, s := Ptr(1.5), Ptr(true), Ptr(2), "x"
	cases := []struct {
		schema     string
		q          Query
		fieldLevel bool
		unmodelled map[string]string // documented options without a field, and why
	}{
		{"MatchAllQuery", &MatchAllQuery{Boost: f, Name: s}, false, nil},
		{"MatchNoneQuery", &MatchNoneQuery{Boost: f, Name: s}, false, nil},
		{"MatchQuery", &MatchQuery{Field: "f", Query: s, Operator: "and", MinimumShouldMatch: "1", Fuzziness: "AUTO", PrefixLength: i,
			MaxExpansions: i, FuzzyTranspositions: b, FuzzyRewrite: s, Analyzer: s, ZeroTermsQuery: "all", Lenient: b,
			AutoGenerateSynonymsPhraseQuery: b, CutoffFrequency: f, Boost: f, Name: s}, true, nil},
		{"MatchPhraseQuery", &MatchPhraseQuery{Field: "f", Query: s, Slop: i, Analyzer: s, ZeroTermsQuery: "all", Boost: f, Name: s}, true, nil},
		{"MatchPhrasePrefixQuery", &MatchPhrasePrefixQuery{Field: "f", Query: s, Slop: i, MaxExpansions: i, Analyzer: s, ZeroTermsQuery: "all", Boost: f, Name: s}, true, nil},
		{"MultiMatchQuery", &MultiMatchQuery{Query: s, Fields: []string{"a"}, Type: "phrase", Operator: "or", MinimumShouldMatch: "1",
			TieBreaker: f, Fuzziness: "1", PrefixLength: i, MaxExpansions: i, FuzzyTranspositions: b, FuzzyRewrite: s, Analyzer: s,
			Slop: i, Lenient: b, ZeroTermsQuery: "none", AutoGenerateSynonymsPhraseQuery: b, CutoffFrequency: f, Boost: f, Name: s}, false, nil},
		{"TermQuery", &TermQuery{Field: "f", Value: s, CaseInsensitive: b, Boost: f, Name: s}, true, nil},
		{"RangeQuery", &RangeQuery{Field: "f", GT: 1, GTE: 1, LT: 2, LTE: 2, Format: s, TimeZone: s, Relation: "WITHIN", Boost: f, Name: s}, true, map[string]string{
			"from": "legacy form of gte/gt", "to": "legacy form of lte/lt",
			"include_lower": "legacy form of gte/gt", "include_upper": "legacy form of lte/lt",
		}},
		{"ExistsQuery", &ExistsQuery{Field: "f", Boost: f, Name: s}, false, nil},
		{"IdsQuery", &IDsQuery{Values: []string{"1"}, Boost: f, Name: s}, false, nil},
		{"PrefixQuery", &PrefixQuery{Field: "f", Value: s, CaseInsensitive: b, Rewrite: s, Boost: f, Name: s}, true, nil},
		{"WildcardQuery", &WildcardQuery{Field: "f", Value: s, CaseInsensitive: b, Rewrite: s, Boost: f, Name: s}, true, map[string]string{
			"wildcard": "alias of value",
		}},
		{"RegexpQuery", &RegexpQuery{Field: "f", Value: s, Flags: "ALL", CaseInsensitive: b, MaxDeterminizedStates: i, Rewrite: s, Boost: f, Name: s}, true, nil},
		{"FuzzyQuery", &FuzzyQuery{Field: "f", Value: s, Fuzziness: "AUTO", PrefixLength: i, MaxExpansions: i, Transpositions: b, Rewrite: s, Boost: f, Name: s}, true, nil},
		{"BoolQuery", &BoolQuery{MustClauses: []Query{MatchAll()}, FilterClauses: []Query{MatchAll()}, ShouldClauses: []Query{MatchAll()},
			MustNotClauses: []Query{MatchAll()}, MinimumShouldMatch: "1", AdjustPureNegative: b, Boost: f, Name: s}, false, nil},
		{"ConstantScoreQuery", &ConstantScoreQuery{Filter: MatchAll(), Boost: f, Name: s}, false, nil},
		{"DisMaxQuery", &DisMaxQuery{Queries: []Query{MatchAll()}, TieBreaker: f, Boost: f, Name: s}, false, nil},
		{"FunctionScoreQuery", &FunctionScoreQuery{Query: MatchAll(), Functions: []ScoreFunction{WeightFunction(nil, 2)}, ScoreMode: "sum",
			BoostMode: "sum", MaxBoost: f, MinScore: f, Boost: f, Name: s}, false, nil},
		{"QueryStringQuery", &QueryStringQuery{Query: s, DefaultField: s, Fields: []string{"a"}, DefaultOperator: "AND", Analyzer: s,
			QuoteAnalyzer: s, AnalyzeWildcard: b, AllowLeadingWildcard: b, Lenient: b, Fuzziness: "1", FuzzyPrefixLength: i,
			FuzzyMaxExpansions: i, PhraseSlop: i, MinimumShouldMatch: "1", QuoteFieldSuffix: s, TimeZone: s, Type: "best_fields",
			TieBreaker: f, Rewrite: s, MaxDeterminizedStates: i, EnablePositionIncrements: b, Escape: b, FuzzyTranspositions: b,
			FuzzyRewrite: s, AutoGenerateSynonymsPhraseQuery: b, Boost: f, Name: s}, false, nil},
		{"SimpleQueryStringQuery", &SimpleQueryStringQuery{Query: s, Fields: []string{"a"}, DefaultOperator: "and", Flags: "ALL",
			Analyzer: s, AnalyzeWildcard: b, Lenient: b, MinimumShouldMatch: "1", QuoteFieldSuffix: s, FuzzyPrefixLength: i,
			FuzzyMaxExpansions: i, FuzzyTranspositions: b, AutoGenerateSynonymsPhraseQuery: b, Boost: f, Name: s}, false, nil},
		{"NestedQuery", &NestedQuery{Path: "p", Query: MatchAll(), ScoreMode: "max", IgnoreUnmapped: b, InnerHits: innerHitsJSON("{}"), Boost: f, Name: s}, false, nil},
		{"HasChildQuery", &HasChildQuery{Type: "c", Query: MatchAll(), ScoreMode: "max", MinChildren: i, MaxChildren: i, IgnoreUnmapped: b, InnerHits: innerHitsJSON("{}"), Boost: f, Name: s}, false, nil},
		{"HasParentQuery", &HasParentQuery{ParentType: "p", Query: MatchAll(), Score: b, IgnoreUnmapped: b, InnerHits: innerHitsJSON("{}"), Boost: f, Name: s}, false, nil},
		{"MoreLikeThisQuery", &MoreLikeThisQuery{Fields: []string{"a"}, Like: []any{"x"}, Unlike: []any{"y"}, MaxQueryTerms: i, MinTermFreq: i, MinDocFreq: i,
			MaxDocFreq: i, MinWordLength: i, MaxWordLength: i, StopWords: []string{"a"}, Analyzer: s, MinimumShouldMatch: "1", BoostTerms: f,
			Include: b, FailOnUnsupportedField: b, Boost: f, Name: s}, false, map[string]string{
			"routing": "belongs to each liked document (LikeDocument.Routing)", "version": "document versions are not checked",
			"version_type": "document versions are not checked", "per_field_analyzer": "the fields' own analyzers apply",
		}},
		{"ParentIdQuery", &ParentIDQuery{Type: "c", ID: "1", IgnoreUnmapped: b, Boost: f, Name: s}, false, nil},
	}
	for _, c := range cases {
		spec := schemaProps(t, c.schema)
		name, keys := innerKeys(t, c.q, c.fieldLevel)
		for k := range keys {
			if !spec[k] {
				t.Errorf("%s (%s): sends %q, which the specification does not list (it lists %v)", name, c.schema, k, sortedKeys(spec))
			}
		}
		for k := range c.unmodelled {
			if !spec[k] {
				t.Errorf("%s (%s): exception %q is not in the specification", name, c.schema, k)
			}
		}
		for k := range spec {
			if _, ok := c.unmodelled[k]; !ok && !keys[k] {
				t.Errorf("%s (%s): documented option %q has no field", name, c.schema, k)
			}
		}
	}
}
