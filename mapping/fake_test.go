package mapping_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/indices"
	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/mapping"
)

// A typed mapping with the field types real applications use creates an
// index on the fake, and GET _mapping returns the same definition.
func TestTypedMappingCreatesIndex(t *testing.T) {
	srv := fake.New(t)
	c := srv.Client()
	ctx := context.Background()
	m := &mapping.Mappings{
		Properties: map[string]mapping.Property{
			"title":    &mapping.Text{Analyzer: "english", Fields: map[string]mapping.Property{"raw": &mapping.Keyword{}}},
			"price":    &mapping.ScaledFloat{ScalingFactor: 100},
			"views":    &mapping.Number{Type: mapping.UnsignedLong},
			"client":   &mapping.IP{},
			"location": &mapping.GeoPoint{},
			"seen":     &mapping.Date{Nanos: true},
			"blob":     &mapping.Binary{},
			"kind":     &mapping.ConstantKeyword{Value: "product"},
			"path":     &mapping.Wildcard{},
			"words":    &mapping.TokenCount{Analyzer: "standard"},
			"suggest":  &mapping.SearchAsYouType{},
			"valid":    &mapping.Range{Type: mapping.DateRange},
			"cost":     &mapping.Alias{Path: "price"},
		},
	}
	if _, err := c.Indices.Create(ctx, "shop", &indices.CreateRequest{Mappings: m}, nil); err != nil {
		t.Fatal(err)
	}
	var got map[string]struct {
		Mappings json.RawMessage `json:"mappings"`
	}
	if _, err := c.Do(ctx, &clustersearch.Request{Method: "GET", Path: "/shop/_mapping"}, &got); err != nil {
		t.Fatal(err)
	}
	sent, _ := jsonx.Marshal(m)
	var a, b any
	_ = json.Unmarshal(sent, &a)
	_ = json.Unmarshal(got["shop"].Mappings, &b)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("GET _mapping differs from the typed mapping:\nsent %s\n got %s", sent, got["shop"].Mappings)
	}
}
