package transport

import (
	"maps"
	"os"
	"strings"
	"testing"
)

// TestOperationForEveryFakeRoute checks the operation table against the
// fake's route list: every documented route, with values in its path parts,
// is named as the fake names it, and its parts come back unescaped.
func TestOperationForEveryFakeRoute(t *testing.T) {
	doc, err := os.ReadFile("../../docs/fake-operations.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, line := range strings.Split(string(doc), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 5 || !strings.HasPrefix(strings.TrimSpace(cells[3]), "`/") {
			continue
		}
		rows++
		name, method := strings.TrimSpace(cells[1]), strings.TrimSpace(cells[2])
		pattern := strings.Trim(strings.TrimSpace(cells[3]), "`")
		var path []string
		want := map[string]string{}
		for _, s := range strings.Split(strings.Trim(pattern, "/"), "/") {
			switch {
			case s == "":
			case strings.HasPrefix(s, "{"):
				part := strings.Trim(s, "{}")
				want[part] = "v " + part + "/x"
				path = append(path, Path(want[part]))
			default:
				path = append(path, "/"+s)
			}
		}
		escaped := strings.Join(path, "")
		if escaped == "" {
			escaped = "/"
		}
		got, parts := operationFor(method, escaped)
		if got != name {
			t.Errorf("%s %s: operation %q, want %q", method, escaped, got, name)
		}
		if len(want) == 0 {
			want = nil
		}
		if !maps.Equal(parts, want) {
			t.Errorf("%s %s: parts %v, want %v", method, escaped, parts, want)
		}
	}
	if rows != len(operationPatterns) {
		t.Errorf("docs/fake-operations.md lists %d routes, the table %d: regenerate operations.go", rows, len(operationPatterns))
	}
}

func TestOperationForPrefersLiteralsAndTargets(t *testing.T) {
	cases := []struct{ method, path, want string }{
		{"GET", "/_nodes/stats/jvm", "nodes.stats"},
		{"GET", "/_nodes/n1/jvm", "nodes.info"},
		{"GET", "/_all/_search", "search"},
		{"POST", "/_search/scroll", "scroll"},
		{"GET", "/_cat/indices", ""},   // not in the table
		{"PATCH", "/books/_doc/1", ""}, // no such method
		{"PUT", "/_cluster", ""},       // "_cluster" is not an index name
	}
	for _, c := range cases {
		if got, _ := operationFor(c.method, c.path); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.method, c.path, got, c.want)
		}
	}
}
