package search

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// Exact planar geometry on longitude/latitude for the geo_shape query, in
// place of Lucene's triangle tessellation: the same answers for shapes that
// are not degenerate (see docs/fake-behaviour.md).

type xy = mapping.XY

// shapeRelates reports whether a document's shape d relates to the query
// shape q by relation (intersects, disjoint, within, contains).
func shapeRelates(d, q *mapping.Shape, relation string) bool {
	switch relation {
	case "disjoint":
		return !shapesIntersect(d, q)
	case "within":
		return shapeWithin(d, q)
	case "contains":
		return shapeWithin(q, d)
	}
	return shapesIntersect(d, q)
}

func shapesIntersect(a, b *mapping.Shape) bool {
	for _, p := range a.Points {
		if pointTouches(p, b) {
			return true
		}
	}
	for _, p := range b.Points {
		if pointTouches(p, a) {
			return true
		}
	}
	for _, l := range a.Lines {
		if lineTouches(l, b) {
			return true
		}
	}
	for _, l := range b.Lines {
		for _, poly := range a.Polygons {
			if lineTouchesPolygon(l, poly) {
				return true
			}
		}
	}
	for _, pa := range a.Polygons {
		for _, pb := range b.Polygons {
			if polygonsTouch(pa, pb) {
				return true
			}
		}
	}
	return false
}

// pointTouches: the point is on or in any part of s.
func pointTouches(p xy, s *mapping.Shape) bool {
	for _, q := range s.Points {
		if p == q {
			return true
		}
	}
	for _, l := range s.Lines {
		if onLine(p, l) {
			return true
		}
	}
	for _, poly := range s.Polygons {
		if inPolygonWithHoles(p, poly) {
			return true
		}
	}
	return false
}

// lineTouches: the line meets any line or polygon of s (points of s are
// tested by the caller).
func lineTouches(l []xy, s *mapping.Shape) bool {
	for _, m := range s.Lines {
		if linesCross(l, m) {
			return true
		}
	}
	for _, poly := range s.Polygons {
		if lineTouchesPolygon(l, poly) {
			return true
		}
	}
	return false
}

func lineTouchesPolygon(l []xy, poly [][]xy) bool {
	for _, p := range l {
		if inPolygonWithHoles(p, poly) {
			return true
		}
	}
	for _, r := range poly {
		if linesCross(l, r) {
			return true
		}
	}
	return false
}

func polygonsTouch(a, b [][]xy) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	for _, r := range a {
		for _, s := range b {
			if linesCross(r, s) {
				return true
			}
		}
	}
	// No edges meet: one shell lies inside the other (outside its holes)
	// or they are apart.
	return inPolygonWithHoles(a[0][0], b) || inPolygonWithHoles(b[0][0], a)
}

// shapeWithin reports whether every part of a lies within b.
func shapeWithin(a, b *mapping.Shape) bool {
	if a.Empty() {
		return false
	}
	for _, p := range a.Points {
		if !pointTouches(p, b) {
			return false
		}
	}
	for _, l := range a.Lines {
		if !lineWithin(l, b) {
			return false
		}
	}
	for _, poly := range a.Polygons {
		if !polygonWithin(poly, b) {
			return false
		}
	}
	return true
}

func lineWithin(l []xy, b *mapping.Shape) bool {
	for _, m := range b.Lines {
		if segmentsOnLine(l, m) {
			return true
		}
	}
	for _, poly := range b.Polygons {
		if pathInPolygon(l, poly) {
			return true
		}
	}
	return false
}

func polygonWithin(a [][]xy, b *mapping.Shape) bool {
	for _, poly := range b.Polygons {
		if len(a) > 0 && pathInPolygon(a[0], poly) && !holeInside(poly, a) {
			return true
		}
	}
	return false
}

// holeInside: a hole of poly lies inside the area of a (so a is not within poly).
func holeInside(poly, a [][]xy) bool {
	for _, h := range poly[1:] {
		for _, p := range h {
			if strictlyInside(p, a) {
				return true
			}
		}
	}
	return false
}

// pathInPolygon: every vertex is in poly, no edge crosses a ring properly,
// and each edge's midpoint is in poly (an edge may not leave it through a
// concave corner).
func pathInPolygon(l []xy, poly [][]xy) bool {
	for _, p := range l {
		if !inPolygonWithHoles(p, poly) {
			return false
		}
	}
	for i := 1; i < len(l); i++ {
		a, b := l[i-1], l[i]
		for _, r := range poly {
			for j := 1; j < len(r); j++ {
				if properCross(a, b, r[j-1], r[j]) {
					return false
				}
			}
		}
		if !inPolygonWithHoles(xy{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}, poly) {
			return false
		}
	}
	return true
}

// segmentsOnLine: every vertex of l lies on m.
func segmentsOnLine(l, m []xy) bool {
	for _, p := range l {
		if !onLine(p, m) {
			return false
		}
	}
	return true
}

func onLine(p xy, l []xy) bool {
	if len(l) == 1 {
		return p == l[0]
	}
	for i := 1; i < len(l); i++ {
		if onSeg(p, l[i-1], l[i]) {
			return true
		}
	}
	return false
}

// inPolygonWithHoles: p is in the shell (boundary included) and not
// strictly inside a hole.
func inPolygonWithHoles(p xy, poly [][]xy) bool {
	if len(poly) == 0 || !inRing(p, poly[0]) {
		return false
	}
	for _, h := range poly[1:] {
		if inRing(p, h) && !onLine(p, h) {
			return false
		}
	}
	return true
}

func strictlyInside(p xy, poly [][]xy) bool {
	for _, r := range poly {
		if onLine(p, r) {
			return false
		}
	}
	return inPolygonWithHoles(p, poly)
}

// inRing is the even-odd rule; points on the ring count as inside.
func inRing(p xy, r []xy) bool {
	in := false
	for i, j := 0, len(r)-1; i < len(r); j, i = i, i+1 {
		a, b := r[i], r[j]
		if onSeg(p, a, b) {
			return true
		}
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

func cross(o, a, b xy) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }

func onSeg(p, a, b xy) bool {
	if math.Abs(cross(a, b, p)) > 1e-12 {
		return false
	}
	return p.X >= math.Min(a.X, b.X) && p.X <= math.Max(a.X, b.X) && p.Y >= math.Min(a.Y, b.Y) && p.Y <= math.Max(a.Y, b.Y)
}

// segmentsMeet: the closed segments ab and cd share a point.
func segmentsMeet(a, b, c, d xy) bool {
	d1, d2 := cross(c, d, a), cross(c, d, b)
	d3, d4 := cross(a, b, c), cross(a, b, d)
	if (d1 > 0 && d2 < 0 || d1 < 0 && d2 > 0) && (d3 > 0 && d4 < 0 || d3 < 0 && d4 > 0) {
		return true
	}
	return onSeg(a, c, d) || onSeg(b, c, d) || onSeg(c, a, b) || onSeg(d, a, b)
}

// properCross: ab and cd cross at a point interior to both.
func properCross(a, b, c, d xy) bool {
	d1, d2 := cross(c, d, a), cross(c, d, b)
	d3, d4 := cross(a, b, c), cross(a, b, d)
	return (d1 > 0 && d2 < 0 || d1 < 0 && d2 > 0) && (d3 > 0 && d4 < 0 || d3 < 0 && d4 > 0)
}

func linesCross(l, m []xy) bool {
	if len(l) == 1 || len(m) == 1 {
		return false
	}
	for i := 1; i < len(l); i++ {
		for j := 1; j < len(m); j++ {
			if segmentsMeet(l[i-1], l[i], m[j-1], m[j]) {
				return true
			}
		}
	}
	return false
}
