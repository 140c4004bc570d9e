package painless

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

const errDoc = `{"op":"index","_source":{"tags":["a"],"a":"x","s":"str"}}`

func TestRuntimeErrors(t *testing.T) {
	cases := []struct {
		script string
		cause  Cause
		pos    Position
		stack  []string
	}{
		// 17_update_error.yml: offset 6, start 0, end 15
		{"params.that = 3", Cause{Type: "unsupported_operation_exception", NullReason: true},
			Position{6, 0, 15}, []string{"params.that = 3", "      ^---- HERE"}},
		{"ctx._source.missing.foo = 1", Cause{Type: "null_pointer_exception", Reason: "cannot access method/field [foo] from a null def reference"},
			Position{19, 0, 27}, []string{"ctx._source.missing.foo = 1", "                   ^---- HERE"}},
		{"ctx._source.tags.addd('x')", Cause{Type: "illegal_argument_exception", Reason: "dynamic method [java.util.ArrayList, addd/1] not found"},
			Position{16, 0, 26}, []string{"ctx._source.tags.addd('x')", "                ^---- HERE"}},
		// the snippet is the failing statement up to the next one; a compound assignment
		// fails where its target is stored (the dot before the field)
		{"ctx._source.a = 1; ctx._source.n += 1", Cause{Type: "null_pointer_exception", Reason: `Cannot invoke "Object.getClass()" because "left" is null`},
			Position{30, 19, 37}, []string{"ctx._source.n += 1", "           ^---- HERE"}},
		{"ctx._source.n += 1; ctx._source.a = 1", Cause{Type: "null_pointer_exception", Reason: `Cannot invoke "Object.getClass()" because "left" is null`},
			Position{11, 0, 20}, []string{"ctx._source.n += 1; ", "           ^---- HERE"}},
		// a declaration's statement starts at the variable's name, as Painless marks it
		{"int x = ctx._source.missing.foo", Cause{Type: "null_pointer_exception", Reason: "cannot access method/field [foo] from a null def reference"},
			Position{27, 4, 31}, []string{"x = ctx._source.missing.foo", "                       ^---- HERE"}},
		// List has only remove(int)
		{"ctx._source.tags.remove('x')", Cause{Type: "class_cast_exception", Reason: "Cannot cast java.lang.String to java.lang.Integer"},
			Position{16, 0, 28}, []string{"ctx._source.tags.remove('x')", "                ^---- HERE"}},
		{"ctx._source.x = ctx._source.tags[5]", Cause{Type: "index_out_of_bounds_exception", Reason: "Index 5 out of bounds for length 1"},
			Position{32, 0, 35}, []string{"ctx._source.x = ctx._source.tags[5]", "                                ^---- HERE"}},
		{"ctx._source.tags.remove(ctx._source.tags.indexOf('zz'))", Cause{Type: "index_out_of_bounds_exception", Reason: "Index -1 out of bounds for length 1"},
			Position{16, 0, 55}, []string{"ctx._source.tags.remove(ctx._source.tags.indexOf('zz'))", "                ^---- HERE"}},
		{"int[] a = new int[2]; a[2] = 1", Cause{Type: "array_index_out_of_bounds_exception", Reason: "Index 2 out of bounds for length 2"},
			Position{23, 22, 30}, []string{"a[2] = 1", " ^---- HERE"}},
		{"ctx._source.x = 1 / 0", Cause{Type: "arithmetic_exception", Reason: "/ by zero"},
			Position{16, 0, 21}, []string{"ctx._source.x = 1 / 0", "                ^---- HERE"}},
		{"ctx._source.x = ctx._source.s.foo", Cause{Type: "illegal_argument_exception", Reason: "dynamic getter [java.lang.String, foo] not found"},
			Position{29, 0, 33}, []string{"ctx._source.x = ctx._source.s.foo", "                             ^---- HERE"}},
		{"def x = 'a'; x.split(',')", Cause{Type: "illegal_argument_exception", Reason: "dynamic method [java.lang.String, split/1] not found"},
			Position{14, 13, 25}, []string{"x.split(',')", " ^---- HERE"}},
		{"for (def x : ctx._source) { ctx.op = 'x' }", Cause{Type: "illegal_argument_exception", Reason: "Cannot iterate over [java.util.LinkedHashMap]"},
			Position{0, 0, 28}, []string{"for (def x : ctx._source) { ", "^---- HERE"}},
		// a condition fails where its value is cast to boolean: the condition itself
		{"if (null) { ctx.op = 'x' }", Cause{Type: "null_pointer_exception", Reason: `Cannot invoke "Object.getClass()" because "value" is null`},
			Position{4, 0, 12}, []string{"if (null) { ", "    ^---- HERE"}},
		{"throw new IllegalStateException('bad ' + ctx._source.a)", Cause{Type: "illegal_state_exception", Reason: "bad x"},
			Position{0, 0, 55}, []string{"throw new IllegalStateException('bad ' + ctx._source.a)", "^---- HERE"}},
		{"Integer.parseInt(ctx._source.a)", Cause{Type: "number_format_exception", Reason: `For input string: "x"`},
			Position{7, 0, 31}, []string{"Integer.parseInt(ctx._source.a)", "       ^---- HERE"}},
		{"ctx._source.tags.removeIf(t -> t.foo())", Cause{Type: "illegal_argument_exception", Reason: "dynamic method [java.lang.String, foo/0] not found"},
			Position{32, 0, 39}, []string{"ctx._source.tags.removeIf(t -> t.foo())", "                                ^---- HERE"}},
		{"Collections.singletonList(1).add(2)", Cause{Type: "unsupported_operation_exception", NullReason: true},
			Position{28, 0, 35}, []string{"Collections.singletonList(1).add(2)", "                            ^---- HERE"}},
		{"def i = 0; while (i == 0) {}", Cause{Type: "painless_error", Reason: "The maximum number of statements that can be executed in a loop has been reached."},
			Position{11, 11, 28}, []string{"while (i == 0) {}", "^---- HERE"}},
		// offsets count UTF-16 units: é is one, the emoji two
		{"ctx._source.x = 'é😀'; ctx._source.missing.foo = 1", Cause{Type: "null_pointer_exception", Reason: "cannot access method/field [foo] from a null def reference"},
			Position{42, 23, 50}, []string{"ctx._source.missing.foo = 1", "                   ^---- HERE"}},
	}
	for _, c := range cases {
		t.Run(c.script, func(t *testing.T) {
			_, err := runCtx(t, c.script, errDoc, `{"p":1}`)
			se := asScriptError(t, err)
			want := &ScriptError{Reason: "runtime error", ScriptStack: c.stack, Script: c.script, Lang: "painless", Position: &c.pos, CausedBy: c.cause}
			if !reflect.DeepEqual(se, want) {
				t.Errorf("got  %+v %+v\nwant %+v %+v", se, *se.Position, want, *want.Position)
			}
		})
	}
}

func TestCompileErrors(t *testing.T) {
	cases := []struct {
		script, reason string
		pos            Position
		stack          []string
	}{
		{"ctx._source.nickname = _nickname", "cannot resolve symbol [_nickname]",
			Position{23, 0, 32}, []string{"ctx._source.nickname = _nickname", "                       ^---- HERE"}},
		{"ctx._source.x = ", "unexpected end of script.",
			Position{16, 0, 16}, []string{"ctx._source.x = ", "                ^---- HERE"}},
		{"ctx._source.x = 1 ctx._source.y = 2", "unexpected token ['ctx'] was expecting one of [{<EOF>, ';'}].",
			Position{18, 0, 35}, []string{"ctx._source.x = 1 ctx._source.y = 2", "                  ^---- HERE"}},
		// 25 characters either side, cut with "... " and " ..."
		{"ctx._source.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa = 1; ctx._source.b = bogus + 1; ctx._source.c = 3", "cannot resolve symbol [bogus]",
			Position{64, 39, 89}, []string{"... aaa = 1; ctx._source.b = bogus + 1; ctx._source.c  ...", "                             ^---- HERE"}},
		{"int x = 1.5", "Cannot cast from [double] to [int].",
			Position{4, 0, 11}, []string{"int x = 1.5", "    ^---- HERE"}},
		{"int x = 2147483648", "Invalid int constant [2147483648].",
			Position{8, 0, 18}, []string{"int x = 2147483648", "        ^---- HERE"}},
		{"def x = 1; def x = 2", "variable [x] is already defined",
			Position{15, 0, 20}, []string{"def x = 1; def x = 2", "               ^---- HERE"}},
		{"ctx._source.a = 1 +", "unexpected end of script.",
			Position{19, 0, 19}, []string{"ctx._source.a = 1 +", "                   ^---- HERE"}},
		{"1 = 2", "invalid assignment: cannot assign a value to constant [1]",
			Position{0, 0, 5}, []string{"1 = 2", "^---- HERE"}},
		{"undefinedFn(1)", "Unknown call [undefinedFn] with [1] arguments.",
			Position{0, 0, 14}, []string{"undefinedFn(1)", "^---- HERE"}},
		{"ctx._source.x = #", "unexpected character [#].",
			Position{16, 0, 17}, []string{"ctx._source.x = #", "                ^---- HERE"}},
		{"new Foo()", "unexpected token ['Foo'] was expecting one of [TYPE].",
			Position{4, 0, 9}, []string{"new Foo()", "    ^---- HERE"}},
		// real Painless the fake does not implement
		{"if (ctx._source.a =~ /x/) {}", "[fake] unsupported Painless feature: regex literals",
			Position{21, 0, 28}, []string{"if (ctx._source.a =~ /x/) {}", "                     ^---- HERE"}},
		{"ctx._source.d = ZonedDateTime.now()", "[fake] unsupported Painless feature: method [ZonedDateTime.now/0]",
			Position{29, 4, 35}, []string{"... _source.d = ZonedDateTime.now()", "    " + strings.Repeat(" ", 25) + "^---- HERE"}},
		{"ctx._source.x.iterator()", "[fake] unsupported Painless feature: method [iterator/0]",
			Position{14, 0, 24}, []string{"ctx._source.x.iterator()", "              ^---- HERE"}},
		{"BigDecimal fee = new BigDecimal(params.fee)", "[fake] unsupported Painless feature: type [BigDecimal]",
			Position{0, 0, 25}, []string{"BigDecimal fee = new BigD ...", "^---- HERE"}},
		{"ctx._source.d = ZonedDateTime::parse", "invalid method reference: only allowed as a method argument",
			Position{29, 4, 36}, []string{"... _source.d = ZonedDateTime::parse", "    " + strings.Repeat(" ", 25) + "^---- HERE"}},
		{"ctx._source.s = String.format('%d', 1)", "[fake] unsupported Painless feature: method [String.format/2]",
			Position{22, 0, 38}, []string{"ctx._source.s = String.format('%d', 1)", "                      ^---- HERE"}},
	}
	for _, c := range cases {
		t.Run(c.script, func(t *testing.T) {
			_, err := Compile(c.script, CompileOptions{})
			se := asScriptError(t, err)
			cause := "illegal_argument_exception"
			if strings.HasPrefix(c.reason, "Cannot cast from") { // AnalyzerCaster raises ClassCastException
				cause = "class_cast_exception"
			}
			want := &ScriptError{Reason: "compile error", ScriptStack: c.stack, Script: c.script, Lang: "painless", Position: &c.pos,
				CausedBy: Cause{Type: cause, Reason: c.reason}}
			if !reflect.DeepEqual(se, want) {
				t.Errorf("got  %+v %+v\nwant %+v %+v", se, *se.Position, want, *want.Position)
			}
		})
	}
}

func TestErrorBodies(t *testing.T) {
	_, err := runCtx(t, "params.that = 3", errDoc, `{}`)
	se := asScriptError(t, err)
	se1 := `{"type":"script_exception","reason":"runtime error","script_stack":["params.that = 3","      ^---- HERE"],"script":"params.that = 3","lang":"painless","position":{"offset":6,"start":0,"end":15}`
	cause := `"caused_by":{"type":"unsupported_operation_exception","reason":null}`
	wrap := `{"type":"illegal_argument_exception","reason":"failed to execute script"`

	checks := []struct{ name, got, want string }{
		{"script_exception", string(se.AppendJSON(nil)), se1 + "," + cause + "}"},
		{"by query body", string(se.ResponseBody(APIByQuery)),
			`{"error":{"root_cause":[` + se1 + `}],` + se1[1:] + "," + cause + `},"status":400}`},
		{"update body", string(se.ResponseBody(APIUpdate)),
			`{"error":{"root_cause":[` + wrap + `}],` + wrap[1:] + `,"caused_by":` + se1 + "," + cause + `}},"status":400}`},
		{"update bulk item error", string(se.AppendErrorObject(nil, APIUpdate)),
			wrap + `,"caused_by":` + se1 + "," + cause + "}}"},
		{"by query item error", string(se.AppendErrorObject(nil, APIByQuery)), se1 + "," + cause + "}"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.name, c.got, c.want)
		}
	}
	ae := illegalArgument("script_lang not supported [groovy]")
	iae := `{"type":"illegal_argument_exception","reason":"script_lang not supported [groovy]"}`
	if got, want := string(ae.ResponseBody(APIByQuery)), `{"error":{"root_cause":[`+iae+`],`+iae[1:len(iae)-1]+`},"status":400}`; got != want {
		t.Errorf("argument error body\n got %s\nwant %s", got, want)
	}
	if got, want := string(ae.ResponseBody(APIUpdate)), `{"error":{"root_cause":[`+wrap+`}],`+wrap[1:]+`,"caused_by":`+iae+`},"status":400}`; got != want {
		t.Errorf("argument error update body\n got %s\nwant %s", got, want)
	}
}

func TestCheckLang(t *testing.T) {
	cases := map[string]string{
		"":           "",
		"painless":   "",
		"expression": "expression engine does not know how to handle script context [update]",
		"mustache":   "mustache engine does not know how to handle context [update]",
		"groovy":     "script_lang not supported [groovy]",
	}
	for lang, want := range cases {
		err := CheckLang(lang, "update")
		if want == "" {
			if err != nil {
				t.Errorf("%q: unexpected %v", lang, err)
			}
			continue
		}
		var ae *Exception
		if !errors.As(err, &ae) || ae.Type != "illegal_argument_exception" || ae.Reason != want || ae.HTTPStatus != 400 {
			t.Errorf("%q: got %v, want %q", lang, err, want)
		}
	}
}

func TestCompileOptions(t *testing.T) {
	_, err := Compile("1", CompileOptions{Options: map[string]string{"b": "2", "a": "1"}})
	var ae *Exception
	if !errors.As(err, &ae) {
		t.Fatalf("got %v", err)
	}
	want := `{"error":{"root_cause":[{"type":"general_script_exception","reason":"Failed to compile inline script [1] using lang [painless]"}],` +
		`"type":"general_script_exception","reason":"Failed to compile inline script [1] using lang [painless]",` +
		`"caused_by":{"type":"illegal_argument_exception","reason":"Unrecognized compile-time parameter(s): {a=1, b=2}"}},"status":500}`
	if got := string(ae.ResponseBody(APIByQuery)); got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
	if _, err := Compile("ctx.op = 'x'", CompileOptions{Options: map[string]string{"picky": "true", "max_loop_counter": "5"}}); err != nil {
		t.Fatalf("known options: %v", err)
	}
	if _, err := Compile("1", CompileOptions{Options: map[string]string{"max_loop_counter": "x"}}); err == nil {
		t.Fatal("bad max_loop_counter accepted")
	}
}

// Painless's loop counter: one per function frame (script body, each function or lambda
// call), each iteration costs 1 whatever the body holds, and the error comes when the
// counter reaches zero.
func TestMaxLoopCounter(t *testing.T) {
	run := func(limit, n string, script string) error {
		opts := CompileOptions{Options: map[string]string{"max_loop_counter": limit}}
		if limit == "" {
			opts.Options = nil
		}
		s, err := Compile(script, opts)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := FromGo(map[string]any{"n": n})
		_, err = s.Execute(map[string]any{"ctx": NewMap(0), "params": p}, ExecOptions{})
		return err
	}
	loop := "int n = Integer.parseInt(params.n); for (int i = 0; i < n; i++) { }"
	if err := run("10", "9", loop); err != nil {
		t.Fatalf("9 iterations under a budget of 10: %v", err)
	}
	err := run("10", "10", loop)
	if se := asScriptError(t, err); se.CausedBy.Type != "painless_error" || se.Position.Offset != 36 {
		t.Fatalf("10 iterations: %+v", se)
	}
	// the body's size does not matter
	two := "int n = Integer.parseInt(params.n); def x = 0; while (x < n) { x++; x += 0; x -= 0 }"
	if err := run("10", "9", two); err != nil {
		t.Fatalf("9 iterations of 3 statements: %v", err)
	}
	if err := run("10", "10", two); err == nil {
		t.Fatal("10 iterations passed a budget of 10")
	}
	// each lambda call has its own counter
	lambdas := "int n = Integer.parseInt(params.n); def l = [1, 2, 3, 4, 5]; l.removeIf(x -> { int j = 0; while (j < n) { j++ } return false })"
	if err := run("10", "9", lambdas); err != nil {
		t.Fatalf("45 iterations spread over 5 lambda calls: %v", err)
	}
	// 0 disables the budget
	if err := run("0", "2000000", loop); err != nil {
		t.Fatalf("unlimited: %v", err)
	}
	// the default is 1,000,000
	if err := run("", "999999", loop); err != nil {
		t.Fatalf("default budget, 999999 iterations: %v", err)
	}
	if err := run("", "1000000", loop); err == nil {
		t.Fatal("default budget not enforced")
	}
}

// A runtime error caught by the script does not fail it; the loop budget cannot be caught.
func TestCatchDoesNotCatchPainlessError(t *testing.T) {
	s, err := Compile("try { int i = 0; while (i >= 0) { i++ } } catch (Exception e) { ctx.op = 'caught' }", CompileOptions{Options: map[string]string{"max_loop_counter": "100"}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Execute(map[string]any{"ctx": NewMap(0), "params": NewMap(0)}, ExecOptions{})
	if se := asScriptError(t, err); se.CausedBy.Type != "painless_error" {
		t.Fatalf("got %v", err)
	}
}

// Cyclic structures end in a script error or an argument error, never a crash.
func TestCyclicValues(t *testing.T) {
	for _, script := range []string{
		`def a = [:]; a.x = a; def b = [:]; b.x = b; ctx._source.r = a == b`,
		`def a = []; a.add(a); ctx._source.h = a.hashCode()`,
	} {
		_, err := runCtx(t, script, errDoc, ``)
		if se := asScriptError(t, err); se.CausedBy.Type != "stack_overflow_error" {
			t.Errorf("%s: %v", script, err)
		}
	}
	s, _ := Compile(`ctx._source.me = ctx._source`, CompileOptions{})
	ctx := map[string]any{"_source": map[string]any{}}
	_, err := s.Execute(map[string]any{"ctx": ctx, "params": nil}, ExecOptions{})
	var ae *Exception
	if !errors.As(err, &ae) || ae.Reason != "Iterable object is self-referencing itself" {
		t.Fatalf("plain ctx with a cycle: %v", err)
	}
}

// Control-flow rules of Painless's semantic analysis, with OpenSearch's messages.
func TestStatementRules(t *testing.T) {
	cases := []struct {
		script, cause, reason string
		offset                int
	}{
		{"ctx._source.a == 1; ctx.op = 'noop'", "illegal_argument_exception", "not a statement: result not used from equals operation [==]", 0},
		// update scripts return void: a trailing value is not a statement either
		{"ctx._source.a + 1", "illegal_argument_exception", "not a statement: result not used from addition operation [+]", 0},
		{"def x = 1; if (x == 1) { x }", "illegal_argument_exception", "not a statement: result not used from symbol [x]", 25},
		{"return 1", "class_cast_exception", "Cannot cast from [int] to [void].", 7},
		{"return; ctx.op = 'noop'", "illegal_argument_exception", "invalid block: unreachable statement", 0},
		{"def x = 1; if (x == 1) { return } else { throw new Exception('x') } ctx.op = 'x'", "illegal_argument_exception", "invalid block: unreachable statement", 0},
		{"if (true) { ctx.op = 'x' }", "illegal_argument_exception", "extraneous if block", 0},
		{"if (ctx.op == 'x') {}", "illegal_argument_exception", "extraneous if block", 0},
		{"if (ctx.op == 'x') { ctx.op = 'y' } else {}", "illegal_argument_exception", "extraneous else block.", 0},
		{"while (true) {}", "illegal_argument_exception", "no paths escape from while loop", 0},
		{"while (false) { ctx.op = 'x' }", "illegal_argument_exception", "extraneous while loop", 0},
		{"for (x in ctx._source.l) {}", "illegal_argument_exception", "extraneous foreach loop", 0},
		{"for (x in ctx._source.l) { return }", "illegal_argument_exception", "extraneous foreach loop", 0},
		{"for (x in ctx._source.l) { if (x == 1) { continue } }", "illegal_argument_exception", "extraneous continue statement", 41},
		{"while (true) { ctx.op = 'x' } ctx.op = 'y'", "illegal_argument_exception", "invalid block: unreachable statement", 0},
		{"break", "illegal_argument_exception", "invalid break statement: not inside loop", 0},
		{"for (x in [1]) { [1].forEach(y -> { if (y == 1) { continue } }) }", "illegal_argument_exception", "invalid continue statement: not inside loop", 50},
		{"try {} catch (Exception e) { ctx.op = 'x' }", "illegal_argument_exception", "extraneous try statement", 0},
		{"int f(int x) { if (x > 0) { return 1 } } ctx._source.r = f(1)", "illegal_argument_exception", "invalid function definition: not all paths provide a return value for function [f] with [1] parameters", 0},
		{"void f() {} f()", "illegal_argument_exception", "invalid function definition: found no statements for function [f] with [0] parameters", 0},
		{"", "illegal_argument_exception", "invalid function definition: found no statements for function [execute] with [0] parameters", 0},
		{"{ ctx.op = 'x' }", "illegal_argument_exception", "invalid sequence of tokens near ['{'].", 0},
	}
	for _, c := range cases {
		_, err := Compile(c.script, CompileOptions{})
		se := asScriptError(t, err)
		if se.CausedBy.Type != c.cause || se.CausedBy.Reason != c.reason || se.Position.Offset != c.offset {
			t.Errorf("%q: got %s %q at %d, want %s %q at %d", c.script, se.CausedBy.Type, se.CausedBy.Reason, se.Position.Offset, c.cause, c.reason, c.offset)
		}
	}
	// what stays valid
	for _, script := range []string{
		"while (ctx.op == 'x') {}",
		"for (int i = 0; i < 3; i++) {}",
		"for (;;) { if (ctx.op == 'x') { break } ctx.op = 'x' }",
		"while (true) { if (ctx.op == 'x') { break } ctx.op = 'x' } ctx.op = 'y'",
		"for (x in [1, 2]) { if (x == 1) { continue } ctx.op = 'x' }",
		"int f(int x) { if (x > 0) { return 1 } return 0 } ctx._source.r = f(1)",
		"int f(int x) { x + 1 } ctx._source.r = f(1)",
		"if (ctx.op == 'x') { return }",
		"new ArrayList()",
	} {
		if _, err := Compile(script, CompileOptions{}); err != nil {
			t.Errorf("%q: %v", script, err)
		}
	}
	// a context that returns a value takes the last bare value as the result
	s, err := Compile("def x = 2; x * 21", CompileOptions{ReturnsValue: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Execute(map[string]any{"ctx": NewMap(0)}, ExecOptions{}); got != int32(42) {
		t.Errorf("implicit return: %v", got)
	}
}

func TestCyclicMapKey(t *testing.T) {
	_, err := runCtx(t, `def k = []; k.add(k); def m = [:]; m[k] = 1; ctx._source.m = m`, errDoc, ``)
	if se := asScriptError(t, err); se.CausedBy.Type != "stack_overflow_error" {
		t.Fatalf("got %v", err)
	}
}

// Casts from def use the messages of Painless's Def class (primitive, boxed, String) or
// the JVM's checkcast (other reference types).
func TestCastMessages(t *testing.T) {
	cases := []struct{ script, cause, reason string }{
		{`int x = ctx._source.l`, "class_cast_exception", "cannot implicitly cast def [long] to int"},
		{`int x = ctx._source.s`, "class_cast_exception", "cannot implicitly cast def [java.lang.String] to int"},
		{`int x = ctx._source.missing`, "null_pointer_exception", `Cannot invoke "Object.getClass()" because "value" is null`},
		{`if (ctx._source.s) { ctx.op = 'x' }`, "class_cast_exception", "cannot cast def [java.lang.String] to boolean"},
		{`Integer x = ctx._source.l`, "class_cast_exception", "cannot implicitly cast def [long] to java.lang.Integer"},
		{`String x = ctx._source.i`, "class_cast_exception", "cannot implicitly cast def [int] to java.lang.String"},
		{`Map x = ctx._source.tags`, "class_cast_exception", "class java.util.ArrayList cannot be cast to class java.util.Map (java.util.ArrayList and java.util.Map are in module java.base of loader 'bootstrap')"},
		{`ctx._source.x = (int) ctx._source.s`, "class_cast_exception", "cannot explicitly cast def [java.lang.String] to int"},
		{`ctx._source.x = (Number) ctx._source.s`, "class_cast_exception", "class java.lang.String cannot be cast to class java.lang.Number (java.lang.String and java.lang.Number are in module java.base of loader 'bootstrap')"},
	}
	for _, c := range cases {
		_, err := runCtx(t, c.script, `{"op":"index","_source":{"l":5000000000,"s":"x","i":1,"tags":[]}}`, ``)
		se := asScriptError(t, err)
		if se.CausedBy.Type != c.cause || se.CausedBy.Reason != c.reason {
			t.Errorf("%s: got %s %q", c.script, se.CausedBy.Type, se.CausedBy.Reason)
		}
	}
	// explicit casts from def convert any number, also to boxed types
	if got := evalScript(t, `def x = 5; return (Long) x`); got != int64(5) {
		t.Errorf("(Long) of an Integer: %#v", got)
	}
	if got := evalScript(t, `def x = 2.9; return (int) x`); got != int32(2) {
		t.Errorf("(int) of a Double: %#v", got)
	}
}

func TestLambdaBodies(t *testing.T) {
	for _, script := range []string{
		"ctx._source.l.forEach(x -> { if (x == null) { return; } ctx.op = 'x' })",
		"ctx._source.l.removeIf(x -> { return x == 1 })",
		"ctx._source.l.removeIf(x -> { x == 1 })",
	} {
		if _, err := Compile(script, CompileOptions{}); err != nil {
			t.Errorf("%q: %v", script, err)
		}
	}
	got, err := runCtx(t, "ctx._source.l.removeIf(x -> { x == 1 })", `{"op":"index","_source":{"l":[1,2]}}`, ``)
	if err != nil || got != `{"op":"index","_source":{"l":[2]}}` {
		t.Fatalf("block lambda result: %s %v", got, err)
	}
}

func TestStaticOperandTypes(t *testing.T) {
	for script, want := range map[string]string{
		"ctx._source.x = 'a' < 'b'": "cannot apply the less than operator [<] to the types [java.lang.String] and [java.lang.String]",
		"ctx._source.x = true + 1":  "cannot apply the addition operator [+] to the types [boolean] and [int]",
		"ctx._source.x = 1.5 << 1":  "cannot apply the left shift operator [<<] to the types [double] and [int]",
		"String s = 'x'; s = s - 1": "cannot apply the subtraction operator [-] to the types [java.lang.String] and [int]",
	} {
		_, err := Compile(script, CompileOptions{})
		se := asScriptError(t, err)
		if se.CausedBy.Type != "class_cast_exception" || se.CausedBy.Reason != want {
			t.Errorf("%s: got %s %q", script, se.CausedBy.Type, se.CausedBy.Reason)
		}
	}
	for _, ok := range []string{"ctx._source.x = 'a' + 1", "ctx._source.x = true & false", "ctx._source.x = 1L << 2", "ctx._source.x = ctx._source.a < 'b'"} {
		if _, err := Compile(ok, CompileOptions{}); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}

// Painless parses the whole script before analysing it: a syntax error anywhere is
// reported instead of an earlier semantic one.
func TestSyntaxErrorsComeFirst(t *testing.T) {
	cases := []struct {
		script, reason string
		offset         int
	}{
		{"syntax errors are fun!", "unexpected token ['errors'] was expecting one of [{<EOF>, ';'}].", 7},
		{`ctx._source.x = 'a\nb'`, `unexpected character ['a\n]. The only valid escape sequences in strings starting with ['] are [\\] and [\'].`, 16},
		{"x = 1; ctx.op = ", "unexpected end of script.", 16},
		{"ZonedDateTime.parse(x); ctx.op = 'a' 'b'", "unexpected token [''b''] was expecting one of [{<EOF>, ';'}].", 37},
		{"y = 1; z = 2", "cannot resolve symbol [y]", 0},
	}
	for _, c := range cases {
		_, err := Compile(c.script, CompileOptions{})
		se := asScriptError(t, err)
		if se.CausedBy.Reason != c.reason || se.Position.Offset != c.offset {
			t.Errorf("%q: got %q at %d", c.script, se.CausedBy.Reason, se.Position.Offset)
		}
	}
}

func TestErrorsAreNotCaught(t *testing.T) {
	_, err := runCtx(t, `int f(int n) { return f(n + 1) } try { ctx._source.x = f(0) } catch (Exception e) { ctx.op = 'caught' }`, `{"_source":{}}`, ``)
	if se := asScriptError(t, err); se.CausedBy.Type != "stack_overflow_error" {
		t.Errorf("StackOverflowError was caught: %v", err)
	}
}
