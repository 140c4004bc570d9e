package fake

import (
	"encoding/json"
	"math"
	"testing"
)

// decayGeoLinear, decayGeoExp and decayGeoGauss in script_score, over each
// document's own point (the scores worked out apart from the fake with the
// haversine distance to the origin).
func TestScriptDecayGeo(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/geo", `{"mappings":{"properties":{"loc":{"type":"geo_point"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"geo","_id":"far"}}
{"loc":{"lat":40.24,"lon":-70.24}}
{"index":{"_index":"geo","_id":"near"}}
{"loc":{"lat":40.12,"lon":-70.12}}
`, 200, `{<**>"errors":false<**>}`)
	for fn, want := range map[string][2]float64{
		"Linear": {0.9579922, 0.9160118},
		"Exp":    {0.9434281, 0.8900903},
		"Gauss":  {0.9951193, 0.9806321},
	} {
		got := expect(t, s, "POST", "/geo/_search?filter_path=hits.hits._id,hits.hits._score", `{"query":{"script_score":{"query":{"match_all":{}},
			"script":{"source":"decayGeo`+fn+`(params.origin, params.scale, params.offset, params.decay, doc['loc'].value)",
			"params":{"origin":"40, -70","scale":"200km","offset":"0km","decay":0.5}}}}}`, 200, "")
		var res struct {
			Hits struct {
				Hits []struct {
					ID    string  `json:"_id"`
					Score float64 `json:"_score"`
				} `json:"hits"`
			} `json:"hits"`
		}
		if err := json.Unmarshal([]byte(got), &res); err != nil {
			t.Fatal(err)
		}
		h := res.Hits.Hits
		if len(h) != 2 || h[0].ID != "near" || h[1].ID != "far" || math.Abs(h[0].Score-want[0]) > 1e-5 || math.Abs(h[1].Score-want[1]) > 1e-5 {
			t.Errorf("decayGeo%s: %s, want near %v then far %v", fn, got, want[0], want[1])
		}
	}
	expect(t, s, "POST", "/geo/_search", `{"query":{"script_score":{"query":{"match_all":{}},"script":{"source":"decayGeoExp('40, -70', '2km', '0', 0.5, 3)"}}}}`, 400,
		`{<**>"caused_by":{"type":"class_cast_exception","reason":"Cannot cast java.lang.Integer to org.opensearch.common.geo.GeoPoint"}<**>`)
}
