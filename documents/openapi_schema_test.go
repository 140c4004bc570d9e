package documents

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/shareddata"
	"github.com/clustersearch/clustersearch-go/query"
)

// specProps returns the property names of the schema at pointer (slash-separated, e.g.
// "components/schemas/Hit") in file, following $ref across files and merging allOf.
func specProps(t *testing.T, file, pointer string) map[string]bool {
	t.Helper()
	specDir := shareddata.Path(t, "openapi", "spec", "namespaces")
	out := map[string]bool{}
	collectProps(t, map[string]map[string]any{}, filepath.Join(specDir, file), pointer, out, 0)
	if len(out) == 0 {
		t.Fatalf("no properties at %s#%s", file, pointer)
	}
	return out
}

func collectProps(t *testing.T, cache map[string]map[string]any, file, pointer string, out map[string]bool, depth int) {
	t.Helper()
	if depth > 10 {
		t.Fatalf("$ref chain too deep at %s#%s", file, pointer)
	}
	doc, ok := cache[file]
	if !ok {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := yaml.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		cache[file] = doc
	}
	var node any = doc
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
		collectProps(t, cache, next, frag, out, depth+1)
	}
	for _, key := range []string{"allOf", "oneOf", "anyOf"} {
		items, _ := m[key].([]any)
		for i := range items {
			collectProps(t, cache, file, pointer+"/"+key+"/"+strconv.Itoa(i), out, depth+1)
		}
	}
	props, _ := m["properties"].(map[string]any)
	for name := range props {
		out[name] = true
	}
}

// jsonNames returns the json tag names of a struct type's fields, embedded structs included.
func jsonNames(rt reflect.Type) map[string]bool {
	out := map[string]bool{}
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			for k := range jsonNames(ft) {
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

// missing lists the spec properties without a field, minus the documented exceptions.
func missing(spec, have map[string]bool, skip map[string]string) []string {
	var out []string
	for name := range spec {
		if _, ok := skip[name]; !ok && !have[name] {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// marshalledKeys returns the top-level keys of v's JSON form, for types with their own MarshalJSON.
func marshalledKeys(t *testing.T, v any) map[string]bool {
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

func TestTypesCoverTheOpenAPISchemas(t *testing.T) {
	t.Parallel()
	fullSource := ReindexSource{Index: []string{"a"}, Query: query.MatchAll(), Size: query.Ptr(1),
		Remote: &RemoteSource{Host: "h"}, Slice: &ManualSlice{}, Source: query.SourceOn(), Sort: []any{"x"}}
	cases := []struct {
		name          string
		file, pointer string
		have          map[string]bool
		skip          map[string]string // property -> why it has no field
	}{
		{"update body", "_core.yaml", "components/requestBodies/update/content/application~1json/schema", jsonNames(reflect.TypeOf(UpdateRequest{})), nil},
		{"update response", "_core.yaml", "components/responses/update@200/content/application~1json/schema", jsonNames(reflect.TypeOf(UpdateResponse{})), map[string]string{
			"_type": "mapping types were removed in OpenSearch 2.0",
		}},
		{"index response", "_core.yaml", "components/responses/index@200/content/application~1json/schema", jsonNames(reflect.TypeOf(WriteResponse{})), map[string]string{
			"_type": "mapping types were removed in OpenSearch 2.0",
		}},
		{"get response", "_core.yaml", "components/responses/get@200/content/application~1json/schema", jsonNames(reflect.TypeOf(GetResponse{})), map[string]string{
			"_type": "mapping types were removed in OpenSearch 2.0",
		}},
		{"bulk response", "_core.yaml", "components/responses/bulk@200/content/application~1json/schema", jsonNames(reflect.TypeOf(BulkResponse{})), nil},
		{"bulk item", "../schemas/_core.bulk.yaml", "components/schemas/ResponseItem", jsonNames(reflect.TypeOf(BulkItemResult{})), map[string]string{
			"_type": "mapping types were removed in OpenSearch 2.0",
		}},
		{"delete by query body", "_core.yaml", "components/requestBodies/delete_by_query/content/application~1json/schema", jsonNames(reflect.TypeOf(DeleteByQueryRequest{})), nil},
		{"delete by query response", "_core.yaml", "components/responses/delete_by_query@200/content/application~1json/schema/oneOf/0", jsonNames(reflect.TypeOf(DeleteByQueryResponse{})), nil},
		{"delete by query task", "_core.yaml", "components/responses/delete_by_query@200/content/application~1json/schema/oneOf/1", jsonNames(reflect.TypeOf(TaskStarted{})), nil},
		{"update by query body", "_core.yaml", "components/requestBodies/update_by_query/content/application~1json/schema", jsonNames(reflect.TypeOf(UpdateByQueryRequest{})), nil},
		{"update by query response", "_core.yaml", "components/responses/update_by_query@200/content/application~1json/schema/oneOf/0", jsonNames(reflect.TypeOf(UpdateByQueryResponse{})), nil},
		{"reindex body", "_core.yaml", "components/requestBodies/reindex/content/application~1json/schema", jsonNames(reflect.TypeOf(ReindexRequest{})), nil},
		{"reindex source", "../schemas/_core.reindex.yaml", "components/schemas/Source", marshalledKeys(t, fullSource), nil},
		{"reindex dest", "../schemas/_core.reindex.yaml", "components/schemas/Destination", jsonNames(reflect.TypeOf(ReindexDest{})), nil},
		{"reindex remote", "../schemas/_core.reindex.yaml", "components/schemas/RemoteSource", jsonNames(reflect.TypeOf(RemoteSource{})), nil},
		{"reindex response", "_core.yaml", "components/responses/reindex@200/content/application~1json/schema/oneOf/0", jsonNames(reflect.TypeOf(ReindexResponse{})), nil},
		{"reindex task", "_core.yaml", "components/responses/reindex@200/content/application~1json/schema/oneOf/1", jsonNames(reflect.TypeOf(TaskStarted{})), nil},
	}
	for _, c := range cases {
		spec := specProps(t, c.file, c.pointer)
		if m := missing(spec, c.have, c.skip); len(m) > 0 {
			t.Errorf("%s: no field for %v", c.name, m)
		}
		for name := range c.skip {
			if !spec[name] {
				t.Errorf("%s: exception %q is not in the specification", c.name, name)
			}
		}
	}
}
