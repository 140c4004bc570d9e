package painless

import (
	"errors"
	"strings"
	"testing"
)

// runCtx compiles script and runs it with ctx and params given as JSON; it returns the
// ctx afterwards as JSON (key order kept).
func runCtx(t *testing.T, script, ctxJSON, paramsJSON string) (string, error) {
	t.Helper()
	s, err := Compile(script, CompileOptions{})
	if err != nil {
		return "", err
	}
	ctx, perr := ParseJSON([]byte(ctxJSON))
	if perr != nil {
		t.Fatalf("bad ctx %s: %v", ctxJSON, perr)
	}
	var params any = NewMap(0)
	if paramsJSON != "" {
		// script params are parsed as HashMaps, as OpenSearch parses them
		if params, perr = ParseJSONHashMap([]byte(paramsJSON)); perr != nil {
			t.Fatalf("bad params %s: %v", paramsJSON, perr)
		}
	}
	_, err = s.Execute(map[string]any{"ctx": ctx, "params": params}, ExecOptions{})
	return string(AppendJSON(nil, ctx)), err
}

func asScriptError(t *testing.T, err error) *ScriptError {
	t.Helper()
	var se *ScriptError
	if !errors.As(err, &se) {
		t.Fatalf("want *ScriptError, got %T %v", err, err)
	}
	return se
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }
