package painless

import (
	"errors"
	"testing"
)

func TestLockedView(t *testing.T) {
	src, err := ParseJSONHashMap([]byte(`{"a":1,"l":[1,2],"m":{"x":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	const why = "Mutating ingest documents in conditionals is not supported"
	writes := []string{
		"ctx.a = 2", "ctx.b = 1", "ctx.remove('a')", "ctx.l.add(3)", "ctx.l[0] = 5", "ctx.m.x = 2",
		"ctx.l.removeIf(v -> v == 1)", "ctx.putAll(['z': 1])", "ctx.clear()", "ctx.keySet().remove('a')",
		"ctx.l.clear()", "ctx.m.put('y', 1)", "ctx.l.sort(null)",
	}
	for _, w := range writes {
		s, err := Compile(w, CompileOptions{})
		if err != nil {
			t.Fatalf("%s: %v", w, err)
		}
		view := Locked(src, why)
		_, err = s.Execute(map[string]any{"ctx": view, "params": nil}, ExecOptions{})
		var se *ScriptError
		if !errors.As(err, &se) || se.CausedBy.Type != "unsupported_operation_exception" || se.CausedBy.Reason != why {
			t.Errorf("%s: %v", w, err)
		}
	}
	s, _ := Compile("ctx.l.size() == 2 && ctx.m.x == 1 && ctx.a == 1", CompileOptions{ReturnsValue: true})
	res, err := s.Execute(map[string]any{"ctx": Locked(src, why), "params": nil}, ExecOptions{})
	if err != nil || res != true {
		t.Errorf("reads: %v %v", res, err)
	}
	b, _ := EncodeJSON(src)
	if string(b) != `{"a":1,"l":[1,2],"m":{"x":1}}` {
		t.Errorf("source changed: %s", b)
	}
}
