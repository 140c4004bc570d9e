package painless

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
)

var fuzzSeeds = []string{
	"ctx._source.counter += params.count",
	"if (ctx._source.tags.contains(params['tag'])) { ctx.op = 'delete' } else { ctx.op = 'none' }",
	"for (int i=ctx._source.l.length-1; i>=0; i--) { if (ctx._source.l[i] == params.x) { ctx._source.l.remove(i) } }",
	"ctx._source.tags.removeIf(t -> params.remove.contains(t)); ctx._source.x = (ctx._source[params.f] ?: 0) + 1",
	"int f(int n) { return n < 2 ? n : f(n - 1) + f(n - 2) } return f(10)",
	"try { throw new IllegalArgumentException('x') } catch (Exception e) { return e.getMessage() }",
	"def m = ['a': [1, 2L, 3.0, 4f], 'b': null]; m.forEach((k, v) -> { m2 = k }); return m",
	"String[] a = new String[] {'x'}; int[] b = new int[3]; return a.length + b[0] + 0x1F + 017 + 1e3 + 2.5f",
	"do { x++ } while (false); while (true) {} for (;;) ; ",
	"'a\\'b' + \"c\\\\\" /* c */ // d",
	"a =~ /re/; (int) x ?. y ?: z === w !== v >>>= 1 <<= 2",
	"ctx._source.completed ++ ; --ctx._source.n; return !true ^ false | ~1 & 2",
	"Map.Entry e; for (def k in [:]) {} List l = new ArrayList(); Math.max(1, Math.PI)",
	"doc['n'].value * params.x + _score", "doc['k'].size() == 0 ? null : doc['k'][0]", "doc.containsKey('d') && doc['d'].empty",
	"", ";", "{", "}", "(", "[", "[:", "new", "def", "-", "'", "\"", "/*", "1L.x", "x -> y",
}

// FuzzLexParse checks that lexing and parsing any input ends in a script or a compile
// error, never a panic.
func FuzzLexParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if _, cerr := lex(src); cerr != nil && (cerr.pos < 0 || cerr.pos > len(src)) {
			t.Fatalf("lex error position %d outside [0,%d]", cerr.pos, len(src))
		}
		s, err := Compile(src, CompileOptions{})
		if err != nil {
			se, ok := err.(*ScriptError)
			if !ok || se.Reason != "compile error" || se.Position == nil {
				t.Fatalf("unexpected error %T %v", err, err)
			}
			se.ResponseBody(APIUpdate)
			return
		}
		if s.Source() != src {
			t.Fatal("source not kept")
		}
	})
}

// FuzzExecute runs whatever compiles, under a small loop budget: it must end with a
// result or a script error, never a Go panic or a hang.
func FuzzExecute(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s, err := Compile(src, CompileOptions{Options: map[string]string{"max_loop_counter": "1000"}})
		if err != nil {
			return
		}
		source, _ := ParseJSON([]byte(`{"counter":1,"tags":["a","b"],"l":[1,2,3],"n":5,"completed":0,"m":{"k":"v"}}`))
		params, _ := ParseJSON([]byte(`{"count":2,"tag":"a","x":2,"remove":["b"],"f":"z"}`))
		ctx := NewMap(2)
		ctx.Set("op", "index")
		ctx.Set("_source", source)
		_, err = s.Execute(map[string]any{"ctx": ctx, "params": params}, ExecOptions{})
		if err != nil {
			if _, ok := err.(*ScriptError); !ok {
				t.Fatalf("unexpected error %T %v", err, err)
			}
		}
		AppendJSON(nil, ctx)
	})
}

var jsonSeeds = []string{
	`{"a":1,"b":[true,false,null],"c":{"d":"e\\n\\u00e9\\ud83d\\ude00"},"f":-1.5e3,"g":2147483648}`,
	`[]`, `{}`, `"x"`, `0`, `-0.0`, `1E400`, `"\ud800"`, `"\ud800\u0041"`, `{"a":1,"a":2}`,
	`[1,]`, `{"a" 1}`, `"\x"`, `01`, `1.`, `"` + "\xff" + `"`, ` [ 1 , 2 ] `, `nul`, `{"a":[{"b":[]}]}`, `10000000000000000000A`,
}

// FuzzParseJSON checks the JSON parser against encoding/json: the same inputs are valid,
// and what it reads encodes back to the same JSON value.
func FuzzParseJSON(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := ParseJSON(data)
		valid := json.Valid(data)
		if (err == nil) != valid {
			if err != nil && strings.Contains(err.Error(), "nested too deeply") {
				return
			}
			t.Fatalf("ParseJSON err=%v, json.Valid=%v for %q", err, valid, data)
		}
		if err != nil {
			return
		}
		var want, got any
		if json.Unmarshal(data, &want) != nil {
			return // numbers beyond float64
		}
		out := AppendJSON(nil, v)
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("re-encoded %q is not JSON: %v", out, err)
		}
		if !reflect.DeepEqual(normalize(want), normalize(got)) {
			t.Fatalf("%q decoded as %#v, re-encoded %q", data, want, out)
		}
	})
}

// normalize drops what AppendJSON may render differently on purpose: non-finite doubles
// are written as strings, as Jackson does.
func normalize(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = normalize(e)
		}
	case []any:
		for i, e := range x {
			x[i] = normalize(e)
		}
	case string:
		if x == "Infinity" || x == "-Infinity" || x == "NaN" {
			return "nonfinite"
		}
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return "nonfinite"
		}
	}
	return v
}
