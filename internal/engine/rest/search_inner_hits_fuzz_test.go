package rest

import (
	"strings"
	"testing"
)

// FuzzNestedSearch sends arbitrary bodies with inner_hits (nested and
// collapse) and nested sorts: no panic, no hang, and every rejection is an
// OpenSearch-shaped 4xx (or the 500 a nested inner hit asking for sequence
// numbers gets on the real server too).
func FuzzNestedSearch(f *testing.F) {
	for _, s := range []string{
		`{"query":{"nested":{"path":"comments","query":{"match":{"comments.text":"great"}},"inner_hits":{"name":"c","from":1,"size":2,"sort":["comments.stars"],"_source":["comments.author"],"highlight":{"fields":{"comments.text":{}}},"explain":true,"version":true,"docvalue_fields":["comments.stars"],"fields":["comments.*"],"track_scores":true}}}}`,
		`{"query":{"nested":{"path":"comments","query":{"nested":{"path":"comments.votes","query":{"match_all":{}},"inner_hits":{}}},"inner_hits":{"stored_fields":["_none_"]}}}}`,
		`{"query":{"bool":{"should":[{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{}}},{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{}}}]}}}`,
		`{"query":{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{"size":-1,"from":"x","collapse":{"field":1}}}}}`,
		`{"query":{"nested":{"path":"nope","ignore_unmapped":true,"query":{"match_all":{}},"inner_hits":{"seq_no_primary_term":true}}}}`,
		`{"sort":[{"comments.stars":{"mode":"avg","nested":{"path":"comments","filter":{"term":{"comments.author":"nik"}},"max_children":1,"nested":{"path":"comments.votes"}}}}]}`,
		`{"sort":[{"comments.votes.value":{"mode":"median","nested_path":"comments","nested_filter":{"match_all":{}},"nested":{}}}]}`,
		`{"sort":[{"comments.author":{"nested":{"path":"title","nested":[1]}}}]}`,
		`{"collapse":{"field":"tag","inner_hits":[{"name":"a","size":1,"sort":[{"_id":"desc"}]},{"name":"b","collapse":{"field":"tag"}}],"max_concurrent_group_searches":1}}`,
		`{"collapse":{"field":"tag","inner_hits":{"name":"a","from":100}},"query":{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{"name":"a"}}}}`,
		`{"collapse":{"field":"comments.stars","inner_hits":{}}}`,
	} {
		f.Add(s)
	}
	hs := blogServer(f)
	f.Fuzz(func(t *testing.T, body string) {
		code, out := call(t, hs, "POST", "/blog/_search", body)
		if code == 500 && strings.Contains(out, "nested documents are not assigned sequence numbers") {
			return
		}
		checkShaped(t, code, out)
	})
}
