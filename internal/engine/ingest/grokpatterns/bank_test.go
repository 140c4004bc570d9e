package grokpatterns

import "testing"

func TestBuiltinLoadsEveryDefinitionInOrder(t *testing.T) {
	b := Builtin()
	if len(b) != 77 {
		t.Fatalf("got %d patterns, want 77", len(b))
	}
	if b[0] != (Pattern{"USERNAME", "[a-zA-Z0-9._-]+"}) {
		t.Errorf("first = %+v", b[0])
	}
	seen := map[string]bool{}
	for _, p := range b {
		if seen[p.Name] {
			t.Errorf("%s defined twice", p.Name)
		}
		seen[p.Name] = true
		if p.Name == "URIPARAM" && p.Definition[0] == '\\' && p.Definition[1] != '?' {
			t.Errorf("URIPARAM = %q", p.Definition)
		}
	}
	if !seen["LOGLEVEL"] || seen["#URIPARAM"] {
		t.Errorf("comment handling wrong: LOGLEVEL %v, #URIPARAM %v", seen["LOGLEVEL"], seen["#URIPARAM"])
	}
}
