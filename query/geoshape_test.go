package query

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

func TestGeoShapeBuilder(t *testing.T) {
	t.Parallel()
	inline := GeoShape("area", Envelope(GeoPoint{Lat: 60, Lon: 0}, GeoPoint{Lat: 40, Lon: 10})).WithRelation("within").WithBoost(2).WithName("box")
	inline.IgnoreUnmapped = Ptr(true)
	cases := []struct {
		name string
		q    Query
		want string
	}{
		{"envelope", inline, `{"geo_shape":{"area":{"shape":{"coordinates":[[0,60],[10,40]],"type":"envelope"},"relation":"within"},"ignore_unmapped":true,"boost":2,"_name":"box"}}`},
		{"wkt", GeoShape("area", "POINT (1 2)"), `{"geo_shape":{"area":{"shape":"POINT (1 2)"}}}`},
		{"indexed", GeoShapeIndexed("area", IndexedShape{Index: "shapes", ID: "nl", Path: "geo.shape", Routing: "r"}).WithRelation("disjoint"),
			`{"geo_shape":{"area":{"indexed_shape":{"index":"shapes","id":"nl","path":"geo.shape","routing":"r"},"relation":"disjoint"}}}`},
	}
	for _, c := range cases {
		b, err := jsonx.Marshal(c.q)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if string(b) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, b, c.want)
		}
	}
	for name, q := range map[string]*GeoShapeQuery{
		"no field": GeoShape("", "POINT (1 2)"),
		"no shape": {Field: "a"},
		"both":     {Field: "a", Shape: "POINT (1 2)", Indexed: &IndexedShape{ID: "x"}},
		"no id":    GeoShapeIndexed("a", IndexedShape{}),
	} {
		if _, err := jsonx.Marshal(q); err == nil {
			t.Errorf("%s: marshalled without error", name)
		}
	}
}
