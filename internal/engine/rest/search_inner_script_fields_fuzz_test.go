package rest

import (
	"net/url"
	"strings"
	"testing"
)

// FuzzInnerHitsScriptFields sends inner_hits bodies with script fields,
// unnamed collapse inner hits and scrolled suggestions: no panic, and every
// rejection is an OpenSearch-shaped 4xx.
func FuzzInnerHitsScriptFields(f *testing.F) {
	seeds := [][2]string{
		{`{"query":{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{"script_fields":{"s":{"script":"doc['comments.stars'].value + params._source.size()"}}}}}}`, ""},
		{`{"query":{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{"script_fields":{"s":{"script":{"source":"params.x","params":{"x":1}},"ignore_failure":true}}}}}}`, ""},
		{`{"query":{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{"script_fields":[1]}}}}`, ""},
		{`{"collapse":{"field":"tag","inner_hits":[{},{"name":"a","script_fields":{"t":{"script":"doc['tag']"}}}]}}`, ""},
		{`{"size":1,"query":{"match_all":{}},"suggest":{"a":{"text":"pots","term":{"field":"title"}}}}`, "scroll=1m"},
		{`{"suggest":{"a":{"text":"pots","phrase":{"field":"title"}}}}`, "scroll=1m&typed_keys=true"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1])
	}
	hs := blogServer(f)
	f.Fuzz(func(t *testing.T, body, query string) {
		if _, err := url.ParseQuery(query); err != nil || strings.ContainsAny(query, "#% ") || strings.IndexFunc(query, func(r rune) bool { return r < 0x21 || r >= 0x7f }) >= 0 {
			return // not a request an HTTP client would send
		}
		code, out := call(t, hs, "POST", "/blog/_search?"+query, body)
		checkShaped(t, code, out)
	})
}
