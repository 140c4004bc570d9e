package rest

import (
	"testing"
)

// FuzzSearchScripts sends search bodies with scripts (queries, script_fields, _script
// sorts) to an index holding every doc-values type: no panic, and every failure is an
// OpenSearch-shaped 4xx (or the fake's 501).
func FuzzSearchScripts(f *testing.F) {
	for _, s := range []string{
		`{"query":{"script":{"script":"doc['n'].value > 4"}}}`,
		`{"query":{"script_score":{"query":{"match_all":{}},"script":{"source":"doc['d'].empty ? 0 : doc['d'].value + params.a","params":{"a":3}}}},"explain":true}`,
		`{"query":{"function_score":{"functions":[{"script_score":{"script":"_score * doc['n'].value"},"weight":2},{"filter":{"term":{"k":"a"}},"weight":3}],"score_mode":"avg","boost_mode":"max","min_score":2}},"explain":true}`,
		`{"sort":[{"_script":{"type":"string","script":"doc['k'].value","order":"desc"}},{"_script":{"type":"number","script":"doc['dt'].size()"}}]}`,
		`{"script_fields":{"a":{"script":"doc['dt'].empty ? null : doc['dt'].value"},"b":{"script":"params._source","ignore_failure":true},"c":{"script":"def m = [:]; m.self = m; m"}}}`,
		`{"script_fields":{"a":{"script":{"id":"x"}}},"size":0}`,
		`{"script_fields":{"a":1}}`,
		`{"query":{"script":{"script":{"source":"while (true) {}","options":{"max_loop_counter":"10"}}}}}`,
		`{"query":{"script_score":{"query":{"match_all":{}},"script":"-1"}}}`,
		`{"sort":[{"_script":{"type":"number","script":"doc['k'].value"}}]}`,
	} {
		f.Add(s)
	}
	_, hs := searchServer(f)
	scriptIndex(f, hs)
	f.Fuzz(func(t *testing.T, body string) {
		code, out := call(t, hs, "POST", "/s/_search", body)
		checkShaped(t, code, out)
	})
}
