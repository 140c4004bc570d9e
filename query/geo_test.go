package query

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

func TestGeoAndScoringBuilders(t *testing.T) {
	t.Parallel()
	dist := GeoDistance("pin", GeoPoint{Lat: 40, Lon: -70}, "12km").WithName("near")
	dist.DistanceType = "plane"
	dist.IgnoreUnmapped = Ptr(true)
	box := GeoBoundingBox("pin", GeoPoint{Lat: 41, Lon: -74}, GeoPoint{Lat: 40, Lon: -71})
	box.ValidationMethod = "COERCE"
	cases := []struct {
		name string
		q    Query
		want string
	}{
		{"geo_distance", dist, `{"geo_distance":{"distance":"12km","pin":{"lat":40,"lon":-70},"distance_type":"plane","ignore_unmapped":true,"_name":"near"}}`},
		{"geo_bounding_box", box, `{"geo_bounding_box":{"pin":{"top_left":{"lat":41,"lon":-74},"bottom_right":{"lat":40,"lon":-71}},"validation_method":"COERCE"}}`},
		{"geo_polygon", GeoPolygon("pin", GeoPoint{0, 0}, GeoPoint{0, 10}, GeoPoint{10, 0}), `{"geo_polygon":{"pin":{"points":[{"lat":0,"lon":0},{"lat":0,"lon":10},{"lat":10,"lon":0}]}}}`},
		{"boosting", Boosting(Match("body", "apple"), Term("body", "pie"), 0.5), `{"boosting":{"positive":{"match":{"body":{"query":"apple"}}},"negative":{"term":{"body":{"value":"pie"}}},"negative_boost":0.5}}`},
		{"match_bool_prefix", MatchBoolPrefix("title", "quick br").WithOperator("and"), `{"match_bool_prefix":{"title":{"query":"quick br","operator":"and"}}}`},
		{"distance_feature date", DistanceFeature("at", "now", "7d"), `{"distance_feature":{"field":"at","origin":"now","pivot":"7d"}}`},
		{"distance_feature geo", DistanceFeature("pin", GeoPoint{Lat: 1, Lon: 2}, "1km"), `{"distance_feature":{"field":"pin","origin":{"lat":1,"lon":2},"pivot":"1km"}}`},
		{"rank_feature", RankFeature("pagerank").Saturation(8), `{"rank_feature":{"field":"pagerank","saturation":{"pivot":8}}}`},
		{"rank_feature log", RankFeature("topics.go").Log(1), `{"rank_feature":{"field":"topics.go","log":{"scaling_factor":1}}}`},
		{"rank_feature linear", RankFeature("len").Linear(), `{"rank_feature":{"field":"len","linear":{}}}`},
		{"terms_set", TermsSet("langs", "need", "go", "java"), `{"terms_set":{"langs":{"terms":["go","java"],"minimum_should_match_field":"need"}}}`},
		{"wrapper", Wrapper(Term("body", "pie")), `{"wrapper":{"query":"eyJ0ZXJtIjp7ImJvZHkiOnsidmFsdWUiOiJwaWUifX19"}}`},
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
	bad := []Query{
		GeoDistance("", GeoPoint{}, "1km"), GeoDistance("pin", GeoPoint{}, ""),
		GeoPolygon("pin", GeoPoint{}, GeoPoint{}), Boosting(nil, MatchAll(), 1), Boosting(MatchAll(), MatchAll(), -1),
		DistanceFeature("at", nil, "1d"), Wrapper(nil), MatchBoolPrefix("", "x"), TermsSet("langs", ""), RankFeature(""), &RankFeatureQuery{Field: "f", Function: "sigmoid"},
	}
	for i, q := range bad {
		if _, err := jsonx.Marshal(q); err == nil {
			t.Errorf("bad builder %d marshalled", i)
		}
	}
}
