package fake_test

import (
	"encoding/json"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/internal/shareddata"
)

// The properties the OpenAPI schema documents that a fake node does not
// write, each with the reason a real 2.19 node would not write it either.
var nodesStatsNotSent = map[string]string{
	"._nodes.failures":                       "only when a node failed",
	".nodes.*.caches.*.indices":              "only with level=indices",
	".nodes.*.caches.*.shards":               "only with level=shards",
	".nodes.*.fs.io_stats.total.device_name": "IoStatDevice is reused for the total, which has no device",
	".nodes.*.indexing_pressure.memory.current.coordinating_rejections": "PressureMemory is reused for current; rejections are printed in total only",
	".nodes.*.indexing_pressure.memory.current.primary_rejections":      "as above",
	".nodes.*.indexing_pressure.memory.current.replica_rejections":      "as above",
	".nodes.*.indices.segments.index_writer_max_memory_in_bytes":        "SegmentsStats in 2.x writes no such field",
	".nodes.*.ingest.total.processors":                                  "IngestTotal is reused for pipelines; only pipelines list processors",
	".nodes.*.shard_indexing_pressure.total_rejections_breakup":         "written instead of total_rejections_breakup_shadow_mode only when shard indexing pressure is enforced",
	".nodes.*.thread_pool.*.total_wait_time":                            "only the search, search_throttled and index_searcher pools report wait times",
	".nodes.*.thread_pool.*.total_wait_time_in_nanos":                   "as above",
	".nodes.*.indices.search.request":                                   "search.request_stats_enabled is off by default",
	".nodes.*.indices.search.groups":                                    "only when an asked stats group has served searches",
}

type apiWalker struct {
	*sdktest.SpecDocs
	t       *testing.T
	missing map[string]bool
}

// inVersion reports whether a schema node applies to 2.19.
func inVersion(s map[string]any) bool {
	older := func(v string, major, minor int) bool { // v <= major.minor
		parts := strings.Split(v, ".")
		a, _ := strconv.Atoi(parts[0])
		b := 0
		if len(parts) > 1 {
			b, _ = strconv.Atoi(parts[1])
		}
		return a < major || (a == major && b <= minor)
	}
	if v, ok := s["x-version-added"].(string); ok && !older(v, 2, 19) {
		return false
	}
	if v, ok := s["x-version-removed"].(string); ok && older(v, 2, 19) {
		return false
	}
	return true
}

// check records every documented property missing from value at path,
// following the properties that are present.
func (w *apiWalker) check(schema map[string]any, file string, value any, path string, depth int) {
	if depth > 40 {
		return
	}
	if ref, ok := schema["$ref"].(string); ok {
		target, f := w.Resolve(ref, file)
		if !inVersion(target) {
			return
		}
		w.check(target, f, value, path, depth+1)
		return
	}
	if all, ok := schema["allOf"].([]any); ok {
		for _, s := range all {
			w.check(s.(map[string]any), file, value, path, depth+1)
		}
	}
	obj, isObj := value.(map[string]any)
	if props, ok := schema["properties"].(map[string]any); ok && isObj {
		for name, sub := range props {
			s, _ := sub.(map[string]any)
			if s != nil && !inVersion(s) {
				continue
			}
			if s != nil {
				if ref, ok := s["$ref"].(string); ok {
					if target, _ := w.Resolve(ref, file); !inVersion(target) {
						continue
					}
				}
			}
			p := path + "." + name
			v, present := obj[name]
			if !present {
				w.missing[p] = true
				continue
			}
			if s != nil {
				w.check(s, file, v, p, depth+1)
			}
		}
	}
	if addl, ok := schema["additionalProperties"].(map[string]any); ok && isObj {
		for _, v := range obj {
			w.check(addl, file, v, path+".*", depth+1)
		}
	}
	if items, ok := schema["items"].(map[string]any); ok {
		if list, ok := value.([]any); ok {
			for _, v := range list {
				w.check(items, file, v, path+"[]", depth+1)
			}
		}
	}
}

func TestNodesStatsHasTheOpenAPIProperties(t *testing.T) {
	spec := shareddata.Path(t, "openapi", "spec")
	srv := fake.New(t, fake.WithNodes(2))
	doRaw(t, srv, "PUT", "/x/_doc/1?refresh=true", `{"a":1}`)
	w := &apiWalker{t: t, SpecDocs: sdktest.NewSpecDocs(t)}
	file := filepath.Join(spec, "namespaces", "nodes.yaml")
	resp, f := w.Resolve("#/components/responses/nodes.stats@200/content/application~1json/schema", file)
	// A property is missing when no form of the request writes it.
	var seen map[string]bool
	for _, q := range []string{"human=true&include_segment_file_sizes=true&fields=*", "level=indices&groups=g", "level=shards&human=true"} {
		_, _, body := doRaw(t, srv, "GET", "/_nodes/stats?"+q, "")
		var value any
		if err := json.Unmarshal([]byte(body), &value); err != nil {
			t.Fatal(err)
		}
		w.missing = map[string]bool{}
		w.check(resp, f, value, "", 0)
		if seen == nil {
			seen = w.missing
			continue
		}
		for p := range seen {
			if !w.missing[p] {
				delete(seen, p)
			}
		}
	}
	var missing []string
	for p := range seen {
		if _, ok := nodesStatsNotSent[p]; !ok {
			missing = append(missing, p)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("%d documented properties missing from GET /_nodes/stats:\n%s", len(missing), strings.Join(missing, "\n"))
	}
}
