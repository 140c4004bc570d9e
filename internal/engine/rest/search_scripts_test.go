package rest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// scriptIndex creates index "s" (one shard) with three documents of every doc-values type.
func scriptIndex(t testing.TB, hs *httptest.Server) {
	t.Helper()
	steps := [][3]string{
		{"PUT", "/s", `{"mappings":{"properties":{"n":{"type":"long"},"d":{"type":"double"},"f":{"type":"float"},"k":{"type":"keyword"},"b":{"type":"boolean"},"t":{"type":"text"},"dt":{"type":"date"}}}}`},
		{"PUT", "/s/_doc/1", `{"n":5,"d":1.5,"f":1.1,"k":["b","a"],"b":true,"t":"hello world","dt":"2024-01-02T03:04:05Z"}`},
		{"PUT", "/s/_doc/2", `{"n":7,"k":"c"}`},
		{"PUT", "/s/_doc/3?refresh=true", `{"n":1,"k":"a","d":-2.0}`},
	}
	for _, s := range steps {
		if code, body := call(t, hs, s[0], s[1], s[2]); code >= 300 {
			t.Fatalf("%s %s: %d %s", s[0], s[1], code, body)
		}
	}
}

// TestSearchScripts checks whole responses of the search-time script features: the
// script and script_score queries, function_score's script_score (explain trees node by
// node), _script sorts, script_fields and the errors OpenSearch wraps around scripts.
func TestSearchScripts(t *testing.T) {
	b, hs := searchServer(t)
	scriptIndex(t, hs)
	node := b.Cluster.Nodes[0].ID
	x, _ := b.Indices.Get("s")
	uuid := x.UUID
	cases := []struct {
		name, method, path, body string
		status                   int
		want                     string
	}{
		{"script query with params and boost", "POST", "/s/_search", `{"query":{"script":{"script":{"source":"doc['n'].value > params.min","params":{"min":4}},"boost":2}}}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":2.0,"hits":[{"_index":"s","_id":"1","_score":2.0,"_source":{"n":5,"d":1.5,"f":1.1,"k":["b","a"],"b":true,"t":"hello world","dt":"2024-01-02T03:04:05Z"}},{"_index":"s","_id":"2","_score":2.0,"_source":{"n":7,"k":"c"}}]}}`},
		{"script filter explain", "POST", "/s/_search", `{"query":{"bool":{"filter":{"script":{"script":"doc['k'].contains('a')"}}}},"explain":true}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":0.0,"hits":[{"_shard":"[s][0]","_node":"` + node + `","_index":"s","_id":"1","_score":0.0,"_source":{"n":5,"d":1.5,"f":1.1,"k":["b","a"],"b":true,"t":"hello world","dt":"2024-01-02T03:04:05Z"},"_explanation":{"value":0.0,"description":"ConstantScore(ScriptQuery(Script{type=inline, lang='painless', idOrCode='doc['k'].contains('a')', options={}, params={}}))^0.0","details":[]}},{"_shard":"[s][0]","_node":"` + node + `","_index":"s","_id":"3","_score":0.0,"_source":{"n":1,"k":"a","d":-2.0},"_explanation":{"value":0.0,"description":"ConstantScore(ScriptQuery(Script{type=inline, lang='painless', idOrCode='doc['k'].contains('a')', options={}, params={}}))^0.0","details":[]}}]}}`},
		{"script_score query", "POST", "/s/_search", `{"query":{"script_score":{"query":{"match_all":{}},"script":{"source":"doc['n'].value * 2 + _score"}}}}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":3,"relation":"eq"},"max_score":15.0,"hits":[{"_index":"s","_id":"2","_score":15.0,"_source":{"n":7,"k":"c"}},{"_index":"s","_id":"1","_score":11.0,"_source":{"n":5,"d":1.5,"f":1.1,"k":["b","a"],"b":true,"t":"hello world","dt":"2024-01-02T03:04:05Z"}},{"_index":"s","_id":"3","_score":3.0,"_source":{"n":1,"k":"a","d":-2.0}}]}}`},
		{"script_score boost, min_score, explain", "POST", "/s/_search", `{"query":{"script_score":{"query":{"term":{"k":"c"}},"script":{"source":"_score * 3"},"boost":2,"min_score":1}},"explain":true}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":6.555415,"hits":[{"_shard":"[s][0]","_node":"` + node + `","_index":"s","_id":"2","_score":6.555415,"_source":{"n":7,"k":"c"},"_explanation":{"value":6.555415,"description":"Boosted score, product of:","details":[{"value":2.0,"description":"boost","details":[]},{"value":3.2777076,"description":"script score function, computed with script:\"Script{type=inline, lang='painless', idOrCode='_score * 3', options={}, params={}}\"","details":[{"value":1.0925692,"description":"_score: ","details":[{"value":1.0925692,"description":"weight(k:c in 1) [PerFieldSimilarity], result of:","details":[{"value":1.0925692,"description":"score(freq=1.0), computed as boost * idf * tf from:","details":[{"value":2.2,"description":"boost","details":[]},{"value":0.98082924,"description":"idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:","details":[{"value":1,"description":"n, number of documents containing term","details":[]},{"value":3,"description":"N, total number of documents with field","details":[]}]},{"value":0.50632906,"description":"tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:","details":[{"value":1.0,"description":"freq, occurrences of term within document","details":[]},{"value":1.2,"description":"k1, term saturation parameter","details":[]},{"value":0.75,"description":"b, length normalization parameter","details":[]},{"value":1.0,"description":"dl, length of field","details":[]},{"value":1.3333334,"description":"avgdl, average length of field","details":[]}]}]}]}]}]}]}}]}}`},
		{"negative script_score", "POST", "/s/_search", `{"query":{"script_score":{"query":{"match_all":{}},"script":{"source":"doc['n'].value - 6"}}}}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"script_score script returned an invalid score [-1.0] for doc [0]. Must be a non-negative score!"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"s","node":"` + node + `","reason":{"type":"illegal_argument_exception","reason":"script_score script returned an invalid score [-1.0] for doc [0]. Must be a non-negative score!"}}],"caused_by":{"type":"illegal_argument_exception","reason":"script_score script returned an invalid score [-1.0] for doc [0]. Must be a non-negative score!"}},"status":400}`},
		{"function_score script function with weight, explain", "POST", "/s/_search", `{"query":{"function_score":{"query":{"match_all":{}},"functions":[{"script_score":{"script":{"source":"doc['n'].value * params.f","params":{"f":0.5}}},"weight":2}],"boost_mode":"sum"}},"explain":true,"size":1}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":3,"relation":"eq"},"max_score":8.0,"hits":[{"_shard":"[s][0]","_node":"` + node + `","_index":"s","_id":"2","_score":8.0,"_source":{"n":7,"k":"c"},"_explanation":{"value":8.0,"description":"sum of","details":[{"value":1.0,"description":"*:*","details":[]},{"value":7.0,"description":"min of:","details":[{"value":7.0,"description":"product of:","details":[{"value":3.5,"description":"script score function, computed with script:\"Script{type=inline, lang='painless', idOrCode='doc['n'].value * params.f', options={}, params={f=0.5}}\"","details":[{"value":1.0,"description":"_score: ","details":[{"value":1.0,"description":"*:*","details":[]}]}]},{"value":2.0,"description":"weight","details":[]}]},{"value":3.4028235E38,"description":"maxBoost","details":[]}]}]}}]}}`},
		{"function_score functions sum, replace, explain", "POST", "/s/_search", `{"query":{"function_score":{"query":{"match_all":{}},"functions":[{"script_score":{"script":"doc['n'].value"}},{"filter":{"term":{"k":"a"}},"weight":3}],"score_mode":"sum","boost_mode":"replace"}},"explain":true,"size":1}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":3,"relation":"eq"},"max_score":8.0,"hits":[{"_shard":"[s][0]","_node":"` + node + `","_index":"s","_id":"1","_score":8.0,"_source":{"n":5,"d":1.5,"f":1.1,"k":["b","a"],"b":true,"t":"hello world","dt":"2024-01-02T03:04:05Z"},"_explanation":{"value":8.0,"description":"min of:","details":[{"value":8.0,"description":"function score, score mode [sum]","details":[{"value":5.0,"description":"script score function, computed with script:\"Script{type=inline, lang='painless', idOrCode='doc['n'].value', options={}, params={}}\"","details":[{"value":1.0,"description":"_score: ","details":[{"value":1.0,"description":"*:*","details":[]}]}]},{"value":3.0,"description":"function score, product of:","details":[{"value":1.0,"description":"match filter: k:a","details":[]},{"value":3.0,"description":"product of:","details":[{"value":1.0,"description":"constant score 1.0 - no function provided","details":[]},{"value":3.0,"description":"weight","details":[]}]}]}]},{"value":3.4028235E38,"description":"maxBoost","details":[]}]}}]}}`},
		{"_script sorts", "POST", "/s/_search", `{"sort":[{"_script":{"type":"number","script":"doc['n'].value % 5","order":"desc"}},{"_script":{"type":"string","script":"doc['k'].value"}}],"_source":false}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":3,"relation":"eq"},"max_score":null,"hits":[{"_index":"s","_id":"2","_score":null,"sort":[2.0,"c"]},{"_index":"s","_id":"3","_score":null,"sort":[1.0,"a"]},{"_index":"s","_id":"1","_score":null,"sort":[0.0,"a"]}]}}`},
		{"script_fields of every type", "POST", "/s/_search", `{"query":{"ids":{"values":["1","2"]}},"script_fields":{"n2":{"script":{"source":"doc['n'].value * params.x","params":{"x":2}}},"keys":{"script":"doc['k']"},"src":{"script":"params['_source']['n']"},"date":{"script":"doc['dt'].empty ? null : doc['dt'].value"},"ms":{"script":"doc['dt'].empty ? 0 : doc['dt'].value.getMillis()"},"flt":{"script":"doc['f']"},"bool":{"script":"doc['b'].size() > 0 && doc['b'].value"}}}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"s","_id":"1","_score":1.0,"fields":{"date":["2024-01-02T03:04:05.000Z"],"n2":[10],"bool":[true],"src":[5],"keys":["a","b"],"ms":[1704164645000],"flt":[1.100000023841858]}},{"_index":"s","_id":"2","_score":1.0,"fields":{"date":[null],"n2":[14],"bool":[false],"src":[7],"keys":["c"],"ms":[0]}}]}}`},
		{"script_fields ignore_failure and _source", "POST", "/s/_search", `{"_source":["n"],"query":{"ids":{"values":["1","2"]}},"script_fields":{"d":{"script":"doc['d'].value","ignore_failure":true}}}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"s","_id":"1","_score":1.0,"_source":{"n":5},"fields":{"d":[1.5]}},{"_index":"s","_id":"2","_score":1.0,"_source":{"n":7}}]}}`},
		{"script_fields runtime error", "POST", "/s/_search", `{"query":{"ids":{"values":["2"]}},"script_fields":{"d":{"script":"doc['d'].value"}}}`, 400,
			`{"error":{"root_cause":[{"type":"script_exception","reason":"runtime error","script_stack":["doc['d'].value","        ^---- HERE"],"script":"doc['d'].value","lang":"painless","position":{"offset":8,"start":0,"end":14}}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"s","node":"` + node + `","reason":{"type":"script_exception","reason":"runtime error","script_stack":["doc['d'].value","        ^---- HERE"],"script":"doc['d'].value","lang":"painless","position":{"offset":8,"start":0,"end":14},"caused_by":{"type":"illegal_state_exception","reason":"A document doesn't have a value for a field! Use doc[<field>].size()==0 to check if a document is missing a field!"}}}],"caused_by":{"type":"script_exception","reason":"runtime error","script_stack":["doc['d'].value","        ^---- HERE"],"script":"doc['d'].value","lang":"painless","position":{"offset":8,"start":0,"end":14},"caused_by":{"type":"illegal_state_exception","reason":"A document doesn't have a value for a field! Use doc[<field>].size()==0 to check if a document is missing a field!"}}},"status":400}`},
		{"script_fields compile error", "POST", "/s/_search", `{"script_fields":{"d":{"script":"doc['d'].value +"}}}`, 400,
			`{"error":{"root_cause":[{"type":"script_exception","reason":"compile error","script_stack":["doc['d'].value +","                ^---- HERE"],"script":"doc['d'].value +","lang":"painless","position":{"offset":16,"start":0,"end":16}}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"s","node":"` + node + `","reason":{"type":"script_exception","reason":"compile error","script_stack":["doc['d'].value +","                ^---- HERE"],"script":"doc['d'].value +","lang":"painless","position":{"offset":16,"start":0,"end":16},"caused_by":{"type":"illegal_argument_exception","reason":"unexpected end of script."}}}],"caused_by":{"type":"script_exception","reason":"compile error","script_stack":["doc['d'].value +","                ^---- HERE"],"script":"doc['d'].value +","lang":"painless","position":{"offset":16,"start":0,"end":16},"caused_by":{"type":"illegal_argument_exception","reason":"unexpected end of script."}}},"status":400}`},
		{"script query compile error", "POST", "/s/_search", `{"query":{"script":{"script":"doc['n'].value >"}}}`, 400,
			`{"error":{"root_cause":[{"type":"script_exception","reason":"compile error","script_stack":["doc['n'].value >","                ^---- HERE"],"script":"doc['n'].value >","lang":"painless","position":{"offset":16,"start":0,"end":16}}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"s","node":"` + node + `","reason":{"type":"query_shard_exception","reason":"failed to create query: compile error","index":"s","index_uuid":"` + uuid + `","caused_by":{"type":"script_exception","reason":"compile error","script_stack":["doc['n'].value >","                ^---- HERE"],"script":"doc['n'].value >","lang":"painless","position":{"offset":16,"start":0,"end":16},"caused_by":{"type":"illegal_argument_exception","reason":"unexpected end of script."}}}}],"caused_by":{"type":"query_shard_exception","reason":"failed to create query: compile error","index":"s","index_uuid":"` + uuid + `","caused_by":{"type":"script_exception","reason":"compile error","script_stack":["doc['n'].value >","                ^---- HERE"],"script":"doc['n'].value >","lang":"painless","position":{"offset":16,"start":0,"end":16},"caused_by":{"type":"illegal_argument_exception","reason":"unexpected end of script."}}}},"status":400}`},
		{"text field without fielddata", "POST", "/s/_search", `{"query":{"script":{"script":"doc['t'].value == 'x'"}}}`, 400,
			`{"error":{"root_cause":[{"type":"script_exception","reason":"runtime error","script_stack":["doc['t'].value == 'x'","   ^---- HERE"],"script":"doc['t'].value == 'x'","lang":"painless","position":{"offset":3,"start":0,"end":21}}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"s","node":"` + node + `","reason":{"type":"script_exception","reason":"runtime error","script_stack":["doc['t'].value == 'x'","   ^---- HERE"],"script":"doc['t'].value == 'x'","lang":"painless","position":{"offset":3,"start":0,"end":21},"caused_by":{"type":"illegal_argument_exception","reason":"Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [t] in order to load field data by uninverting the inverted index. Note that this can use significant memory."}}}],"caused_by":{"type":"script_exception","reason":"runtime error","script_stack":["doc['t'].value == 'x'","   ^---- HERE"],"script":"doc['t'].value == 'x'","lang":"painless","position":{"offset":3,"start":0,"end":21},"caused_by":{"type":"illegal_argument_exception","reason":"Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [t] in order to load field data by uninverting the inverted index. Note that this can use significant memory."}}},"status":400}`},
		{"stored script", "POST", "/s/_search", `{"query":{"script":{"script":{"id":"my-script"}}}}`, 400,
			`{"error":{"root_cause":[{"type":"resource_not_found_exception","reason":"unable to find script [my-script] in cluster state"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"s","node":"` + node + `","reason":{"type":"query_shard_exception","reason":"failed to create query: unable to find script [my-script] in cluster state","index":"s","index_uuid":"` + uuid + `","caused_by":{"type":"resource_not_found_exception","reason":"unable to find script [my-script] in cluster state"}}}],"caused_by":{"type":"query_shard_exception","reason":"failed to create query: unable to find script [my-script] in cluster state","index":"s","index_uuid":"` + uuid + `","caused_by":{"type":"resource_not_found_exception","reason":"unable to find script [my-script] in cluster state"}}},"status":400}`},
		{"unknown lang", "POST", "/s/_search", `{"query":{"script":{"script":{"source":"true","lang":"groovy"}}}}`, 400,
			`{"error":{"root_cause":[{"type":"query_shard_exception","reason":"failed to create query: script_lang not supported [groovy]","index":"s","index_uuid":"` + uuid + `"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"s","node":"` + node + `","reason":{"type":"query_shard_exception","reason":"failed to create query: script_lang not supported [groovy]","index":"s","index_uuid":"` + uuid + `","caused_by":{"type":"illegal_argument_exception","reason":"script_lang not supported [groovy]"}}}],"caused_by":{"type":"query_shard_exception","reason":"failed to create query: script_lang not supported [groovy]","index":"s","index_uuid":"` + uuid + `","caused_by":{"type":"illegal_argument_exception","reason":"script_lang not supported [groovy]"}}},"status":400}`},
		{"_explain of script_score", "POST", "/s/_explain/1", `{"query":{"script_score":{"query":{"match_all":{}},"script":{"source":"doc['n'].value"}}}}`, 200,
			`{"_index":"s","_id":"1","matched":true,"explanation":{"value":5.0,"description":"script score function, computed with script:\"Script{type=inline, lang='painless', idOrCode='doc['n'].value', options={}, params={}}\"","details":[]}}`},
		{"script query without script", "POST", "/s/_search", `{"query":{"script":{}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"script must be provided with a [script] filter","line":1,"col":21}],"type":"parsing_exception","reason":"script must be provided with a [script] filter","line":1,"col":21},"status":400}`},
		{"script_score without query", "POST", "/s/_search", `{"query":{"script_score":{"script":{"source":"1"}}}}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Required [query]"}],"type":"illegal_argument_exception","reason":"Required [query]"},"status":400}`},
		{"_script sort without type", "POST", "/s/_search", `{"sort":[{"_script":{"script":"1"}}]}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Required [type]"}],"type":"illegal_argument_exception","reason":"Required [type]"},"status":400}`},
		{"_script sort of unknown type", "POST", "/s/_search", `{"sort":[{"_script":{"type":"date","script":"1"}}]}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:29] [_script] failed to parse field [type]"}],"type":"x_content_parse_exception","reason":"[1:29] [_script] failed to parse field [type]","caused_by":{"type":"illegal_argument_exception","reason":"Unknown ScriptSortType [date]"}},"status":400}`},
		{"named script query explain", "POST", "/s/_search", `{"query":{"script":{"script":"doc['n'].value == 7","_name":"seven"}},"explain":true,"_source":false}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.0,"hits":[{"_shard":"[s][0]","_node":"` + node + `","_index":"s","_id":"2","_score":1.0,"matched_queries":["seven"],"_explanation":{"value":1.0,"description":"ScriptQuery(Script{type=inline, lang='painless', idOrCode='doc['n'].value == 7', options={}, params={}}, _name: seven)","details":[]}}]}}`},
		{"named script_score explain", "POST", "/s/_search", `{"query":{"script_score":{"query":{"term":{"k":{"value":"c","_name":"ss"}}},"script":{"source":"_score + 1"},"_name":"outer"}},"explain":true,"_source":false}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":2.0925694,"hits":[{"_shard":"[s][0]","_node":"` + node + `","_index":"s","_id":"2","_score":2.0925694,"matched_queries":["ss","outer"],"_explanation":{"value":2.0925694,"description":"script score function, computed with script:\"Script{type=inline, lang='painless', idOrCode='_score + 1', options={}, params={}}\"","details":[{"value":1.0925692,"description":"_score: ","details":[{"value":1.0925692,"description":"weight(k:c in 1) [PerFieldSimilarity], result of: (_name: ss)","details":[{"value":1.0925692,"description":"score(freq=1.0), computed as boost * idf * tf from:","details":[{"value":2.2,"description":"boost","details":[]},{"value":0.98082924,"description":"idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:","details":[{"value":1,"description":"n, number of documents containing term","details":[]},{"value":3,"description":"N, total number of documents with field","details":[]}]},{"value":0.50632906,"description":"tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:","details":[{"value":1.0,"description":"freq, occurrences of term within document","details":[]},{"value":1.2,"description":"k1, term saturation parameter","details":[]},{"value":0.75,"description":"b, length normalization parameter","details":[]},{"value":1.0,"description":"dl, length of field","details":[]},{"value":1.3333334,"description":"avgdl, average length of field","details":[]}]}]}]}]}]}}]}}`},
		{"named function explain", "POST", "/s/_search", `{"query":{"function_score":{"query":{"term":{"k":"c"}},"functions":[{"script_score":{"script":"doc['n'].value"},"_name":"fn"}]}},"explain":true,"_source":false}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":7.6479845,"hits":[{"_shard":"[s][0]","_node":"` + node + `","_index":"s","_id":"2","_score":7.6479845,"_explanation":{"value":7.6479845,"description":"function score, product of:","details":[{"value":1.0925692,"description":"weight(k:c in 1) [PerFieldSimilarity], result of:","details":[{"value":1.0925692,"description":"score(freq=1.0), computed as boost * idf * tf from:","details":[{"value":2.2,"description":"boost","details":[]},{"value":0.98082924,"description":"idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:","details":[{"value":1,"description":"n, number of documents containing term","details":[]},{"value":3,"description":"N, total number of documents with field","details":[]}]},{"value":0.50632906,"description":"tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:","details":[{"value":1.0,"description":"freq, occurrences of term within document","details":[]},{"value":1.2,"description":"k1, term saturation parameter","details":[]},{"value":0.75,"description":"b, length normalization parameter","details":[]},{"value":1.0,"description":"dl, length of field","details":[]},{"value":1.3333334,"description":"avgdl, average length of field","details":[]}]}]}]},{"value":7.0,"description":"min of:","details":[{"value":7.0,"description":"script score function(_name: fn), computed with script:\"Script{type=inline, lang='painless', idOrCode='doc['n'].value', options={}, params={}}\"","details":[{"value":1.0925692,"description":"_score: ","details":[{"value":1.0925692,"description":"weight(k:c in 1) [PerFieldSimilarity], result of:","details":[{"value":1.0925692,"description":"score(freq=1.0), computed as boost * idf * tf from:","details":[{"value":2.2,"description":"boost","details":[]},{"value":0.98082924,"description":"idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:","details":[{"value":1,"description":"n, number of documents containing term","details":[]},{"value":3,"description":"N, total number of documents with field","details":[]}]},{"value":0.50632906,"description":"tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:","details":[{"value":1.0,"description":"freq, occurrences of term within document","details":[]},{"value":1.2,"description":"k1, term saturation parameter","details":[]},{"value":0.75,"description":"b, length normalization parameter","details":[]},{"value":1.0,"description":"dl, length of field","details":[]},{"value":1.3333334,"description":"avgdl, average length of field","details":[]}]}]}]}]}]},{"value":3.4028235E38,"description":"maxBoost","details":[]}]}]}}]}}`},
		{"script query with an array", "POST", "/s/_search", `{"query":{"script":{"script":["true"]}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"[script] query does not support an array of scripts. Use a bool query with a clause per script instead.","line":1,"col":30}],"type":"parsing_exception","reason":"[script] query does not support an array of scripts. Use a bool query with a clause per script instead.","line":1,"col":30},"status":400}`},
		{"script_score query takes a script object only", "POST", "/s/_search", `{"query":{"script_score":{"query":{"match_all":{}},"script":"1"}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:61] [script_score] script doesn't support values of type: VALUE_STRING"}],"type":"x_content_parse_exception","reason":"[1:61] [script_score] script doesn't support values of type: VALUE_STRING"},"status":400}`},
		{"script_score function without script", "POST", "/s/_search", `{"query":{"function_score":{"functions":[{"script_score":{}}]}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"script_score requires 'script' field","line":1,"col":59}],"type":"parsing_exception","reason":"script_score requires 'script' field","line":1,"col":59},"status":400}`},
		{"script_score function with another key", "POST", "/s/_search", `{"query":{"function_score":{"functions":[{"script_score":{"script":"1","lang":"painless"}}]}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"script_score query does not support [lang]","line":1,"col":79}],"type":"parsing_exception","reason":"script_score query does not support [lang]","line":1,"col":79},"status":400}`},
		{"metadata doc values", "POST", "/s/_search", `{"query":{"ids":{"values":["2"]}},"script_fields":{"meta":{"script":"[doc['_index'].value, doc['_seq_no'].value, doc['_version'].value, doc['_primary_term'].value]"}}}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"s","_id":"2","_score":1.0,"fields":{"meta":["s",1,1,1]}}]}}`},
		{"_id has no fielddata", "POST", "/s/_search", `{"query":{"ids":{"values":["2"]}},"script_fields":{"id":{"script":"doc['_id'].value"}}}`, 400,
			`{"error":{"root_cause":[{"type":"script_exception","reason":"runtime error","script_stack":["doc['_id'].value","   ^---- HERE"],"script":"doc['_id'].value","lang":"painless","position":{"offset":3,"start":0,"end":16}}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"s","node":"` + node + `","reason":{"type":"script_exception","reason":"runtime error","script_stack":["doc['_id'].value","   ^---- HERE"],"script":"doc['_id'].value","lang":"painless","position":{"offset":3,"start":0,"end":16},"caused_by":{"type":"illegal_argument_exception","reason":"Fielddata access on the _id field is disallowed, you can re-enable it by updating the dynamic cluster setting: indices.id_field_data.enabled"}}}],"caused_by":{"type":"script_exception","reason":"runtime error","script_stack":["doc['_id'].value","   ^---- HERE"],"script":"doc['_id'].value","lang":"painless","position":{"offset":3,"start":0,"end":16},"caused_by":{"type":"illegal_argument_exception","reason":"Fielddata access on the _id field is disallowed, you can re-enable it by updating the dynamic cluster setting: indices.id_field_data.enabled"}}},"status":400}`},
		// a field sort without track_scores needs no scores: the script never runs (doc 2 has no d)
		{"script_score under a field sort", "POST", "/s/_search", `{"_source":false,"query":{"script_score":{"query":{"match_all":{}},"script":{"source":"doc['d'].value"}}},"sort":["n"]}`, 200,
			`{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":3,"relation":"eq"},"max_score":null,"hits":[{"_index":"s","_id":"3","_score":null,"sort":[1]},{"_index":"s","_id":"1","_score":null,"sort":[5]},{"_index":"s","_id":"2","_score":null,"sort":[7]}]}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, got := call(t, hs, c.method, c.path, c.body)
			got = tookRe.ReplaceAllString(got, `"took":0`)
			if code != c.status || got != c.want {
				t.Fatalf("got %d %s\nwant %d %s", code, got, c.status, c.want)
			}
		})
	}
}

// TestSearchScriptCompilationLimit: each search script context has its own budget of 75
// compilations per 5 minutes (script.context.<name>.max_compilations_rate); cache hits
// are free.
func TestSearchScriptCompilationLimit(t *testing.T) {
	_, hs := searchServer(t)
	scriptIndex(t, hs)
	for i := 0; i < 75; i++ {
		body := `{"size":1,"_source":false,"script_fields":{"x":{"script":"` + strconv.Itoa(i) + `"}}}`
		if code, out := call(t, hs, "POST", "/s/_search", body); code != 200 {
			t.Fatalf("compilation %d: %d %s", i, code, out)
		}
	}
	// a cached script costs nothing
	if code, out := call(t, hs, "POST", "/s/_search", `{"size":1,"_source":false,"script_fields":{"x":{"script":"3"}}}`); code != 200 {
		t.Fatalf("cached: %d %s", code, out)
	}
	reason := `"[script] Too many dynamic script compilations within, max: [75/5m]; please use indexed, or scripts with parameters instead; this limit can be changed by the [script.context.field.max_compilations_rate] setting","bytes_wanted":0,"bytes_limit":0,"durability":"TRANSIENT"`
	code, out := call(t, hs, "POST", "/s/_search", `{"size":1,"script_fields":{"x":{"script":"75"}}}`)
	if code != 429 || !strings.Contains(out, `"root_cause":[{"type":"circuit_breaking_exception","reason":`+reason+`}]`) {
		t.Fatalf("76th compilation: %d %s", code, out)
	}
	// the filter context has a budget of its own
	if code, out := call(t, hs, "POST", "/s/_search", `{"size":0,"query":{"script":{"script":"true"}}}`); code != 200 {
		t.Fatalf("filter context: %d %s", code, out)
	}
}

// TestSearchScriptsSkipDeletedDocuments: scripts run on live documents only, as Lucene
// checks live docs first; a deleted document without the field fails nothing.
func TestSearchScriptsSkipDeletedDocuments(t *testing.T) {
	_, hs := searchServer(t)
	scriptIndex(t, hs)
	call(t, hs, "PUT", "/s/_doc/4?refresh=true", `{"k":"z"}`)
	call(t, hs, "DELETE", "/s/_doc/4?refresh=true", "")
	code, out := call(t, hs, "POST", "/s/_search", `{"_source":false,"query":{"script":{"script":"doc['n'].value > 4"}},"sort":[{"_script":{"type":"number","script":"doc['n'].value"}}],"script_fields":{"n":{"script":"doc['n'].value"}}}`)
	want := `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":null,"hits":[{"_index":"s","_id":"1","_score":null,"fields":{"n":[5]},"sort":[5.0]},{"_index":"s","_id":"2","_score":null,"fields":{"n":[7]},"sort":[7.0]}]}}`
	if got := tookRe.ReplaceAllString(out, `"took":0`); code != 200 || got != want {
		t.Fatalf("got %d %s\nwant %s", code, got, want)
	}
}

// TestSearchScriptFieldsPartialFailure: with several shards, a script field failing on one
// shard's hits fails that shard only.
func TestSearchScriptFieldsPartialFailure(t *testing.T) {
	b, hs := searchServer(t)
	loadArticles(t, hs, 2)
	code, out := call(t, hs, "POST", "/idx/_search", `{"_source":false,"query":{"ids":{"values":["1","4"]}},"script_fields":{"v":{"script":"if (doc['views'].value > 8) { throw new IllegalStateException('big') } return doc['views'].value"}}}`)
	x, _ := b.Indices.Get("idx")
	bad := x.Routing.Shard("1", "")
	if x.Routing.Shard("4", "") == bad {
		t.Fatal("documents 1 and 4 route to one shard; the test needs them apart")
	}
	if code != 200 || !strings.Contains(out, `"_shards":{"total":2,"successful":1,"skipped":0,"failed":1,"failures":[{"shard":`+strconv.Itoa(bad)+`,"index":"idx"`) ||
		!strings.Contains(out, `"caused_by":{"type":"illegal_state_exception","reason":"big"}`) ||
		!strings.Contains(out, `"hits":[{"_index":"idx","_id":"4","_score":1.0,"fields":{"v":[5]}}]`) {
		t.Fatalf("got %d %s", code, out)
	}
}

// TestFilterScriptReturnType: a filter script returns boolean; a value of another static
// type is a compile error, a def value of another type a runtime cast failure.
func TestFilterScriptReturnType(t *testing.T) {
	_, hs := searchServer(t)
	scriptIndex(t, hs)
	cases := []struct{ script, want string }{
		{"1", `"reason":{"type":"query_shard_exception","reason":"failed to create query: compile error"`},
		{"1", `"script_stack":["1","^---- HERE"],"script":"1","lang":"painless","position":{"offset":0,"start":0,"end":1},"caused_by":{"type":"class_cast_exception","reason":"Cannot cast from [int] to [boolean]."}`},
		{"doc['n'].value", `"reason":{"type":"script_exception","reason":"runtime error","script_stack":["doc['n'].value","        ^---- HERE"],"script":"doc['n'].value","lang":"painless","position":{"offset":8,"start":0,"end":14},"caused_by":{"type":"class_cast_exception","reason":"cannot cast def [long] to boolean"}}`},
	}
	for _, c := range cases {
		code, out := call(t, hs, "POST", "/s/_search", `{"query":{"script":{"script":"`+c.script+`"}}}`)
		if code != 400 || !strings.Contains(out, c.want) {
			t.Errorf("%s: %d %s\nwant it to contain %s", c.script, code, out, c.want)
		}
	}
}

// TestScriptQueriesInByQueryAPIs: _count and _delete_by_query take script queries too.
func TestScriptQueriesInByQueryAPIs(t *testing.T) {
	b, _ := searchServer(t)
	srv := NewServer(b.Routes()...)
	srv.Add(b.SearchRoutes()...)
	srv.Add(NewDocOps(b).Routes()...) // the by-query APIs
	hs2 := httptest.NewServer(srv)
	defer hs2.Close()
	scriptIndex(t, hs2)
	if code, out := call(t, hs2, "POST", "/s/_count", `{"query":{"script":{"script":"doc['n'].value > 4"}}}`); code != 200 || !strings.HasPrefix(out, `{"count":2,`) {
		t.Fatalf("count: %d %s", code, out)
	}
	code, out := call(t, hs2, "POST", "/s/_delete_by_query?refresh=true", `{"query":{"script":{"script":"doc['k'].contains('a')"}}}`)
	if code != 200 || !strings.Contains(out, `"deleted":2,`) {
		t.Fatalf("delete_by_query: %d %s", code, out)
	}
	if code, out := call(t, hs2, "POST", "/s/_count", ``); code != 200 || !strings.HasPrefix(out, `{"count":1,`) {
		t.Fatalf("count after: %d %s", code, out)
	}
}

// TestJodaDeprecationWarning: getMillis() on a date doc value works and logs
// JodaCompatibleZonedDateTime's deprecation, which the response carries once.
func TestJodaDeprecationWarning(t *testing.T) {
	_, hs := searchServer(t)
	scriptIndex(t, hs)
	body := `{"_source":false,"query":{"exists":{"field":"dt"}},"script_fields":{"ms":{"script":"doc['dt'].value.getMillis()"},"again":{"script":"doc['dt'].value.getMillis() + 1"}}}`
	resp, err := http.Post(hs.URL+"/s/_search", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	if !strings.Contains(string(out), `"fields":{"ms":[1704164645000],"again":[1704164645001]}`) {
		t.Fatalf("body: %s", out)
	}
	w := resp.Header.Values("Warning")
	if len(w) != 1 || !strings.HasPrefix(w[0], "299 OpenSearch-") ||
		!strings.HasSuffix(w[0], ` "Use of the joda time method [getMillis()] is deprecated. Use [toInstant().toEpochMilli()] instead."`) {
		t.Fatalf("Warning headers: %q", w)
	}
}
