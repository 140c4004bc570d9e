package painless

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/shareddata"
	"gopkg.in/yaml.v3"
)

// TestReindexScriptingConformance replays the scripts of 85_scripting.yml: every script
// must compile unless the test expects bad_request with "compile error", and where the
// test reads a reindexed document back, the fields it matches under _source must equal
// what the script produced from the indexed document.
func TestReindexScriptingConformance(t *testing.T) {
	// OpenSearch's reindex scripting YAML test, kept as data in the shared
	// conformance folder (read in place, never copied).
	f, err := os.Open(shareddata.Path(t, "opensearch", "reindex", "85_scripting.yml"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	checked := 0
	for {
		var doc map[string][]map[string]any
		if err := dec.Decode(&doc); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		for name, steps := range doc {
			if name == "setup" || name == "teardown" {
				continue
			}
			checked += replayReindexTest(t, name, steps)
		}
	}
	t.Logf("%d checks", checked)
	if checked < 10 {
		t.Fatalf("only %d checks ran: the file's layout changed?", checked)
	}
}

// replayReindexTest runs one YAML test's scripts and returns how many checks it made.
func replayReindexTest(t *testing.T, name string, steps []map[string]any) int {
	docs := map[string]string{} // id -> source JSON
	var after map[string]any    // ids -> ctx after the script
	checks := 0
	var got *Map
	for _, step := range steps {
		if do, ok := step["do"].(map[string]any); ok {
			if idx, ok := do["index"].(map[string]any); ok {
				body, _ := jsonOf(idx["body"])
				docs[fmt.Sprint(idx["id"])] = body
			}
			if re, ok := do["reindex"].(map[string]any); ok {
				body, _ := re["body"].(map[string]any)
				script, _ := body["script"].(map[string]any)
				src, _ := script["source"].(string)
				if src == "" {
					continue
				}
				s, err := Compile(src, CompileOptions{})
				if do["catch"] == "bad_request" {
					var se *ScriptError
					if !errors.As(err, &se) || se.Reason != "compile error" {
						t.Errorf("%s: %q: want a compile error, got %v", name, src, err)
					}
					checks++
					continue
				}
				if err != nil {
					t.Errorf("%s: %q: %v", name, src, err)
					continue
				}
				checks++
				after = map[string]any{}
				for id, body := range docs {
					source, _ := ParseJSONHashMap([]byte(body))
					ctx := NewMap(6)
					ctx.Set("_index", "twitter")
					ctx.Set("_id", id)
					ctx.Set("_version", int64(1))
					ctx.Set("_routing", nil)
					ctx.Set("op", "index")
					ctx.Set("_source", source)
					if _, err := s.Execute(map[string]any{"ctx": ctx, "params": NewMap(0)}, ExecOptions{}); err != nil {
						t.Errorf("%s: %q on doc %s: %v", name, src, id, err)
					}
					after[id] = ctx
				}
			}
			if get, ok := do["get"].(map[string]any); ok && after != nil {
				got = nil
				if ctx, ok := after[fmt.Sprint(get["id"])].(*Map); ok {
					id, _ := ctx.Get("_id")
					op, _ := ctx.Get("op")
					if id == fmt.Sprint(get["id"]) && op == "index" {
						src, _ := ctx.Get("_source")
						got, _ = src.(*Map)
					}
				}
			}
		}
		if m, ok := step["match"].(map[string]any); ok && got != nil {
			for k, want := range m {
				field, ok := strings.CutPrefix(k, "_source.")
				if !ok {
					continue
				}
				v, _ := got.Get(field)
				if fmt.Sprint(v) != fmt.Sprint(want) {
					t.Errorf("%s: _source.%s = %v, want %v", name, field, v, want)
				}
				checks++
			}
		}
	}
	return checks
}

func jsonOf(v any) (string, error) {
	c, err := FromGo(v)
	if err != nil {
		return "", err
	}
	return string(AppendJSON(nil, c)), nil
}
