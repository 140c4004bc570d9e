package rest

import (
	"strings"
	"testing"
)

// The expected strings follow SearchSourceBuilder.innerToXContent and the
// query builders' doXContent: every option printed, defaults included,
// boost as a float, then _name.
const matchAll = `{"match_all":{"boost":1.0}}`

func TestSearchDescriptions(t *testing.T) {
	match := func(field, query, op string) string {
		return `{"match":{"` + field + `":{"query":` + query + `,"operator":"` + op + `","prefix_length":0,"max_expansions":50,"fuzzy_transpositions":true,"lenient":false,"zero_terms_query":"NONE","auto_generate_synonyms_phrase_query":true,"boost":1.0}}}`
	}
	cases := []struct {
		name, index string
		params      map[string]string
		body        string
		want        string
	}{
		{"empty", "", nil, ``, `indices[], search_type[QUERY_THEN_FETCH], source[{}]`},
		{"profile after explain", "i", nil, `{"_source":false,"profile":true,"explain":true}`, `indices[i], search_type[QUERY_THEN_FETCH], source[{"explain":true,"profile":true,"_source":false}]`},
		{"profile false is not printed", "i", nil, `{"profile":false}`, `indices[i], search_type[QUERY_THEN_FETCH], source[{}]`},
		{"match_all", "a,b", nil, `{"query":{"match_all":{}}}`, `indices[a,b], search_type[QUERY_THEN_FETCH], source[{"query":` + matchAll + `}]`},
		{"match short form", "i", nil, `{"query":{"match":{"t":"Quick fox"}}}`, `indices[i], search_type[QUERY_THEN_FETCH], source[{"query":` + match("t", `"Quick fox"`, "OR") + `}]`},
		{"match options", "i", nil, `{"query":{"match":{"t":{"query":"x","operator":"and","analyzer":"standard","fuzziness":"AUTO","minimum_should_match":"75%","lenient":true,"zero_terms_query":"all","boost":2,"_name":"m"}}}}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"query":{"match":{"t":{"query":"x","operator":"AND","analyzer":"standard","fuzziness":"AUTO","prefix_length":0,"max_expansions":50,"minimum_should_match":"75%","fuzzy_transpositions":true,"lenient":true,"zero_terms_query":"ALL","auto_generate_synonyms_phrase_query":true,"boost":2.0,"_name":"m"}}}}]`},
		{"match number", "i", nil, `{"query":{"match":{"n":10000000.0}}}`, `indices[i], search_type[QUERY_THEN_FETCH], source[{"query":` + match("n", `1.0E7`, "OR") + `}]`},
		{"bool", "i", nil, `{"query":{"bool":{"should":[{"term":{"k":{"value":"v","boost":2}}}],"must":[{"match":{"t":{"query":"x","operator":"and"}}}],"filter":{"range":{"n":{"gte":1,"lt":5}}},"must_not":{"exists":{"field":"f"}},"minimum_should_match":1}}}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"query":{"bool":{"must":[` + match("t", `"x"`, "AND") + `],` +
				`"filter":[{"range":{"n":{"from":1,"to":5,"include_lower":true,"include_upper":false,"boost":1.0}}}],` +
				`"must_not":[{"exists":{"field":"f","boost":1.0}}],"should":[{"term":{"k":{"value":"v","boost":2.0}}}],"adjust_pure_negative":true,"minimum_should_match":"1","boost":1.0}}}]`},
		{"empty bool", "i", nil, `{"query":{"bool":{}}}`, `indices[i], search_type[QUERY_THEN_FETCH], source[{"query":{"bool":{"adjust_pure_negative":true,"boost":1.0}}}]`},
		{"term level", "i", nil, `{"query":{"dis_max":{"tie_breaker":0.7,"queries":[{"terms":{"k":["a",1,true]}},{"prefix":{"k":{"value":"ab","case_insensitive":true}}},{"wildcard":{"k":"a*b"}},{"term":{"n":1.5}},{"match_none":{}}]}}}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"query":{"dis_max":{"tie_breaker":0.7,"queries":[{"terms":{"k":["a",1,true],"boost":1.0}},` +
				`{"prefix":{"k":{"value":"ab","case_insensitive":true,"boost":1.0}}},{"wildcard":{"k":{"wildcard":"a*b","boost":1.0}}},{"term":{"n":{"value":1.5,"boost":1.0}}},{"match_none":{"boost":1.0}}],"boost":1.0}}}]`},
		{"range dates", "i", nil, `{"query":{"range":{"at":{"gt":"now-1d/d","format":"strict_date","time_zone":"+01:00","boost":0.0001}}}}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"query":{"range":{"at":{"from":"now-1d/d","to":null,"include_lower":false,"include_upper":true,"time_zone":"+01:00","format":"strict_date","boost":1.0E-4}}}}]`},
		{"ids in HashSet order", "i", nil, `{"query":{"constant_score":{"filter":{"ids":{"values":["3","1","2","10","a"]}},"boost":3}}}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"query":{"constant_score":{"filter":{"ids":{"values":["1","a","2","3","10"],"boost":1.0}},"boost":3.0}}}]`},
		{"phrase", "i", nil, `{"query":{"match_phrase":{"t":{"query":"a b","slop":2}}}}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"query":{"match_phrase":{"t":{"query":"a b","slop":2,"zero_terms_query":"NONE","boost":1.0}}}}]`},
		{"options in builder order", "i", nil, `{"track_scores":true,"sort":[{"n":"desc"},"_score",{"t":{"order":"asc"}}],"_source":["a","b*"],"explain":true,"version":false,"min_score":0.5,"track_total_hits":true,"size":2,"from":5,"terminate_after":9,"timeout":"10s","post_filter":{"term":{"k":"v"}}}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"from":5,"size":2,"timeout":"10s","terminate_after":9,"post_filter":{"term":{"k":{"value":"v","boost":1.0}}},"min_score":0.5,"version":false,"explain":true,` +
				`"_source":{"includes":["a","b*"],"excludes":[]},"sort":[{"n":{"order":"desc"}},{"_score":{"order":"desc"}},{"t":{"order":"asc"}}],"track_scores":true,"track_total_hits":2147483647}]`},
		{"_source false, totals off", "i", nil, `{"_source":false,"track_total_hits":false,"track_scores":false}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"_source":false,"track_total_hits":-1}]`},
		{"URL parameters", "a,b", map[string]string{"size": "0", "from": "3", "q": "x", "df": "t", "default_operator": "AND", "scroll": "1m", "search_type": "dfs_query_then_fetch",
			"rest_total_hits_as_int": "true", "_source_includes": "a", "_source_excludes": "b"}, `{"size":7}`,
			`indices[a,b], search_type[DFS_QUERY_THEN_FETCH], scroll[1m], source[{"from":3,"size":0,"query":{"query_string":{"query":"x","default_field":"t","fields":[],"type":"best_fields","default_operator":"and",` +
				`"max_determinized_states":10000,"enable_position_increments":true,"fuzziness":"AUTO","fuzzy_prefix_length":0,"fuzzy_max_expansions":50,"phrase_slop":0,"analyze_wildcard":false,"escape":false,` +
				`"auto_generate_synonyms_phrase_query":true,"fuzzy_transpositions":true,"boost":1.0}},"_source":{"includes":["a"],"excludes":["b"]},"track_total_hits":2147483647}]`},
		{"full text", "i", nil, `{"query":{"bool":{"should":[{"multi_match":{"query":"q","fields":["t^2","a","t^3"],"tie_breaker":0.3,"lenient":true}},{"match_phrase_prefix":{"t":"qu"}},{"fuzzy":{"t":{"value":"x","fuzziness":1,"transpositions":false}}}]}}}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"query":{"bool":{"should":[{"multi_match":{"query":"q","fields":["a^1.0","t^3.0"],"type":"best_fields","operator":"OR","slop":0,"prefix_length":0,"max_expansions":50,"tie_breaker":0.3,"lenient":true,"zero_terms_query":"NONE","auto_generate_synonyms_phrase_query":true,"fuzzy_transpositions":true,"boost":1.0}},` +
				`{"match_phrase_prefix":{"t":{"query":"qu","slop":0,"max_expansions":50,"zero_terms_query":"NONE","boost":1.0}}},{"fuzzy":{"t":{"value":"x","fuzziness":"1","prefix_length":0,"max_expansions":50,"transpositions":false,"boost":1.0}}}],"adjust_pure_negative":true,"boost":1.0}}}]`},
		{"nested", "i", nil, `{"query":{"nested":{"path":"c","query":{"match_all":{}},"score_mode":"max"}}}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"query":{"nested":{"query":` + matchAll + `,"path":"c","ignore_unmapped":false,"score_mode":"max","boost":1.0}}}]`},
		{"parameters override the body", "i", map[string]string{"terminate_after": "0", "track_scores": "false", "explain": "false", "timeout": "1000ms"}, `{"terminate_after":3,"track_scores":true,"explain":true}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"timeout":"1000ms","terminate_after":3,"explain":false}]`},
		{"fetch options", "i", map[string]string{"docvalue_fields": "c,d"}, `{"indices_boost":[{"a":2},{"b*":1.5}],"search_after":[10,"x",1.5],"fields":["f",{"field":"g","format":"epoch_millis"}],"docvalue_fields":[{"field":"a"}],"stored_fields":"_none_","sort":["n"]}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"stored_fields":"_none_","docvalue_fields":[{"field":"a"},{"field":"c"},{"field":"d"}],"fields":[{"field":"f"},{"field":"g","format":"epoch_millis"}],` +
				`"sort":[{"n":{"order":"asc"}}],"search_after":[10,"x",1.5],"indices_boost":[{"a":2.0},{"b*":1.5}]}]`},
		{"slice", "i", map[string]string{"scroll": "1m"}, `{"slice":{"id":1,"max":3}}`, `indices[i], search_type[QUERY_THEN_FETCH], scroll[1m], source[{"slice":{"field":"_id","id":1,"max":3}}]`},
		{"collapse", "i", nil, `{"collapse":{"max_concurrent_group_searches":4,"field":"k"},"stats":["g"],"size":2}`, `indices[i], search_type[QUERY_THEN_FETCH], source[{"size":2,"stats":["g"],"collapse":{"field":"k","max_concurrent_group_searches":4}}]`},
		{"sort options", "i", nil, `{"sort":[{"n":{"mode":"MAX","unmapped_type":"long","missing":"_first","order":"desc"}},{"_doc":{}}]}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"sort":[{"n":{"order":"desc","missing":"_first","unmapped_type":"long","mode":"max"}},{"_doc":{"order":"asc"}}]}]`},
		{"stored_fields and stats parameters", "i", map[string]string{"stored_fields": "a,b", "stats": "x,y"}, ``, `indices[i], search_type[QUERY_THEN_FETCH], source[{"stored_fields":["a","b"],"stats":["x","y"]}]`},
		{"regexp", "i", nil, `{"query":{"bool":{"should":[{"regexp":{"t":"x.*"}},{"regexp":{"t":{"value":"a<1-9>","flags":"INTERVAL|EMPTY","case_insensitive":true,"rewrite":"constant_score"}}}]}}}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"query":{"bool":{"should":[{"regexp":{"t":{"value":"x.*","flags_value":255,"max_determinized_states":10000,"boost":1.0}}},` +
				`{"regexp":{"t":{"value":"a<1-9>","flags_value":36,"case_insensitive":true,"max_determinized_states":10000,"rewrite":"constant_score","boost":1.0}}}],"adjust_pure_negative":true,"boost":1.0}}}]`},
		{"query_string in the body", "i", nil, `{"query":{"bool":{"must":{"query_string":{"query":"a AND b","fields":["t^2","a"],"analyze_wildcard":true,"default_operator":"AND","lenient":false}},"filter":{"query_string":{"query":"c","allow_leading_wildcard":true,"default_field":"t","tie_breaker":0.5}}}}}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"query":{"bool":{"must":[{"query_string":{"query":"a AND b","fields":["a^1.0","t^2.0"],"type":"best_fields","default_operator":"and","max_determinized_states":10000,"enable_position_increments":true,` +
				`"fuzziness":"AUTO","fuzzy_prefix_length":0,"fuzzy_max_expansions":50,"phrase_slop":0,"analyze_wildcard":true,"lenient":false,"escape":false,"auto_generate_synonyms_phrase_query":true,"fuzzy_transpositions":true,"boost":1.0}}],` +
				`"filter":[{"query_string":{"query":"c","default_field":"t","fields":[],"type":"best_fields","tie_breaker":0.5,"default_operator":"or","max_determinized_states":10000,"allow_leading_wildcard":true,"enable_position_increments":true,` +
				`"fuzziness":"AUTO","fuzzy_prefix_length":0,"fuzzy_max_expansions":50,"phrase_slop":0,"escape":false,"auto_generate_synonyms_phrase_query":true,"fuzzy_transpositions":true,"boost":1.0}}],"adjust_pure_negative":true,"boost":1.0}}}]`},
		{"simple_query_string", "i", nil, `{"query":{"simple_query_string":{"query":"x -y","fields":["3^2","1","a"],"flags":"OR|NOT","lenient":true}}}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"query":{"simple_query_string":{"query":"x -y","fields":["1^1.0","a^1.0","3^2.0"],"flags":6,"default_operator":"or","lenient":true,"analyze_wildcard":false,` +
				`"auto_generate_synonyms_phrase_query":true,"fuzzy_prefix_length":0,"fuzzy_max_expansions":50,"fuzzy_transpositions":true,"boost":1.0}}}]`},
		{"simple_query_string defaults", "i", nil, `{"query":{"simple_query_string":{"query":"x"}}}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"query":{"simple_query_string":{"query":"x","flags":-1,"default_operator":"or","analyze_wildcard":false,"auto_generate_synonyms_phrase_query":true,"fuzzy_prefix_length":0,"fuzzy_max_expansions":50,"fuzzy_transpositions":true,"boost":1.0}}}]`},
		{"terms lookup", "i", nil, `{"query":{"terms":{"k":{"index":"users","id":"2","path":"follows","routing":"r"},"_name":"n"}}}`,
			`indices[i], search_type[QUERY_THEN_FETCH], source[{"query":{"terms":{"k":{"index":"users","id":"2","path":"follows","routing":"r"},"boost":1.0,"_name":"n"}}}]`},
		{"unnormalized query as sent", "i", nil, `{"size":1, "query":{"function_score":{"query":{"match_all":{}}}}}`, `indices[i], search_type[QUERY_THEN_FETCH], source[{"size":1,"query":{"function_score":{"query":{"match_all":{}}}}}]`},
		{"unnormalized option: body as sent", "i", nil, `{"query":{"match_all":{}}, "highlight":{"fields":{"t":{}}}}`, `indices[i], search_type[QUERY_THEN_FETCH], source[{"query":{"match_all":{}},"highlight":{"fields":{"t":{}}}}]`},
	}
	for _, c := range cases {
		params := c.params
		if params == nil {
			params = map[string]string{}
		}
		r := &Request{Op: "search", PathParams: map[string]string{"index": c.index}, Params: params, Body: []byte(c.body)}
		if got := taskDescriber(r)(); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

func TestOtherSearchDescriptions(t *testing.T) {
	msearch := "{\"index\":\"a\"}\n{\"query\":{\"match_all\":{}}}\n{}\n{\"size\":1}\n"
	cases := []struct {
		r    *Request
		want string
	}{
		{&Request{Op: "msearch", PathParams: map[string]string{"index": "d"}, Params: map[string]string{"search_type": "dfs_query_then_fetch"}, Body: []byte(msearch)},
			`,indices[a], search_type[DFS_QUERY_THEN_FETCH], source[{"query":` + matchAll + `}]indices:data/read/msearch[indices[d], search_type[DFS_QUERY_THEN_FETCH], source[{"size":1}]]`},
		{&Request{Op: "msearch", PathParams: map[string]string{}, Params: map[string]string{"rest_total_hits_as_int": "true"}, Body: []byte("{\"index\":\"a\"}\n{\"track_total_hits\":5}\n{}\n{}\n")},
			`,indices[a], search_type[QUERY_THEN_FETCH], source[{"track_total_hits":5}]indices:data/read/msearch[indices[], search_type[QUERY_THEN_FETCH], source[{"track_total_hits":2147483647}]]`},
		{&Request{Op: "scroll", PathParams: map[string]string{}, Params: map[string]string{}, Body: []byte(`{"scroll":"90s","scroll_id":"c2Nyb2xs"}`)}, `scrollId[c2Nyb2xs], scroll[Scroll{keepAlive=1.5m}]`},
		{&Request{Op: "scroll", PathParams: map[string]string{"scroll_id": "abc"}, Params: map[string]string{}}, `scrollId[abc], scroll[null]`},
		{&Request{Op: "count", PathParams: map[string]string{"index": "c"}, Params: map[string]string{}, Body: []byte(`{"query":{"term":{"k":"v"}}}`)},
			`indices[c], search_type[QUERY_THEN_FETCH], source[{"size":0,"query":{"term":{"k":{"value":"v","boost":1.0}}},"track_total_hits":2147483647}]`},
		{&Request{Op: "count", PathParams: map[string]string{}, Params: map[string]string{}}, `indices[], search_type[QUERY_THEN_FETCH], source[{"size":0,"track_total_hits":2147483647}]`},
	}
	for _, c := range cases {
		if got := taskDescriber(c.r)(); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.r.Op, got, c.want)
		}
	}
	if taskDescriber(&Request{Op: "explain"}) != nil {
		t.Error("explain has no description (ExplainRequest keeps the empty default)")
	}
}

func FuzzSearchDescription(f *testing.F) {
	for _, s := range []string{``, `{}`, `{"query":{"bool":{"must":{"match":{"t":"x"}}}}}`, `{"sort":"a","_source":{"includes":"a"}}`, `[1]`, `{"query":{"ids":{"values":[1]}}}`,
		`{"size":"x"}`, `{"track_total_hits":"7"}`, "{\"index\":\"a\"}\n{}\n"} {
		f.Add(s, "a,b", "1m")
	}
	f.Fuzz(func(t *testing.T, body, index, scroll string) {
		r := &Request{Op: "search", PathParams: map[string]string{"index": index}, Params: map[string]string{"scroll": scroll}, Body: []byte(body)}
		if got := taskDescriber(r)(); !strings.HasPrefix(got, "indices[") || !strings.HasSuffix(got, "]") {
			t.Fatalf("search description %q", got)
		}
		r.Op = "msearch"
		if got := taskDescriber(r)(); !strings.HasPrefix(got, ",") {
			t.Fatalf("msearch description %q", got)
		}
		r.Op = "count"
		_ = taskDescriber(r)()
		r.Op = "scroll"
		_ = taskDescriber(r)()
	})
}
