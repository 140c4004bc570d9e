package mapping

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// Geo contexts of completion fields (GeoContextMapping): each input's
// contexts are geohashes of its points at the mapping's precision (a
// geohash length, 6 by default); queries match a point's cell and its
// neighbours.

// geoContextDefaultPrecision is GeoContextMapping.DEFAULT_PRECISION.
const geoContextDefaultPrecision = 6

// The earth's sizes GeoUtils measures geohash cells with.
const (
	earthEquator       = 2 * math.Pi * 6378137.0
	earthPolarDistance = math.Pi * 6356752.314245
)

// geoContextPrecision reads a geo context's precision as GeoContextMapping.load
// does: an integer is a geohash length, a decimal a distance in meters, a
// string a distance with its unit.
func geoContextPrecision(v any) (int, *apierr.Error) {
	switch x := v.(type) {
	case json.Number:
		if n, err := strconv.ParseInt(x.String(), 10, 32); err == nil {
			return int(n), nil
		}
		f, _ := strconv.ParseFloat(x.String(), 64)
		return precisionForMeters(f), nil
	}
	s := javaToString(v)
	m, ok := ParseDistance(s)
	if !ok {
		return 0, apierr.New(apierr.TypeNumberFormat, "For input string: \""+strings.TrimSpace(s)+"\"")
	}
	return precisionForMeters(m), nil
}

// precisionForMeters is GeoContextMapping.Builder.precision(double): the
// geohash length for cells of that size, one shorter when the cell is
// smaller than asked.
func precisionForMeters(m float64) int {
	level := GeohashLevelsForPrecision(m)
	if geohashCellSize(level) < m {
		level = max(1, level-1)
	}
	return level
}

// GeohashLevelsForPrecision is GeoUtils.geoHashLevelsForPrecision: the
// geohash length whose cells are at most meters across.
func GeohashLevelsForPrecision(meters float64) int {
	if meters <= 0 {
		return 12
	}
	ratio := 1 + earthPolarDistance/earthEquator
	width := math.Sqrt(meters * meters / (ratio * ratio))
	part := math.Ceil(earthEquator / width)
	if part == 1 {
		return 1
	}
	bits := int(math.Round(math.Ceil(math.Log(part) / math.Log(2))))
	full := bits / 5
	left := bits - full*5
	even := full
	if left > 0 {
		even++
	}
	odd := full
	if left > 3 {
		odd++
	}
	return even + odd
}

// geohashCellSize is GeoUtils.geoHashCellSize: a cell's diagonal in meters.
func geohashCellSize(level int) float64 {
	w := earthEquator / float64(int64(1)<<(((level+1)/2)*3+(level/2)*2))
	h := earthPolarDistance / float64(int64(1)<<(((level+1)/2)*2+(level/2)*3))
	return math.Sqrt(w*w + h*h)
}

// geoContextValues is GeoContextMapping.parseContext of an input's
// contexts: a point (object, "lat,lon" string taken as a geohash, [lon,
// lat]) or an array of points, each as a geohash of the precision.
func geoContextValues(v any, precision int) ([]string, *apierr.Error) {
	encode := func(pt GeoPoint) string { return Geohash(pt.Lat, pt.Lon, precision) }
	switch x := v.(type) {
	case string:
		return []string{x[:min(len(x), precision)]}, nil
	case []any:
		if len(x) > 0 {
			if lon, ok := x[0].(json.Number); ok {
				if len(x) < 2 {
					return nil, apierr.Parse("latitude must be a numeric value")
				}
				lat, ok := x[1].(json.Number)
				if !ok {
					return nil, apierr.Parse("latitude must be a numeric value")
				}
				if len(x) > 2 {
					return nil, apierr.Parse("only two values [lon, lat] expected")
				}
				lo, _ := lon.Float64()
				la, _ := lat.Float64()
				return []string{Geohash(la, lo, precision)}, nil
			}
		}
		var out []string
		for _, e := range x {
			pt, err := ParseGeoPoint(e, false)
			if err != nil {
				return nil, apierr.Parse("%s", err.Error())
			}
			out = append(out, encode(pt))
		}
		return out, nil
	}
	pt, err := ParseGeoPoint(v, false)
	if err != nil {
		return nil, apierr.Parse("%s", err.Error())
	}
	return []string{encode(pt)}, nil
}

// geoPathContexts are the contexts a geo context with a path takes from
// the document's points there (parseContext(Document)).
func (p *docParser) geoPathContexts(path string, precision int) []string {
	var out []string
	for _, o := range p.out.Values {
		if o.Field.Path == path && o.Field.Type == TypeGeoPoint && o.Kind == KindLong {
			lat, lon := DecodeGeoPoint(o.Int)
			out = append(out, Geohash(lat, lon, precision))
		}
	}
	return out
}

// GeohashNeighbours returns the cells around a geohash at its length
// (Geohash.addNeighbors): up to eight, fewer at the poles.
func GeohashNeighbours(h string) []string {
	c, err := geohashPoint(h)
	if err != nil {
		return nil
	}
	lonBits := (5*len(h) + 1) / 2
	latBits := 5 * len(h) / 2
	w := 360 / float64(int64(1)<<lonBits)
	ht := 180 / float64(int64(1)<<latBits)
	var out []string
	for _, dy := range []float64{-1, 0, 1} {
		for _, dx := range []float64{-1, 0, 1} {
			if dx == 0 && dy == 0 {
				continue
			}
			lat := c.Lat + dy*ht
			if lat > 90 || lat < -90 {
				continue
			}
			lon := c.Lon + dx*w
			if lon >= 180 {
				lon -= 360
			} else if lon < -180 {
				lon += 360
			}
			out = append(out, Geohash(lat, lon, len(h)))
		}
	}
	return out
}

// geoContextMapping renders a geo context as the mapping prints it.
func geoContextMapping(name string, o jsonout.Object) (jsonout.Object, []string, *apierr.Error) {
	r := jsonout.Object{{Key: "name", Value: name}, {Key: "type", Value: "GEO"}}
	precision := geoContextDefaultPrecision
	var path string
	var rest []string
	for _, kv := range o {
		switch kv.Key {
		case "name", "type":
		case "precision":
			if kv.Value == nil {
				continue
			}
			n, err := geoContextPrecision(kv.Value)
			if err != nil {
				return nil, nil, err
			}
			precision = n
		case "path":
			if kv.Value != nil {
				path = javaToString(kv.Value)
			}
		default:
			rest = append(rest, kv.Key+" : "+javaToString(kv.Value))
		}
	}
	r = append(r, jsonout.Field{Key: "precision", Value: precision})
	if path != "" {
		r = append(r, jsonout.Field{Key: "path", Value: path})
	}
	return r, rest, nil
}

// checkGeoContextPaths checks that each geo context's path is a mapped
// geo_point (GeoContextMapping.validateReferences).
func (m *Mapping) checkGeoContextPaths() *apierr.Error {
	var err *apierr.Error
	var walk func(props map[string]*Field)
	walk = func(props map[string]*Field) {
		for _, f := range props {
			if err != nil {
				return
			}
			if f.Type == TypeCompletion {
				for _, c := range f.CompletionContexts() {
					if c.Type != "GEO" || c.Path == "" {
						continue
					}
					switch target := m.Lookup(c.Path); {
					case target == nil:
						err = apierr.Parse("field [%s] referenced in context [%s] is not defined in the mapping", c.Path, c.Name)
					case target.Type != TypeGeoPoint:
						err = apierr.Parse("field [%s] referenced in context [%s] must be mapped to geo_point, found [%s]", c.Path, c.Name, target.Type)
					}
				}
			}
			walk(f.Props)
		}
	}
	walk(m.Root.Props)
	return err
}
