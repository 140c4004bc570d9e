package fake

import (
	"encoding/json"
	"math"
	"testing"
)

// geo_point: every input form, geo_distance / geo_bounding_box /
// geo_polygon queries, _geo_distance sorts, doc values (quantised
// lat/lon objects) and the fields API (GeoJSON), with the parse errors.
func TestGeoPointField(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/g", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"loc":{"type":"geo_point"},"name":{"type":"keyword"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"g","_id":"ams"}}
{"loc":{"lat":52.376,"lon":4.894}}
{"index":{"_index":"g","_id":"par"}}
{"loc":"48.8566,2.3522"}
{"index":{"_index":"g","_id":"ber"}}
{"loc":[13.405,52.52]}
{"index":{"_index":"g","_id":"lon"}}
{"loc":"POINT (-0.1276 51.5072)"}
{"index":{"_index":"g","_id":"none"}}
{"name":"nowhere"}
{"index":{"_index":"g","_id":"hash"}}
{"loc":"u173zq"}
`, 200, `{<**>"errors":false<**>}`)
	ids := func(body, want string) {
		t.Helper()
		expect(t, s, "POST", "/g/_search?filter_path=hits.hits._id", body, 200, want)
	}
	ids(`{"query":{"geo_distance":{"distance":"500km","loc":{"lat":52.376,"lon":4.894}}},"sort":["_id"]}`, `{"hits":{"hits":[{"_id":"ams"},{"_id":"hash"},{"_id":"lon"},{"_id":"par"}]}}`)
	ids(`{"query":{"geo_distance":{"distance":"100m","loc":"52.376,4.894"}}}`, `{"hits":{"hits":[{"_id":"ams"}]}}`)
	ids(`{"query":{"geo_bounding_box":{"loc":{"top_left":{"lat":53,"lon":0},"bottom_right":{"lat":50,"lon":10}}}},"sort":["_id"]}`, `{"hits":{"hits":[{"_id":"ams"},{"_id":"hash"}]}}`)
	ids(`{"query":{"geo_bounding_box":{"loc":{"wkt":"BBOX (-1, 14, 53, 52)"}}},"sort":["_id"]}`, `{"hits":{"hits":[{"_id":"ams"},{"_id":"ber"},{"_id":"hash"}]}}`)
	ids(`{"query":{"geo_polygon":{"loc":{"points":[[0,50],[10,50],[10,53],[0,53]]}}},"sort":["_id"]}`, `{"hits":{"hits":[{"_id":"ams"},{"_id":"hash"}]}}`)
	ids(`{"query":{"geo_bounding_box":{"loc":{"top":53,"left":170,"bottom":50,"right":5}}},"sort":["_id"]}`, `{"hits":{"hits":[{"_id":"ams"},{"_id":"hash"},{"_id":"lon"}]}}`)

	// Sorted by distance from Amsterdam, in km; the point-less document last
	// with Infinity.
	got := expect(t, s, "POST", "/g/_search?filter_path=hits.hits._id,hits.hits.sort", `{"sort":[{"_geo_distance":{"loc":[4.894,52.376],"unit":"km"}}]}`, 200, "")
	var res struct {
		Hits struct {
			Hits []struct {
				ID   string `json:"_id"`
				Sort []any  `json:"sort"`
			} `json:"hits"`
		} `json:"hits"`
	}
	if err := json.Unmarshal([]byte(got), &res); err != nil {
		t.Fatal(err)
	}
	// Great-circle distances worked out apart from the fake.
	want := []struct {
		id string
		km float64
	}{{"ams", 0}, {"hash", 0.16}, {"lon", 358}, {"par", 430}, {"ber", 577}}
	if len(res.Hits.Hits) != 6 || res.Hits.Hits[5].ID != "none" || res.Hits.Hits[5].Sort[0] != "Infinity" {
		t.Fatalf("geo sort: %s", got)
	}
	for i, w := range want {
		h := res.Hits.Hits[i]
		d, _ := h.Sort[0].(float64)
		if h.ID != w.id || math.Abs(d-w.km) > 1 {
			t.Errorf("hit %d: %s at %v km, want %s at about %v", i, h.ID, h.Sort[0], w.id, w.km)
		}
	}

	expect(t, s, "POST", "/g/_search?filter_path=hits.hits.fields", `{"query":{"ids":{"values":["ber"]}},"docvalue_fields":["loc"],"fields":[{"field":"loc"}]}`, 200,
		`{"hits":{"hits":[{"fields":{"loc":[{"coordinates":[13.405,52.52],"type":"Point"}]}}]}}`)
	expect(t, s, "POST", "/g/_search?filter_path=hits.hits.fields", `{"query":{"ids":{"values":["ber"]}},"docvalue_fields":["loc"]}`, 200,
		`{"hits":{"hits":[{"fields":{"loc":[{"lat":<*>,"lon":<*>}]}}]}}`)
	expect(t, s, "GET", "/g/_source/ber", "", 200, `{"loc":[13.405,52.52]}`)

	expect(t, s, "PUT", "/g/_doc/bad", `{"loc":{"lat":91,"lon":0}}`, 400,
		`{<**>"reason":"failed to parse field [loc] of type [geo_point] in document with id 'bad'. Preview of field's value: '{lat=91, lon=0}'","caused_by":{"type":"illegal_argument_exception","reason":"illegal latitude value [91.0] for loc"}},"status":400}`)
	expect(t, s, "PUT", "/g/_doc/bad", `{"loc":{"lat":1}}`, 400, `{<**>"caused_by":{"type":"parse_exception","reason":"field [lon] missing"}},"status":400}`)
	expect(t, s, "POST", "/g/_search", `{"query":{"term":{"loc":"1,2"}}}`, 400, `{<**>"reason":"Geometry fields do not support exact searching, use dedicated geometry queries instead: [loc]"<**>`)
	expect(t, s, "POST", "/g/_search", `{"sort":["loc"]}`, 400, `{<**>"reason":"can't sort on geo_point field without using specific sorting feature, like geo_distance"<**>`)
	expect(t, s, "POST", "/g/_search", `{"query":{"geo_distance":{"distance":"1km","name":"1,2"}}}`, 400, `{<**>"reason":"field [name] is not a geo_point field"<**>`)
}
