package indices

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
)

func TestAnalyzeWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200,
		`{"tokens":[{"token":"a b","start_offset":0,"end_offset":3,"type":"shingle","position":0,"positionLength":2}]}`,
		`{"tokens":[]}`, `{"detail":{"custom_analyzer":false,"analyzer":{"name":"standard","tokens":[]}}}`)
	resp, err := svc.Analyze(ctx, "my idx", &AnalyzeRequest{Text: []string{"a b", "c"}, Tokenizer: "whitespace",
		Filter:     []any{"lowercase", map[string]any{"type": "shingle", "max_shingle_size": 2}},
		CharFilter: []any{map[string]any{"type": "mapping", "mappings": []string{"x => y"}}}})
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/my%20idx/_analyze", "",
		`{"text":["a b","c"],"tokenizer":"whitespace","filter":["lowercase",{"max_shingle_size":2,"type":"shingle"}],"char_filter":[{"mappings":["x => y"],"type":"mapping"}]}`)
	want := AnalyzeToken{Token: "a b", StartOffset: 0, EndOffset: 3, Type: "shingle", Position: 0, PositionLength: 2}
	if resp.StatusCode != 200 || len(resp.Tokens) != 1 || resp.Tokens[0] != want {
		t.Fatalf("resp = %+v", resp)
	}
	if _, err := svc.Analyze(ctx, "", &AnalyzeRequest{Text: []string{"x"}, Analyzer: "standard"}); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/_analyze", "", `{"text":["x"],"analyzer":"standard"}`)
	if _, err := svc.Analyze(ctx, "", &AnalyzeRequest{Text: []string{"x"}, Explain: true, Attributes: []string{"keyword"}}); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/_analyze", "", `{"text":["x"],"explain":true,"attributes":["keyword"]}`)
}
