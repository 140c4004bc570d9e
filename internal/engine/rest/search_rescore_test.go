package rest

import (
	"strings"
	"testing"
)

// rankedQuery scores the articles 1..4 with 4, 3, 2 and 1 (constant scores,
// so every rescored value below can be checked by hand).
const rankedQuery = `{"bool":{"should":[` +
	`{"constant_score":{"filter":{"ids":{"values":["1"]}},"boost":4}},` +
	`{"constant_score":{"filter":{"ids":{"values":["2"]}},"boost":3}},` +
	`{"constant_score":{"filter":{"ids":{"values":["3"]}},"boost":2}},` +
	`{"constant_score":{"filter":{"ids":{"values":["4"]}},"boost":1}}]}}`

// idsBoost is a rescore query matching the ids with a constant score.
func idsBoost(boost string, ids ...string) string {
	return `{"constant_score":{"filter":{"ids":{"values":["` + strings.Join(ids, `","`) + `"]}},"boost":` + boost + `}}`
}

// hitsOf renders the hits part of a search answer: max_score then id:score
// pairs.
func hitsOf(t *testing.T, body string) string {
	t.Helper()
	i := strings.Index(body, `"max_score":`)
	if i < 0 {
		t.Fatalf("no hits in %s", body)
	}
	return body[i:]
}

func TestRescoreCombinesScoresInTheWindow(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 1)
	cases := []struct{ name, rescore, want string }{
		// Window 2: article 1 is rescored but not matched (4*0.5), article 2
		// matched (3*0.5 + 10*2); 3 and 4 keep first-pass*query_weight.
		{"weights", `{"window_size":2,"query":{"rescore_query":` + idsBoost("10", "2", "3") + `,"query_weight":0.5,"rescore_query_weight":2}}`,
			`"max_score":21.5,"hits":[{"_index":"idx","_id":"2","_score":21.5},{"_index":"idx","_id":"1","_score":2.0},{"_index":"idx","_id":"3","_score":1.0},{"_index":"idx","_id":"4","_score":0.5}]}}`},
		{"total", `{"query":{"rescore_query":` + idsBoost("3", "1") + `,"score_mode":"total"}}`,
			`"max_score":7.0,"hits":[{"_index":"idx","_id":"1","_score":7.0},{"_index":"idx","_id":"2","_score":3.0},{"_index":"idx","_id":"3","_score":2.0},{"_index":"idx","_id":"4","_score":1.0}]}}`},
		{"multiply", `{"query":{"rescore_query":` + idsBoost("3", "1") + `,"score_mode":"MULTIPLY"}}`,
			`"max_score":12.0,"hits":[{"_index":"idx","_id":"1","_score":12.0},{"_index":"idx","_id":"2","_score":3.0},{"_index":"idx","_id":"3","_score":2.0},{"_index":"idx","_id":"4","_score":1.0}]}}`},
		{"avg", `{"query":{"rescore_query":` + idsBoost("3", "1") + `,"score_mode":"avg"}}`,
			`"max_score":3.5,"hits":[{"_index":"idx","_id":"1","_score":3.5},{"_index":"idx","_id":"2","_score":3.0},{"_index":"idx","_id":"3","_score":2.0},{"_index":"idx","_id":"4","_score":1.0}]}}`},
		{"max", `{"query":{"rescore_query":` + idsBoost("5", "4") + `,"score_mode":"max"}}`,
			`"max_score":5.0,"hits":[{"_index":"idx","_id":"4","_score":5.0},{"_index":"idx","_id":"1","_score":4.0},{"_index":"idx","_id":"2","_score":3.0},{"_index":"idx","_id":"3","_score":2.0}]}}`},
		// min(4, 3) ties article 2: the lower slot wins.
		{"min", `{"query":{"rescore_query":` + idsBoost("3", "1") + `,"score_mode":"min"}}`,
			`"max_score":3.0,"hits":[{"_index":"idx","_id":"1","_score":3.0},{"_index":"idx","_id":"2","_score":3.0},{"_index":"idx","_id":"3","_score":2.0},{"_index":"idx","_id":"4","_score":1.0}]}}`},
		// A rescored hit that sinks is re-sorted with the hits past the
		// window (QueryRescorer.combine sorts them all).
		{"tanked", `{"window_size":2,"query":{"rescore_query":` + idsBoost("0.1", "1") + `,"score_mode":"multiply"}}`,
			`"max_score":3.0,"hits":[{"_index":"idx","_id":"2","_score":3.0},{"_index":"idx","_id":"3","_score":2.0},{"_index":"idx","_id":"4","_score":1.0},{"_index":"idx","_id":"1","_score":0.4}]}}`},
		// Rescorers run in order, each on its own window: 3 rises to 12,
		// then the top one is multiplied by 0.1.
		{"chain", `[{"window_size":3,"query":{"rescore_query":` + idsBoost("10", "3") + `}},{"window_size":1,"query":{"rescore_query":{"match_all":{"boost":0.1}},"score_mode":"multiply"}}]`,
			`"max_score":4.0,"hits":[{"_index":"idx","_id":"1","_score":4.0},{"_index":"idx","_id":"2","_score":3.0},{"_index":"idx","_id":"3","_score":1.2},{"_index":"idx","_id":"4","_score":1.0}]}}`},
		// A zero window rescores nothing; every hit gets query_weight.
		{"zero window", `{"window_size":0,"query":{"rescore_query":{"match_all":{}},"query_weight":2}}`,
			`"max_score":8.0,"hits":[{"_index":"idx","_id":"1","_score":8.0},{"_index":"idx","_id":"2","_score":6.0},{"_index":"idx","_id":"3","_score":4.0},{"_index":"idx","_id":"4","_score":2.0}]}}`},
		{"empty array", `[]`,
			`"max_score":4.0,"hits":[{"_index":"idx","_id":"1","_score":4.0},{"_index":"idx","_id":"2","_score":3.0},{"_index":"idx","_id":"3","_score":2.0},{"_index":"idx","_id":"4","_score":1.0}]}}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body := mustCall(t, hs, "POST", "/idx/_search", `{"query":`+rankedQuery+`,"_source":false,"rescore":`+tc.rescore+`}`)
			if got := hitsOf(t, body); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// The shard collects max(from+size, window_size) hits; from and size page
// through the rescored order.
func TestRescoreWithFromSizeAndMinScore(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 1)
	rescore := `"rescore":{"window_size":4,"query":{"rescore_query":` + idsBoost("10", "4") + `}}`
	body := mustCall(t, hs, "POST", "/idx/_search", `{"query":`+rankedQuery+`,"_source":false,"from":1,"size":2,`+rescore+`}`)
	want := `"max_score":11.0,"hits":[{"_index":"idx","_id":"1","_score":4.0},{"_index":"idx","_id":"2","_score":3.0}]}}`
	if got := hitsOf(t, body); got != want {
		t.Errorf("from/size: got %s", got)
	}
	// A window smaller than from+size still leaves the page to sort.
	body = mustCall(t, hs, "POST", "/idx/_search", `{"query":`+rankedQuery+`,"_source":false,"size":3,"rescore":{"window_size":1,"query":{"rescore_query":`+idsBoost("10", "1")+`,"query_weight":0}}}`)
	want = `"max_score":10.0,"hits":[{"_index":"idx","_id":"1","_score":10.0},{"_index":"idx","_id":"2","_score":0.0},{"_index":"idx","_id":"3","_score":0.0}]}}`
	if got := hitsOf(t, body); got != want {
		t.Errorf("small window: got %s", got)
	}
	// min_score filters the first pass only: 4 is dropped, and 1's
	// rescored 0.4 stays below it.
	body = mustCall(t, hs, "POST", "/idx/_search", `{"query":`+rankedQuery+`,"_source":false,"min_score":1.5,"track_scores":true,"rescore":{"query":{"rescore_query":`+idsBoost("0.1", "1")+`,"score_mode":"multiply"}}}`)
	want = `"max_score":3.0,"hits":[{"_index":"idx","_id":"2","_score":3.0},{"_index":"idx","_id":"3","_score":2.0},{"_index":"idx","_id":"1","_score":0.4}]}}`
	if got := hitsOf(t, body); got != want {
		t.Errorf("min_score: got %s", got)
	}
	if !strings.Contains(body, `"total":{"value":3,"relation":"eq"}`) {
		t.Errorf("min_score total: %s", body)
	}
	// A lone _score sort is no sort: allowed, and the hits carry no sort values.
	body = mustCall(t, hs, "POST", "/idx/_search?sort=_score:desc", `{"query":`+rankedQuery+`,"_source":false,"size":1,`+rescore+`}`)
	if got, want := hitsOf(t, body), `"max_score":11.0,"hits":[{"_index":"idx","_id":"4","_score":11.0}]}}`; got != want {
		t.Errorf("_score sort: got %s", got)
	}
	// size 0 collects no hits, so nothing is rescored.
	body = mustCall(t, hs, "POST", "/idx/_search", `{"query":`+rankedQuery+`,"size":0,`+rescore+`}`)
	if got, want := hitsOf(t, body), `"max_score":null,"hits":[]}}`; got != want {
		t.Errorf("size 0: got %s", got)
	}
}

// The window is per shard: with two shards (1, 2, 3 on shard 0; 4 on shard
// 1) and a window of one, each shard rescores its own best hit.
func TestRescoreWindowIsPerShard(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 2)
	body := mustCall(t, hs, "POST", "/idx/_search?filter_path=hits.max_score,hits.hits._id,hits.hits._score,hits.hits._shard,hits.hits._explanation",
		`{"query":`+rankedQuery+`,"explain":true,"rescore":{"window_size":1,"query":{"rescore_query":`+idsBoost("10", "2", "4")+`}}}`)
	first := func(id, boost string) string {
		desc := "ConstantScore(_id:(" + id + "))^" + boost
		if boost == "1.0" {
			desc = "ConstantScore(_id:(" + id + "))" // Lucene prints no ^1.0
		}
		return `{"value":` + boost + `,"description":"sum of:","details":[{"value":` + boost + `,"description":"` + desc + `","details":[]}]}`
	}
	want := `{"hits":{"max_score":11.0,"hits":[` +
		// Rescored and matched: the score mode's node over both products.
		`{"_shard":"[idx][1]","_id":"4","_score":11.0,"_explanation":{"value":11.0,"description":"sum of:","details":[` +
		`{"value":1.0,"description":"product of:","details":[` + first("4", "1.0") + `,{"value":1.0,"description":"primaryWeight","details":[]}]},` +
		`{"value":10.0,"description":"product of:","details":[{"value":10.0,"description":"ConstantScore(_id:(2 4))^10.0","details":[]},{"value":1.0,"description":"secondaryWeight","details":[]}]}]}},` +
		// Rescored, not matched: the first pass times its weight.
		`{"_shard":"[idx][0]","_id":"1","_score":4.0,"_explanation":{"value":4.0,"description":"product of:","details":[` + first("1", "4.0") + `,{"value":1.0,"description":"primaryWeight","details":[]}]}},` +
		// Matched by the rescore query but outside its shard's window.
		`{"_shard":"[idx][0]","_id":"2","_score":3.0,"_explanation":{"value":3.0,"description":"product of:","details":[` + first("2", "3.0") + `,{"value":1.0,"description":"primaryWeight","details":[]}]}},` +
		`{"_shard":"[idx][0]","_id":"3","_score":2.0,"_explanation":{"value":2.0,"description":"product of:","details":[` + first("3", "2.0") + `,{"value":1.0,"description":"primaryWeight","details":[]}]}}]}}`
	if body != want {
		t.Errorf("got  %s\nwant %s", body, want)
	}
}

// Explanations name the score mode as QueryRescoreMode.toString does and
// nest one node per rescorer.
func TestRescoreExplainNamesTheScoreModes(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 1)
	body := mustCall(t, hs, "POST", "/idx/_search?size=1&filter_path=hits.hits._explanation",
		`{"query":{"constant_score":{"filter":{"ids":{"values":["1"]}},"boost":4}},"explain":true,"rescore":[`+
			`{"query":{"rescore_query":`+idsBoost("3", "1")+`,"score_mode":"multiply","query_weight":0.5}},`+
			`{"query":{"rescore_query":{"match_all":{}},"score_mode":"avg","rescore_query_weight":2}}]}`)
	inner := `{"value":6.0,"description":"product of:","details":[` +
		`{"value":2.0,"description":"product of:","details":[{"value":4.0,"description":"ConstantScore(_id:(1))^4.0","details":[]},{"value":0.5,"description":"primaryWeight","details":[]}]},` +
		`{"value":3.0,"description":"product of:","details":[{"value":3.0,"description":"ConstantScore(_id:(1))^3.0","details":[]},{"value":1.0,"description":"secondaryWeight","details":[]}]}]}`
	want := `{"hits":{"hits":[{"_explanation":{"value":4.0,"description":"avg of:","details":[` +
		`{"value":6.0,"description":"product of:","details":[` + inner + `,{"value":1.0,"description":"primaryWeight","details":[]}]},` +
		`{"value":2.0,"description":"product of:","details":[{"value":1.0,"description":"*:*","details":[]},{"value":2.0,"description":"secondaryWeight","details":[]}]}]}}]}}`
	if body != want {
		t.Errorf("got  %s\nwant %s", body, want)
	}
}

func TestRescoreErrors(t *testing.T) {
	b, hs := searchServer(t)
	loadArticles(t, hs, 1)
	node := b.Cluster.Nodes[0].ID
	matchAll := `{"query":{"rescore_query":{"match_all":{}}}}`
	shardFailure := func(status, typ, reason string) string {
		cause := `{"type":"` + typ + `","reason":"` + reason + `"}`
		return `{"error":{"root_cause":[` + cause + `],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,` +
			`"failed_shards":[{"shard":0,"index":"idx","node":"` + node + `","reason":` + cause + `}],"caused_by":` + cause + `},"status":` + status + `}`
	}
	plain := func(status, typ, reason string) string {
		return `{"error":{"root_cause":[{"type":"` + typ + `","reason":"` + reason + `"}],"type":"` + typ + `","reason":"` + reason + `"},"status":` + status + `}`
	}
	parsing := func(reason, line, col string) string {
		e := `{"type":"parsing_exception","reason":"` + reason + `","line":` + line + `,"col":` + col + `}`
		return `{"error":{"root_cause":[` + e + `],` + e[1:len(e)-1] + `},"status":400}`
	}
	tooLarge := "Rescore window [10001] is too large. It must be less than [10000]. This prevents allocating massive heaps for storing the results to be rescored. This limit can be set by changing the [index.max_rescore_window] index level setting."
	cases := []struct {
		name, path, body string
		status           int
		want             string
	}{
		{"scroll", "/idx/_search?scroll=1m", `{"rescore":` + matchAll + `}`, 400,
			plain("400", "action_request_validation_exception", "Validation Failed: 1: using [rescore] is not allowed in a scroll context;")},
		{"collapse", "/idx/_search", `{"collapse":{"field":"tag.keyword"},"sort":["views"],"rescore":` + matchAll + `}`, 500,
			shardFailure("500", "search_exception", "cannot use `collapse` in conjunction with `rescore`")},
		{"field sort", "/idx/_search", `{"sort":["views"],"rescore":` + matchAll + `}`, 400,
			shardFailure("400", "illegal_argument_exception", "Cannot use [sort] option in conjunction with [rescore].")},
		{"ascending score sort", "/idx/_search", `{"sort":[{"_score":"asc"}],"rescore":` + matchAll + `}`, 400,
			shardFailure("400", "illegal_argument_exception", "Cannot use [sort] option in conjunction with [rescore].")},
		{"two score sorts", "/idx/_search?sort=_score,_score", `{"rescore":` + matchAll + `}`, 400,
			shardFailure("400", "illegal_argument_exception", "Cannot use [sort] option in conjunction with [rescore].")},
		// The first window over the limit is named.
		{"window limit", "/idx/_search", `{"rescore":[{"window_size":50,"query":{"rescore_query":{"match_all":{}}}},{"window_size":10001,"query":{"rescore_query":{"match_all":{}}}},{"window_size":20000,"query":{"rescore_query":{"match_all":{}}}}]}`, 400,
			shardFailure("400", "illegal_argument_exception", tooLarge)},
		// The result window is checked first.
		{"result window first", "/idx/_search", `{"from":9999,"size":2,"rescore":{"window_size":10001,"query":{"rescore_query":{"match_all":{}}}}}`, 400,
			shardFailure("400", "illegal_argument_exception", "Result window is too large, from + size must be less than or equal to: [10000] but was [10001]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.")},
		// ScoreDoc[window_size] cannot be negative, on a shard with hits.
		{"negative window", "/idx/_search", `{"rescore":{"window_size":-1,"query":{"rescore_query":{"match_all":{}}}}}`, 500,
			shardFailure("500", "negative_array_size_exception", "-1")},
		{"score mode", "/idx/_search", `{"rescore":{"query":{"rescore_query":{"match_all":{}},"score_mode":"sum"}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:68] [query] failed to parse field [score_mode]"}],"type":"x_content_parse_exception","reason":"[1:68] [query] failed to parse field [score_mode]","caused_by":{"type":"illegal_argument_exception","reason":"illegal score_mode [sum]"}},"status":400}`},
		{"score mode type", "/idx/_search", `{"rescore":{"query":{"rescore_query":{"match_all":{}},"score_mode":1}}}`, 400,
			plain("400", "x_content_parse_exception", "[1:68] [query] score_mode doesn't support values of type: VALUE_NUMBER")},
		{"unknown rescorer", "/idx/_search", `{"rescore":{"qury":{"rescore_query":{"match_all":{}}}}}`, 400,
			plain("400", "named_object_not_found_exception", "[1:20] unknown field [qury]")},
		{"unknown option", "/idx/_search", `{"rescore":{"query":{"rescore_query":{"match_all":{}},"weight":2}}}`, 400,
			plain("400", "x_content_parse_exception", "[1:55] [query] unknown field [weight]")},
		{"missing type", "/idx/_search", `{"rescore":{"window_size":1}}`, 400, parsing("missing rescore type", "1", "28")},
		{"missing query", "/idx/_search", `{"rescore":{"query":{"query_weight":2}}}`, 400,
			plain("400", "illegal_argument_exception", "rescore_query cannot be null")},
		{"bad weight", "/idx/_search", `{"rescore":{"query":{"rescore_query":{"match_all":{}},"query_weight":"a"}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:70] [query] failed to parse field [query_weight]"}],"type":"x_content_parse_exception","reason":"[1:70] [query] failed to parse field [query_weight]","caused_by":{"type":"number_format_exception","reason":"For input string: \"a\""}},"status":400}`},
		{"bad window", "/idx/_search", `{"rescore":{"window_size":"x","query":{"rescore_query":{"match_all":{}}}}}`, 400,
			plain("400", "number_format_exception", `For input string: \"x\"`)},
		{"other value", "/idx/_search", `{"rescore":{"size":1,"query":{"rescore_query":{"match_all":{}}}}}`, 400, parsing("rescore doesn't support [size]", "1", "20")},
		{"array value", "/idx/_search", `{"rescore":{"window_size":[1],"query":{"rescore_query":{"match_all":{}}}}}`, 400,
			parsing("unexpected token [START_ARRAY] after [window_size]", "1", "27")},
		{"string rescore", "/idx/_search", `{"rescore":"x"}`, 400, parsing("Unknown key for a VALUE_STRING in [rescore].", "1", "12")},
		{"stray item", "/idx/_search", `{"rescore":[1]}`, 400, parsing("unexpected token [END_ARRAY] after [null]", "1", "14")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, body := call(t, hs, "POST", tc.path, tc.body)
			if code != tc.status || body != tc.want {
				t.Errorf("got  %d %s\nwant %d %s", code, body, tc.status, tc.want)
			}
		})
	}
	// A negative window fails only shards with hits.
	body := mustCall(t, hs, "POST", "/idx/_search", `{"query":{"match":{"title":"zzz"}},"rescore":{"window_size":-1,"query":{"rescore_query":{"match_all":{}}}}}`)
	if got, want := hitsOf(t, body), `"max_score":null,"hits":[]}}`; got != want {
		t.Errorf("negative window without hits: %s", body)
	}
}

// msearch runs each search's rescorers; one its shards refuse fails only
// its entry.
func TestRescoreInMultiSearch(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 1)
	nd := `{"index":"idx"}
{"query":` + rankedQuery + `,"_source":false,"size":2,"rescore":{"window_size":4,"query":{"rescore_query":` + idsBoost("10", "4") + `}}}
{"index":"idx"}
{"sort":["views"],"rescore":{"query":{"rescore_query":{"match_all":{}}}}}
`
	body := mustCall(t, hs, "POST", "/_msearch", nd)
	for _, want := range []string{
		`"max_score":11.0,"hits":[{"_index":"idx","_id":"4","_score":11.0},{"_index":"idx","_id":"1","_score":4.0}]}`,
		`"caused_by":{"type":"illegal_argument_exception","reason":"Cannot use [sort] option in conjunction with [rescore]."}},"status":400}`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("msearch lacks %s\nin %s", want, body)
		}
	}
}

// realServer500 reports the rescore failures OpenSearch itself answers with
// a 500: a negative window on a shard with hits, collapse with rescore, a
// non-object rescore item followed by a value (ParseField's null check).
func realServer500(body string) bool {
	for _, s := range []string{`"type":"negative_array_size_exception"`, "cannot use `collapse` in conjunction with `rescore`", `"type":"null_pointer_exception","reason":"fieldName"`} {
		if strings.Contains(body, s) {
			return true
		}
	}
	return false
}

// FuzzRescoreSearch sends arbitrary rescore bodies to _search.
func FuzzRescoreSearch(f *testing.F) {
	for _, s := range []string{
		`{"window_size":2,"query":{"rescore_query":{"match":{"title":"quick"}},"query_weight":0.7,"rescore_query_weight":1.2}}`,
		`[{"query":{"rescore_query":{"match_all":{}},"score_mode":"multiply"}},{"window_size":1,"query":{"rescore_query":{"term":{"tag":"food"}},"score_mode":"min"}}]`,
		`{"window_size":-1,"query":{"rescore_query":{"match_all":{}}}}`, `[1,"a"]`, `{"qury":{}}`, `{"window_size":10001}`,
	} {
		f.Add(s, `"explain":true`)
	}
	_, hs := searchServer(f)
	loadArticles(f, hs, 2)
	f.Fuzz(func(t *testing.T, rescore, extra string) {
		code, out := call(t, hs, "POST", "/idx/_search", `{"query":{"match":{"title":"brown"}},"rescore":`+rescore+`,`+extra+`}`)
		checkShaped(t, code, out)
	})
}

// With dfs_query_then_fetch the rescore query scores with the statistics
// of every shard too (DfsPhase weighs the rescore queries): with
// query_weight 0 a rescored hit scores exactly what the rescore query alone
// gives it, shard statistics or global ones alike.
func TestRescoreQueryUsesTheSearchStatistics(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 2)
	var seen []string
	for _, params := range []string{"", "&search_type=dfs_query_then_fetch"} {
		alone := mustCall(t, hs, "POST", "/idx/_search?filter_path=hits.hits._id,hits.hits._score"+params, `{"query":{"match":{"title":"quick"}}}`)
		rescored := mustCall(t, hs, "POST", "/idx/_search?filter_path=hits.hits._id,hits.hits._score"+params,
			`{"query":{"ids":{"values":["1","3"]}},"rescore":{"query":{"rescore_query":{"match":{"title":"quick"}},"query_weight":0}}}`)
		if alone != rescored || !strings.Contains(alone, `"_id":"3"`) {
			t.Errorf("%s: rescored %s, query alone %s", params, rescored, alone)
		}
		seen = append(seen, alone)
	}
	if seen[0] == seen[1] {
		t.Errorf("the statistics make no difference here: %s", seen[0])
	}
}

// index.max_rescore_window defaults to index.max_result_window; the default
// window of 10 is checked too.
func TestRescoreWindowLimitFollowsTheIndexSettings(t *testing.T) {
	_, hs := searchServer(t)
	for _, c := range []struct{ index, settings, want string }{
		{"small", `{"index.max_result_window":20}`, "Rescore window [30] is too large. It must be less than [20]."},
		{"tiny", `{"index.max_result_window":20,"index.max_rescore_window":5}`, "Rescore window [10] is too large. It must be less than [5]."},
	} {
		mustCall(t, hs, "PUT", "/"+c.index, `{"settings":`+c.settings+`}`)
		if code, body := call(t, hs, "PUT", "/"+c.index+"/_doc/1?refresh=true", `{"a":1}`); code != 201 {
			t.Fatalf("index: %d %s", code, body)
		}
		window := `"window_size":30,`
		if c.index == "tiny" {
			window = ""
		}
		code, body := call(t, hs, "POST", "/"+c.index+"/_search?size=1", `{"rescore":{`+window+`"query":{"rescore_query":{"match_all":{}}}}}`)
		if code != 400 || !strings.Contains(body, `"reason":"`+c.want+` This prevents allocating massive heaps`) {
			t.Errorf("%s: %d %s", c.index, code, body)
		}
	}
}
