package search

import (
	"context"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
)

func TestSearchTemplateWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, `{"took":1,"timed_out":false,"hits":{"total":{"value":0,"relation":"eq"},"hits":[]}}`, `{"template_output":{"query":{"match_all":{}}}}`)
	ctx := context.Background()
	if _, err := svc.SearchTemplate(ctx, []string{"books"}, &TemplateRequest{ID: "by_year", Params: map[string]any{"year": 2015}}, &TemplateParams{Routing: []string{"a", "b"}}); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/books/_search/template", "routing=a%2Cb", `{"id":"by_year","params":{"year":2015}}`)
	out, err := svc.RenderTemplate(ctx, &TemplateRequest{Source: `{"query":{"{{q}}":{}}}`, Params: map[string]any{"q": "match_all"}})
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/_render/template", "", `{"source":"{\"query\":{\"{{q}}\":{}}}","params":{"q":"match_all"}}`)
	if string(out.TemplateOutput) != `{"query":{"match_all":{}}}` {
		t.Errorf("template_output = %s", out.TemplateOutput)
	}
	if _, err := svc.SearchTemplate(ctx, nil, &TemplateRequest{}, nil); err == nil || !strings.Contains(err.Error(), "needs an ID or a Source") {
		t.Errorf("empty template: %v", err)
	}
}
