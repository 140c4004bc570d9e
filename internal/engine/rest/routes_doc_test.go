package rest

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var updateOpsDoc = flag.Bool("update", false, "rewrite docs/fake-operations.md from the route table")

// TestOperationsDoc keeps docs/fake-operations.md equal to the route table;
// run with -update to regenerate it.
func TestOperationsDoc(t *testing.T) {
	b := &Backend{}
	var sb strings.Builder
	sb.WriteString("# Operations served by the fake\n\nGenerated from the route table (`go test ./internal/engine/rest -run TestOperationsDoc -update`).\n\n| Operation | Method | Path |\n|---|---|---|\n")
	for _, r := range b.Routes() {
		sb.WriteString("| " + r.Op + " | " + r.Method + " | `" + r.Path + "` |\n")
	}
	const path = "../../../docs/fake-operations.md"
	if *updateOpsDoc {
		if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != sb.String() {
		t.Error("docs/fake-operations.md is stale; run with -update")
	}
}
