package indices

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestTemplateCallsWireFormat(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	yes, prio, order := true, int64(7), 3
	s, rec := newService(t, 200,
		`{"acknowledged":true}`, `{"acknowledged":true}`, `{"acknowledged":true}`,
		`{"index_templates":[{"name":"logs","index_template":{"index_patterns":["logs-*"],"template":{"settings":{"index":{"number_of_shards":"2"}},"aliases":{"a":{"index_routing":"1","search_routing":"1"}}},"composed_of":["ct"],"priority":7,"version":2,"_meta":{"k":1},"data_stream":{"timestamp_field":{"name":"@timestamp"}}}}]}`,
		`{"component_templates":[{"name":"ct","component_template":{"template":{"mappings":{"properties":{"k":{"type":"keyword"}}}},"version":1}}]}`,
		`{"old":{"order":3,"index_patterns":["x-*"],"settings":{},"mappings":{},"aliases":{}}}`,
		`{"template":{"settings":{"index":{"number_of_shards":"2"}},"mappings":{"properties":{"k":{"type":"keyword"}}},"aliases":{}},"overlapping":[{"name":"old","index_patterns":["x-*"]}]}`,
		`{}`,
		`{"acknowledged":true}`, `{"acknowledged":true}`, `{"acknowledged":true}`)

	if _, err := s.PutIndexTemplate(ctx, "logs", &IndexTemplate{IndexPatterns: []string{"logs-*"}, ComposedOf: []string{"ct"}, Priority: &prio,
		Template: &TemplateBody{Settings: map[string]any{"number_of_shards": 2}}}, &PutTemplateParams{Create: &yes, Cause: "setup"}); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "PUT", "/_index_template/logs", "cause=setup&create=true",
		`{"index_patterns":["logs-*"],"template":{"settings":{"number_of_shards":2}},"composed_of":["ct"],"priority":7}`)
	if _, err := s.PutComponentTemplate(ctx, "ct", &ComponentTemplate{Template: TemplateBody{Mappings: map[string]any{"properties": map[string]any{"k": map[string]any{"type": "keyword"}}}}}, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "PUT", "/_component_template/ct", "", `{"template":{"mappings":{"properties":{"k":{"type":"keyword"}}}}}`)
	if _, err := s.PutTemplate(ctx, "old", &LegacyTemplate{IndexPatterns: []string{"x-*"}, Order: &order}, &PutLegacyTemplateParams{MasterTimeout: types.Duration(30e9)}); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "PUT", "/_template/old", "master_timeout=30s", `{"index_patterns":["x-*"],"order":3}`)

	got, err := s.GetIndexTemplates(ctx, "logs", &GetTemplateParams{FlatSettings: &yes})
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/_index_template/logs", "flat_settings=true", "")
	it := got.IndexTemplates[0].IndexTemplate
	if got.IndexTemplates[0].Name != "logs" || *it.Priority != 7 || *it.Version != 2 || it.DataStream.TimestampField.Name != "@timestamp" ||
		it.Template.Aliases["a"].IndexRouting != "1" || it.ComposedOf[0] != "ct" {
		t.Errorf("decoded %+v", it)
	}
	comps, err := s.GetComponentTemplates(ctx, "", nil)
	if err != nil || comps.ComponentTemplates[0].Name != "ct" || *comps.ComponentTemplates[0].ComponentTemplate.Version != 1 {
		t.Fatalf("components %+v %v", comps, err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/_component_template", "", "")
	legacy, err := s.GetTemplates(ctx, []string{"old", "x*"}, nil)
	if err != nil || *legacy.Templates["old"].Order != 3 {
		t.Fatalf("legacy %+v %v", legacy, err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/_template/old,x%2A", "", "")

	sim, err := s.SimulateIndex(ctx, "x-1", nil, nil)
	if err != nil || sim.Template.Settings["index"] == nil || sim.Overlapping[0].Name != "old" {
		t.Fatalf("simulate %+v %v", sim, err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/_index_template/_simulate_index/x-1", "", "")
	none, err := s.SimulateTemplate(ctx, "", &IndexTemplate{IndexPatterns: []string{"y"}}, &SimulateTemplateParams{Create: &yes})
	if err != nil || none.Template != nil {
		t.Fatalf("simulate template %+v %v", none, err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/_index_template/_simulate", "create=true", `{"index_patterns":["y"]}`)

	if _, err := s.DeleteIndexTemplate(ctx, "logs", &DeleteTemplateParams{Timeout: types.Duration(5e9)}); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "DELETE", "/_index_template/logs", "timeout=5s", "")
	if _, err := s.DeleteComponentTemplate(ctx, "ct", nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "DELETE", "/_component_template/ct", "", "")
	if _, err := s.DeleteTemplate(ctx, "o*", nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "DELETE", "/_template/o%2A", "", "")
	if _, err := s.PutIndexTemplate(ctx, "", nil, nil); err == nil {
		t.Error("PutIndexTemplate without a name sent a request")
	}
}

func TestTemplateResponsesRoundTrip(t *testing.T) {
	t.Parallel()
	sdktest.RoundTrip(t, []byte(`{"index_templates":[{"name":"a","index_template":{"index_patterns":["a*"],"template":{"settings":{"index":{"number_of_shards":"1"}},"mappings":{"properties":{"f":{"type":"text"}}},"aliases":{"x":{"filter":{"term":{"f":"v"}},"is_write_index":true}}},"composed_of":["c"],"priority":1,"version":2,"_meta":{"m":"v"},"data_stream":{"timestamp_field":{"name":"ts"}}}}]}`), new(GetIndexTemplatesResponse))
	sdktest.RoundTrip(t, []byte(`{"component_templates":[{"name":"c","component_template":{"template":{"settings":{"index":{"number_of_replicas":"0"}}},"version":3,"_meta":{"a":1}}}]}`), new(GetComponentTemplatesResponse))
	sdktest.RoundTrip(t, []byte(`{"t":{"order":1,"version":4,"index_patterns":["t*"],"settings":{"index":{"number_of_shards":"1"}},"mappings":{"properties":{"f":{"type":"keyword"}}},"aliases":{"al":{}}}}`), new(GetTemplatesResponse))
	sdktest.RoundTrip(t, []byte(`{"template":{"settings":{"index":{"hidden":"true"}},"mappings":{"properties":{}},"aliases":{"a":{"search_routing":"2"}}},"overlapping":[{"name":"o","index_patterns":["o*"]}]}`), new(SimulateTemplateResponse))
}

func TestTemplateParamsCoverTheOpenAPISpecification(t *testing.T) {
	t.Parallel()
	sdktest.CheckParamsCoverOpenAPI(t, "indices.yaml", []sdktest.ParamsCase{
		{Group: "indices.put_index_template", Params: PutTemplateParams{}},
		{Group: "indices.get_index_template", Params: GetTemplateParams{}},
		{Group: "indices.exists_index_template", Params: GetTemplateParams{}},
		{Group: "indices.delete_index_template", Params: DeleteTemplateParams{}},
		{Group: "indices.simulate_index_template", Params: SimulateTemplateParams{}},
		{Group: "indices.simulate_template", Params: SimulateTemplateParams{}},
		{Group: "indices.put_template", Params: PutLegacyTemplateParams{}},
		{Group: "indices.get_template", Params: GetTemplateParams{}},
		{Group: "indices.exists_template", Params: GetTemplateParams{}},
		{Group: "indices.delete_template", Params: DeleteTemplateParams{}},
	})
}
