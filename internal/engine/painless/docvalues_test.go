package painless

import (
	"encoding/json"
	"testing"
)

// testDoc is one document's doc values: long "n" [3, 7], double "d" [1.5], keyword "k"
// ["a", "b"], boolean "b" [true], date "dt" [1704164645000], long "none" (mapped, no
// values), text "t" (no fielddata).
func testDoc() *DocLookup {
	fields := map[string]DocField{
		"n":    {Kind: DocLongs, Longs: func(dst []int64) []int64 { return append(dst, 3, 7) }},
		"d":    {Kind: DocDoubles, Doubles: func(dst []float64) []float64 { return append(dst, 1.5) }},
		"k":    {Kind: DocStrings, Strings: func(dst []string) []string { return append(dst, "a", "b") }},
		"b":    {Kind: DocBooleans, Longs: func(dst []int64) []int64 { return append(dst, 1) }},
		"dt":   {Kind: DocDates, Longs: func(dst []int64) []int64 { return append(dst, 1704164645000) }},
		"none": {Kind: DocLongs, Longs: func(dst []int64) []int64 { return dst }},
		"t":    {Kind: DocStrings, Err: "Text fields are not optimised"},
	}
	return NewDocLookup(func(name string) (DocField, bool) {
		f, ok := fields[name]
		return f, ok
	})
}

func runDoc(t *testing.T, src string) (any, error) {
	t.Helper()
	s, err := Compile(src, CompileOptions{Vars: []string{"doc", "_score"}, ReturnsValue: true, NoCtx: true})
	if err != nil {
		t.Fatalf("compile %q: %v", src, err)
	}
	return s.Execute(map[string]any{"doc": testDoc(), "_score": 2.5, "params": nil}, ExecOptions{})
}

func TestDocValuesAccess(t *testing.T) {
	cases := []struct {
		script string
		want   string // the result as EncodeJSON writes it
	}{
		// Longs
		{"doc['n'].value", "3"},
		{"doc['n'][1]", "7"},
		{"doc['n'][-1]", "7"},
		{"doc['n'].get(1)", "7"},
		{"doc['n'].getValue()", "3"},
		{"doc['n'].size()", "2"},
		{"doc['n'].length", "2"},
		{"doc['n'].empty", "false"},
		{"doc['n'].isEmpty()", "false"},
		{"doc['n'].1", "7"},
		{"doc['n'].contains(7L)", "true"},
		{"doc['n'].contains(7)", "false"}, // Integer 7 does not equal Long 7
		{"doc['n'].indexOf(7L)", "1"},
		{"doc['n'].toString()", `"[3, 7]"`},
		{"doc['n'].stream().mapToLong(x -> x).sum()", "10"},
		{"long s = 0; for (def v : doc['n']) { s += v } return s", "10"},
		{"doc['n'].value instanceof Long", "true"},
		{"doc.n.value", "3"},
		{"doc.get('n').value", "3"},
		// Doubles, Strings, Booleans
		{"doc['d'].value * 2", "3.0"},
		{"doc['k'].value + doc['k'][1]", `"ab"`},
		{"doc['k']", `["a","b"]`},
		{"doc['b'].value", "true"},
		// Dates: JodaCompatibleZonedDateTime in UTC
		{"doc['dt'].value.getMillis()", "1704164645000"},
		{"doc['dt'].value.toInstant().toEpochMilli()", "1704164645000"},
		{"doc['dt'].value.getYear()", "2024"},
		{"doc['dt'].value.toString()", `"2024-01-02T03:04:05.000Z"`}, // strict_date_time
		{"'' + doc['dt'].value", `"2024-01-02T03:04:05.000Z"`},
		{"doc['dt'].value.plusDays(1).toString()", `"2024-01-03T03:04:05Z"`}, // a java.time.ZonedDateTime again
		{"doc['dt'].value", `"2024-01-02T03:04:05.000Z"`},
		// empty and mapped
		{"doc['none'].size()", "0"},
		{"doc['none'].empty", "true"},
		{"doc.containsKey('n')", "true"},
		{"doc.containsKey('zz')", "false"},
		{"_score * 2", "5.0"},
	}
	for _, c := range cases {
		t.Run(c.script, func(t *testing.T) {
			v, err := runDoc(t, c.script)
			if err != nil {
				t.Fatal(err)
			}
			if dv, ok := v.(*docValues); ok {
				v = dv.list()
			}
			b, err := EncodeJSON(v)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != c.want {
				t.Fatalf("got %s, want %s", b, c.want)
			}
		})
	}
}

func TestDocValuesErrors(t *testing.T) {
	noValue := "A document doesn't have a value for a field! Use doc[<field>].size()==0 to check if a document is missing a field!"
	cases := []struct {
		script      string
		typ, reason string
		stack       []string
	}{
		{"doc['none'].value", "illegal_state_exception", noValue, []string{"doc['none'].value", "           ^---- HERE"}},
		{"doc['none'][0]", "illegal_state_exception", noValue, []string{"doc['none'][0]", "           ^---- HERE"}},
		{"doc['zz'].value", "illegal_argument_exception", "No field found for [zz] in mapping", []string{"doc['zz'].value", "   ^---- HERE"}},
		{"doc['t'].value", "illegal_argument_exception", "Text fields are not optimised", []string{"doc['t'].value", "   ^---- HERE"}},
		{"doc['n'].values", "illegal_argument_exception", "Illegal list shortcut value [values].", []string{"doc['n'].values", "        ^---- HERE"}},
		{"doc['n'].add(1L)", "unsupported_operation_exception", "doc values are unmodifiable", []string{"doc['n'].add(1L)", "        ^---- HERE"}},
		{"doc['n'][0] = 1L", "unsupported_operation_exception", "doc values are unmodifiable", []string{"doc['n'][0] = 1L", "        ^---- HERE"}},
		{"doc['dt'][1]", "index_out_of_bounds_exception", "attempted to fetch the [1] date when there are only [1] dates.", []string{"doc['dt'][1]", "         ^---- HERE"}},
		{"doc['n'].foo()", "illegal_argument_exception", "dynamic method [org.opensearch.index.fielddata.ScriptDocValues$Longs, foo/0] not found", []string{"doc['n'].foo()", "        ^---- HERE"}},
		{"doc.foo()", "illegal_argument_exception", "dynamic method [org.opensearch.search.lookup.LeafDocLookup, foo/0] not found", []string{"doc.foo()", "   ^---- HERE"}},
		{"doc['n'].value.getMillis()", "illegal_argument_exception", "dynamic method [java.lang.Long, getMillis/0] not found", []string{"doc['n'].value.getMillis()", "              ^---- HERE"}},
	}
	for _, c := range cases {
		t.Run(c.script, func(t *testing.T) {
			_, err := runDoc(t, c.script)
			se, ok := err.(*ScriptError)
			if !ok {
				t.Fatalf("got %T %v", err, err)
			}
			if se.Reason != "runtime error" || se.CausedBy.Type != c.typ || se.CausedBy.Reason != c.reason {
				t.Fatalf("got %s / %s: %s", se.Reason, se.CausedBy.Type, se.CausedBy.Reason)
			}
			if got, _ := json.Marshal(se.ScriptStack); string(got) != mustJSON(c.stack) {
				t.Fatalf("stack %s, want %s", got, mustJSON(c.stack))
			}
		})
	}
	// doc.size() and friends are unsupported on LeafDocLookup, with no message
	_, err := runDoc(t, "doc.size()")
	if se, ok := err.(*ScriptError); !ok || se.CausedBy.Type != "unsupported_operation_exception" || !se.CausedBy.NullReason {
		t.Fatalf("doc.size(): %v", err)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestExecuteReturnsCastsTheResult(t *testing.T) {
	s, err := Compile("doc['n'].value", CompileOptions{Vars: []string{"doc"}, ReturnsValue: true, NoCtx: true})
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.Execute(map[string]any{"doc": testDoc()}, ExecOptions{Returns: "double"})
	if err != nil || v != 3.0 {
		t.Fatalf("double: %v %v", v, err)
	}
	_, err = s.Execute(map[string]any{"doc": testDoc()}, ExecOptions{Returns: "boolean"})
	if se, ok := err.(*ScriptError); !ok || se.CausedBy.Type != "class_cast_exception" {
		t.Fatalf("boolean: %v", err)
	}
	// ctx is not a search script variable
	_, err = Compile("ctx._source", CompileOptions{Vars: []string{"doc"}, ReturnsValue: true, NoCtx: true})
	if se, ok := err.(*ScriptError); !ok || se.Reason != "compile error" {
		t.Fatalf("ctx: %v", err)
	}
}

func TestFieldValues(t *testing.T) {
	l := NewList([]any{int32(1), "x"})
	if got := FieldValues(l); len(got) != 2 || got[1] != "x" {
		t.Fatalf("list: %v", got)
	}
	if got := FieldValues(nil); len(got) != 1 || got[0] != nil {
		t.Fatalf("null: %v", got)
	}
	if got := FieldValues(int64(4)); len(got) != 1 || got[0] != int64(4) {
		t.Fatalf("scalar: %v", got)
	}
}

// FuzzDocAccess runs arbitrary scripts over the test document: a result or a script
// error, never a panic.
func FuzzDocAccess(f *testing.F) {
	for _, s := range []string{
		"doc['n'].value * params.x + _score", "doc['k'].stream().map(x -> x + '!').collect(Collectors.toList())",
		"doc['none'].size() == 0 ? -1 : doc['none'].value", "doc['dt'].value.getMillis() / 1000", "doc[params.f]",
		"for (def v : doc['k']) { if (v == 'b') return true } return false", "doc['n'][5]", "doc.zz", "doc['t'][0]",
		"doc['n'].sort(null)", "doc['b'].value ? 1 : 0", "doc.containsKey(params.f) && !doc[params.f].empty",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s, err := Compile(src, CompileOptions{Vars: []string{"doc", "_score"}, ReturnsValue: true, NoCtx: true,
			Options: map[string]string{"max_loop_counter": "1000"}})
		if err != nil {
			return
		}
		params, _ := ParseJSON([]byte(`{"x":2,"f":"n"}`))
		v, err := s.Execute(map[string]any{"doc": testDoc(), "_score": 1.0, "params": params}, ExecOptions{})
		if err != nil {
			if _, ok := err.(*ScriptError); !ok {
				t.Fatalf("unexpected error %T %v", err, err)
			}
			return
		}
		for _, item := range FieldValues(v) {
			_, _ = EncodeJSON(item)
		}
	})
}

func TestCompileReturnsChecksStaticTypes(t *testing.T) {
	cases := []struct {
		returns, script, msg string
	}{
		{"boolean", "1", "Cannot cast from [int] to [boolean]."},
		{"boolean", "return 'x'", "Cannot cast from [java.lang.String] to [boolean]."},
		{"double", "'x'", "Cannot cast from [java.lang.String] to [double]."},
		{"String", "1L", "Cannot cast from [long] to [java.lang.String]."},
	}
	for _, c := range cases {
		_, err := Compile(c.script, CompileOptions{Vars: []string{"doc"}, ReturnsValue: true, NoCtx: true, Returns: c.returns})
		se, ok := err.(*ScriptError)
		if !ok || se.Reason != "compile error" || se.CausedBy.Type != "class_cast_exception" || se.CausedBy.Reason != c.msg {
			t.Errorf("%s as %s: %v", c.script, c.returns, err)
		}
	}
	// what converts implicitly, or is only known at run time, compiles
	for _, c := range [][2]string{{"double", "1"}, {"double", "doc['n'].value"}, {"boolean", "doc['n'].value > 1"}, {"String", "null"}} {
		if _, err := Compile(c[1], CompileOptions{Vars: []string{"doc"}, ReturnsValue: true, NoCtx: true, Returns: c[0]}); err != nil {
			t.Errorf("%s as %s: %v", c[1], c[0], err)
		}
	}
}

func TestScriptUses(t *testing.T) {
	for src, want := range map[string]bool{
		"_score * 2": true,
		"[1, 2].stream().map(x -> x + _score).count()": true,
		"params._score":                 false,
		"params?._score":                false,
		"'_score'":                      false,
		"doc['_score'].size()":          false,
		"double my_score = 1; my_score": false,
	} {
		s, err := Compile(src, CompileOptions{Vars: []string{"doc", "_score"}, ReturnsValue: true, NoCtx: true})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if got := s.Uses("_score"); got != want {
			t.Errorf("%s: Uses(_score) = %v", src, got)
		}
	}
}
