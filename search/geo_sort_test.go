package search

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/query"
)

func TestGeoDistanceSortWireForm(t *testing.T) {
	s := SortByGeoDistance("pin", "km", "desc", query.GeoPoint{Lat: 40.7, Lon: -74})
	s.GeoDistance.Mode = "max"
	s.GeoDistance.IgnoreUnmapped = query.Ptr(true)
	b, err := jsonx.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"_geo_distance":{"pin":[{"lat":40.7,"lon":-74}],"order":"desc","unit":"km","mode":"max","ignore_unmapped":true}}`
	if string(b) != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
	if _, err := jsonx.Marshal(SortByGeoDistance("pin", "", "")); err == nil {
		t.Error("a sort without points marshalled")
	}
	if _, err := jsonx.Marshal(SortByGeoDistance("", "", "", query.GeoPoint{})); err == nil {
		t.Error("a sort without field marshalled")
	}
}
