package search_test

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/indices"
	"github.com/clustersearch/clustersearch-go/mapping"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

// A typed geo_shape mapping and the typed geo_shape query against the fake.
func TestFakeGeoShapeTyped(t *testing.T) {
	t.Parallel()
	srv := fake.New(t)
	c := srv.Client()
	ctx := context.Background()
	m := &mapping.Mappings{Properties: map[string]mapping.Property{
		"area": &mapping.GeoShape{Orientation: "right", Coerce: query.Ptr(true)},
	}}
	if _, err := c.Indices.Create(ctx, "regions", &indices.CreateRequest{Mappings: m}, nil); err != nil {
		t.Fatal(err)
	}
	if err := srv.IndexDocuments("regions",
		fake.Doc{ID: "nl", Source: map[string]any{"area": "POLYGON ((3 50, 7 50, 7 54, 3 54))"}},
		fake.Doc{ID: "fr", Source: map[string]any{"area": map[string]any{"type": "envelope", "coordinates": [][]float64{{-5, 51}, {8, 42}}}}},
	); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q    query.Query
		want []string
	}{
		{query.GeoShape("area", "POINT (4.9 52.4)"), []string{"nl"}},
		{query.GeoShape("area", query.Envelope(query.GeoPoint{Lat: 60, Lon: -10}, query.GeoPoint{Lat: 40, Lon: 10})).WithRelation("within"), []string{"fr", "nl"}},
		{query.GeoShape("area", "POINT (4.9 52.4)").WithRelation("disjoint"), []string{"fr"}},
	} {
		resp, err := c.Search.Search(ctx, []string{"regions"}, &search.Request{Query: tc.q, Sort: []search.Sort{{Field: "_id"}}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, h := range resp.Hits.Hits {
			got = append(got, h.ID)
		}
		if len(got) != len(tc.want) || (len(got) > 0 && got[0] != tc.want[0]) || (len(got) > 1 && got[1] != tc.want[1]) {
			t.Errorf("%T: got %v, want %v", tc.q, got, tc.want)
		}
	}
}
