package indices

import (
	"reflect"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

func TestAliasSearch(t *testing.T) {
	s := newService(t, "a", "b")
	fa := jsonout.Object{{Key: "term", Value: jsonout.Object{{Key: "f", Value: "a"}}}}
	fb := jsonout.Object{{Key: "term", Value: jsonout.Object{{Key: "f", Value: "b"}}}}
	for _, p := range []struct {
		index, alias string
		a            *Alias
	}{
		{"a", "fa", &Alias{Filter: fa}}, {"a", "fb", &Alias{Filter: fb}}, {"b", "fb", &Alias{Filter: fb, SearchRouting: "1,2"}},
		{"a", "plain", &Alias{}}, {"b", "r", &Alias{SearchRouting: "3"}},
	} {
		if err := s.PutAlias([]string{p.index}, p.alias, p.a); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		expr, routing string
		filters       map[string][]jsonout.Object
		routes        map[string][]string
	}{
		{"a,b", "", nil, nil},
		{"fa", "", map[string][]jsonout.Object{"a": {fa}}, nil},
		{"fa,fb", "", map[string][]jsonout.Object{"a": {fa, fb}, "b": {fb}}, map[string][]string{"b": {"1", "2"}}},
		{"fa,plain", "", nil, nil},
		{"fb,b", "", map[string][]jsonout.Object{"a": {fb}}, nil},
		{"f*", "2,9", map[string][]jsonout.Object{"a": {fa, fb}, "b": {fb}}, map[string][]string{"a": {"2", "9"}, "b": {"2"}}},
		{"r", "9", nil, nil}, // an empty intersection searches every shard
		{"_all", "x", nil, map[string][]string{"a": {"x"}, "b": {"x"}}}, // every index with the request's routing
	}
	for _, tt := range tests {
		got := s.AliasSearch(tt.expr, DefaultOptions(), tt.routing)
		if !reflect.DeepEqual(got.Filters, tt.filters) || !reflect.DeepEqual(got.Routing, tt.routes) {
			t.Errorf("AliasSearch(%q, %q) = %v %v, want %v %v", tt.expr, tt.routing, got.Filters, got.Routing, tt.filters, tt.routes)
		}
	}
}

func BenchmarkAliasSearchNoAliases(b *testing.B) {
	v, _ := version.Parse(version.Default)
	s := New(clock.NewManual(time.UnixMilli(0)), v)
	for _, n := range []string{"a", "b", "c"} {
		if _, err := s.Create(CreateRequest{Name: n, Settings: settings.Settings{}}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.AliasSearch("a,b", DefaultOptions(), "")
	}
}
