package search_test

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/aggs"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

func TestFakeGeoIPAndMatrixAggregationsDecodeTyped(t *testing.T) {
	t.Parallel()
	srv := fake.New(t)
	if err := srv.CreateIndex("places", map[string]any{"mappings": map[string]any{"properties": map[string]any{
		"location": map[string]any{"type": "geo_point"}, "ip": map[string]any{"type": "ip"},
		"visits": map[string]any{"type": "long"}, "rating": map[string]any{"type": "double"},
	}}}); err != nil {
		t.Fatal(err)
	}
	if err := srv.IndexDocuments("places",
		fake.Doc{ID: "1", Source: map[string]any{"location": "52.3676,4.9041", "ip": "10.0.0.1", "visits": 10, "rating": 4.0}},
		fake.Doc{ID: "2", Source: map[string]any{"location": "52.0907,5.1214", "ip": "10.0.0.9", "visits": 20, "rating": 3.0}},
		fake.Doc{ID: "3", Source: map[string]any{"location": "48.8566,2.3522", "ip": "192.168.1.1", "visits": 30, "rating": 5.0}},
	); err != nil {
		t.Fatal(err)
	}
	resp, err := srv.Client().Search.Search(context.Background(), []string{"places"}, &search.Request{Size: query.Ptr(0), Aggs: aggs.Aggs{
		"nets":  aggs.IPRangeOf("ip", aggs.IPMask("10.0.0.0/29"), aggs.IPBetween("10.0.0.8", "")),
		"rings": aggs.GeoDistanceOf("location", aggs.GeoPoint{Lat: 52.3676, Lon: 4.9041}, aggs.Below(100), aggs.From(100)).WithUnit(aggs.Kilometers),
		"cells": aggs.GeohashGrid("location").WithPrecision(2).Sub("box", aggs.GeoBoundsOf("location")),
		"mid":   aggs.GeoCentroidOf("location"),
		"m":     aggs.MatrixStats("visits", "rating"),
	}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	nets, err := resp.Aggregations.Range("nets")
	if err != nil || len(nets.Buckets) != 2 || nets.Buckets[0].Key != "10.0.0.0/29" || nets.Buckets[0].DocCount != 1 ||
		nets.Buckets[1].Key != "10.0.0.8-*" || nets.Buckets[1].DocCount != 2 {
		t.Fatalf("nets %+v %v", nets, err)
	}
	rings, err := resp.Aggregations.Range("rings")
	if err != nil || rings.Buckets[0].DocCount != 2 || rings.Buckets[1].DocCount != 1 || rings.Buckets[0].Key != "*-100.0" {
		t.Fatalf("rings %+v %v", rings, err)
	}
	cells, err := resp.Aggregations.GeoGrid("cells")
	if err != nil || len(cells.Buckets) != 2 || cells.Buckets[0].Key != "u1" || cells.Buckets[0].DocCount != 2 {
		t.Fatalf("cells %+v %v", cells, err)
	}
	box, err := cells.Buckets[0].Aggregations.GeoBounds("box")
	if err != nil || box.TopLeft == nil || box.TopLeft.Lat < 52.36 || box.BottomRight.Lon < 5.12 {
		t.Fatalf("box %+v %v", box, err)
	}
	if mid, err := resp.Aggregations.GeoCentroid("mid"); err != nil || mid.Count != 3 {
		t.Fatalf("centroid %+v %v", mid, err)
	}
	m, err := resp.Aggregations.MatrixStats("m")
	if err != nil || m.DocCount != 3 || len(m.Fields) != 2 {
		t.Fatalf("matrix %+v %v", m, err)
	}
	if v, _ := m.Field("visits"); v.Mean != 20 || v.Variance != 100 || v.Correlation["rating"] != 0.5 {
		t.Errorf("visits %+v", v)
	}
}
