package search

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/aggs"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
)

const geoAggsResponse = `{"took":2,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},
	"hits":{"total":{"value":5,"relation":"eq"},"max_score":null,"hits":[]},
	"aggregations":{"ip_range#nets":{"buckets":[{"key":"*-10.0.0.5","to":"10.0.0.5","doc_count":3}]},
		"geo_distance#rings":{"buckets":[{"key":"*-100.0","from":0.0,"to":100.0,"doc_count":2,"geo_bounds#box":{"bounds":{"top_left":{"lat":52.5,"lon":4.8},"bottom_right":{"lat":52.3,"lon":5.0}}}}]},
		"geotile_grid#tiles":{"buckets":[{"key":"8/131/84","doc_count":2,"geo_centroid#c":{"location":{"lat":52.4,"lon":4.9},"count":2}}]},
		"matrix_stats#m":{"doc_count":0}}}`

func TestSearchGeoIPAndMatrixAggregationsOnTheWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, geoAggsResponse)
	resp, err := svc.Search(context.Background(), []string{"places"}, &Request{Size: query.Ptr(0), Aggs: aggs.Aggs{
		"nets":  aggs.IPRangeOf("ip", aggs.IPBetween("", "10.0.0.5")),
		"rings": aggs.GeoDistanceOf("location", "52.37,4.89", aggs.Below(100)).WithUnit(aggs.Kilometers).Sub("box", aggs.GeoBoundsOf("location")),
		"tiles": aggs.GeotileGrid("location").WithPrecision(8).Sub("c", aggs.GeoCentroidOf("location")),
		"m":     aggs.MatrixStats("price", "qty"),
	}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/places/_search", "typed_keys=true", `{"size":0,"aggs":{
		"m":{"matrix_stats":{"fields":["price","qty"]}},
		"nets":{"ip_range":{"field":"ip","ranges":[{"to":"10.0.0.5"}]}},
		"rings":{"geo_distance":{"field":"location","origin":"52.37,4.89","ranges":[{"to":100}],"unit":"km"},"aggs":{"box":{"geo_bounds":{"field":"location"}}}},
		"tiles":{"geotile_grid":{"field":"location","precision":8},"aggs":{"c":{"geo_centroid":{"field":"location"}}}}}}`)
	nets, err := resp.Aggregations.Range("nets")
	if err != nil || nets.Buckets[0].ToAsString != "10.0.0.5" || nets.Buckets[0].DocCount != 3 {
		t.Fatalf("nets %+v %v", nets, err)
	}
	rings, err := resp.Aggregations.Range("rings")
	if err != nil || *rings.Buckets[0].To != 100 {
		t.Fatalf("rings %+v %v", rings, err)
	}
	box, err := rings.Buckets[0].Aggregations.GeoBounds("box")
	if err != nil || box.TopLeft.Lat != 52.5 || box.BottomRight.Lon != 5 {
		t.Fatalf("box %+v %v", box, err)
	}
	tiles, err := resp.Aggregations.GeoGrid("tiles")
	if err != nil || tiles.Buckets[0].Key != "8/131/84" {
		t.Fatalf("tiles %+v %v", tiles, err)
	}
	if c, err := tiles.Buckets[0].Aggregations.GeoCentroid("c"); err != nil || c.Count != 2 || c.Location.Lon != 4.9 {
		t.Fatalf("centroid %+v %v", c, err)
	}
	if m, err := resp.Aggregations.MatrixStats("m"); err != nil || m.DocCount != 0 || m.Fields != nil {
		t.Fatalf("matrix %+v %v", m, err)
	}
	if _, err := resp.Aggregations.GeoGrid("nets"); err == nil {
		t.Error("an ip_range taken for a grid")
	}
}
