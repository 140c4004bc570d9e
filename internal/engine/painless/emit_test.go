package painless

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// emit is the derived field context's function: each call hands its
// values to the host, emit(lat, lon) as two doubles.
func TestEmitHandsValuesToTheHost(t *testing.T) {
	s, err := Compile("for (int i = 0; i < 2; i++) { emit(params.n + i) } emit('s'); emit(1, 2.5f); if (params.n > 5) { emit(params.n) }",
		CompileOptions{Emit: true, NoCtx: true, Vars: []string{"doc"}})
	if err != nil {
		t.Fatal(err)
	}
	var got [][]any
	opts := ExecOptions{Emit: func(args []any) *Thrown { got = append(got, args); return nil }}
	if _, err := s.Execute(map[string]any{"params": map[string]any{"n": 1}}, opts); err != nil {
		t.Fatal(err)
	}
	want := [][]any{{int32(1)}, {int32(2)}, {"s"}, {1.0, 2.5}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("emitted %#v, want %#v", got, want)
	}
}

func TestEmitThrowsWhatTheHostRefuses(t *testing.T) {
	s, err := Compile("emit([1])", CompileOptions{Emit: true, NoCtx: true})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Execute(nil, ExecOptions{Emit: func([]any) *Thrown {
		return &Thrown{Class: "IllegalArgumentException", Msg: "Unsupported object type passed in emit() - [1]"}
	}})
	var se *ScriptError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "Unsupported object type passed in emit() - [1]") {
		t.Fatalf("err = %v", err)
	}
}

// Outside the derived field context emit is an unknown function.
func TestEmitOnlyInItsContext(t *testing.T) {
	_, err := Compile("emit(1)", CompileOptions{NoCtx: true})
	if err == nil || !strings.Contains(err.Error(), "compile error") {
		t.Fatalf("err = %v", err)
	}
	if _, err := Compile("emit(1, 2, 3)", CompileOptions{Emit: true, NoCtx: true}); err == nil {
		t.Fatal("emit with three arguments compiled")
	}
}
