package mapping

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// ShapeError is a geo_shape parse failure: Type is the exception type
// OpenSearch reports (parse_exception, illegal_argument_exception, or the
// bare "exception" of an OpenSearchException).
type ShapeError struct{ Type, Msg, Class string }

func (e *ShapeError) Error() string { return e.Msg }

// APIError is the error as OpenSearch serialises the cause.
func (e *ShapeError) APIError() *apierr.Error {
	err := apierr.New(e.Type, e.Msg)
	err.Class = e.Class
	return err
}

func shapeParseErr(msg string) *ShapeError { return &ShapeError{Type: apierr.TypeParse, Msg: msg} }
func shapeArgErr(msg string) *ShapeError {
	return &ShapeError{Type: apierr.TypeIllegalArgument, Msg: msg}
}

// shapeExcErr is a bare OpenSearchException, named "exception".
func shapeExcErr(msg string) *ShapeError {
	return &ShapeError{Type: "exception", Msg: msg, Class: "org.opensearch.OpenSearchException"}
}

// wktParseErr is WellKnownText's java.text.ParseException.
func wktParseErr(msg string) *ShapeError {
	return &ShapeError{Type: apierr.TypeParse, Msg: msg, Class: "java.text.ParseException"}
}

// ShapeOptions are the field parameters that change how a shape parses.
type ShapeOptions struct {
	Coerce  bool // close open polygon rings
	IgnoreZ bool // accept (and drop) a third dimension
}

// xyz is one parsed coordinate; Z is NaN when absent.
type xyz struct{ X, Y, Z float64 }

// coordNode is GeoJSON's nested coordinate array: a point or a list.
type coordNode struct {
	pt       *xyz
	children []coordNode
}

func (n coordNode) dims() int {
	if n.pt != nil {
		if math.IsNaN(n.pt.Z) {
			return 2
		}
		return 3
	}
	if len(n.children) == 0 {
		return 0
	}
	return n.children[0].dims()
}

// shapeBuilder collects parts and the coordinates to validate, in the
// order GeographyValidator visits them.
type shapeBuilder struct {
	out   Shape
	check []xyz
}

// ParseShape reads one geo_shape value: a GeoJSON object or a WKT string.
// It returns nil without error for null and EMPTY WKT geometries.
func ParseShape(v any, opt ShapeOptions) (*Shape, *ShapeError) {
	var b shapeBuilder
	var err *ShapeError
	switch x := v.(type) {
	case nil:
		return nil, nil
	case jsonout.Object:
		err = b.geoJSON(x, opt)
	case string:
		err = b.wkt(x, opt)
	default:
		return nil, shapeParseErr("shape must be an object consisting of type and coordinates")
	}
	if err != nil {
		return nil, err
	}
	if err := validateCoords(b.check, opt.IgnoreZ); err != nil {
		return nil, err
	}
	if b.out.Empty() {
		return nil, nil
	}
	return &b.out, nil
}

// validateCoords is GeographyValidator: latitude, longitude, then Z.
func validateCoords(pts []xyz, ignoreZ bool) *ShapeError {
	for _, p := range pts {
		if math.IsNaN(p.Y) || p.Y < -90 || p.Y > 90 {
			return shapeArgErr("invalid latitude " + fmtJavaDouble(p.Y) + "; must be between -90.0 and 90.0")
		}
		if math.IsNaN(p.X) || p.X < -180 || p.X > 180 {
			return shapeArgErr("invalid longitude " + fmtJavaDouble(p.X) + "; must be between -180.0 and 180.0")
		}
		if !ignoreZ && !math.IsNaN(p.Z) {
			return shapeArgErr("found Z value [" + fmtJavaDouble(p.Z) + "] but [ignore_z_value] parameter is [false]")
		}
	}
	return nil
}

func (b *shapeBuilder) geoJSON(o jsonout.Object, opt ShapeOptions) *ShapeError {
	var typ *string
	var coords *coordNode
	var geoms []jsonout.Object
	var haveGeoms, haveOrient, haveRadius bool
	for _, f := range o {
		switch f.Key {
		case "type":
			s, ok := scalarText(f.Value)
			if !ok {
				return &ShapeError{Type: apierr.TypeXContentParse, Msg: "[geojson] type doesn't support values of type: " + tokenName(f.Value)}
			}
			typ = &s
		case "coordinates":
			arr, ok := f.Value.([]any)
			if !ok {
				return &ShapeError{Type: apierr.TypeXContentParse, Msg: "[geojson] coordinates doesn't support values of type: " + tokenName(f.Value)}
			}
			n, err := parseCoordNode(arr)
			if err != nil {
				return err
			}
			coords = &n
		case "geometries":
			arr, ok := f.Value.([]any)
			if !ok {
				arr = []any{f.Value}
			}
			for _, e := range arr {
				g, ok := e.(jsonout.Object)
				if !ok {
					return &ShapeError{Type: apierr.TypeXContentParse, Msg: "[geojson] geometries doesn't support values of type: " + tokenName(e)}
				}
				geoms = append(geoms, g)
			}
			haveGeoms = true
		case "orientation":
			s, ok := scalarText(f.Value)
			if !ok {
				return &ShapeError{Type: apierr.TypeXContentParse, Msg: "[geojson] orientation doesn't support values of type: " + tokenName(f.Value)}
			}
			switch strings.ToLower(s) {
			case "right", "counterclockwise", "ccw", "left", "clockwise", "cw":
			default:
				return shapeArgErr("Unknown orientation [" + strings.ToLower(s) + "]")
			}
			haveOrient = true
		case "radius":
			haveRadius = true
		}
	}
	if typ == nil {
		return shapeArgErr("Required [type]")
	}
	name := strings.ToLower(*typ)
	if name == "bbox" {
		name = "envelope"
	}
	switch name {
	case "point", "multipoint", "linestring", "multilinestring", "polygon", "multipolygon", "geometrycollection", "envelope", "circle":
	default:
		return shapeArgErr("No enum constant org.opensearch.geometry.ShapeType." + strings.ToUpper(*typ))
	}
	verify := func(orient bool) *ShapeError {
		if haveGeoms {
			return shapeParseErr("parameter geometries is not supported for type " + *typ)
		}
		if orient && haveOrient {
			return shapeParseErr("parameter orientation is not supported for type " + *typ)
		}
		if haveRadius && name != "circle" {
			return shapeParseErr("parameter radius is not supported for type " + *typ)
		}
		return nil
	}
	if name == "geometrycollection" {
		if !haveGeoms {
			return shapeParseErr("geometries not included")
		}
		if coords != nil {
			return shapeParseErr("parameter coordinates is not supported for type " + *typ)
		}
		if haveOrient {
			return shapeParseErr("parameter orientation is not supported for type " + *typ)
		}
		if haveRadius {
			return shapeParseErr("parameter radius is not supported for type " + *typ)
		}
		for _, g := range geoms {
			if err := b.geoJSON(g, opt); err != nil {
				return err
			}
		}
		return nil
	}
	if coords == nil {
		return shapeParseErr("coordinates not included")
	}
	switch name {
	case "circle":
		if !haveRadius {
			return shapeParseErr("radius is not specified")
		}
		return circleUnsupported()
	case "point":
		if err := verify(true); err != nil {
			return err
		}
		p, err := coords.asPoint()
		if err != nil {
			return err
		}
		b.point(p)
	case "multipoint":
		if err := verify(true); err != nil {
			return err
		}
		if coords.pt != nil {
			return shapeExcErr("expected a list of points but got a point")
		}
		for _, c := range coords.children {
			p, err := c.asPoint()
			if err != nil {
				return err
			}
			b.point(p)
		}
	case "linestring":
		if err := verify(true); err != nil {
			return err
		}
		return b.lineNode(*coords)
	case "multilinestring":
		if err := verify(true); err != nil {
			return err
		}
		if coords.pt != nil {
			return shapeExcErr("expected a list of points but got a point")
		}
		for _, c := range coords.children {
			if err := b.lineNode(c); err != nil {
				return err
			}
		}
	case "polygon":
		if err := verify(false); err != nil {
			return err
		}
		return b.polygonNode(*coords, opt.Coerce)
	case "multipolygon":
		if err := verify(false); err != nil {
			return err
		}
		if coords.pt != nil {
			return shapeExcErr("expected a list of points but got a point")
		}
		for _, c := range coords.children {
			if err := b.polygonNode(c, opt.Coerce); err != nil {
				return err
			}
		}
	case "envelope":
		if err := verify(true); err != nil {
			return err
		}
		if len(coords.children) != 2 {
			return shapeParseErr("invalid number of points [" + strconv.Itoa(len(coords.children)) + "] provided for geo_shape [ENVELOPE] when expecting an array of 2 coordinates")
		}
		ul, lr := coords.children[0].pt, coords.children[1].pt
		if ul == nil || lr == nil {
			return shapeExcErr("expected a single points but got a list")
		}
		return b.rectangle(ul.X, lr.X, ul.Y, lr.Y)
	}
	return nil
}

func (b *shapeBuilder) point(p xyz) {
	b.check = append(b.check, p)
	b.out.Points = append(b.out.Points, XY{p.X, p.Y})
}

func (b *shapeBuilder) rectangle(minX, maxX, maxY, minY float64) *ShapeError {
	if maxY < minY {
		return shapeArgErr("max y cannot be less than min y")
	}
	b.check = append(b.check, xyz{minX, maxY, math.NaN()}, xyz{maxX, minY, math.NaN()})
	b.out.add(envelopeShape(minX, maxX, maxY, minY))
	return nil
}

func (n coordNode) asPoint() (xyz, *ShapeError) {
	if n.pt == nil {
		return xyz{}, shapeExcErr("expected a single points but got a list")
	}
	return *n.pt, nil
}

// linePoints is CoordinateNode.asLineComponents (ring closes when coerce).
func (n coordNode) linePoints(ring, coerce bool) ([]xyz, *ShapeError) {
	if n.pt != nil {
		return nil, shapeExcErr("expected a list of points but got a point")
	}
	if len(n.children) < 2 {
		return nil, shapeExcErr("not enough points to build a line")
	}
	pts := make([]xyz, 0, len(n.children)+1)
	for _, c := range n.children {
		p, err := c.asPoint()
		if err != nil {
			return nil, err
		}
		pts = append(pts, p)
	}
	if ring && coerce && !samePoint(pts[0], pts[len(pts)-1]) {
		pts = append(pts, pts[0])
	}
	return pts, nil
}

func samePoint(a, b xyz) bool {
	return a.X == b.X && a.Y == b.Y && (a.Z == b.Z || math.IsNaN(a.Z) && math.IsNaN(b.Z))
}

func (b *shapeBuilder) lineNode(n coordNode) *ShapeError {
	pts, err := n.linePoints(false, false)
	if err != nil {
		return err
	}
	return b.line(pts)
}

func (b *shapeBuilder) line(pts []xyz) *ShapeError {
	if len(pts) < 2 {
		return shapeArgErr("at least two points in the line is required")
	}
	b.check = append(b.check, pts...)
	b.out.Lines = append(b.out.Lines, toXY(pts))
	return nil
}

func (b *shapeBuilder) polygonNode(n coordNode, coerce bool) *ShapeError {
	if n.pt != nil {
		return shapeExcErr("expected a list of points but got a point")
	}
	var rings [][]xyz
	for _, c := range n.children {
		r, err := c.linePoints(true, coerce)
		if err != nil {
			return err
		}
		if err := checkRing(r); err != nil {
			return err
		}
		rings = append(rings, r)
	}
	return b.polygon(rings)
}

func (b *shapeBuilder) polygon(rings [][]xyz) *ShapeError {
	if len(rings) == 0 {
		return shapeArgErr("Shell cannot be null")
	}
	poly := make([][]XY, 0, len(rings))
	for _, r := range rings {
		b.check = append(b.check, r...)
		poly = append(poly, toXY(r))
	}
	b.out.Polygons = append(b.out.Polygons, poly)
	return nil
}

// checkRing is LinearRing's constructor check.
func checkRing(r []xyz) *ShapeError {
	if len(r) < 4 {
		return shapeArgErr("at least 4 polygon points required")
	}
	first, last := r[0], r[len(r)-1]
	if !samePoint(first, last) {
		l := strconv.Itoa(len(r) - 1)
		msg := "first and last points of the linear ring must be the same (it must close itself): x[0]=" + fmtJavaDouble(first.X) +
			" x[" + l + "]=" + fmtJavaDouble(last.X) + " y[0]=" + fmtJavaDouble(first.Y) + " y[" + l + "]=" + fmtJavaDouble(last.Y)
		if !math.IsNaN(first.Z) {
			msg += " z[0]=" + fmtJavaDouble(first.Z) + " z[" + l + "]=" + fmtJavaDouble(last.Z)
		}
		return shapeArgErr(msg)
	}
	return nil
}

func toXY(pts []xyz) []XY {
	out := make([]XY, len(pts))
	for i, p := range pts {
		out[i] = XY{p.X, p.Y}
	}
	return out
}

// parseCoordNode is GeoJson.parseCoordinates over an already-read array.
func parseCoordNode(arr []any) (coordNode, *ShapeError) {
	if len(arr) > 0 {
		if _, nested := arr[0].([]any); !nested && arr[0] != nil {
			p, err := parseCoordinate(arr)
			return coordNode{pt: &p}, err
		}
	}
	var n coordNode
	for _, e := range arr {
		sub, ok := e.([]any)
		if !ok {
			if e == nil {
				return n, shapeArgErr("coordinates cannot contain NULL values)")
			}
			return n, shapeParseErr("geo coordinates must be numbers")
		}
		c, err := parseCoordNode(sub)
		if err != nil {
			return n, err
		}
		if len(n.children) > 0 && n.children[0].dims() != c.dims() {
			return n, shapeParseErr("Exception parsing coordinates: number of dimensions do not match")
		}
		n.children = append(n.children, c)
	}
	return n, nil
}

func parseCoordinate(arr []any) (xyz, *ShapeError) {
	nums := make([]float64, 0, 3)
	for _, e := range arr {
		n, ok := e.(json.Number)
		if !ok {
			if len(nums) >= 2 {
				break
			}
			return xyz{}, shapeParseErr("geo coordinates must be numbers")
		}
		f, err := strconv.ParseFloat(n.String(), 64)
		if err != nil {
			return xyz{}, shapeParseErr("geo coordinates must be numbers")
		}
		nums = append(nums, f)
	}
	if len(nums) < 2 {
		return xyz{}, shapeParseErr("geo coordinates must be numbers")
	}
	if len(nums) > 3 {
		return xyz{}, shapeParseErr("geo coordinates greater than 3 dimensions are not supported")
	}
	p := xyz{nums[0], nums[1], math.NaN()}
	if len(nums) == 3 {
		p.Z = nums[2]
	}
	return p, nil
}
