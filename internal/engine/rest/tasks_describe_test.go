package rest

import (
	"strings"
	"testing"
)

func TestTaskDescriptions(t *testing.T) {
	bulk := "{\"index\":{\"_index\":\"b\",\"_id\":\"1\"}}\n{\"x\":1}\n{\"delete\":{\"_id\":\"2\"}}\n{\"index\":{\"_index\":\"a\"}}\n{\"y\":2}\n"
	big := `{"f":"` + strings.Repeat("x", 3060) + `"}`
	cases := []struct {
		r    *Request
		want string
	}{
		{&Request{Op: "index", PathParams: map[string]string{"index": "i", "id": "7"}, Body: []byte("{ \"a\" : [1, 2] }")}, `index {[i][7], source[{"a":[1,2]}]}`},
		{&Request{Op: "index", PathParams: map[string]string{"index": "i"}, Body: []byte(`{}`)}, `index {[i][null], source[{}]}`},
		{&Request{Op: "create", PathParams: map[string]string{"index": "i", "id": "1"}, Body: []byte(big)}, `index {[i][1], source[n/a, actual length: [2.9kb], max length: 2kb]}`},
		{&Request{Op: "delete", PathParams: map[string]string{"index": "i", "id": "3"}}, `delete {[i][3]}`},
		{&Request{Op: "update", PathParams: map[string]string{"index": "u", "id": "9"}, Body: []byte(`{"doc":{"a":1},"upsert":{"a":0}}`)},
			`update {[u][9], doc_as_upsert[false], doc[index {[null][null], source[{"a":1}]}], upsert[index {[null][null], source[{"a":0}]}], scripted_upsert[false], detect_noop[true]}`},
		{&Request{Op: "update", PathParams: map[string]string{"index": "u", "id": "9"}, Body: []byte(`{"script":{"source":"ctx._source.n++"},"scripted_upsert":true,"upsert":{}}`)},
			`update {[u][9], doc_as_upsert[false], script[Script{type=inline, lang='painless', idOrCode='ctx._source.n++', options={}, params={}}], upsert[index {[null][null], source[{}]}], scripted_upsert[true], detect_noop[true]}`},
		{&Request{Op: "bulk", PathParams: map[string]string{"index": "c"}, Params: map[string]string{}, Body: []byte(bulk)}, `requests[3], indices[a, b, c]`},
	}
	for _, c := range cases {
		if got := taskDescriber(c.r)(); got != c.want {
			t.Errorf("%s: %q, want %q", c.r.Op, got, c.want)
		}
	}
	if taskDescriber(&Request{Op: "get"}) != nil {
		t.Error("get has no description")
	}
}
