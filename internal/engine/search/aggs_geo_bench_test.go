package search

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// geoBenchCorpus is 100,000 documents with a point spread over Europe, an
// IPv4 address in a /16 and two numbers.
func geoBenchCorpus(b *testing.B) *fixture {
	r := rand.New(rand.NewPCG(3, 4))
	f := newFixture(b, 1, `{"properties":{"loc":{"type":"geo_point"},"ip":{"type":"ip"},"x":{"type":"long"},"y":{"type":"double"}}}`)
	for i := 0; i < benchDocs; i++ {
		src := fmt.Appendf(nil, `{"loc":"%f,%f","ip":"10.1.%d.%d","x":%d,"y":%f}`,
			35+r.Float64()*30, -10+r.Float64()*40, r.IntN(256), r.IntN(256), r.IntN(1000), r.Float64()*100)
		f.writeBenchDoc(b, i, src)
	}
	f.x.Refresh(f.svc)
	return f
}

// BenchmarkAggsGeoIPMatrix100k times the geo, ip_range and matrix_stats
// aggregations over 100,000 matching documents in the engine (no HTTP).
func BenchmarkAggsGeoIPMatrix100k(b *testing.B) {
	f := geoBenchCorpus(b)
	cases := []aggsBenchCase{
		{"geo_distance", `{"d":{"geo_distance":{"field":"loc","origin":"52.37,4.89","unit":"km","ranges":[{"to":500},{"from":500,"to":1500},{"from":1500}]}}}`},
		{"geohash_grid", `{"g":{"geohash_grid":{"field":"loc","precision":4}}}`},
		{"geotile_grid", `{"g":{"geotile_grid":{"field":"loc","precision":8}}}`},
		{"geo_bounds", `{"b":{"geo_bounds":{"field":"loc"}}}`},
		{"geo_centroid", `{"c":{"geo_centroid":{"field":"loc"}}}`},
		{"ip_range", `{"r":{"ip_range":{"field":"ip","ranges":[{"mask":"10.1.0.0/17"},{"mask":"10.1.128.0/17"},{"to":"10.1.64.0"}]}}}`},
		{"matrix_stats", `{"m":{"matrix_stats":{"fields":["x","y"]}}}`},
	}
	runAggsBench(b, f, cases)
}
