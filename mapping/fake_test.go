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
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
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

// Derived fields in a typed mapping and in a typed search request work
// against the fake: GET _mapping returns them, a query and the fields
// option read the script's values.
func TestTypedDerivedFieldsOnTheFake(t *testing.T) {
	srv := fake.New(t)
	c := srv.Client()
	ctx := context.Background()
	m := &mapping.Mappings{
		Derived: map[string]*mapping.DerivedField{
			"upper": {Type: mapping.DerivedKeyword, Script: &types.Script{Source: "emit(params._source['name'].toUpperCase())", Lang: "painless"}},
		},
		Properties: map[string]mapping.Property{"name": &mapping.Keyword{}},
	}
	if _, err := c.Indices.Create(ctx, "people", &indices.CreateRequest{Mappings: m}, nil); err != nil {
		t.Fatal(err)
	}
	var got map[string]struct {
		Mappings json.RawMessage `json:"mappings"`
	}
	if _, err := c.Do(ctx, &clustersearch.Request{Method: "GET", Path: "/people/_mapping"}, &got); err != nil {
		t.Fatal(err)
	}
	sent, _ := jsonx.Marshal(m)
	var a, b any
	_ = json.Unmarshal(sent, &a)
	_ = json.Unmarshal(got["people"].Mappings, &b)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("GET _mapping differs from the typed mapping:\nsent %s\n got %s", sent, got["people"].Mappings)
	}
	if err := srv.IndexDocuments("people", fake.Doc{ID: "1", Source: map[string]any{"name": "ann"}}, fake.Doc{ID: "2", Source: map[string]any{"name": "bob"}}); err != nil {
		t.Fatal(err)
	}
	res, err := c.Search.Search(ctx, []string{"people"}, &search.Request{
		Derived: map[string]*mapping.DerivedField{"initial": mapping.Derived(mapping.DerivedKeyword, "emit(params._source['name'].substring(0, 1))")},
		Query:   query.Term("upper", "BOB"),
		Fields:  []search.FieldAndFormat{{Field: "upper"}, {Field: "initial"}},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits.Hits) != 1 || res.Hits.Hits[0].ID != "2" {
		t.Fatalf("hits: %+v", res.Hits.Hits)
	}
	f := res.Hits.Hits[0].Fields
	if string(f["upper"]) != `["BOB"]` || string(f["initial"]) != `["b"]` {
		t.Errorf("fields: upper %s, initial %s", f["upper"], f["initial"])
	}
}
