package rest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/shareddata"
)

// specDir holds OpenSearch's REST API spec files (shared, read-only data).

// TestRoutesMatchRESTSpec checks every route whose operation has a spec file
// against it: each spec path and method is routed, and the route accepts
// exactly the spec's parameters (plus the ones the server accepts beyond it).
func TestRoutesMatchRESTSpec(t *testing.T) {
	dir := shareddata.Path(t, "opensearch", "api") // OpenSearch's REST spec files, read in place
	// Parameters 2.x handlers read that these spec files leave out
	// (cluster_manager_timeout arrived after the files were written).
	extra := map[string][]string{
		"indices.exists": {"cluster_manager_timeout", "master_timeout"},
		"indices.delete": {"cluster_manager_timeout"},
		// RestUpdateSettingsAction.responseParams is Settings.FORMAT_PARAMS.
		"indices.put_settings": {"settings_filter"},
		// RestIndexAction.CreateHandler runs the index handler's
		// prepareRequest, which reads these too.
		"create": {"if_primary_term", "if_seq_no", "op_type", "require_alias"},
	}
	routes := (&Backend{}).Routes()
	byOp := map[string][]Route{}
	for _, r := range routes {
		byOp[r.Op] = append(byOp[r.Op], r)
	}
	for op, rs := range byOp {
		data, err := os.ReadFile(filepath.Join(dir, op+".json"))
		if err != nil {
			continue // no spec file for this operation in the shared set
		}
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
		s := spec[op]
		for _, p := range s.URL.Paths {
			for _, m := range p.Methods {
				found := false
				for _, r := range rs {
					if r.Method == m && r.Path == p.Path {
						found = true
					}
				}
				if !found {
					t.Errorf("%s: %s %s is not routed", op, m, p.Path)
				}
			}
		}
		want := map[string]bool{}
		for p := range s.Params {
			want[p] = true
		}
		for _, p := range extra[op] {
			want[p] = true
		}
		for _, r := range rs {
			got := map[string]bool{}
			for _, p := range r.Params {
				got[p] = true
			}
			var missing, unknown []string
			for p := range want {
				if !got[p] {
					missing = append(missing, p)
				}
			}
			for p := range got {
				if !want[p] {
					unknown = append(unknown, p)
				}
			}
			sort.Strings(missing)
			sort.Strings(unknown)
			if len(missing) > 0 || len(unknown) > 0 {
				t.Errorf("%s %s %s: missing %s, not in spec %s", op, r.Method, r.Path, strings.Join(missing, ","), strings.Join(unknown, ","))
			}
		}
	}
}
