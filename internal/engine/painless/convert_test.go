package painless

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"testing"
)

func TestParseJSONNumbersAsJackson(t *testing.T) {
	v, err := ParseJSON([]byte(`{"i":1,"neg":-2147483648,"l":2147483648,"d":1.0,"e":1e2,"s":"x","b":true,"n":null,"a":[1,"2"],"o":{"z":1,"a":2}}`))
	if err != nil {
		t.Fatal(err)
	}
	m := v.(*Map)
	want := []struct {
		k string
		v any
	}{
		{"i", int32(1)}, {"neg", int32(math.MinInt32)}, {"l", int64(2147483648)}, {"d", 1.0}, {"e", 100.0},
		{"s", "x"}, {"b", true}, {"n", nil},
	}
	for _, w := range want {
		got, _ := m.Get(w.k)
		if !reflect.DeepEqual(got, w.v) {
			t.Errorf("%s: got %#v, want %#v", w.k, got, w.v)
		}
	}
	o, _ := m.Get("o")
	if keys := o.(*Map).Keys(); !reflect.DeepEqual(keys, []any{"z", "a"}) {
		t.Errorf("key order lost: %v", keys)
	}
	big, err := ParseJSON([]byte(`{"big":99999999999999999999}`))
	if err != nil || string(AppendJSON(nil, big)) != `{"big":99999999999999999999}` {
		t.Errorf("BigInteger: got %v %v", big, err)
	}
	for _, bad := range []string{`{`, `[1,]`, `{"a":1} x`, ``, `{"a":}`} {
		if _, err := ParseJSON([]byte(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestAppendJSON(t *testing.T) {
	m := NewMap(0)
	m.Set("z", 20.0)
	m.Set("a", int32(1))
	m.Set("l", int64(1)<<40)
	m.Set("f", float32(0.1))
	m.Set("big", 1e21)
	m.Set("small", 1e-5)
	m.Set("nan", math.NaN())
	m.Set("s", "q\"\\\n\x01é")
	m.Set("list", &List{Items: []any{nil, true}})
	m.Set(int32(7), "non-string key")
	got := string(AppendJSON(nil, m))
	want := `{"z":20.0,"a":1,"l":1099511627776,"f":0.1,"big":1.0E21,"small":1.0E-5,"nan":"NaN","s":"q\"\\\n\u0001é","list":[null,true],"7":"non-string key"}`
	if got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
	plain := map[string]any{"b": []any{1.5, "x"}, "a": json.Number("3")}
	if got, want := string(AppendJSON(nil, plain)), `{"a":3,"b":[1.5,"x"]}`; got != want {
		t.Errorf("plain: got %s want %s", got, want)
	}
}

func TestFormatDoubleAsJava(t *testing.T) {
	a, b := 0.1, 0.2
	point3 := a + b
	cases := map[float64]string{
		0: "0.0", 1: "1.0", -1.5: "-1.5", 100: "100.0", 1234567: "1234567.0", 9999999: "9999999.0",
		1e7: "1.0E7", 12345678.9: "1.23456789E7", 0.001: "0.001", 0.0001: "1.0E-4", 1e-10: "1.0E-10",
		point3: "0.30000000000000004", 0.3: "0.3", math.MaxFloat64: "1.7976931348623157E308",
		math.Inf(1): "Infinity", math.Inf(-1): "-Infinity", 4.9e-324: "4.9E-324",
	}
	for f, want := range cases {
		if got := formatDouble(f); got != want {
			t.Errorf("%v: got %s, want %s", f, got, want)
		}
	}
	if got := formatDouble(math.Copysign(0, -1)); got != "-0.0" {
		t.Errorf("-0.0: got %s", got)
	}
	if got := formatFloat(float32(1) / 3); got != "0.33333334" {
		t.Errorf("float: got %s", got)
	}
}

// A plain decoded ctx (map[string]any, as encoding/json gives it) is converted in and
// written back: new keys appear, removed keys go, numbers keep Java's types.
func TestExecutePlainContext(t *testing.T) {
	s, err := Compile(`ctx._source.n += params.inc; ctx._source.d = ctx._source.d * 2; ctx._source.remove('gone'); ctx._source.list.add(1); ctx.op = 'noop'; ctx._id = 'x'`, CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var src map[string]any
	dec := json.NewDecoder(stringsReader(`{"n":1,"d":1.5,"gone":true,"list":[]}`))
	dec.UseNumber()
	if err := dec.Decode(&src); err != nil {
		t.Fatal(err)
	}
	ctx := map[string]any{"op": "index", "_source": src}
	params := map[string]any{"inc": 2}
	if _, err := s.Execute(map[string]any{"ctx": ctx, "params": params}, ExecOptions{}); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"op":      "noop",
		"_id":     "x",
		"_source": map[string]any{"n": int32(3), "d": 3.0, "list": []any{int32(1)}},
	}
	if !reflect.DeepEqual(ctx, want) {
		t.Errorf("got  %#v\nwant %#v", ctx, want)
	}
	if params["inc"] != 2 {
		t.Errorf("params changed: %v", params)
	}
}

// Writes to the top level of params fail; nested params maps are writable, as in OpenSearch.
func TestParamsReadOnlyAtTopLevel(t *testing.T) {
	p, _ := FromGo(map[string]any{"a": map[string]any{"b": 1}})
	ok, err := Compile(`params.a.b = 2; return params.a.b`, CompileOptions{ReturnsValue: true})
	if err != nil {
		t.Fatal(err)
	}
	v, err := ok.Execute(map[string]any{"ctx": NewMap(0), "params": p}, ExecOptions{})
	if err != nil || v != int32(2) {
		t.Fatalf("nested write: %v %v", v, err)
	}
	for _, script := range []string{`params.x = 1`, `params['x'] = 1`, `params.put('x', 1)`, `params.remove('a')`, `params.clear()`, `params.putAll(['x': 1])`} {
		s, err := Compile(script, CompileOptions{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Execute(map[string]any{"ctx": NewMap(0), "params": p}, ExecOptions{})
		if se := asScriptError(t, err); se.CausedBy.Type != "unsupported_operation_exception" {
			t.Errorf("%s: got %v", script, err)
		}
	}
	if m := p.(*Map); m.readOnly || m.Len() != 1 {
		t.Errorf("caller's params changed: %+v", m)
	}
}

func TestFromGoRejectsUnknownTypes(t *testing.T) {
	if _, err := FromGo(struct{}{}); err == nil {
		t.Fatal("struct accepted")
	}
	v, err := FromGo([]any{int(5), int64(1) << 40, uint8(3), float32(1.5)})
	if err != nil {
		t.Fatal(err)
	}
	want := &List{Items: []any{int32(5), int64(1) << 40, int32(3), float32(1.5)}}
	if !reflect.DeepEqual(v, want) {
		t.Errorf("got %#v", v)
	}
	if got := ToGo(mapOf("a", listOf(int32(1)), int32(2), "b")); !reflect.DeepEqual(got, map[string]any{"a": []any{int32(1)}, "2": "b"}) {
		t.Errorf("ToGo: %#v", got)
	}
}

func TestEncodeJSONSelfReference(t *testing.T) {
	s, _ := Compile(`ctx._source.ctx = ctx`, CompileOptions{})
	src := NewMap(0)
	ctx := mapOf("_source", src)
	if _, err := s.Execute(map[string]any{"ctx": ctx, "params": NewMap(0)}, ExecOptions{}); err != nil {
		t.Fatal(err)
	}
	_, err := EncodeJSON(src)
	var ae *Exception
	if !errors.As(err, &ae) || ae.Reason != "Iterable object is self-referencing itself" {
		t.Fatalf("got %v", err)
	}
	shared := listOf(int32(1))
	ok := mapOf("a", shared, "b", shared)
	if b, err := EncodeJSON(ok); err != nil || string(b) != `{"a":[1],"b":[1]}` {
		t.Fatalf("shared value: %s %v", b, err)
	}
}

func TestEncodeJSONNestingLimit(t *testing.T) {
	s, _ := Compile(`def m = [:]; def c = m; for (int i = 0; i < 1001; i++) { def n = [:]; c.x = n; c = n } ctx._source.deep = m`, CompileOptions{})
	src := NewMap(0)
	if _, err := s.Execute(map[string]any{"ctx": mapOf("_source", src), "params": NewMap(0)}, ExecOptions{}); err != nil {
		t.Fatal(err)
	}
	_, err := EncodeJSON(src)
	var ae *Exception
	if !errors.As(err, &ae) || ae.Reason != "[fake] document nesting depth exceeds the maximum allowed (1000)" {
		t.Fatalf("got %v", err)
	}
}

func TestEncodeJSONUnknownValues(t *testing.T) {
	s, err := Compile(`ctx._source.o = [1].stream().findFirst()`, CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	src := NewMap(0)
	if _, err := s.Execute(map[string]any{"ctx": mapOf("_source", src)}, ExecOptions{}); err != nil {
		t.Fatal(err)
	}
	_, err = EncodeJSON(src)
	var ex *Exception
	if !errors.As(err, &ex) || ex.Reason != "cannot write xcontent for unknown value of type class java.util.Optional" {
		t.Fatalf("got %v", err)
	}
}
