package mapping

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// A geo_point's doc value is one long per point, Lucene's
// LatLonDocValuesField encoding: the latitude quantised to 32 bits in the
// high half, the longitude in the low half. Decoding gives the quantised
// coordinates OpenSearch shows in doc values and scripts.

const (
	latScale  = float64(int64(1)<<32) / 180.0
	lonScale  = float64(int64(1)<<32) / 360.0
	latDecode = 180.0 / float64(int64(1)<<32)
	lonDecode = 360.0 / float64(int64(1)<<32)
)

// EncodeGeoPoint packs a point into its doc value.
func EncodeGeoPoint(lat, lon float64) int64 {
	return int64(EncodeLat(lat))<<32 | int64(uint32(EncodeLon(lon)))
}

// DecodeGeoPoint unpacks a doc value into latitude and longitude.
func DecodeGeoPoint(v int64) (lat, lon float64) {
	return float64(int32(v>>32)) * latDecode, float64(int32(uint32(v))) * lonDecode
}

// GeoPoint is a parsed point.
type GeoPoint struct{ Lat, Lon float64 }

// geoErr is a parse failure with OpenSearch's message.
type geoErr struct{ msg string }

func (e *geoErr) Error() string { return e.msg }

// ParseGeoPoint reads one point in any form geo_point accepts: an object
// {"lat","lon"}, a GeoJSON Point object, "lat,lon", a geohash, WKT
// "POINT (lon lat)", or an array [lon, lat(, z)]. ignoreZ allows a third
// dimension (ignore_z_value, true by default).
func ParseGeoPoint(v any, ignoreZ bool) (GeoPoint, error) {
	switch x := v.(type) {
	case jsonout.Object:
		return geoFromObject(x, ignoreZ)
	case []any:
		return geoFromArray(x, ignoreZ)
	case string:
		return geoFromString(x, ignoreZ)
	case json.Number:
		return GeoPoint{}, &geoErr{"geo_point expected"}
	}
	return GeoPoint{}, &geoErr{"geo_point expected"}
}

func geoNumber(v any, name string) (float64, error) {
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(x.String(), 64)
		if err == nil {
			return f, nil
		}
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err == nil {
			return f, nil
		}
		return 0, &geoErr{"[" + name + "] must be a valid double value"}
	}
	return 0, &geoErr{name + " must be a number"}
}

func geoFromObject(o jsonout.Object, ignoreZ bool) (GeoPoint, error) {
	if t, ok := o.Get("type"); ok {
		if s, _ := t.(string); !strings.EqualFold(s, "point") {
			return GeoPoint{}, &geoErr{"[type] for geo_point can only be 'Point'"}
		}
		c, ok := o.Get("coordinates")
		arr, isArr := c.([]any)
		if !ok || !isArr {
			return GeoPoint{}, &geoErr{"[coordinates] must be specified"}
		}
		return geoFromArray(arr, ignoreZ)
	}
	var p GeoPoint
	var haveLat, haveLon bool
	var hash string
	for _, f := range o {
		switch f.Key {
		case "lat":
			v, err := geoNumber(f.Value, "latitude")
			if err != nil {
				return p, err
			}
			p.Lat, haveLat = v, true
		case "lon":
			v, err := geoNumber(f.Value, "longitude")
			if err != nil {
				return p, err
			}
			p.Lon, haveLon = v, true
		case "z":
			if !ignoreZ {
				return p, &geoErr{"Exception parsing coordinates: found Z value [" + javaToString(f.Value) + "] but [ignore_z_value] parameter is [false]"}
			}
		case "geohash":
			s, ok := f.Value.(string)
			if !ok {
				return p, &geoErr{"geohash must be a string"}
			}
			hash = s
		default:
			return p, &geoErr{"field must be either [lat], [lon], [z], [type], [coordinates], or [geohash]"}
		}
	}
	if hash != "" {
		if haveLat || haveLon {
			return p, &geoErr{"field must be either lat/lon or geohash"}
		}
		return geohashPoint(hash)
	}
	if !haveLat {
		if !haveLon {
			return p, &geoErr{"field [lat] missing"}
		}
		return p, &geoErr{"field [lat] missing"}
	}
	if !haveLon {
		return p, &geoErr{"field [lon] missing"}
	}
	return p, nil
}

func geoFromArray(a []any, ignoreZ bool) (GeoPoint, error) {
	var nums []float64
	for _, e := range a {
		n, ok := e.(json.Number)
		if !ok {
			return GeoPoint{}, &geoErr{"numeric value expected"}
		}
		f, err := strconv.ParseFloat(n.String(), 64)
		if err != nil {
			return GeoPoint{}, &geoErr{"numeric value expected"}
		}
		nums = append(nums, f)
	}
	switch {
	case len(nums) < 2:
		return GeoPoint{}, &geoErr{"geo_point expected"}
	case len(nums) == 3 && !ignoreZ:
		return GeoPoint{}, &geoErr{"Exception parsing coordinates: found Z value [" + fmtJavaDouble(nums[2]) + "] but [ignore_z_value] parameter is [false]"}
	case len(nums) > 3:
		return GeoPoint{}, &geoErr{"[geo_point] field type does not accept > 3 dimensions"}
	}
	return GeoPoint{Lat: nums[1], Lon: nums[0]}, nil
}

func geoFromString(s string, ignoreZ bool) (GeoPoint, error) {
	t := strings.TrimSpace(s)
	if up := strings.ToUpper(t); strings.HasPrefix(up, "POINT") {
		return geoFromWKT(t, ignoreZ)
	}
	parts := strings.Split(t, ",")
	switch len(parts) {
	case 1:
		return geohashPoint(t)
	case 2, 3:
		if len(parts) == 3 && !ignoreZ {
			return GeoPoint{}, &geoErr{"Exception parsing coordinates: found Z value [" + strings.TrimSpace(parts[2]) + "] but [ignore_z_value] parameter is [false]"}
		}
		lat, err := strconv.ParseFloat(strings.TrimSpace(parts[0]), 64)
		if err != nil {
			return GeoPoint{}, &geoErr{"latitude must be a number"}
		}
		lon, err := strconv.ParseFloat(strings.TrimSpace(parts[1]), 64)
		if err != nil {
			return GeoPoint{}, &geoErr{"longitude must be a number"}
		}
		return GeoPoint{Lat: lat, Lon: lon}, nil
	}
	return GeoPoint{}, &geoErr{"failed to parse [" + s + "], expected 2 or 3 coordinates but found: [" + strconv.Itoa(len(parts)) + "]"}
}

func geoFromWKT(s string, ignoreZ bool) (GeoPoint, error) {
	open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || close < open || strings.TrimSpace(s[close+1:]) != "" {
		return GeoPoint{}, &geoErr{"Unable to parse WKT point [" + s + "]"}
	}
	fs := strings.Fields(s[open+1 : close])
	if len(fs) < 2 || len(fs) > 3 {
		return GeoPoint{}, &geoErr{"Unable to parse WKT point [" + s + "]"}
	}
	lon, err1 := strconv.ParseFloat(fs[0], 64)
	lat, err2 := strconv.ParseFloat(fs[1], 64)
	if err1 != nil || err2 != nil {
		return GeoPoint{}, &geoErr{"Unable to parse WKT point [" + s + "]"}
	}
	if len(fs) == 3 && !ignoreZ {
		return GeoPoint{}, &geoErr{"Exception parsing coordinates: found Z value [" + fs[2] + "] but [ignore_z_value] parameter is [false]"}
	}
	return GeoPoint{Lat: lat, Lon: lon}, nil
}

const geohashAlphabet = "0123456789bcdefghjkmnpqrstuvwxyz"

// geohashPoint decodes a geohash to the centre of its cell, as
// GeoPoint.resetFromGeoHash does.
func geohashPoint(h string) (GeoPoint, error) {
	if h == "" || len(h) > 12 {
		return GeoPoint{}, &geoErr{"unsupported symbol [" + h + "] in geohash [" + h + "]"}
	}
	latLo, latHi, lonLo, lonHi := -90.0, 90.0, -180.0, 180.0
	even := true
	for i := 0; i < len(h); i++ {
		c := h[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		d := strings.IndexByte(geohashAlphabet, c)
		if d < 0 {
			return GeoPoint{}, &geoErr{"unsupported symbol [" + string(h[i]) + "] in geohash [" + h + "]"}
		}
		for b := 4; b >= 0; b-- {
			bit := d>>uint(b)&1 == 1
			if even {
				mid := (lonLo + lonHi) / 2
				if bit {
					lonLo = mid
				} else {
					lonHi = mid
				}
			} else {
				mid := (latLo + latHi) / 2
				if bit {
					latLo = mid
				} else {
					latHi = mid
				}
			}
			even = !even
		}
	}
	return GeoPoint{Lat: (latLo + latHi) / 2, Lon: (lonLo + lonHi) / 2}, nil
}

// fmtJavaDouble prints a double as Double.toString does for ordinary values.
func fmtJavaDouble(f float64) string {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
}

// Geohash encodes a point at a precision (1..12) as OpenSearch's Geohash does.
func Geohash(lat, lon float64, precision int) string {
	latLo, latHi, lonLo, lonHi := -90.0, 90.0, -180.0, 180.0
	var b strings.Builder
	even := true
	for b.Len() < precision {
		d := 0
		for i := 0; i < 5; i++ {
			if even {
				mid := (lonLo + lonHi) / 2
				if lon >= mid {
					d = d<<1 | 1
					lonLo = mid
				} else {
					d <<= 1
					lonHi = mid
				}
			} else {
				mid := (latLo + latHi) / 2
				if lat >= mid {
					d = d<<1 | 1
					latLo = mid
				} else {
					d <<= 1
					latHi = mid
				}
			}
			even = !even
		}
		b.WriteByte(geohashAlphabet[d])
	}
	return b.String()
}

// GeoQuantum is the size in degrees of one step of the latitude (first)
// and longitude (second) encoding.
func GeoQuantum() (lat, lon float64) { return latDecode, lonDecode }

// EncodeLat and EncodeLon are the 32-bit encodings of one coordinate
// (floor); EncodeLatCeil and EncodeLonCeil round up, as Lucene encodes the
// lower corner of a box.
func EncodeLat(lat float64) int32 {
	if lat == 90 {
		lat = math.Nextafter(90, 0)
	}
	return int32(math.Floor(lat * latScale))
}

// EncodeLon is the 32-bit encoding of a longitude.
func EncodeLon(lon float64) int32 {
	if lon == 180 {
		lon = math.Nextafter(180, 0)
	}
	return int32(math.Floor(lon * lonScale))
}

// EncodeLatCeil encodes a latitude rounding up.
func EncodeLatCeil(lat float64) int32 {
	v := math.Ceil(lat * latScale)
	if v > math.MaxInt32 {
		return math.MaxInt32
	}
	return int32(v)
}

// EncodeLonCeil encodes a longitude rounding up.
func EncodeLonCeil(lon float64) int32 {
	v := math.Ceil(lon * lonScale)
	if v > math.MaxInt32 {
		return math.MaxInt32
	}
	return int32(v)
}

// EarthMeanRadius is GeoUtils.EARTH_MEAN_RADIUS in meters.
const EarthMeanRadius = 6371008.7714

// ArcDistance is the haversine distance in meters, computed as Lucene's
// SloppyMath.haversinMeters lays it out (the sort key's low bits cleared);
// it uses exact trigonometry where Lucene uses table approximations, so
// the last digits may differ from OpenSearch's.
func ArcDistance(lat1, lon1, lat2, lon2 float64) float64 {
	x1, x2 := lat1*math.Pi/180, lat2*math.Pi/180
	h1 := 1 - math.Cos(x1-x2)
	h2 := 1 - math.Cos((lon1-lon2)*math.Pi/180)
	h := h1 + math.Cos(x1)*math.Cos(x2)*h2
	h = math.Float64frombits(math.Float64bits(h) &^ 7)
	return EarthMeanRadius * 2 * math.Asin(math.Min(1, math.Sqrt(h*0.5)))
}

// PlaneDistance is GeoUtils.planeDistance in meters.
func PlaneDistance(lat1, lon1, lat2, lon2 float64) float64 {
	x := (lon2 - lon1) * math.Pi / 180 * math.Cos((lat2+lat1)/2*math.Pi/180)
	y := (lat2 - lat1) * math.Pi / 180
	return math.Sqrt(x*x+y*y) * EarthMeanRadius
}
