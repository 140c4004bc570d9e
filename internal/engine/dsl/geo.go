package dsl

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// GeoDistance is the geo_distance query: points of Field within Distance
// (meters) of Point. Point is the query's point in any geo_point form; the
// search layer reads it.
type GeoDistance struct {
	Base
	Field            string
	Point            *xcontent.Value
	Distance         float64 // meters
	DistanceText     string
	DistanceType     string // arc (default) or plane
	ValidationMethod string // STRICT, IGNORE_MALFORMED or COERCE
	IgnoreUnmapped   bool
}

// Kind returns "geo_distance".
func (*GeoDistance) Kind() string { return "geo_distance" }

// GeoBoundingBox is the geo_bounding_box query.
type GeoBoundingBox struct {
	Base
	Field                    string
	Top, Left, Bottom, Right float64
	ValidationMethod         string
	IgnoreUnmapped           bool
}

// Kind returns "geo_bounding_box".
func (*GeoBoundingBox) Kind() string { return "geo_bounding_box" }

// GeoPolygon is the geo_polygon query (deprecated in OpenSearch, still served).
type GeoPolygon struct {
	Base
	Field            string
	Points           []*xcontent.Value
	ValidationMethod string
	IgnoreUnmapped   bool
}

// Kind returns "geo_polygon".
func (*GeoPolygon) Kind() string { return "geo_polygon" }

// UnitMeters returns the size in meters of a distance unit name.
func UnitMeters(unit string) (float64, bool) { return mapping.UnitMeters(unit) }

// ParseDistance reads "12km", "1.5mi" or a bare number (meters) as
// DistanceUnit.Distance.parseDistance does; it returns meters.
func ParseDistance(s string) (float64, bool) { return mapping.ParseDistance(s) }

func parseGeoDistance(obj *xcontent.Value) (Query, *Error) {
	q := &GeoDistance{Base: newBase(obj), DistanceType: "arc", ValidationMethod: "STRICT"}
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		if ok, err := readGeoOption(m.Key, v, &q.Base, &q.IgnoreUnmapped, &q.ValidationMethod); ok {
			if err != nil {
				return nil, err
			}
			continue
		}
		switch m.Key {
		case "distance":
			if !isValue(v) {
				return nil, unknownToken("geo_distance", m.Key, v)
			}
			d, ok := ParseDistance(v.Text())
			if !ok {
				return nil, &Error{Type: "number_format_exception", Reason: "For input string: \"" + v.Text() + "\"", Status: 400}
			}
			q.Distance, q.DistanceText = d, v.Text()
		case "distance_type":
			switch t := strings.ToLower(v.Text()); t {
			case "arc", "plane":
				q.DistanceType = t
			default:
				return nil, illegalArgument("No geo distance for [" + v.Text() + "]")
			}
		default:
			if q.Field != "" {
				return nil, parsingAt(v, "[geo_distance] query doesn't support multiple fields, found ["+q.Field+"] and ["+m.Key+"]")
			}
			q.Field, q.Point = m.Key, v
		}
	}
	if q.Point == nil {
		return nil, illegalArgument("fieldName must not be null")
	}
	if q.DistanceText == "" {
		return nil, illegalArgument("geo_distance requires 'distance' to be specified")
	}
	if q.Distance <= 0 {
		return nil, illegalArgument("distance must be greater than zero")
	}
	return q, nil
}

func validationMethod(v *xcontent.Value) (string, *Error) {
	s := strings.ToUpper(v.Text())
	switch s {
	case "STRICT", "IGNORE_MALFORMED", "COERCE":
		return s, nil
	}
	return "", illegalArgument("No enum constant org.opensearch.index.query.GeoValidationMethod." + s)
}

// readGeoOption reads an option the geo queries share: ignore_unmapped,
// _name, boost and, where validation is not nil, validation_method. It
// returns false for any other key (the query's own options and its field).
func readGeoOption(key string, v *xcontent.Value, base *Base, ignoreUnmapped *bool, validation *string) (bool, *Error) {
	switch key {
	case "validation_method":
		if validation == nil {
			return false, nil
		}
		var err *Error
		*validation, err = validationMethod(v)
		return true, err
	case "ignore_unmapped":
		return true, optBool(ignoreUnmapped, v)
	case "_name":
		base.Name = v.Text()
		return true, nil
	case "boost":
		return true, optFloat(&base.Boost, v)
	}
	return false, nil
}

func parseGeoBoundingBox(obj *xcontent.Value) (Query, *Error) {
	q := &GeoBoundingBox{Base: newBase(obj), ValidationMethod: "STRICT"}
	found := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		if ok, err := readGeoOption(m.Key, v, &q.Base, &q.IgnoreUnmapped, &q.ValidationMethod); ok {
			if err != nil {
				return nil, err
			}
			continue
		}
		if m.Key == "type" {
			continue // indexed/memory: a pre-7 execution hint, accepted and ignored.
		}
		if v.Kind != xcontent.Object {
			return nil, parsingAt(v, "failed to parse [geo_bbox] query. unexpected field ["+m.Key+"]")
		}
		q.Field, found = m.Key, true
		if err := parseBBox(q, v); err != nil {
			return nil, err
		}
	}
	if !found {
		return nil, illegalArgument("Field name must not be empty.")
	}
	return q, nil
}

// parseBBox reads the corners: top_left/bottom_right, top_right/bottom_left,
// the four sides, or a WKT BBOX / ENVELOPE. Corners take any point form.
func parseBBox(q *GeoBoundingBox, v *xcontent.Value) *Error {
	var have [4]bool // top, left, bottom, right
	set := func(i int, f float64) {
		switch i {
		case 0:
			q.Top = f
		case 1:
			q.Left = f
		case 2:
			q.Bottom = f
		case 3:
			q.Right = f
		}
		have[i] = true
	}
	for i := range v.Members {
		m := &v.Members[i]
		mv := &m.Value
		switch m.Key {
		case "top", "left", "bottom", "right":
			f, ok := mv.Float64()
			if !ok {
				if g, err := strconv.ParseFloat(mv.Text(), 64); err == nil {
					f, ok = g, true
				}
			}
			if !ok {
				return parsingAt(mv, "failed to parse bounding box. ["+m.Key+"] must be a number")
			}
			set(map[string]int{"top": 0, "left": 1, "bottom": 2, "right": 3}[m.Key], f)
		case "top_left", "topLeft", "bottom_right", "bottomRight", "top_right", "topRight", "bottom_left", "bottomLeft":
			lat, lon, err := GeoPointOf(mv)
			if err != nil {
				return parsingAt(mv, "failed to parse bounding box. "+err.Error())
			}
			switch strings.ToLower(strings.ReplaceAll(m.Key, "_", "")) {
			case "topleft":
				set(0, lat)
				set(1, lon)
			case "bottomright":
				set(2, lat)
				set(3, lon)
			case "topright":
				set(0, lat)
				set(3, lon)
			case "bottomleft":
				set(2, lat)
				set(1, lon)
			}
		case "wkt":
			w, ok := parseWKTBox(mv.Text())
			if !ok {
				return parsingAt(mv, "failed to parse bounding box. Invalid WKT ["+mv.Text()+"]")
			}
			for i, f := range w {
				set(i, f)
			}
		default:
			return parsingAt(mv, "failed to parse bounding box. unexpected field ["+m.Key+"]")
		}
	}
	for _, h := range have {
		if !h {
			return parsingAt(v, "failed to parse bounding box. Missing some of the bounding box corners")
		}
	}
	return nil
}

// parseWKTBox reads "BBOX (minLon, maxLon, maxLat, minLat)" (or ENVELOPE)
// into top, left, bottom, right.
func parseWKTBox(s string) ([4]float64, bool) {
	var out [4]float64
	t := strings.TrimSpace(s)
	up := strings.ToUpper(t)
	if !strings.HasPrefix(up, "BBOX") && !strings.HasPrefix(up, "ENVELOPE") {
		return out, false
	}
	open, close := strings.IndexByte(t, '('), strings.LastIndexByte(t, ')')
	if open < 0 || close < open {
		return out, false
	}
	parts := strings.Split(t[open+1:close], ",")
	if len(parts) != 4 {
		return out, false
	}
	var f [4]float64
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return out, false
		}
		f[i] = x
	}
	// minLon, maxLon, maxLat, minLat
	return [4]float64{f[2], f[0], f[3], f[1]}, true
}

func parseGeoPolygon(obj *xcontent.Value) (Query, *Error) {
	q := &GeoPolygon{Base: newBase(obj), ValidationMethod: "STRICT"}
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		if ok, err := readGeoOption(m.Key, v, &q.Base, &q.IgnoreUnmapped, &q.ValidationMethod); ok {
			if err != nil {
				return nil, err
			}
			continue
		}
		if v.Kind != xcontent.Object {
			return nil, parsingAt(v, "[geo_polygon] query does not support ["+m.Key+"]")
		}
		q.Field = m.Key
		for j := range v.Members {
			pm := &v.Members[j]
			if pm.Key != "points" || pm.Value.Kind != xcontent.Array {
				return nil, parsingAt(&pm.Value, "[geo_polygon] query does not support ["+pm.Key+"]")
			}
			for k := range pm.Value.Items {
				q.Points = append(q.Points, &pm.Value.Items[k])
			}
		}
	}
	if q.Field == "" {
		return nil, illegalArgument("fieldName must not be null")
	}
	if len(q.Points) == 0 {
		return nil, parsingAt(obj, "no points defined for geo_polygon query")
	}
	if len(q.Points) < 3 {
		return nil, illegalArgument("too few points defined for geo_polygon query")
	}
	return q, nil
}

// GeoPointOf reads a point given in any geo_point form from a query value:
// {"lat","lon"}, GeoJSON, [lon, lat], "lat,lon", a geohash or WKT POINT.
func GeoPointOf(v *xcontent.Value) (lat, lon float64, err error) {
	doc, err := jsonout.Decode(v.AppendJSON(nil))
	if err != nil {
		return 0, 0, err
	}
	p, err := mapping.ParseGeoPoint(doc, true)
	return p.Lat, p.Lon, err
}
