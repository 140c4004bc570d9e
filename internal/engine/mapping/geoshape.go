package mapping

import (
	"encoding/binary"
	"math"
)

// TypeGeoShape is the geo_shape field type.
const TypeGeoShape = "geo_shape"

// XY is one coordinate of a shape: X the longitude, Y the latitude.
type XY struct{ X, Y float64 }

// Shape is a parsed geo_shape value flattened into the parts queries test:
// points, lines and polygons (a shell then its holes). Multi geometries,
// collections and envelopes become several parts; an envelope crossing the
// dateline becomes two polygons, as GeoShapeIndexer splits it.
type Shape struct {
	Points   []XY
	Lines    [][]XY
	Polygons [][][]XY
}

// Empty reports whether the shape has no parts (an EMPTY WKT geometry).
func (s *Shape) Empty() bool {
	return len(s.Points) == 0 && len(s.Lines) == 0 && len(s.Polygons) == 0
}

func (s *Shape) add(o Shape) {
	s.Points = append(s.Points, o.Points...)
	s.Lines = append(s.Lines, o.Lines...)
	s.Polygons = append(s.Polygons, o.Polygons...)
}

// envelopeShape is the polygon (two across the dateline) of a rectangle.
func envelopeShape(minX, maxX, maxY, minY float64) Shape {
	box := func(x0, x1 float64) [][]XY {
		return [][]XY{{{x0, minY}, {x1, minY}, {x1, maxY}, {x0, maxY}, {x0, minY}}}
	}
	if minX > maxX {
		return Shape{Polygons: [][][]XY{box(minX, 180), box(-180, maxX)}}
	}
	return Shape{Polygons: [][][]XY{box(minX, maxX)}}
}

// EncodeShape packs a shape into the doc value string a geo_shape field
// keeps per document: counts as uint32, coordinates as float64 bits.
func EncodeShape(s Shape) string {
	var b []byte
	u32 := func(n int) { b = binary.LittleEndian.AppendUint32(b, uint32(n)) }
	pts := func(ps []XY) {
		u32(len(ps))
		for _, p := range ps {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p.X))
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p.Y))
		}
	}
	pts(s.Points)
	u32(len(s.Lines))
	for _, l := range s.Lines {
		pts(l)
	}
	u32(len(s.Polygons))
	for _, p := range s.Polygons {
		u32(len(p))
		for _, r := range p {
			pts(r)
		}
	}
	return string(b)
}

// DecodeShape unpacks EncodeShape's form; a truncated string gives the
// parts read so far.
func DecodeShape(enc string) Shape {
	var s Shape
	d := shapeDecoder{b: enc}
	s.Points = d.points()
	for n := d.u32(); n > 0 && d.ok(); n-- {
		s.Lines = append(s.Lines, d.points())
	}
	for n := d.u32(); n > 0 && d.ok(); n-- {
		var poly [][]XY
		for r := d.u32(); r > 0 && d.ok(); r-- {
			poly = append(poly, d.points())
		}
		s.Polygons = append(s.Polygons, poly)
	}
	return s
}

type shapeDecoder struct {
	b   string
	off int
}

func (d *shapeDecoder) ok() bool { return d.off <= len(d.b) }

func (d *shapeDecoder) u32() int {
	if d.off+4 > len(d.b) {
		d.off = len(d.b) + 1
		return 0
	}
	v := binary.LittleEndian.Uint32([]byte(d.b[d.off : d.off+4]))
	d.off += 4
	return int(v)
}

func (d *shapeDecoder) f64() float64 {
	if d.off+8 > len(d.b) {
		d.off = len(d.b) + 1
		return 0
	}
	v := binary.LittleEndian.Uint64([]byte(d.b[d.off : d.off+8]))
	d.off += 8
	return math.Float64frombits(v)
}

func (d *shapeDecoder) points() []XY {
	n := d.u32()
	if n*16 > len(d.b)-d.off {
		d.off = len(d.b) + 1
		return nil
	}
	ps := make([]XY, n)
	for i := range ps {
		ps[i] = XY{d.f64(), d.f64()}
	}
	return ps
}
