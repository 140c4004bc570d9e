package sdktest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/shareddata"
)

// OpenAPIQueryParams lists the query parameters that the OpenSearch API
// specification (the shared conformance copy, read in place) declares for an
// operation group of file (under spec/namespaces).
func OpenAPIQueryParams(t testing.TB, file, group string) []string {
	t.Helper()
	data, err := os.ReadFile(shareddata.Path(t, "openapi", "spec", "namespaces", file))
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
	out := make([]string, 0, len(seen))
	for name := range seen {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// ParamsCase pairs an operation group of the specification with the params
// struct that serves it.
type ParamsCase struct {
	Group  string
	Params any
	Skip   map[string]string // parameter -> why it has no field
}

// CheckParamsCoverOpenAPI reports every query parameter the specification
// (file, under spec/namespaces) declares for a case's group that its params
// struct has no field for and Skip does not explain.
func CheckParamsCoverOpenAPI(t testing.TB, file string, cases []ParamsCase) {
	t.Helper()
	for _, c := range cases {
		have := URLNames(c.Params)
		for _, name := range OpenAPIQueryParams(t, file, c.Group) {
			if _, ok := c.Skip[name]; !ok && !have[name] {
				t.Errorf("%s: query parameter %q has no field", c.Group, name)
			}
		}
	}
}

// URLNames returns the url tag names of a params struct, embedded structs included.
func URLNames(v any) map[string]bool {
	out := map[string]bool{}
	rt := reflect.TypeOf(v)
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		if f.Anonymous && f.Tag.Get("url") == "" {
			for name := range URLNames(reflect.New(f.Type).Elem().Interface()) {
				out[name] = true
			}
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("url"), ",")
		out[name] = true
	}
	return out
}

// SchemaProps returns the property names of the schema at pointer
// (slash-separated, e.g. "components/schemas/Hit") in file (relative to
// spec/namespaces), following $ref across files and merging allOf, oneOf and
// anyOf. Recursive schemas are followed a dozen levels deep.
func SchemaProps(t testing.TB, file, pointer string) map[string]bool {
	t.Helper()
	dir := shareddata.Path(t, "openapi", "spec", "namespaces")
	out := map[string]bool{}
	collectProps(t, NewSpecDocs(t), filepath.Join(dir, file), pointer, out, 0)
	if len(out) == 0 {
		t.Fatalf("no properties at %s#%s", file, pointer)
	}
	return out
}

func collectProps(t testing.TB, docs *SpecDocs, file, pointer string, out map[string]bool, depth int) {
	t.Helper()
	if depth > 12 {
		return
	}
	var node any = docs.Load(file)
	for _, part := range strings.Split(strings.Trim(pointer, "/"), "/") {
		switch n := node.(type) {
		case map[string]any:
			node = n[strings.ReplaceAll(part, "~1", "/")]
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i >= len(n) {
				t.Fatalf("%s#%s: bad index %q", file, pointer, part)
			}
			node = n[i]
		default:
			t.Fatalf("%s#%s: cannot step into %q", file, pointer, part)
		}
	}
	m, _ := node.(map[string]any)
	if ref, ok := m["$ref"].(string); ok {
		target, frag, _ := strings.Cut(ref, "#")
		next := file
		if target != "" {
			next = filepath.Join(filepath.Dir(file), target)
		}
		collectProps(t, docs, next, frag, out, depth+1)
	}
	for _, key := range []string{"allOf", "oneOf", "anyOf"} {
		items, _ := m[key].([]any)
		for i := range items {
			collectProps(t, docs, file, pointer+"/"+key+"/"+strconv.Itoa(i), out, depth+1)
		}
	}
	props, _ := m["properties"].(map[string]any)
	for name := range props {
		out[name] = true
	}
}

// MarshalledKeys returns the top-level keys of v's JSON form, for types
// with their own MarshalJSON (JSONNames reads struct tags instead).
func MarshalledKeys(t testing.TB, v any) map[string]bool {
	t.Helper()
	b, err := jsonx.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]jsonx.RawMessage
	if err := jsonx.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for k := range m {
		out[k] = true
	}
	return out
}

// JSONNames returns the json tag names of a struct type's fields, embedded structs included.
func JSONNames(rt reflect.Type) map[string]bool {
	out := map[string]bool{}
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			for k := range JSONNames(ft) {
				out[k] = true
			}
			continue
		}
		if name != "" && name != "-" {
			out[name] = true
		}
	}
	return out
}

// Missing lists the specification's properties that have no field, minus the
// documented exceptions in skip (property -> why).
func Missing(spec, have map[string]bool, skip map[string]string) []string {
	var out []string
	for name := range spec {
		if _, ok := skip[name]; !ok && !have[name] {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// LegacyAPIParams lists the URL parameters that OpenSearch's own REST API
// specification (opensearch/api/<api>.json of the shared conformance copy)
// declares for api, such as "cluster.health".
func LegacyAPIParams(t testing.TB, api string) []string {
	t.Helper()
	data, err := os.ReadFile(shareddata.Path(t, "opensearch", "api", api+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var spec map[string]struct {
		Params map[string]any `json:"params"`
	}
	if err := json.Unmarshal(data, &spec); err != nil {
		t.Fatalf("%s: %v", api, err)
	}
	out := make([]string, 0, len(spec[api].Params))
	for name := range spec[api].Params {
		out = append(out, name)
	}
	if len(out) == 0 {
		t.Fatalf("no parameters found for %s", api)
	}
	sort.Strings(out)
	return out
}
