package grokpatterns

import "testing"

func TestBuiltinLoadsEveryFileInOrder(t *testing.T) {
	b := Builtin()
	if b[0].Name != "S3_REQUEST_LINE" || b[len(b)-1].Name != "SQUID3" {
		t.Errorf("first %s, last %s: want aws first and squid last", b[0].Name, b[len(b)-1].Name)
	}
	at := map[string]int{}
	for i, p := range b {
		if _, dup := at[p.Name]; dup {
			t.Errorf("%s listed twice", p.Name)
		}
		at[p.Name] = i
	}
	if at["USERNAME"] < at["SFW2"] || at["USERNAME"] > at["HAPROXYTIME"] {
		t.Errorf("grok-patterns not loaded between firewalls and haproxy")
	}
	if _, ok := at["#URIPARAM"]; ok {
		t.Error("a commented-out pattern was loaded")
	}
	// java defines JAVASTACKTRACEPART twice: the first position, the last
	// definition (LinkedHashMap.put).
	if got := b[at["JAVASTACKTRACEPART"]].Definition; got != `at %{JAVACLASS:class}\.%{WORD:method}\(%{JAVAFILE:file}:%{NUMBER:line}\)` {
		t.Errorf("JAVASTACKTRACEPART = %s", got)
	}
	if at["JAVASTACKTRACEPART"] > at["JAVATHREAD"] {
		t.Error("JAVASTACKTRACEPART moved to its second definition's place")
	}
}
