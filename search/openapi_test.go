package search

import (
	"os"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/shareddata"
)

// openAPIQueryParams lists the query parameters the OpenSearch API specification (read from
// the shared conformance copy, not vendored) declares for an operation group.
func openAPIQueryParams(t *testing.T, file, group string) []string {
	t.Helper()
	path := shareddata.Path(t, "openapi", "spec", "namespaces", file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`#/components/parameters/` + regexp.QuoteMeta(group) + `::query\.([A-Za-z_.]+)'`)
	seen := map[string]bool{}
	for _, m := range re.FindAllStringSubmatch(string(data), -1) {
		seen[m[1]] = true
	}
	if len(seen) == 0 {
		t.Fatalf("no query parameters found for %s in %s", group, file)
	}
	var out []string
	for name := range seen {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// urlNames returns the url tag names of a params struct.
func urlNames(v any) map[string]bool {
	out := map[string]bool{}
	rt := reflect.TypeOf(v)
	for i := 0; i < rt.NumField(); i++ {
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("url"), ",")
		out[name] = true
	}
	return out
}

func TestParamsCoverTheOpenAPISpecification(t *testing.T) {
	t.Parallel()
	cases := []struct {
		group  string
		params any
		skip   map[string]string // parameter -> why it has no field
	}{
		{"search", Params{}, map[string]string{"index": "the target indexes are the path argument of Search"}},
		{"msearch", MultiSearchParams{}, nil},
		{"explain", ExplainParams{}, nil},
		{"count", CountParams{}, nil},
		{"create_pit", CreatePITParams{}, nil},
		{"scroll", ScrollParams{}, map[string]string{
			"scroll":    "sent in the body, as the keepAlive argument",
			"scroll_id": "sent in the body, so it stays out of URLs and logs",
		}},
	}
	for _, c := range cases {
		have := urlNames(c.params)
		for _, name := range openAPIQueryParams(t, "_core.yaml", c.group) {
			if _, ok := c.skip[name]; !ok && !have[name] {
				t.Errorf("%s: query parameter %q has no field", c.group, name)
			}
		}
	}
}
