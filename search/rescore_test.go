package search

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/internal/shareddata"
	"github.com/clustersearch/clustersearch-go/query"
)

func TestRescoreWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "search_full.json")
	body := &Request{
		Query: query.Match("title", "fox"),
		Rescore: []Rescore{
			QueryRescore(query.MatchPhrase("title", "quick fox")),
			{WindowSize: query.Ptr(0), Query: RescoreQuery{RescoreQuery: query.Term("tag", "x"), QueryWeight: query.Ptr(0.0),
				RescoreQueryWeight: query.Ptr(2.5), ScoreMode: RescoreMin}},
		},
	}
	if _, err := svc.Search(context.Background(), []string{"books"}, body, nil); err != nil {
		t.Fatal(err)
	}
	// Set zeros are sent; unset options are left to the server's defaults.
	sdktest.CheckCall(t, rec.Last(t), "POST", "/books/_search", "", `{"query":{"match":{"title":{"query":"fox"}}},"rescore":[`+
		`{"query":{"rescore_query":{"match_phrase":{"title":{"query":"quick fox"}}}}},`+
		`{"window_size":0,"query":{"rescore_query":{"term":{"tag":{"value":"x"}}},"query_weight":0,"rescore_query_weight":2.5,"score_mode":"min"}}]}`)
}

func TestRescoreWithoutQueryIsRefused(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "search_full.json")
	_, err := svc.Search(context.Background(), []string{"books"}, &Request{Rescore: []Rescore{{WindowSize: query.Ptr(5)}}}, nil)
	if err == nil || !strings.Contains(err.Error(), "a query rescorer needs a RescoreQuery") {
		t.Fatalf("err = %v", err)
	}
	if n := len(rec.Calls); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

func TestRescoreTypesCoverTheOpenAPISchemas(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		pointer string
		typ     reflect.Type
	}{
		{"components/schemas/Rescore", reflect.TypeOf(Rescore{})},
		{"components/schemas/RescoreQuery", reflect.TypeOf(RescoreQuery{})},
	} {
		spec := sdktest.SchemaProps(t, "../schemas/_core.search.yaml", c.pointer)
		have := sdktest.JSONNames(c.typ)
		if m := sdktest.Missing(spec, have, nil); len(m) > 0 {
			t.Errorf("%s: no field for %v", c.pointer, m)
		}
		for k := range have {
			if !spec[k] {
				t.Errorf("%s: sends %q, which the specification does not list", c.pointer, k)
			}
		}
	}
	data, err := os.ReadFile(shareddata.Path(t, "openapi", "spec", "schemas", "_core.search.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas struct {
				ScoreMode struct {
					Enum []string `yaml:"enum"`
				} `yaml:"ScoreMode"`
			} `yaml:"schemas"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	modes := doc.Components.Schemas.ScoreMode.Enum
	want := []string{string(RescoreAvg), string(RescoreMax), string(RescoreMin), string(RescoreMultiply), string(RescoreTotal)}
	if !reflect.DeepEqual(modes, want) {
		t.Errorf("score modes: spec %v, SDK %v", modes, want)
	}
}
