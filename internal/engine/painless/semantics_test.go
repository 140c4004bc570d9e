package painless

import (
	"reflect"
	"testing"
	"time"
)

// evalScript runs a script with empty ctx and params and returns its return value.
func evalScript(t *testing.T, script string) any {
	t.Helper()
	s, err := Compile(script, CompileOptions{ReturnsValue: true})
	if err != nil {
		t.Fatalf("compile %q: %v", script, err)
	}
	v, err := s.Execute(map[string]any{"ctx": NewMap(0), "params": NewMap(0)}, ExecOptions{})
	if err != nil {
		t.Fatalf("run %q: %v", script, err)
	}
	return v
}

// Java semantics the interpreter must reproduce, each checked with the exact Go type
// (int32 = Integer, int64 = Long, float32 = Float, float64 = Double).
func TestJavaSemantics(t *testing.T) {
	cases := []struct {
		script string
		want   any
	}{
		// integer vs long vs double arithmetic
		{`return 5 / 2`, int32(2)},
		{`return 5 / 2.0`, 2.5},
		{`return -7 / 2`, int32(-3)},
		{`return -7 % 3`, int32(-1)},
		{`return 7.5 % 2`, 1.5},
		{`return 2147483647 + 1`, int32(-2147483648)},
		{`return 2147483647L + 1`, int64(2147483648)},
		{`return -2147483648`, int32(-2147483648)},
		{`return Integer.MAX_VALUE * 2`, int32(-2)},
		{`return Long.MAX_VALUE + 1`, int64(-9223372036854775808)},
		{`return 1 << 33`, int32(2)},
		{`return 1L << 33`, int64(8589934592)},
		{`return -8 >>> 28`, int32(15)},
		{`return -8 >> 1`, int32(-4)},
		{`return 6 & 3 | 8 ^ 1`, int32(11)},
		{`return ~5`, int32(-6)},
		{`return 0x10 + 010`, int32(24)},
		{`return 0xFFFFFFFF`, int32(-1)},
		{`return 1e3`, 1000.0},
		{`return 1.5f + 1`, float32(2.5)},
		{`return 1.5f + 1.0`, 2.5},
		{`return 10 / 4 * 1.0`, 2.0},
		{`return 1.0 / 0`, posInf()},
		// casts
		{`return (int) 3.99`, int32(3)},
		{`return (long) -2.5`, int64(-2)},
		{`return (int) 3000000000L`, int32(-1294967296)},
		{`return (double) 1 / 2`, 0.5},
		{`return (int) 1e20`, int32(2147483647)},
		{`def x = 7; return (Number) x`, int32(7)},
		{`def x = 7L; return ((Number) x).intValue()`, int32(7)},
		// compound assignment keeps the left type
		{`int x = 5; x += 1.7; return x`, int32(6)},
		{`def x = 5; x += 1.7; return x`, int32(6)},
		{`def x = 5; x = x + 1.7; return x`, 6.7},
		{`long n = 1; n *= 3; return n`, int64(3)},
		{`def s = 'a'; s += 1; return s`, "a1"},
		{`def s = null; s += 'x'; return s`, "nullx"},
		{`def x = 2147483647; x++; return x`, int32(-2147483648)},
		{`def x = 1.5; x--; return x`, 0.5},
		{`int i = 1; return i++ + ++i`, int32(4)},
		// string concatenation
		{`return 'a' + 1 + 2`, "a12"},
		{`return 1 + 2 + 'a'`, "3a"},
		{`return 'x' + null`, "xnull"},
		{`return 'd' + 1.0`, "d1.0"},
		{`return 'f' + 1.5f`, "f1.5"},
		{`return '' + 1e20`, "1.0E20"},
		{`return '' + 1.0E7`, "1.0E7"},
		{`return '' + 123456.789`, "123456.789"},
		{`return '' + 0.001`, "0.001"},
		{`return '' + 0.0001`, "1.0E-4"},
		{`return '' + (0.1 + 0.2)`, "0.30000000000000004"},
		{`return '' + (float) 0.1`, "0.1"},
		{`return '' + [1, 'a', null]`, "[1, a, null]"},
		{`return '' + ['a': 1, 'b': [2]]`, "{a=1, b=[2]}"},
		{`return '' + true`, "true"},
		// equality
		{`return 1 == 1L`, true},
		{`return 1 == 1.0`, true},
		{`def a = 1; return a.equals(1L)`, false},
		{`return [1].contains(1L)`, false},
		{`return [1L].contains(1L)`, true},
		{`def s = 'ab'; return s.substring(0, 1) == 'a'`, true},
		{`def a = [1]; def b = [1]; return [a == b, a === b, a === a]`, listOf(true, false, true)},
		{`return ['a': [1]] == ['a': [1]]`, true},
		{`return null == null`, true},
		{`def x = null; return x != null && x.foo`, false},
		{`return 'b'.compareTo('a')`, int32(1)},
		{`def x = 1; return [x instanceof Integer, x instanceof Long, x instanceof Number, x instanceof def]`, listOf(true, false, true, true)},
		{`def x = null; return x instanceof Object`, false},
		// Math has double signatures only
		{`return Math.max(1, 2)`, 2.0},
		{`return Math.min(1L, 2L)`, 1.0},
		{`return Math.abs(-3)`, 3.0},
		{`return Math.round(2.5)`, int64(3)},
		{`return Math.round(-2.5)`, int64(-2)},
		{`return Math.floor(1.5)`, 1.0},
		{`return Math.ceil(1.2)`, 2.0},
		{`return Math.pow(2, 10)`, 1024.0},
		{`return Math.sqrt(16)`, 4.0},
		// parsing and conversion
		{`return Integer.parseInt('42')`, int32(42)},
		{`return Long.parseLong('9000000000')`, int64(9000000000)},
		{`return Double.parseDouble('1.5')`, 1.5},
		{`return String.valueOf(3)`, "3"},
		{`return Integer.toString(3) + Long.toString(4L)`, "34"},
		{`return Boolean.parseBoolean('TRUE')`, true},
		{`return String.join(',', ['a', 'b'])`, "a,b"},
		{`return Objects.equals(null, null)`, true},
		// collections
		{`def m = [:]; m.a = 1; m['b'] = 2; m.put('c', 3); return m`, mapOf("a", int32(1), "b", int32(2), "c", int32(3))},
		{`def l = [1, 2, 3]; return l[-1]`, int32(3)},
		{`def l = [1, 2, 3]; return l.0 + l.length`, int32(4)},
		{`def l = [3, 1, 2]; l.sort(null); return l`, listOf(int32(1), int32(2), int32(3))},
		{`def l = [3, 1, 2]; l.sort((a, b) -> b - a); return l`, listOf(int32(3), int32(2), int32(1))},
		{`def l = ['b', 'a']; Collections.sort(l); return l`, listOf("a", "b")},
		{`def l = [1, 2]; Collections.reverse(l); return l`, listOf(int32(2), int32(1))},
		{`return [1, 5, 3].find(x -> x > 1)`, int32(5)},
		{`return [1, 5, 3].findAll(x -> x > 1)`, listOf(int32(5), int32(3))},
		{`return [1, 2].collect(x -> x * 10)`, listOf(int32(10), int32(20))},
		{`return [1, 2].any(x -> x > 1) && ![1, 2].every(x -> x > 1)`, true},
		{`return ['a', 'b'].join('-')`, "a-b"},
		{`def l = [1, 2, 3, 4]; l.removeIf(x -> x % 2 == 0); return l`, listOf(int32(1), int32(3))},
		{`def l = [1, 2, 3]; l.retainAll([2, 3, 4]); return l`, listOf(int32(2), int32(3))},
		{`def l = [1, 2, 3]; return l.subList(1, 3)`, listOf(int32(2), int32(3))},
		{`def l = [1, 2, 3]; return l.remove(0)`, int32(1)},
		{`def l = ['a']; l.set(0, 'b'); return l`, listOf("b")},
		{`def m = ['a': 1]; return m.getOrDefault('b', 5)`, int32(5)},
		{`def m = ['a': 1]; m.putIfAbsent('a', 2); m.putIfAbsent('b', 3); return m`, mapOf("a", int32(1), "b", int32(3))},
		{`def m = ['a': 1]; return m.remove('a') + m.size()`, int32(1)},
		{`def m = ['a': 1, 'b': 2]; m.keySet().removeIf(k -> k == 'a'); return m`, mapOf("b", int32(2))},
		{`def m = ['a': 1, 'b': 2]; m.entrySet().removeIf(e -> e.getValue() > 1); return m`, mapOf("a", int32(1))},
		{`def m = ['a': 1]; for (def e : m.entrySet()) { e.setValue(e.value + 1) } return m`, mapOf("a", int32(2))},
		{`def m = ['a': 1, 'b': 2]; def t = 0; for (def v : m.values()) { t += v } return t`, int32(3)},
		{`def m = [:]; m.computeIfAbsent('k', k -> []).add(1); return m`, mapOf("k", listOf(int32(1)))},
		{`def m = ['k': 1]; m.merge('k', 5, (a, b) -> a + b); return m`, mapOf("k", int32(6))},
		{`def s = new HashSet(); s.add(1); s.add(1); s.add(2); return s.size()`, int32(2)},
		{`def a = new ArrayList([1]); a.add(2); return a`, listOf(int32(1), int32(2))},
		{`def m = new HashMap(['a': 1]); return m.a`, int32(1)},
		{`int[] a = new int[3]; a[1] = 5; return a[0] + a[1] + a.length`, int32(8)},
		{`String[] a = new String[] {'x', 'y'}; return a[1]`, "y"},
		// strings
		{`return 'abc'.length()`, int32(3)},
		{`return '  x '.trim()`, "x"},
		{`return 'Hello'.toUpperCase() + 'Hello'.toLowerCase()`, "HELLOhello"},
		{`return 'a-b-c'.replace('-', '+')`, "a+b+c"},
		{`return 'abc'.hashCode()`, int32(96354)},
		{`return 'a,b,,c,'.splitOnToken(',').length`, int32(5)},
		{`return 'a,b,c'.splitOnToken(',', 2)[1]`, "b,c"},
		{`return 'abcabc'.indexOf('c', 3)`, int32(5)},
		{`return 'abcabc'.lastIndexOf('b')`, int32(4)},
		{`return 'é'.length()`, int32(1)},
		{`return '😀x'.length()`, int32(3)},
		{`return '😀x'.indexOf('x')`, int32(2)},
		{`return '😀xy'.substring(2)`, "xy"},
		{`return 'a\'b' + "c\"d" + 'e\\f'`, `a'bc"de\f`},
		{`return 'abc'.startsWith('ab') && 'abc'.endsWith('bc') && 'abc'.contains('b')`, true},
		{`return 'ABC'.equalsIgnoreCase('abc')`, true},
		// control flow
		{`def s = 0; for (int i = 0; i < 10; i++) { if (i == 5) break; if (i % 2 == 0) continue; s += i } return s`, int32(4)},
		{`int i = 0; while (i < 3) { i++ } return i`, int32(3)},
		{`int i = 0; do { i++ } while (i < 0); return i`, int32(1)},
		{`int i = 0; for (;;) { if (++i > 4) { break } } return i`, int32(5)},
		{`def keys = []; for (k in ['x': 1, 'y': 2].keySet()) { keys.add(k) } return keys`, listOf("x", "y")},
		{`def out = []; for (String s : ['a', 'b']) out.add(s + s); return out`, listOf("aa", "bb")},
		{`def f = false; if (f) return 1; else if (!f) return 2; return 3`, int32(2)},
		{`def a = null; return a ?: 'd'`, "d"},
		{`def a = null; return a?.b?.c`, nil},
		{`return true ? 1 : 2`, int32(1)},
		{`int a, b = 2; return a + b`, int32(2)},
		// functions, lambdas, exceptions
		{`int twice(int x) { return x * 2 } return twice(21)`, int32(42)},
		{`int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) } return fib(15)`, int32(610)},
		{`void add(List l, def v) { l.add(v) } def l = []; add(l, 1); return l`, listOf(int32(1))},
		{`def n = 2; def f = [1, 2, 3].findAll(x -> x >= n); return f`, listOf(int32(2), int32(3))},
		{`try { throw new IllegalArgumentException('boom') } catch (IllegalArgumentException e) { return e.getMessage() }`, "boom"},
		{`try { def x = null; x.foo() } catch (NullPointerException e) { return 'npe' } return 'none'`, "npe"},
		{`try { return 1 / 0 } catch (ArithmeticException e) { return e.getMessage() }`, "/ by zero"},
		{`try { Integer.parseInt('x') } catch (IllegalArgumentException e) { return e.getMessage() } return null`, `For input string: "x"`},
		{`try { [].get(0) } catch (Exception e) { return e.getMessage() } return null`, "Index 0 out of bounds for length 0"},
		// comments and layout
		{"// leading\nreturn /* inline */ 1 // trailing", int32(1)},
	}
	for _, c := range cases {
		t.Run(c.script, func(t *testing.T) {
			got := evalScript(t, c.script)
			if !sameValue(got, c.want) {
				t.Errorf("got %#v (%T), want %#v (%T)", got, got, c.want, c.want)
			}
		})
	}
}

func posInf() float64 { var z float64; return 1 / z }

func listOf(items ...any) *List { return &List{Items: items} }

func mapOf(kv ...any) *Map {
	m := NewMap(len(kv) / 2)
	for i := 0; i < len(kv); i += 2 {
		m.Set(kv[i], kv[i+1])
	}
	return m
}

func TestStreams(t *testing.T) {
	cases := []struct {
		script string
		want   any
	}{
		{`return [3, 1, 2, 3].stream().distinct().sorted().collect(Collectors.toList())`, listOf(int32(1), int32(2), int32(3))},
		{`return ['a', 'bb', 'cc'].stream().filter(s -> s.length() > 1).map(s -> s.toUpperCase()).collect(Collectors.joining(','))`, "BB,CC"},
		{`return [1, 2, 3].stream().mapToInt(x -> x * 2).sum()`, int32(12)},
		{`return [1, 2, 3].stream().mapToLong(x -> x).sum()`, int64(6)},
		{`return [1, 2].stream().mapToDouble(x -> x).average().getAsDouble()`, 1.5},
		{`return [1, 2, 3].stream().count()`, int64(3)},
		{`return [1, 2, 3].stream().anyMatch(x -> x == 2)`, true},
		{`return [1, 2, 3].stream().allMatch(x -> x > 0) && [1].stream().noneMatch(x -> x > 5)`, true},
		{`return [].stream().findFirst().orElse('none')`, "none"},
		{`return [5, 6].stream().findFirst().get()`, int32(5)},
		{`return [5, 9, 1].stream().max((a, b) -> a - b).get()`, int32(9)},
		{`return [1, 2, 3, 4].stream().skip(1).limit(2).collect(Collectors.toList())`, listOf(int32(2), int32(3))},
		{`return [1, 2, 3].stream().reduce(0, (a, b) -> a + b)`, int32(6)},
		{`return ['a', 'b'].stream().collect(Collectors.toMap(x -> x, x -> x + x))`, mapOf("a", "aa", "b", "bb")},
		{`return ['b', 'a'].stream().sorted((x, y) -> y.compareTo(x)).collect(Collectors.toList())`, listOf("b", "a")},
		// lazy: anyMatch stops before map reaches the null that would throw
		{`return [1, null].stream().map(x -> x + 1).anyMatch(x -> x == 2)`, true},
		{`def seen = []; [1, 2, 3].stream().peek(x -> seen.add(x)).filter(x -> x < 2).findFirst(); return seen`, listOf(int32(1))},
		{`def s = new HashSet(); s.add(2); return s.stream().map(x -> x * 3).collect(Collectors.toSet()).contains(6)`, true},
		{`return '' + [1].stream().findFirst() + [].stream().findAny()`, "Optional[1]Optional.empty"},
	}
	for _, c := range cases {
		t.Run(c.script, func(t *testing.T) {
			if got := evalScript(t, c.script); !sameValue(got, c.want) {
				t.Errorf("got %#v, want %#v", got, c.want)
			}
		})
	}
	for script, cause := range map[string]string{
		`def s = [1].stream(); s.count(); s.count()`:                    "illegal_state_exception",
		`[].stream().findFirst().get()`:                                 "no_such_element_exception",
		`['a', 'a'].stream().collect(Collectors.toMap(x -> x, x -> 1))`: "illegal_state_exception",
	} {
		_, err := runCtx(t, script, `{}`, ``)
		if se := asScriptError(t, err); se.CausedBy.Type != cause {
			t.Errorf("%s: got %v, want %s", script, err, cause)
		}
	}
}

// sameValue compares runtime values exactly (Go types included); maps compare by
// iteration order and entries, lists by elements.
func sameValue(got, want any) bool {
	switch w := want.(type) {
	case *Map:
		g, ok := got.(*Map)
		if !ok || !reflect.DeepEqual(g.Keys(), w.Keys()) {
			return false
		}
		for i, v := range w.Values() {
			if !sameValue(g.Values()[i], v) {
				return false
			}
		}
		return true
	case *List:
		g, ok := got.(*List)
		if !ok || len(g.Items) != len(w.Items) {
			return false
		}
		for i := range w.Items {
			if !sameValue(g.Items[i], w.Items[i]) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(got, want)
}

// HashMaps (map literals, new HashMap(), params, update_by_query sources) iterate in
// Java's bucket order; LinkedHashMaps (the _update source) in insertion order.
func TestHashMapOrder(t *testing.T) {
	cases := []struct{ script, want string }{
		{`return ['b': 1, 'a': 2].toString()`, "{a=2, b=1}"},
		// "q" (113) and "a" (97) share bucket 1 of 16: insertion order within the bucket
		{`return ['q': 1, 'b': 2, 'a': 3].toString()`, "{q=1, a=3, b=2}"},
		{`def m = new HashMap(); m[20] = 'a'; m[3] = 'b'; m[17] = 'c'; return m.toString()`, "{17=c, 3=b, 20=a}"},
		// the 13th entry doubles the table to 32, moving 16 out of bucket 0
		{`def m = [:]; m[16] = 'x'; for (int i = 12; i >= 0; i--) { m[i] = i } return m.keySet().toString()`, "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16]"},
		{`def m = [:]; m[16] = 'x'; m[0] = 'y'; return m.keySet().toString()`, "[16, 0]"},
		{`def m = new LinkedHashMap(); m.b = 1; m.a = 2; return m.toString()`, "{b=1, a=2}"},
		{`def s = new HashSet(); s.add('b'); s.add('a'); return s.toString()`, "[a, b]"},
		{`def out = []; for (e in ['b': 1, 'a': 2].entrySet()) { out.add(e.key) } return out.toString()`, "[a, b]"},
	}
	for _, c := range cases {
		if got := evalScript(t, c.script); got != c.want {
			t.Errorf("%s: got %v, want %s", c.script, got, c.want)
		}
	}
	m, err := ParseJSONHashMap([]byte(`{"b":1,"q":{"z":1,"y":2},"a":2}`))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(AppendJSON(nil, m)), `{"q":{"y":2,"z":1},"a":2,"b":1}`; got != want {
		t.Errorf("HashMap JSON: got %s, want %s", got, want)
	}
	lm, _ := ParseJSON([]byte(`{"b":1,"q":{"z":1,"y":2},"a":2}`))
	if got, want := string(AppendJSON(nil, lm)), `{"b":1,"q":{"z":1,"y":2},"a":2}`; got != want {
		t.Errorf("LinkedHashMap JSON: got %s, want %s", got, want)
	}
}

// The Groovy-style augmentations and the Map/List extras Painless whitelists.
func TestAugmentations(t *testing.T) {
	cases := []struct {
		script string
		want   any
	}{
		{`return [1, 2, 3].sum()`, 6.0},
		{`return [1, 2].sum(x -> x * 1.5)`, 4.5},
		{`return [1, 2, 3].findResult(x -> x > 1 ? x * 10 : null)`, int32(20)},
		{`return [1].findResult('none', x -> null)`, "none"},
		{`return [1, 2, 3].findResults(x -> x % 2 == 1 ? x : null)`, listOf(int32(1), int32(3))},
		{`return [1, 2, 3, 4].split(x -> x % 2 == 0)`, listOf(listOf(int32(2), int32(4)), listOf(int32(1), int32(3)))},
		{`return ['a', 'bb', 'cc'].groupBy(x -> x.length())`, mapOf(int32(1), listOf("a"), int32(2), listOf("bb", "cc"))},
		{`def out = []; ['a', 'b'].eachWithIndex((x, i) -> out.add(x + i)); return out`, listOf("a0", "b1")},
		{`def l = []; [1, 2].collect(l, x -> x + 1); return l`, listOf(int32(2), int32(3))},
		{`def s = new HashSet(); s.add(3); return s.collect(x -> x * 2)`, listOf(int32(6))},
		{`def s = new LinkedHashSet(); s.add('b'); s.add('a'); return s.asList()`, listOf("b", "a")},
		{`def l = [1, 2]; l.addAll(1, [7, 8]); return l`, listOf(int32(1), int32(7), int32(8), int32(2))},
		{`def l = [1, 2]; l.replaceAll(x -> x * 3); return l`, listOf(int32(3), int32(6))},
		{`def m = ['a': 1]; m.compute('a', (k, v) -> v + 1); m.compute('b', (k, v) -> v == null ? 0 : v); return m`, mapOf("a", int32(2), "b", int32(0))},
		{`def m = ['a': 1]; m.computeIfPresent('a', (k, v) -> null); return m.size()`, int32(0)},
		{`def m = ['a': 1]; return [m.remove('a', 2), m.remove('a', 1), m.size()]`, listOf(false, true, int32(0))},
		{`def m = ['a': 1]; return [m.replace('a', 1, 5), m.a]`, listOf(true, int32(5))},
		{`def m = ['a': 1, 'b': 2]; m.replaceAll((k, v) -> v * 10); return m`, mapOf("a", int32(10), "b", int32(20))},
		{`return ['a': 1, 'b': 2].count((k, v) -> v > 1)`, int32(1)},
		{`return ['a': 1, 'b': 2].find((k, v) -> v > 1).key`, "b"},
		{`return ['a': 1, 'b': 2].findAll((k, v) -> v < 2)`, mapOf("a", int32(1))},
		{`return ['a': 1, 'b': 2].collect((k, v) -> k + v)`, listOf("a1", "b2")},
		{`return ['a': 1, 'b': 2].every((k, v) -> v > 0)`, true},
		{`return ['a': 1, 'b': 2].groupBy((k, v) -> v > 1)`, mapOf(false, mapOf("a", int32(1)), true, mapOf("b", int32(2)))},
		{`return 'hello'.encodeBase64()`, "aGVsbG8="},
		{`return 'aGVsbG8='.decodeBase64()`, "hello"},
		{`return Collections.nCopies(2, 'x')`, listOf("x", "x")},
		{`return Collections.frequency(['a', 'b', 'a'], 'a')`, int32(2)},
		{`return Collections.max(['aa', 'b'], (x, y) -> x.length() - y.length())`, "aa"},
		{`return Collections.singletonMap('k', 1)`, mapOf("k", int32(1))},
		{`def l = [1, 2]; Collections.swap(l, 0, 1); return l`, listOf(int32(2), int32(1))},
		{`return Integer.valueOf('ff', 16) + Long.valueOf(2L)`, int64(257)},
		{`return [1].stream().findFirst().map(x -> x + 1).get()`, int32(2)},
		{`return [].stream().findFirst().isPresent()`, false},
	}
	for _, c := range cases {
		t.Run(c.script, func(t *testing.T) {
			if got := evalScript(t, c.script); !sameValue(got, c.want) {
				t.Errorf("got %#v, want %#v", got, c.want)
			}
		})
	}
	// one method per arity, as the whitelist has it
	for script, cause := range map[string]string{
		`Integer.valueOf('5')`: "class_cast_exception",
		`new ArrayList(10)`:    "class_cast_exception",
		`new HashMap(16)`:      "class_cast_exception",
		`[].stream().findFirst().orElseThrow(() -> new IllegalStateException('none'))`: "illegal_state_exception",
		`Collections.singletonMap('k', 1).put('x', 2)`:                                 "unsupported_operation_exception",
	} {
		_, err := runCtx(t, script, `{}`, ``)
		if se := asScriptError(t, err); se.CausedBy.Type != cause {
			t.Errorf("%s: got %v, want %s", script, err, cause)
		}
	}
}

// Changing a collection while iterating it fails as Java's iterators do, including
// Java's quirk that removing the next-to-last element of an ArrayList ends the loop.
func TestConcurrentModification(t *testing.T) {
	for _, script := range []string{
		`def l = [1, 2, 3]; for (x in l) { if (x == 1) { l.remove(0) } }`,
		`def l = [1, 2, 3]; for (def x : l) { l.add(4) }`,
		`def l = [1, 2]; l.forEach(x -> l.add(x))`,
		`def m = ['a': 1, 'b': 2, 'c': 3]; for (k in m.keySet()) { m.remove(k) }`,
		`def m = ['a': 1, 'b': 2]; m.forEach((k, v) -> m.remove(k))`,
		`def s = new HashSet([1, 2, 3]); for (x in s) { s.remove(x) }`,
	} {
		_, err := runCtx(t, script, `{}`, ``)
		if se := asScriptError(t, err); se.CausedBy.Type != "concurrent_modification_exception" || !se.CausedBy.NullReason {
			t.Errorf("%s: got %v", script, err)
		}
	}
	if got := evalScript(t, `def l = [1, 2, 3]; def seen = []; for (x in l) { seen.add(x); if (x == 2) { l.remove(0) } } return seen`); !sameValue(got, listOf(int32(1), int32(2))) {
		t.Errorf("next-to-last removal: %v", got)
	}
	if got := evalScript(t, `def m = ['a': 1, 'b': 2]; def n = 0; for (k in m.keySet()) { n++; if (k == 'b') { m.remove(k) } } return n`); got != int32(2) {
		t.Errorf("removing the last key ends the loop quietly: %v", got)
	}
	if got := evalScript(t, `def l = [1, 2]; for (x in l) { l.set(0, 9) } return l`); !sameValue(got, listOf(int32(9), int32(2))) {
		t.Errorf("set is not a structural change: %v", got)
	}
	// array stores convert to the element type
	if got := evalScript(t, `double[] d = new double[1]; d[0] = 1; return d[0]`); got != 1.0 {
		t.Errorf("int into double[]: %#v", got)
	}
	_, err := runCtx(t, `int[] a = new int[2]; a[0] = 7L`, `{}`, ``)
	if se := asScriptError(t, err); se.CausedBy.Type != "class_cast_exception" {
		t.Errorf("long into int[]: %v", err)
	}
}

func TestDate(t *testing.T) {
	s, err := Compile(`Date now = new Date(); def epoch = new Date(0L); ctx._source.now = now; ctx._source.epoch = epoch;
		ctx._source.ms = now.getTime(); ctx._source.order = [now.after(epoch), epoch.before(now), epoch.compareTo(now)];
		ctx._source.text = '' + epoch; ctx._source.same = new Date(0L) == epoch`, CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	src := NewMap(0)
	clock := func() time.Time { return time.Date(2024, 1, 15, 10, 0, 0, 123e6, time.UTC) }
	if _, err := s.Execute(map[string]any{"ctx": mapOf("_source", src), "params": NewMap(0)}, ExecOptions{Now: clock}); err != nil {
		t.Fatal(err)
	}
	got, err := EncodeJSON(src)
	want := `{"now":"2024-01-15T10:00:00.123Z","epoch":"1970-01-01T00:00:00.000Z","ms":1705312800123,"order":[true,true,-1],"text":"Thu Jan 01 00:00:00 UTC 1970","same":true}`
	if err != nil || string(got) != want {
		t.Errorf("got  %s %v\nwant %s", got, err, want)
	}
}

// Field access resolves a getter before the Map and List shortcuts, as Painless does.
func TestGetterShortcuts(t *testing.T) {
	cases := []struct {
		script string
		want   any
	}{
		{`def m = ['empty': 'x', 'a': 1]; return m.empty`, false},
		{`def m = ['a': 1]; return m.a`, int32(1)},
		{`def l = [1]; return [l.empty, l.length, l.0]`, listOf(false, int32(1), int32(1))},
		{`return new Date(5L).time`, int64(5)},
		{`return [1].stream().findFirst().present`, true},
		{`def m = ['a': 1]; for (e in m.entrySet()) { e.value = 2 } return m.a`, int32(2)},
	}
	for _, c := range cases {
		if got := evalScript(t, c.script); !sameValue(got, c.want) {
			t.Errorf("%s: got %#v", c.script, got)
		}
	}
	_, err := runCtx(t, `ctx._source.x = ctx._source.l.foo`, `{"op":"index","_source":{"l":[]}}`, ``)
	if se := asScriptError(t, err); se.CausedBy.Reason != "Illegal list shortcut value [foo]." {
		t.Errorf("list shortcut: %v", err)
	}
}

func TestDeepRecursion(t *testing.T) {
	if got := evalScript(t, `int depth(int n) { if (n == 0) { return 0 } return 1 + depth(n - 1) } return depth(5000)`); got != int32(5000) {
		t.Errorf("recursion 5000 deep: %v", got)
	}
	_, err := Compile(`int f(int n) { return f(n + 1) } ctx._source.x = f(0)`, CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = runCtx(t, `int f(int n) { return f(n + 1) } ctx._source.x = f(0)`, `{"_source":{}}`, ``)
	if se := asScriptError(t, err); se.CausedBy.Type != "stack_overflow_error" {
		t.Errorf("endless recursion: %v", err)
	}
}

func TestMethodReferences(t *testing.T) {
	cases := []struct {
		script string
		want   any
	}{
		{`def l = ['b', 'a', 'c']; l.sort(String::compareTo); return l`, listOf("a", "b", "c")},
		{`return ['a', 'b'].stream().map(String::toUpperCase).collect(Collectors.toList())`, listOf("A", "B")},
		{`return ['1', '2'].stream().map(Integer::parseInt).collect(Collectors.toList())`, listOf(int32(1), int32(2))},
		{`return [1, null, 2].stream().filter(Objects::nonNull).count()`, int64(2)},
		{`return ['a': 1, 'b': 2].entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue))`, mapOf("a", int32(1), "b", int32(2))},
		{`int twice(def x) { return x * 2 } return [1, 2].stream().map(this::twice).collect(Collectors.toList())`, listOf(int32(2), int32(4))},
		{`def allowed = ['a']; return ['a', 'b'].stream().filter(allowed::contains).collect(Collectors.toList())`, listOf("a")},
		{`return [[1], [2, 3]].stream().map(ArrayList::new).count()`, int64(2)},
	}
	for _, c := range cases {
		t.Run(c.script, func(t *testing.T) {
			if got := evalScript(t, c.script); !sameValue(got, c.want) {
				t.Errorf("got %#v, want %#v", got, c.want)
			}
		})
	}
}
