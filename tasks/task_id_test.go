package tasks_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/tasks"
)

func TestParseTaskID(t *testing.T) {
	good := map[string]struct {
		node string
		n    int64
	}{
		"oTUltX4IQMOUUVeiohTt8A:124": {"oTUltX4IQMOUUVeiohTt8A", 124},
		"n1:0":                       {"n1", 0},
		"n-1_x:9223372036854775807":  {"n-1_x", 9223372036854775807},
	}
	for s, want := range good {
		id, err := tasks.ParseTaskID(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		n, ok := id.Number()
		if id.Node() != want.node || !ok || n != want.n || id.String() != s {
			t.Fatalf("%q: node %q number %d %v", s, id.Node(), n, ok)
		}
	}
	for _, s := range []string{"", "-1", "n1", ":5", "n1:", "n1:x", "n1:5:6", "n1:99999999999999999999"} {
		if _, err := tasks.ParseTaskID(s); err == nil || !strings.Contains(err.Error(), "malformed task id") {
			t.Fatalf("%q: err = %v", s, err)
		}
	}
	if id := tasks.NewTaskID("n2", 17); id != "n2:17" {
		t.Fatalf("NewTaskID = %q", id)
	}
	if _, ok := tasks.TaskID("nocolon").Number(); ok || tasks.TaskID("nocolon").Node() != "" {
		t.Fatal("a malformed id has neither node nor number")
	}
}

func TestTaskIDCompare(t *testing.T) {
	ids := []tasks.TaskID{"b:1", "a:13", "a:124", "a:x", "a:2"}
	slices.SortFunc(ids, tasks.TaskID.Compare)
	if fmt.Sprint(ids) != "[a:2 a:13 a:124 a:x b:1]" {
		t.Fatalf("sorted = %v", ids)
	}
	if tasks.TaskID("n:5").Compare("n:5") != 0 {
		t.Fatal("equal ids compare unequal")
	}
}

func FuzzParseTaskID(f *testing.F) {
	for _, s := range []string{"n1:1", "", ":", "a:b", "n:-1", "n:+5", "x:1:2", "ü:42"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := tasks.ParseTaskID(s)
		if err != nil {
			return
		}
		n, ok := id.Number()
		if !ok || id.Node() == "" {
			t.Fatalf("%q parsed but node %q number %v", s, id.Node(), ok)
		}
		if string(tasks.NewTaskID(id.Node(), n)) != s && strconv.FormatInt(n, 10) == s[strings.IndexByte(s, ':')+1:] {
			t.Fatalf("%q does not rebuild", s)
		}
	})
}

// FuzzTaskListDecode feeds arbitrary JSON to the custom decoders (the tasks
// grouping and the slice status): they must fail cleanly or round-trip stably.
func FuzzTaskListDecode(f *testing.F) {
	f.Add([]byte(`{"tasks":[{"node":"n","id":1}]}`))
	f.Add([]byte(`{"tasks":{"n:1":{"node":"n","id":1,"children":[{"node":"n","id":2}]}}}`))
	f.Add([]byte(`{"nodes":{"n":{"tasks":{"n:1":{"status":{"slices":[null,{"type":"x"},{"total":1}]}}}}}}`))
	f.Add([]byte(`{"tasks":null}`))
	f.Add([]byte(`{"tasks":"x"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var a tasks.ListResponse
		if jsonx.Unmarshal(data, &a) != nil {
			return
		}
		for _, ti := range a.All() {
			st, err := ti.BulkByScrollStatus()
			if err != nil {
				continue
			}
			enc, err := jsonx.Marshal(st)
			if err != nil {
				t.Fatalf("encode status: %v", err)
			}
			var again tasks.BulkByScrollStatus
			if err := jsonx.Unmarshal(enc, &again); err != nil {
				t.Fatalf("re-decode status %s: %v", enc, err)
			}
			if enc2, _ := jsonx.Marshal(&again); string(enc2) != string(enc) {
				t.Fatalf("status unstable:\n%s\n%s", enc, enc2)
			}
		}
		enc, err := jsonx.Marshal(&a)
		if err != nil {
			t.Fatalf("encode: %v", err)
		}
		var b tasks.ListResponse
		if err := jsonx.Unmarshal(enc, &b); err != nil {
			t.Fatalf("re-decode %s: %v", enc, err)
		}
		enc2, _ := jsonx.Marshal(&b)
		if string(enc) != string(enc2) {
			t.Fatalf("unstable:\n%s\n%s", enc, enc2)
		}
	})
}
