package mapping

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// FuzzParseShape: any GeoJSON or WKT input parses or fails with an error,
// never a panic, and a parsed shape survives the doc value encoding.
func FuzzParseShape(f *testing.F) {
	for _, s := range []string{
		`"POINT (1 2)"`, `"POLYGON ((0 0, 1 0, 1 1, 0 0), (0.1 0.1, 0.2 0.1, 0.2 0.2, 0.1 0.1))"`,
		`"GEOMETRYCOLLECTION (MULTIPOINT (1 1), BBOX (1, 2, 3, 0))"`, `"MULTIPOLYGON (((0 0, 1 0, 1 1)))"`,
		`{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]]}`,
		`{"type":"GeometryCollection","geometries":[{"type":"envelope","coordinates":[[0,1],[1,0]]}]}`,
		`{"type":"LineString","coordinates":[[0,0,1],[1,1]]}`, `{"type":"Point","coordinates":[]}`,
	} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, src string, coerce bool) {
		v, err := jsonout.Decode([]byte(src))
		if err != nil {
			return
		}
		s, perr := ParseShape(v, ShapeOptions{Coerce: coerce, IgnoreZ: true})
		if perr != nil || s == nil {
			return
		}
		back := DecodeShape(EncodeShape(*s))
		if len(back.Points) != len(s.Points) || len(back.Lines) != len(s.Lines) || len(back.Polygons) != len(s.Polygons) {
			t.Fatalf("encoding lost parts of %s", src)
		}
	})
}
