package search_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

func TestFakeCompletionSuggestions(t *testing.T) {
	t.Parallel()
	srv := fake.New(t)
	if err := srv.CreateIndex("shops", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"name":{"type":"completion","contexts":[{"name":"kind","type":"category"}]}}}}`); err != nil {
		t.Fatal(err)
	}
	if err := srv.IndexDocuments("shops",
		fake.Doc{ID: "1", Source: map[string]any{"name": map[string]any{"input": []string{"Cafe Rouge"}, "weight": 4, "contexts": map[string]any{"kind": []string{"cafe", "bar"}}}}},
		fake.Doc{ID: "2", Source: map[string]any{"name": map[string]any{"input": "Canteen", "weight": 9, "contexts": map[string]any{"kind": "canteen"}}}},
	); err != nil {
		t.Fatal(err)
	}
	resp, err := srv.Client().Search.Search(context.Background(), []string{"shops"}, &search.Request{Suggest: map[string]any{
		"shop": search.CompletionSuggester{Prefix: "ca", Field: "name", Contexts: map[string][]search.CompletionContext{
			"kind": {{Context: "ba", Prefix: query.Ptr(true), Boost: query.Ptr(3)}, {Context: "canteen"}}}},
	}}, &search.Params{TypedKeys: query.Ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	got := resp.Suggestions("shop")
	if len(got) != 1 || got[0].Text != "ca" || got[0].Length != 2 || len(got[0].Options) != 2 {
		t.Fatalf("suggest = %+v", resp.Suggest)
	}
	// Cafe Rouge: weight 4 times the "ba" prefix context's boost 3.
	first, second := got[0].Options[0], got[0].Options[1]
	if first.Text != "Cafe Rouge" || first.Index != "shops" || first.ID != "1" || first.DocScore == nil || *first.DocScore != 12 ||
		!reflect.DeepEqual(first.Contexts, map[string][]string{"kind": {"bar"}}) ||
		string(first.Source) != `{"name":{"contexts":{"kind":["cafe","bar"]},"input":["Cafe Rouge"],"weight":4}}` {
		t.Errorf("first option = %+v", first)
	}
	if second.Text != "Canteen" || second.ID != "2" || second.DocScore == nil || *second.DocScore != 9 ||
		!reflect.DeepEqual(second.Contexts, map[string][]string{"kind": {"canteen"}}) {
		t.Errorf("second option = %+v", second)
	}
	// Fuzzy: one edit after the first letter; the weight 9 times the context
	// boost 1 plus the common prefix length 1.
	resp, err = srv.Client().Search.Search(context.Background(), []string{"shops"}, &search.Request{Suggest: map[string]any{
		"f": search.CompletionSuggester{Prefix: "cnteen", Field: "name", Fuzzy: &search.CompletionFuzzy{Fuzziness: 1},
			Contexts: map[string][]search.CompletionContext{"kind": {{Context: "canteen"}}}},
	}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f := resp.Suggestions("f"); len(f) != 1 || len(f[0].Options) != 1 || f[0].Options[0].Text != "Canteen" || *f[0].Options[0].DocScore != 18 {
		t.Errorf("fuzzy = %+v", resp.Suggest)
	}
}
