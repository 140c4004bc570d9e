package nodes_test

// This test walks the OpenAPI response schemas of the four areas this package
// and its siblings implement (nodes stats, tasks, dangling indexes, notifications)
// and fails when a documented property has no field in our types. It lives here
// once rather than in each package so the walker is not copied four times.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/dangling"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/internal/shareddata"
	"github.com/clustersearch/clustersearch-go/nodes"
	"github.com/clustersearch/clustersearch-go/notifications"
	"github.com/clustersearch/clustersearch-go/tasks"
	"github.com/clustersearch/clustersearch-go/types"
)

// openapiDir finds spec/ of the OpenAPI conformance data, or "" when absent.
func openapiDir(t *testing.T) string {
	dir := shareddata.ConformanceDir()
	if dir == "" {
		return ""
	}
	spec := filepath.Join(dir, "openapi", "spec")
	if _, err := os.Stat(spec); err != nil {
		return ""
	}
	return spec
}

// The properties the schemas document in places where the server never writes
// them, because the OpenAPI text reuses one schema for two positions.
var openapiNotSent = map[string]string{
	".nodes.*.ingest.total.processors":                                  "IngestTotal is reused for pipelines; only pipelines list processors",
	".nodes.*.fs.io_stats.total.device_name":                            "IoStatDevice is reused for the total, which has no device",
	".nodes.*.indexing_pressure.memory.current.coordinating_rejections": "PressureMemory is reused for current; rejections are printed in total only",
	".nodes.*.indexing_pressure.memory.current.primary_rejections":      "as above",
	".nodes.*.indexing_pressure.memory.current.replica_rejections":      "as above",
	".config_list[].config.email_group.email_group_id_list":             "the schema puts Email's group id list on EmailGroup; the server's email_group has recipient_list only",
}

// configView is how notifications.Config appears on the wire (it encodes itself).
var configView = reflect.StructOf([]reflect.StructField{
	{Name: "Name", Type: reflect.TypeFor[string](), Tag: `json:"name"`},
	{Name: "Description", Type: reflect.TypeFor[string](), Tag: `json:"description"`},
	{Name: "ConfigType", Type: reflect.TypeFor[string](), Tag: `json:"config_type"`},
	{Name: "IsEnabled", Type: reflect.TypeFor[bool](), Tag: `json:"is_enabled"`},
	{Name: "Slack", Type: reflect.TypeFor[notifications.Slack](), Tag: `json:"slack"`},
	{Name: "Chime", Type: reflect.TypeFor[notifications.Chime](), Tag: `json:"chime"`},
	{Name: "MicrosoftTeams", Type: reflect.TypeFor[notifications.MicrosoftTeams](), Tag: `json:"microsoft_teams"`},
	{Name: "Webhook", Type: reflect.TypeFor[notifications.Webhook](), Tag: `json:"webhook"`},
	{Name: "SNS", Type: reflect.TypeFor[notifications.SNS](), Tag: `json:"sns"`},
	{Name: "SESAccount", Type: reflect.TypeFor[notifications.SESAccount](), Tag: `json:"ses_account"`},
	{Name: "SMTPAccount", Type: reflect.TypeFor[notifications.SMTPAccount](), Tag: `json:"smtp_account"`},
	{Name: "EmailGroup", Type: reflect.TypeFor[notifications.EmailGroup](), Tag: `json:"email_group"`},
	{Name: "Email", Type: reflect.TypeFor[notifications.Email](), Tag: `json:"email"`},
})

// views lists, for the types that encode themselves, the plain types that
// describe their JSON forms.
var views = map[reflect.Type][]reflect.Type{
	reflect.TypeFor[tasks.TaskGroups]():     {reflect.TypeFor[[]tasks.TaskInfo](), reflect.TypeFor[map[string]tasks.TaskGroup]()},
	reflect.TypeFor[tasks.SliceStatus]():    {reflect.TypeFor[tasks.BulkByScrollStatus](), reflect.TypeFor[types.ErrorCause]()},
	reflect.TypeFor[notifications.Config](): {configView},
	reflect.TypeFor[notifications.Recipient](): {reflect.TypeFor[struct {
		Recipient string `json:"recipient"`
	}]()},
}

type schemaWalker struct {
	*sdktest.SpecDocs
	t *testing.T
}

type walkKey struct {
	ref string
	typ reflect.Type
}

// check records in missing every documented property of schema that typ has no field for.
func (w *schemaWalker) check(schema map[string]any, file string, typ reflect.Type, path string, seen map[walkKey]bool, missing map[string]bool) {
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	if ref, ok := schema["$ref"].(string); ok {
		target, f := w.Resolve(ref, file)
		key := walkKey{f + "#" + ref[strings.Index(ref, "#"):], typ}
		if seen[key] {
			return
		}
		seen[key] = true
		defer delete(seen, key)
		w.check(target, f, typ, path, seen, missing)
		return
	}
	if alts, ok := views[typ]; ok {
		w.checkAlternatives(schema, file, alts, path, seen, missing)
		return
	}
	if typ == reflect.TypeFor[types.ErrorCause]() || typ == reflect.TypeFor[json.RawMessage]() || typ.Kind() == reflect.Interface {
		return // keeps every key it is given
	}
	if typ.Kind() == reflect.Map && (typ.Elem() == reflect.TypeFor[json.RawMessage]() || typ.Elem().Kind() == reflect.Interface) {
		return // shape-less object
	}
	if all, ok := schema["allOf"].([]any); ok {
		for _, s := range all {
			w.check(s.(map[string]any), file, typ, path, seen, missing)
		}
	}
	for _, k := range []string{"oneOf", "anyOf"} {
		alts, ok := schema[k].([]any)
		if !ok {
			continue
		}
		// Each alternative must fit typ on its own; report the alternatives that do not.
		for _, s := range alts {
			w.check(s.(map[string]any), file, typ, path, seen, missing)
		}
	}
	if props, ok := schema["properties"].(map[string]any); ok && len(props) > 0 {
		switch typ.Kind() {
		case reflect.Map:
			// Named properties of an object we keep as a map: covered by its keys.
		case reflect.Struct:
			fields := map[string]reflect.Type{}
			sdktest.StructFields(typ, func(name string, ft reflect.Type) { fields[name] = ft })
			for name, sub := range props {
				p := path + "." + name
				ft, ok := fields[name]
				if !ok {
					missing[p] = true
					continue
				}
				if s, ok := sub.(map[string]any); ok {
					w.check(s, file, ft, p, seen, missing)
				}
			}
		default:
			missing[path+" (an object, but "+typ.String()+" holds it)"] = true
		}
	}
	if addl, ok := schema["additionalProperties"].(map[string]any); ok && typ.Kind() == reflect.Map {
		w.check(addl, file, typ.Elem(), path+".*", seen, missing)
	}
	if items, ok := schema["items"].(map[string]any); ok && (typ.Kind() == reflect.Slice || typ.Kind() == reflect.Array) {
		w.check(items, file, typ.Elem(), path+"[]", seen, missing)
	}
}

// checkAlternatives accepts each schema alternative that one of the view types covers.
func (w *schemaWalker) checkAlternatives(schema map[string]any, file string, alts []reflect.Type, path string, seen map[walkKey]bool, missing map[string]bool) {
	var branches []map[string]any
	for _, k := range []string{"oneOf", "anyOf"} {
		if list, ok := schema[k].([]any); ok {
			for _, s := range list {
				branches = append(branches, s.(map[string]any))
			}
		}
	}
	if branches == nil {
		branches = []map[string]any{schema}
	}
	for _, b := range branches {
		var best map[string]bool
		for _, alt := range alts {
			m := map[string]bool{}
			w.check(b, file, alt, path, seen, m)
			if best == nil || len(m) < len(best) {
				best = m
			}
		}
		for p := range best {
			missing[p] = true
		}
	}
}

func TestOpenAPIResponsesHaveFields(t *testing.T) {
	spec := openapiDir(t)
	if spec == "" {
		t.Skip("OpenAPI conformance data not found (../../shared/conformance/openapi, or set CLUSTERSEARCH_CONFORMANCE_DIR to the conformance folder): skipping the schema walk outside this repository's CI")
	}
	ns := func(n string) string { return filepath.Join(spec, "namespaces", n+".yaml") }
	schemas := func(n string) string { return filepath.Join(spec, "schemas", n+".yaml") }
	type target struct {
		file, pointer string
		typ           reflect.Type
	}
	resp := func(file, name string, typ reflect.Type) target {
		return target{file, "#/components/responses/" + name + "/content/application~1json/schema", typ}
	}
	targets := []target{
		resp(ns("nodes"), "nodes.stats@200", reflect.TypeFor[nodes.StatsResponse]()),
		resp(ns("tasks"), "tasks.list@200", reflect.TypeFor[tasks.ListResponse]()),
		resp(ns("tasks"), "tasks.cancel@200", reflect.TypeFor[tasks.CancelResponse]()),
		resp(ns("tasks"), "tasks.get@200", reflect.TypeFor[tasks.GetResponse]()),
		{schemas("_common"), "#/components/schemas/BulkByScrollResponseBase", reflect.TypeFor[tasks.BulkByScrollResult]()},
		{schemas("_common"), "#/components/schemas/BulkByScrollTaskStatus", reflect.TypeFor[tasks.BulkByScrollStatus]()},
		resp(ns("dangling_indices"), "dangling_indices.list_dangling_indices@200", reflect.TypeFor[dangling.ListResponse]()),
		resp(ns("dangling_indices"), "dangling_indices.import_dangling_index@202", reflect.TypeFor[dangling.AcknowledgedResponse]()),
		resp(ns("dangling_indices"), "dangling_indices.delete_dangling_index@202", reflect.TypeFor[dangling.AcknowledgedResponse]()),
		resp(ns("notifications"), "notifications.get_configs@200", reflect.TypeFor[notifications.ConfigsResponse]()),
		resp(ns("notifications"), "notifications.get_config@200", reflect.TypeFor[notifications.ConfigsResponse]()),
		resp(ns("notifications"), "notifications.create_config@200", reflect.TypeFor[notifications.ConfigIDResponse]()),
		resp(ns("notifications"), "notifications.update_config@200", reflect.TypeFor[notifications.ConfigIDResponse]()),
		resp(ns("notifications"), "notifications.delete_config@200", reflect.TypeFor[notifications.DeleteResponse]()),
		resp(ns("notifications"), "notifications.delete_configs@200", reflect.TypeFor[notifications.DeleteResponse]()),
		resp(ns("notifications"), "notifications.send_test@200", reflect.TypeFor[notifications.SendTestResponse]()),
		resp(ns("notifications"), "notifications.list_features@200", reflect.TypeFor[notifications.FeaturesResponse]()),
		resp(ns("notifications"), "notifications.list_channels@200", reflect.TypeFor[notifications.ChannelsResponse]()),
	}
	w := &schemaWalker{t: t, SpecDocs: sdktest.NewSpecDocs(t)}

	// Every response of the tasks, dangling and notifications namespaces is mapped.
	mapped := map[string]bool{}
	for _, tg := range targets {
		mapped[tg.file+tg.pointer] = true
	}
	for _, n := range []string{"tasks", "dangling_indices", "notifications"} {
		doc := w.Load(ns(n))
		for name := range doc["components"].(map[string]any)["responses"].(map[string]any) {
			if !mapped[ns(n)+"#/components/responses/"+name+"/content/application~1json/schema"] {
				t.Errorf("response %s of %s has no Go type in this test", name, n)
			}
		}
	}

	used := map[string]bool{}
	for _, tg := range targets {
		t.Run(filepath.Base(tg.file)+tg.pointer, func(t *testing.T) {
			root, file := w.Resolve(tg.pointer, tg.file)
			missing := map[string]bool{}
			w.check(root, file, tg.typ, "", map[walkKey]bool{}, missing)
			var out []string
			for p := range missing {
				if _, ok := openapiNotSent[p]; ok {
					used[p] = true
				} else {
					out = append(out, p)
				}
			}
			sort.Strings(out)
			if len(out) > 0 {
				t.Fatalf("documented properties with no field in %v:\n  %s", tg.typ, strings.Join(out, "\n  "))
			}
		})
	}
	for p, why := range openapiNotSent {
		if !used[p] {
			t.Errorf("exception %s (%s) no longer applies: remove it", p, why)
		}
	}
}
