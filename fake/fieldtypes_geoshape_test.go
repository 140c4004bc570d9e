package fake

import (
	"fmt"
	"testing"
)

// geo_shape mapping: parameters as GET _mapping prints them (orientation
// as the enum name), their errors, and the old-style parser's message for
// unknown parameters.
func TestGeoShapeMapping(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/m", `{"mappings":{"properties":{"a":{"type":"geo_shape"},"b":{"type":"geo_shape","orientation":"cw","coerce":true,"ignore_malformed":true,"ignore_z_value":false,"doc_values":false}}}}`, 200, "")
	expect(t, s, "GET", "/m/_mapping", "", 200,
		`{"m":{"mappings":{"properties":{"a":{"type":"geo_shape"},"b":{"type":"geo_shape","doc_values":false,"ignore_malformed":true,"ignore_z_value":false,"coerce":true,"orientation":"LEFT"}}}}}`)
	expect(t, s, "PUT", "/m/_mapping", `{"properties":{"a":{"type":"geo_shape","orientation":"ccw"}}}`, 200, "")
	expect(t, s, "GET", "/m/_mapping", "", 200, `{"m":{"mappings":{"properties":{"a":{"type":"geo_shape","orientation":"RIGHT"},<**>`)
	expect(t, s, "PUT", "/bad", `{"mappings":{"properties":{"a":{"type":"geo_shape","orientation":"up"}}}}`, 400,
		`{<**>"type":"mapper_parsing_exception","reason":"Failed to parse mapping [a]: Unknown orientation [up]"<**>`)
	expect(t, s, "PUT", "/bad", `{"mappings":{"properties":{"a":{"type":"geo_shape","foo":1}}}}`, 400,
		`{<**>"reason":"Mapping definition for [a] has unsupported parameters:  [foo : 1]"<**>`)
	expect(t, s, "PUT", "/bad", `{"mappings":{"properties":{"a":{"type":"geo_shape","coerce":"yes"}}}}`, 400,
		`{<**>"reason":"Failed to parse mapping [a]: Failed to parse value [yes] as only [true] or [false] are allowed."<**>`)
	expect(t, s, "PUT", "/bad", `{"mappings":{"properties":{"a":{"type":"geo_shape","tree":"quadtree"}}}}`, 501, "")
}

// geo_shape documents: every GeoJSON and WKT type is accepted with its
// _source kept as given; malformed shapes answer OpenSearch's parse errors
// under "failed to parse field [f] of type [geo_shape]".
func TestGeoShapeDocuments(t *testing.T) {
	for _, shards := range []int{1, 3} {
		t.Run(fmt.Sprint(shards), func(t *testing.T) {
			s := newTestServer(t)
			expect(t, s, "PUT", "/g", fmt.Sprintf(`{"settings":{"number_of_shards":%d},"mappings":{"properties":{"s":{"type":"geo_shape"},"c":{"type":"geo_shape","coerce":true},"z":{"type":"geo_shape","ignore_z_value":false},"im":{"type":"geo_shape","ignore_malformed":true}}}}`, shards), 200, "")
			good := []string{
				`{"type":"Point","coordinates":[4.9,52.4]}`,
				`{"type":"point","coordinates":[4.9,52.4,10]}`,
				`{"type":"LineString","coordinates":[[0,0],[1,1],[2,0]]}`,
				`{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[3,2],[3,3],[2,3],[2,2]]]}`,
				`{"type":"MultiPoint","coordinates":[[1,1],[2,2]]}`,
				`{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[[2,2],[3,3]]]}`,
				`{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[5,5],[6,5],[6,6],[5,5]]]]}`,
				`{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,2]},{"type":"LineString","coordinates":[[0,0],[1,1]]}]}`,
				`{"type":"envelope","coordinates":[[-10,50],[10,40]]}`,
				`{"type":"bbox","coordinates":[[170,10],[-170,-10]]}`,
				`"POINT (4.9 52.4)"`,
				`"LINESTRING (0 0, 1 1)"`,
				`"POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (2 2, 3 2, 3 3, 2 3, 2 2))"`,
				`"MULTIPOINT (1 1, 2 2)"`,
				`"MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))"`,
				`"MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))"`,
				`"GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1))"`,
				`"BBOX (-10, 10, 50, 40)"`,
				`"POINT EMPTY"`,
				`[{"type":"Point","coordinates":[1,2]},"POINT (3 4)"]`,
			}
			for i, g := range good {
				id := fmt.Sprint(i)
				expect(t, s, "PUT", "/g/_doc/"+id, `{"s":`+g+`}`, 201, "")
				expect(t, s, "GET", "/g/_source/"+id, "", 200, `{"s":`+g+`}`)
			}
			expect(t, s, "PUT", "/g/_doc/c", `{"c":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1]]]},"im":"POINT (1)"}`, 201, "")
			expect(t, s, "POST", "/g/_refresh", "", 200, "")
			expect(t, s, "POST", "/g/_count", `{"query":{"exists":{"field":"s"}}}`, 200, `{"count":19,<**>`)
			expect(t, s, "POST", "/g/_search?filter_path=hits.hits._id,hits.hits._ignored", `{"query":{"exists":{"field":"c"}}}`, 200, `{"hits":{"hits":[{"_id":"c","_ignored":["im"]}]}}`)

			// An OpenSearchException cause (parse_exception from GeoJSON,
			// "exception") is the root cause; a Java one (WKT's
			// java.text.ParseException included) is not.
			bad := func(field, value, cause string, osCause bool) {
				t.Helper()
				root := `{"type":"mapper_parsing_exception","reason":"failed to parse field [` + field + `] of type [geo_shape]"}`
				if osCause {
					root = cause
				}
				expect(t, s, "PUT", "/g/_doc/bad", `{"`+field+`":`+value+`}`, 400,
					`{"error":{"root_cause":[`+root+`],"type":"mapper_parsing_exception","reason":"failed to parse field [`+field+`] of type [geo_shape]","caused_by":`+cause+`},"status":400}`)
			}
			bad("s", `{"coordinates":[1,2]}`, `{"type":"illegal_argument_exception","reason":"Required [type]"}`, false)
			bad("s", `{"type":"Square","coordinates":[1,2]}`, `{"type":"illegal_argument_exception","reason":"No enum constant org.opensearch.geometry.ShapeType.SQUARE"}`, false)
			bad("s", `{"type":"Point"}`, `{"type":"parse_exception","reason":"coordinates not included"}`, true)
			bad("s", `{"type":"GeometryCollection"}`, `{"type":"parse_exception","reason":"geometries not included"}`, true)
			bad("s", `{"type":"Point","coordinates":[[1,2]]}`, `{"type":"exception","reason":"expected a single points but got a list"}`, true)
			bad("s", `{"type":"Point","coordinates":["a","b"]}`, `{"type":"parse_exception","reason":"geo coordinates must be numbers"}`, true)
			bad("s", `{"type":"Point","coordinates":[1,2,3,4]}`, `{"type":"parse_exception","reason":"geo coordinates greater than 3 dimensions are not supported"}`, true)
			bad("s", `{"type":"Point","coordinates":[1,91]}`, `{"type":"illegal_argument_exception","reason":"invalid latitude 91.0; must be between -90.0 and 90.0"}`, false)
			bad("s", `{"type":"Point","coordinates":[181,1]}`, `{"type":"illegal_argument_exception","reason":"invalid longitude 181.0; must be between -180.0 and 180.0"}`, false)
			bad("s", `{"type":"LineString","coordinates":[[1,2]]}`, `{"type":"exception","reason":"not enough points to build a line"}`, true)
			bad("s", `{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1]]]}`, `{"type":"illegal_argument_exception","reason":"at least 4 polygon points required"}`, false)
			bad("s", `{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]}`, `{"type":"illegal_argument_exception","reason":"first and last points of the linear ring must be the same (it must close itself): x[0]=0.0 x[3]=0.0 y[0]=0.0 y[3]=1.0"}`, false)
			bad("s", `{"type":"Point","coordinates":[1,2],"orientation":"left"}`, `{"type":"parse_exception","reason":"parameter orientation is not supported for type Point"}`, true)
			bad("s", `{"type":"envelope","coordinates":[[0,0]]}`, `{"type":"parse_exception","reason":"invalid number of points [1] provided for geo_shape [ENVELOPE] when expecting an array of 2 coordinates"}`, true)
			bad("s", `{"type":"envelope","coordinates":[[0,0],[1,1]]}`, `{"type":"illegal_argument_exception","reason":"max y cannot be less than min y"}`, false)
			bad("s", `{"type":"Circle","coordinates":[1,2],"radius":"1km"}`, `{"type":"unsupported_operation_exception","reason":"CIRCLE geometry is not supported"}`, false)
			bad("s", `12`, `{"type":"parse_exception","reason":"shape must be an object consisting of type and coordinates"}`, true)
			bad("s", `"SQUARE (1 2)"`, `{"type":"illegal_argument_exception","reason":"Unknown geometry type: square"}`, false)
			bad("s", `"POINT (1 a)"`, `{"type":"parse_exception","reason":"invalid number found: a"}`, false)
			bad("s", `"POINT 1 2"`, `{"type":"parse_exception","reason":"expected EMPTY or ( but found: word: 1"}`, false)
			bad("s", `"POINT (1 2"`, `{"type":"parse_exception","reason":"expected word but found: END-OF-STREAM"}`, false)
			bad("s", `"LINESTRING (1 2; 3 4)"`, `{"type":"parse_exception","reason":"expected word but found: ';'"}`, false)
			bad("s", `"POINT (1 2) x"`, `{"type":"parse_exception","reason":"expected end of WKT string but found additional text: word: x"}`, false)
			bad("s", `"BBOX (1 2 3 4)"`, `{"type":"parse_exception","reason":"expected , but found: word: 2"}`, false)
			bad("z", `{"type":"Point","coordinates":[1,2,3]}`, `{"type":"illegal_argument_exception","reason":"found Z value [3.0] but [ignore_z_value] parameter is [false]"}`, false)
		})
	}
}
