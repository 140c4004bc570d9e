package search

import (
	"context"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestScriptSortWireForm(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "search_full.json")
	body := &Request{Sort: []Sort{
		SortByScript("number", &types.Script{Source: "doc['n'].value * params.f", Params: map[string]any{"f": 2}}, "desc"),
		SortByScript("string", &types.Script{Source: "doc['k'].value"}, ""),
		{Script: &types.Script{ID: "by-age"}, ScriptType: "number", Mode: "max"},
		SortBy("_id", "asc"),
	}}
	if _, err := svc.Search(context.Background(), []string{"books"}, body, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/books/_search", "", `{"sort":[
		{"_script":{"type":"number","script":{"source":"doc['n'].value * params.f","params":{"f":2}},"order":"desc"}},
		{"_script":{"type":"string","script":{"source":"doc['k'].value"}}},
		{"_script":{"type":"number","script":{"id":"by-age"},"mode":"max"}},
		{"_id":"asc"}]}`)
}

func TestScriptSortRejectsBadInput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		s    Sort
		want string
	}{
		{"no type", Sort{Script: &types.Script{Source: "1"}}, `needs type "number" or "string"`},
		{"bad type", SortByScript("date", &types.Script{Source: "1"}, ""), `needs type "number" or "string"`},
		{"field and script", Sort{Field: "x", Script: &types.Script{Source: "1"}, ScriptType: "number"}, "has no field"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := jsonx.Marshal(c.s)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want it to mention %q", err, c.want)
			}
		})
	}
}
