package fake

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var updateOpsDoc = flag.Bool("update", false, "rewrite docs/fake-operations.md from the assembled server's routes")

// TestOperationsDoc keeps docs/fake-operations.md equal to the operations of
// the fully assembled server; run with -update to regenerate it.
func TestOperationsDoc(t *testing.T) {
	s, err := NewServer()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var sb strings.Builder
	sb.WriteString("# Operations served by the fake\n\nGenerated from the assembled server's routes (`go test ./fake -run TestOperationsDoc -update`).\n\n| Operation | Method | Path |\n|---|---|---|\n")
	for _, op := range s.Routes() {
		sb.WriteString("| " + op.Name + " | " + op.Method + " | `" + op.Path + "` |\n")
	}
	const path = "../docs/fake-operations.md"
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
		t.Error("docs/fake-operations.md is stale; run go test ./fake -run TestOperationsDoc -update")
	}
}

func TestRoutesSortedAndComplete(t *testing.T) {
	s := newTestServer(t)
	ops := s.Routes()
	seen := map[string]bool{}
	for i, op := range ops {
		if op.Name == "" || op.Method == "" || !strings.HasPrefix(op.Path, "/") {
			t.Errorf("incomplete operation %+v", op)
		}
		if i > 0 && ops[i-1].Name > op.Name {
			t.Errorf("not sorted: %q before %q", ops[i-1].Name, op.Name)
		}
		seen[op.Name] = true
	}
	// One operation of every group the server assembles.
	for _, name := range []string{"info", "index", "search", "update", "reindex", "tasks.list", "nodes.info", "dangling_indices.list_dangling_indices", "notifications.channels"} {
		if !seen[name] {
			t.Errorf("operation %s missing from Routes()", name)
		}
	}
}
