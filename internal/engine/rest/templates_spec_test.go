package rest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/templates"
	"github.com/clustersearch/clustersearch-go/internal/shareddata"
)

// The template routes against the REST spec files the shared set holds
// (put and delete of composable templates): every spec path is routed, and
// each route accepts the spec's parameters.
func TestTemplateRoutesMatchRESTSpec(t *testing.T) {
	dir := shareddata.Path(t, "opensearch", "api")
	byOp := map[string][]Route{}
	for _, r := range NewTemplatesAPI(templates.New()).Routes() {
		byOp[r.Op] = append(byOp[r.Op], r)
	}
	checked := 0
	for op, rs := range byOp {
		data, err := os.ReadFile(filepath.Join(dir, op+".json"))
		if err != nil {
			continue // no spec file for this operation in the shared set
		}
		checked++
		var spec map[string]struct {
			URL struct {
				Paths []struct {
					Path    string   `json:"path"`
					Methods []string `json:"methods"`
				} `json:"paths"`
			} `json:"url"`
			Params map[string]json.RawMessage `json:"params"`
		}
		if err := json.Unmarshal(data, &spec); err != nil {
			t.Fatalf("%s: %v", op, err)
		}
		for _, p := range spec[op].URL.Paths {
			for _, m := range p.Methods {
				found := false
				for _, r := range rs {
					found = found || (r.Method == m && r.Path == p.Path)
				}
				if !found {
					t.Errorf("%s: %s %s is not routed", op, m, p.Path)
				}
			}
		}
		for _, r := range rs {
			got := map[string]bool{}
			for _, p := range r.Params {
				got[p] = true
			}
			var missing []string
			for p := range spec[op].Params {
				if !got[p] {
					missing = append(missing, p)
				}
			}
			sort.Strings(missing)
			if len(missing) > 0 {
				t.Errorf("%s %s %s: missing %v", op, r.Method, r.Path, missing)
			}
		}
	}
	if checked == 0 {
		t.Error("no template spec file found: the shared set holds put and delete of composable templates")
	}
}
