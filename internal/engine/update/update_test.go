package update

import (
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

func mustMap(t *testing.T, js string, hashed bool) *painless.Map {
	t.Helper()
	parse := painless.ParseJSON
	if hashed {
		parse = painless.ParseJSONHashMap
	}
	v, err := parse([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return v.(*painless.Map)
}

func TestMerge(t *testing.T) {
	cases := []struct {
		src, changes string
		detect       bool
		want         string
		modified     bool
	}{
		{`{"a":1}`, `{"a":1}`, true, `{"a":1}`, false},
		{`{"a":1}`, `{"a":1}`, false, `{"a":1}`, true},
		{`{"a":1}`, `{"a":1.0}`, true, `{"a":1.0}`, true},
		{`{"a":1}`, `{"a":10000000000}`, true, `{"a":10000000000}`, true},
		{`{"a":{"b":[1,2],"c":"x"}}`, `{"a":{"b":[1,2]}}`, true, `{"a":{"b":[1,2],"c":"x"}}`, false},
		{`{"a":{"b":[1,2],"c":"x"}}`, `{"a":{"b":[3]}}`, true, `{"a":{"b":[3],"c":"x"}}`, true},
		{`{"a":{"x":1,"y":2}}`, `{"a":{"y":2,"x":1}}`, true, `{"a":{"x":1,"y":2}}`, false},
		{`{"a":[{"x":1}]}`, `{"a":[{"x":1}]}`, true, `{"a":[{"x":1}]}`, false},
		{`{"a":"s"}`, `{"a":{"n":1}}`, true, `{"a":{"n":1}}`, true},
		{`{"z":1}`, `{"n":1,"op":2}`, true, `{"z":1,"op":2,"n":1}`, true}, // new keys in HashMap order
		{`{"a":null}`, `{"a":null}`, true, `{"a":null}`, false},
	}
	for _, c := range cases {
		src := mustMap(t, c.src, false)
		got := Merge(src, mustMap(t, c.changes, true), c.detect)
		if out := string(painless.AppendJSON(nil, src)); out != c.want || got != c.modified {
			t.Errorf("Merge(%s, %s, %v) = %s, %v; want %s, %v", c.src, c.changes, c.detect, out, got, c.want, c.modified)
		}
	}
}

func TestJavaEquals(t *testing.T) {
	nan := 0.0
	nan = nan / nan
	cases := []struct {
		a, b any
		want bool
	}{
		{int32(1), int64(1), false},
		{int32(1), int32(1), true},
		{nan, nan, true},
		{0.0, -1 * 0.0 * -1, true},
		{"a", "a", true},
		{nil, "a", false},
		{painless.NewList([]any{int32(1)}), painless.NewList([]any{int32(1)}), true},
		{painless.NewList([]any{int32(1)}), painless.NewList([]any{int64(1)}), false},
	}
	for _, c := range cases {
		if got := JavaEquals(c.a, c.b); got != c.want {
			t.Errorf("JavaEquals(%#v, %#v) = %v", c.a, c.b, got)
		}
	}
}

func TestPrepare(t *testing.T) {
	cache := painless.NewCache(0)
	now := time.UnixMilli(42)
	cur := Current{Found: true, Source: []byte(`{"n":1}`), Index: "i", ID: "1", Version: 3}
	script := func(src string) *Script { return &Script{Source: src, Lang: "painless", Params: []byte(`{"k":2}`)} }
	cases := []struct {
		name string
		req  Request
		cur  Current
		op   Op
		src  string
	}{
		{"doc", Request{Doc: []byte(`{"m":2}`), DetectNoop: true}, cur, Index, `{"n":1,"m":2}`},
		{"doc noop", Request{Doc: []byte(`{"n":1}`), DetectNoop: true}, cur, Noop, `{"n":1}`},
		{"script", Request{Script: script("ctx._source.n += params.k; ctx._source.t = ctx._now")}, cur, Index, `{"n":3,"t":42}`},
		{"script delete", Request{Script: script("ctx.op = 'delete'")}, cur, Delete, `{"n":1}`},
		{"script none", Request{Script: script("ctx.op = 'none'")}, cur, Noop, `{"n":1}`},
		{"missing", Request{Doc: []byte(`{}`)}, Current{}, Missing, ``},
		{"upsert", Request{Doc: []byte(`{"a":1}`), Upsert: []byte(`{"b":1}`)}, Current{}, Create, `{"b":1}`},
		{"doc as upsert", Request{Doc: []byte(`{"a":1}`), DocAsUpsert: true}, Current{}, Create, `{"a":1}`},
		{"scripted upsert", Request{Script: script("ctx._source.c = ctx.op"), Upsert: []byte(`{}`), ScriptedUpsert: true}, Current{}, Create, `{"c":"create"}`},
		{"scripted upsert delete", Request{Script: script("ctx.op = 'delete'"), Upsert: []byte(`{}`), ScriptedUpsert: true}, Current{}, Noop, ``},
	}
	for _, c := range cases {
		out, err := Prepare(&c.req, c.cur, now, cache)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if out.Op != c.op || string(out.Source) != c.src {
			t.Errorf("%s: got op %d source %s; want %d %s", c.name, out.Op, out.Source, c.op, c.src)
		}
	}
}

func TestPrepareScriptErrors(t *testing.T) {
	cache := painless.NewCache(0)
	cur := Current{Found: true, Source: []byte(`{"n":1}`)}
	for _, c := range []struct{ src, typ, causeType string }{
		{"ctx._source.x.y = 1", "illegal_argument_exception", "script_exception"},
		{"ctx.op = null", "null_pointer_exception", ""},
		{"ctx.op = 1", "class_cast_exception", ""},
		{"ctx._source = 'x'", "class_cast_exception", ""},
	} {
		_, err := Prepare(&Request{Script: &Script{Source: c.src}}, cur, time.Now(), cache)
		if err == nil || err.Type != c.typ || (c.causeType != "" && (err.Cause == nil || err.Cause.Type != c.causeType)) {
			t.Errorf("%s: got %v", c.src, err)
		}
	}
}
