package rest

import (
	"strings"
	"testing"
)

func TestSliceParseErrors(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 1)
	cases := []struct{ body, want string }{
		{`{"slice":1}`, `"reason":"[1:10] [slice] Expected START_OBJECT but was: VALUE_NUMBER"`},
		{`{"slice":{"id":0,"max":1}}`, `"reason":"[1:24] [slice] failed to parse field [max]","caused_by":{"type":"illegal_argument_exception","reason":"max must be greater than 1"}`},
		{`{"slice":{"max":2,"id":2}}`, `"reason":"[1:24] [slice] failed to parse field [id]","caused_by":{"type":"illegal_argument_exception","reason":"max must be greater than id"}`},
		{`{"slice":{"id":-1,"max":2}}`, `"reason":"[1:16] [slice] failed to parse field [id]","caused_by":{"type":"illegal_argument_exception","reason":"id must be greater than or equal to 0"}`},
		{`{"slice":{"size":2}}`, `"reason":"[1:11] [slice] unknown field [size]"`},
		{`{"slice":{"field":"","id":0,"max":2}}`, `"caused_by":{"type":"illegal_argument_exception","reason":"field name is null or empty"}`},
	}
	for _, c := range cases {
		code, body := call(t, hs, "POST", "/idx/_search?scroll=1m", c.body)
		if code != 400 || !strings.Contains(body, `"type":"x_content_parse_exception"`) || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %s; want 400 with %s", c.body, code, body, c.want)
		}
	}
}

// The slices of a scroll together return every document once.
func TestSlicedScroll(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 2)
	seen := map[string]int{}
	for id := 0; id < 3; id++ {
		code, body := call(t, hs, "POST", "/idx/_search?scroll=1m&size=100", `{"slice":{"id":`+string(rune('0'+id))+`,"max":3}}`)
		if code != 200 {
			t.Fatalf("slice %d: %d %s", id, code, body)
		}
		for _, part := range strings.Split(body, `"_id":"`)[1:] {
			seen[part[:strings.IndexByte(part, '"')]]++
		}
	}
	_, all := call(t, hs, "POST", "/idx/_search?size=100", "")
	want := strings.Count(all, `"_id":"`)
	if len(seen) != want || want == 0 {
		t.Errorf("slices saw %v, want the %d documents", seen, want)
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("%s in %d slices", id, n)
		}
	}
	code, body := call(t, hs, "POST", "/idx/_search", `{"slice":{"id":0,"max":2}}`)
	if code != 500 || !strings.Contains(body, "`slice` cannot be used outside of a scroll context or PIT context") {
		t.Errorf("without scroll: %d %s", code, body)
	}
}
