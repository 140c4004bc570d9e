package documents

import (
	"reflect"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
)

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
		{"update body", "_core.yaml", "components/requestBodies/update/content/application~1json/schema", sdktest.JSONNames(reflect.TypeOf(UpdateRequest{})), nil},
		{"update response", "_core.yaml", "components/responses/update@200/content/application~1json/schema", sdktest.JSONNames(reflect.TypeOf(UpdateResponse{})), map[string]string{
			"_type": "mapping types were removed in OpenSearch 2.0",
		}},
		{"index response", "_core.yaml", "components/responses/index@200/content/application~1json/schema", sdktest.JSONNames(reflect.TypeOf(WriteResponse{})), map[string]string{
			"_type": "mapping types were removed in OpenSearch 2.0",
		}},
		{"get response", "_core.yaml", "components/responses/get@200/content/application~1json/schema", sdktest.JSONNames(reflect.TypeOf(GetResponse{})), map[string]string{
			"_type": "mapping types were removed in OpenSearch 2.0",
		}},
		{"bulk response", "_core.yaml", "components/responses/bulk@200/content/application~1json/schema", sdktest.JSONNames(reflect.TypeOf(BulkResponse{})), nil},
		{"bulk item", "../schemas/_core.bulk.yaml", "components/schemas/ResponseItem", sdktest.JSONNames(reflect.TypeOf(BulkItemResult{})), map[string]string{
			"_type": "mapping types were removed in OpenSearch 2.0",
		}},
		{"delete by query body", "_core.yaml", "components/requestBodies/delete_by_query/content/application~1json/schema", sdktest.JSONNames(reflect.TypeOf(DeleteByQueryRequest{})), nil},
		{"delete by query response", "_core.yaml", "components/responses/delete_by_query@200/content/application~1json/schema/oneOf/0", sdktest.JSONNames(reflect.TypeOf(DeleteByQueryResponse{})), nil},
		{"delete by query task", "_core.yaml", "components/responses/delete_by_query@200/content/application~1json/schema/oneOf/1", sdktest.JSONNames(reflect.TypeOf(TaskStarted{})), nil},
		{"update by query body", "_core.yaml", "components/requestBodies/update_by_query/content/application~1json/schema", sdktest.JSONNames(reflect.TypeOf(UpdateByQueryRequest{})), nil},
		{"update by query response", "_core.yaml", "components/responses/update_by_query@200/content/application~1json/schema/oneOf/0", sdktest.JSONNames(reflect.TypeOf(UpdateByQueryResponse{})), nil},
		{"reindex body", "_core.yaml", "components/requestBodies/reindex/content/application~1json/schema", sdktest.JSONNames(reflect.TypeOf(ReindexRequest{})), nil},
		{"reindex source", "../schemas/_core.reindex.yaml", "components/schemas/Source", sdktest.MarshalledKeys(t, fullSource), nil},
		{"reindex dest", "../schemas/_core.reindex.yaml", "components/schemas/Destination", sdktest.JSONNames(reflect.TypeOf(ReindexDest{})), nil},
		{"reindex remote", "../schemas/_core.reindex.yaml", "components/schemas/RemoteSource", sdktest.JSONNames(reflect.TypeOf(RemoteSource{})), nil},
		{"reindex response", "_core.yaml", "components/responses/reindex@200/content/application~1json/schema/oneOf/0", sdktest.JSONNames(reflect.TypeOf(ReindexResponse{})), nil},
		{"reindex task", "_core.yaml", "components/responses/reindex@200/content/application~1json/schema/oneOf/1", sdktest.JSONNames(reflect.TypeOf(TaskStarted{})), nil},
	}
	for _, c := range cases {
		spec := sdktest.SchemaProps(t, c.file, c.pointer)
		if m := sdktest.Missing(spec, c.have, c.skip); len(m) > 0 {
			t.Errorf("%s: no field for %v", c.name, m)
		}
		for name := range c.skip {
			if !spec[name] {
				t.Errorf("%s: exception %q is not in the specification", c.name, name)
			}
		}
	}
}
