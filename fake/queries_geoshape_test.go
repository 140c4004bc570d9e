package fake

import (
	"fmt"
	"testing"
)

// The geo_shape query on geo_shape and geo_point fields: every relation,
// inline shapes of each type, indexed shapes, ignore_unmapped, boost and
// _name, and the errors, on one and three shards.
func TestGeoShapeQuery(t *testing.T) {
	for _, shards := range []int{1, 3} {
		t.Run(fmt.Sprint(shards), func(t *testing.T) {
			s := newTestServer(t)
			expect(t, s, "PUT", "/g", fmt.Sprintf(`{"settings":{"number_of_shards":%d},"mappings":{"properties":{"s":{"type":"geo_shape"},"p":{"type":"geo_point"},"k":{"type":"keyword"}}}}`, shards), 200, "")
			expect(t, s, "PUT", "/shapes", `{"mappings":{"properties":{"shape":{"type":"geo_shape"},"area":{"properties":{"geo":{"type":"geo_shape"}}}}}}`, 200, "")
			expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"g","_id":"pt"}}
{"s":{"type":"Point","coordinates":[5,5]},"p":[5,5]}
{"index":{"_index":"g","_id":"hole"}}
{"s":"POINT (2.5 2.5)","p":"2.5,2.5"}
{"index":{"_index":"g","_id":"far"}}
{"s":"POINT (50 50)","p":"POINT (50 50)"}
{"index":{"_index":"g","_id":"line"}}
{"s":{"type":"LineString","coordinates":[[-5,5],[15,5]]}}
{"index":{"_index":"g","_id":"poly"}}
{"s":"POLYGON ((1 1, 9 1, 9 9, 1 9, 1 1))"}
{"index":{"_index":"g","_id":"big"}}
{"s":{"type":"envelope","coordinates":[[-20,20],[20,-20]]}}
{"index":{"_index":"g","_id":"none"}}
{"k":"x"}
{"index":{"_index":"shapes","_id":"sq"}}
{"shape":{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[3,2],[3,3],[2,3],[2,2]]]},"area":{"geo":"BBOX (40, 60, 60, 40)"}}
`, 200, `{<**>"errors":false<**>}`)
			ids := func(q, want string) {
				t.Helper()
				expect(t, s, "POST", "/g/_search?filter_path=hits.hits._id", `{"query":`+q+`,"sort":["_id"]}`, 200, want)
			}
			square := `{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[3,2],[3,3],[2,3],[2,2]]]}`
			ids(`{"geo_shape":{"s":{"shape":`+square+`}}}`, `{"hits":{"hits":[{"_id":"big"},{"_id":"line"},{"_id":"poly"},{"_id":"pt"}]}}`)
			ids(`{"geo_shape":{"s":{"shape":`+square+`,"relation":"within"}}}`, `{"hits":{"hits":[{"_id":"pt"}]}}`)
			ids(`{"geo_shape":{"s":{"shape":`+square+`,"relation":"DISJOINT"}}}`, `{"hits":{"hits":[{"_id":"far"},{"_id":"hole"}]}}`)
			ids(`{"geo_shape":{"s":{"shape":`+square+`,"relation":"contains"}}}`, `{"hits":{"hits":[{"_id":"big"}]}}`)
			ids(`{"geo_shape":{"s":{"shape":"POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))","relation":"within"}}}`, `{"hits":{"hits":[{"_id":"hole"},{"_id":"poly"},{"_id":"pt"}]}}`)
			ids(`{"geo_shape":{"s":{"shape":{"type":"Point","coordinates":[5,5]},"relation":"contains"}}}`, `{"hits":{"hits":[{"_id":"big"},{"_id":"line"},{"_id":"poly"},{"_id":"pt"}]}}`)
			ids(`{"geo_shape":{"s":{"shape":"LINESTRING (0 -30, 0 30)"}}}`, `{"hits":{"hits":[{"_id":"big"},{"_id":"line"}]}}`)
			ids(`{"geo_shape":{"s":{"shape":"MULTIPOINT (50 50, 2.5 2.5)"}}}`, `{"hits":{"hits":[{"_id":"big"},{"_id":"far"},{"_id":"hole"},{"_id":"poly"}]}}`)
			ids(`{"geo_shape":{"s":{"shape":{"type":"envelope","coordinates":[[170,60],[-170,40]]}}}}`, `{}`)
			ids(`{"geo_shape":{"s":{"shape":"GEOMETRYCOLLECTION (POINT (50 50), LINESTRING (-5 5, 15 5))","relation":"within"}}}`, `{"hits":{"hits":[{"_id":"far"},{"_id":"line"},{"_id":"pt"}]}}`)
			ids(`{"geo_shape":{"s":{"indexed_shape":{"id":"sq"}}}}`, `{"hits":{"hits":[{"_id":"big"},{"_id":"line"},{"_id":"poly"},{"_id":"pt"}]}}`)
			ids(`{"geo_shape":{"s":{"indexed_shape":{"index":"shapes","id":"sq","path":"area.geo"}}}}`, `{"hits":{"hits":[{"_id":"far"}]}}`)
			ids(`{"geo_shape":{"p":{"shape":`+square+`}}}`, `{"hits":{"hits":[{"_id":"pt"}]}}`)
			ids(`{"geo_shape":{"p":{"shape":`+square+`,"relation":"disjoint"}}}`, `{"hits":{"hits":[{"_id":"far"},{"_id":"hole"}]}}`)
			ids(`{"geo_shape":{"p":{"shape":"BBOX (0, 60, 60, 0)","relation":"within"}}}`, `{"hits":{"hits":[{"_id":"far"},{"_id":"hole"},{"_id":"pt"}]}}`)
			ids(`{"geo_shape":{"missing":{"shape":"POINT (1 1)"},"ignore_unmapped":true}}`, `{}`)

			expect(t, s, "POST", "/g/_search?filter_path=hits.hits._id,hits.hits._score,hits.hits.matched_queries", `{"query":{"geo_shape":{"s":{"shape":"POINT (50 50)"},"boost":2.5,"_name":"q"}}}`, 200,
				`{"hits":{"hits":[{"_id":"far","_score":2.5,"matched_queries":["q"]}]}}`)

			expect(t, s, "POST", "/g/_search", `{"query":{"geo_shape":{"p":{"shape":"POINT (1 1)","relation":"contains"}}}}`, 400,
				`{<**>"type":"query_shard_exception","reason":"CONTAINS query relation not supported for Field [p]"<**>`)
			expect(t, s, "POST", "/g/_search", `{"query":{"geo_shape":{"missing":{"shape":"POINT (1 1)"}}}}`, 400,
				`{<**>"type":"query_shard_exception","reason":"failed to find type for field [missing]"<**>`)
			expect(t, s, "POST", "/g/_search", `{"query":{"geo_shape":{"k":{"shape":"POINT (1 1)"}}}}`, 400,
				`{<**>"reason":"Field [k] is of unsupported type [keyword] for [geo_shape] query"<**>`)
			expect(t, s, "POST", "/g/_search", `{"query":{"geo_shape":{"s":{"shape":"POINT (1 1)","relation":"near"}}}}`, 400,
				`{<**>"type":"parsing_exception","reason":"Unknown shape operation [near ]"<**>`)
			expect(t, s, "POST", "/g/_search", `{"query":{"geo_shape":{"s":{"relation":"within"}}}}`, 400,
				`{<**>"type":"illegal_argument_exception","reason":"either shape or indexedShapeId is required"<**>`)
			expect(t, s, "POST", "/g/_search", `{"query":{"geo_shape":{"s":{"shape":{"type":"Point"}}}}}`, 400,
				`{<**>"type":"parse_exception","reason":"coordinates not included"<**>`)
			expect(t, s, "POST", "/g/_search", `{"query":{"geo_shape":{"s":{"shape":"POINT (1 1)","foo":1}}}}`, 400,
				`{<**>"type":"parsing_exception","reason":"[geo_shape] query does not support [foo]"<**>`)
			expect(t, s, "POST", "/g/_search", `{"query":{"term":{"s":"POINT (1 1)"}}}`, 400,
				`{<**>"reason":"Geometry fields do not support exact searching, use dedicated geometry queries instead: [s]"<**>`)
			expect(t, s, "POST", "/g/_search", `{"query":{"geo_shape":{"s":{"indexed_shape":{"id":"nope"}}}}}`, 400,
				`{<**>"type":"illegal_argument_exception","reason":"Shape with ID [nope] not found"<**>`)
		})
	}
}
