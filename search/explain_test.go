package search

import (
	"context"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestExplainWireAndDecoding(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "explain.json")
	params := &ExplainParams{
		Analyzer: "standard", AnalyzeWildcard: query.Ptr(true), DefaultOperator: "AND", DF: "title", Lenient: query.Ptr(true),
		Preference: "_local", Q: "title:quick", Routing: "r1", Source: query.SourceOn(), SourceExcludes: []string{"big"},
		SourceIncludes: []string{"title"}, StoredFields: []string{"year", "ts"},
	}
	resp, err := svc.Explain(context.Background(), "books", "a/b c?", &ExplainRequest{Query: query.Match("title", "quick")}, params)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/books/_explain/a%2Fb%20c%3F",
		"_source=true&_source_excludes=big&_source_includes=title&analyze_wildcard=true&analyzer=standard&default_operator=AND"+
			"&df=title&lenient=true&preference=_local&q=title%3Aquick&routing=r1&stored_fields=year%2Cts",
		`{"query":{"match":{"title":{"query":"quick"}}}}`)
	if resp.Index != "books" || resp.ID != "a/b c?" || !resp.Matched || resp.Explanation.Value != 0.6931471 {
		t.Fatalf("resp = %+v", resp)
	}
	tf := resp.Explanation.Details[0].Details[2]
	if len(tf.Details) != 5 || tf.Details[4].Description != "avgdl, average length of field" || tf.Details[4].Value != 3 {
		t.Errorf("tf = %+v", tf)
	}
	if g := resp.Get; g == nil || !g.Found || *g.SeqNo != 0 || *g.PrimaryTerm != 1 || g.Routing != "r1" || string(g.Source) != `{"title": "The quick brown fox"}` {
		t.Errorf("get = %+v", resp.Get)
	}
}

func TestExplainWithoutBodyUsesGET(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "explain.json")
	if _, err := svc.Explain(context.Background(), "books", "1", nil, &ExplainParams{Q: "quick"}); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/books/_explain/1", "q=quick", "")
}

func TestExplainMissingDocumentIsNotFound(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 404, `{"_index":"books","_id":"9","matched":false}`)
	_, err := svc.Explain(context.Background(), "books", "9", &ExplainRequest{Query: query.MatchAll()}, nil)
	if !types.IsNotFound(err) {
		t.Fatalf("err = %v", err)
	}
	if _, err := svc.Explain(context.Background(), "", "9", nil, nil); err == nil || !strings.Contains(err.Error(), "needs an index") {
		t.Errorf("err = %v", err)
	}
}
