package aggs

import "sort"

// Results of geo_bounds, geo_centroid, geohash_grid, geotile_grid and
// matrix_stats: their types, decoders and encoders.

// GeoBoundsAggregate is the result of geo_bounds. TopLeft and BottomRight
// are nil when no document had a point.
type GeoBoundsAggregate struct {
	common
	TopLeft     *GeoPoint
	BottomRight *GeoPoint
}

// GeoCentroidAggregate is the result of geo_centroid: the centroid (nil
// without points) and the number of points.
type GeoCentroidAggregate struct {
	common
	Location *GeoPoint
	Count    int64
}

// GeoGridAggregate is the result of geohash_grid and geotile_grid. Buckets
// come most documents first.
type GeoGridAggregate struct {
	common
	Buckets []GeoGridBucket
}

// GeoGridBucket is one cell: a geohash ("u173z") or a tile
// ("zoom/x/y").
type GeoGridBucket struct {
	Key          string
	DocCount     int64
	Aggregations Aggregations
}

// Bucket returns the bucket of the cell key.
func (a *GeoGridAggregate) Bucket(key string) (*GeoGridBucket, bool) {
	for i := range a.Buckets {
		if a.Buckets[i].Key == key {
			return &a.Buckets[i], true
		}
	}
	return nil, false
}

// MatrixStatsAggregate is the result of matrix_stats. Fields is empty when
// no document had every field.
type MatrixStatsAggregate struct {
	common
	DocCount int64
	Fields   []MatrixStatsField
}

// MatrixStatsField is one field's statistics. Values the server could not
// compute (one document: a variance of 0/0) are NaN.
type MatrixStatsField struct {
	Name        string
	Count       int64
	Mean        float64
	Variance    float64
	Skewness    float64
	Kurtosis    float64
	Covariance  map[string]float64 // with every field, this one included (its variance)
	Correlation map[string]float64 // with every field, 1 for this one
	order       []string           // the server's key order of Covariance and Correlation
}

// Field returns the statistics of a field.
func (a *MatrixStatsAggregate) Field(name string) (*MatrixStatsField, bool) {
	for i := range a.Fields {
		if a.Fields[i].Name == name {
			return &a.Fields[i], true
		}
	}
	return nil, false
}

func (sc *scanner) geoPoint() *GeoPoint {
	p := &GeoPoint{}
	if !sc.open('{') {
		return nil
	}
	first := true
	for sc.next('}', &first) {
		switch sc.key() {
		case "lat":
			p.Lat, _ = sc.float()
		case "lon":
			p.Lon, _ = sc.float()
		default:
			sc.skip()
		}
	}
	return p
}

func (sc *scanner) geoBounds() *GeoBoundsAggregate {
	a := &GeoBoundsAggregate{}
	if !sc.open('{') {
		return a
	}
	first := true
	for sc.next('}', &first) {
		switch sc.key() {
		case "bounds":
			if !sc.open('{') {
				return a
			}
			inner := true
			for sc.next('}', &inner) {
				switch sc.key() {
				case "top_left":
					a.TopLeft = sc.geoPoint()
				case "bottom_right":
					a.BottomRight = sc.geoPoint()
				default:
					sc.skip()
				}
			}
		case "meta":
			sc.meta(&a.common)
		default:
			sc.skip()
		}
	}
	return a
}

func (sc *scanner) geoCentroid() *GeoCentroidAggregate {
	a := &GeoCentroidAggregate{}
	if !sc.open('{') {
		return a
	}
	first := true
	for sc.next('}', &first) {
		switch sc.key() {
		case "location":
			a.Location = sc.geoPoint()
		case "count":
			a.Count = sc.int()
		case "meta":
			sc.meta(&a.common)
		default:
			sc.skip()
		}
	}
	return a
}

func (sc *scanner) geoGrid() *GeoGridAggregate {
	a := &GeoGridAggregate{}
	if !sc.open('{') {
		return a
	}
	first := true
	for sc.next('}', &first) {
		switch k := sc.key(); k {
		case "buckets":
			if !sc.open('[') {
				return a
			}
			a.Buckets = []GeoGridBucket{}
			inner := true
			for sc.next(']', &inner) {
				a.Buckets = append(a.Buckets, GeoGridBucket{})
				sc.geoGridBucket(&a.Buckets[len(a.Buckets)-1])
			}
		case "meta":
			sc.meta(&a.common)
		default:
			sc.skip()
		}
	}
	return a
}

func (sc *scanner) geoGridBucket(b *GeoGridBucket) {
	if !sc.open('{') {
		return
	}
	subs := sc.named.begin()
	first := true
	for sc.next('}', &first) {
		switch k := sc.key(); k {
		case "key":
			b.Key = sc.strOrNull()
		case "doc_count":
			b.DocCount = sc.int()
		default:
			sc.sub(&subs, k)
		}
	}
	b.Aggregations = sc.named.end(subs)
}

func (sc *scanner) matrixStats() *MatrixStatsAggregate {
	a := &MatrixStatsAggregate{}
	if !sc.open('{') {
		return a
	}
	first := true
	for sc.next('}', &first) {
		switch sc.key() {
		case "doc_count":
			a.DocCount = sc.int()
		case "fields":
			if !sc.open('[') {
				return a
			}
			inner := true
			for sc.next(']', &inner) {
				a.Fields = append(a.Fields, sc.matrixField())
			}
		case "meta":
			sc.meta(&a.common)
		default:
			sc.skip()
		}
	}
	return a
}

func (sc *scanner) matrixField() MatrixStatsField {
	f := MatrixStatsField{}
	if !sc.open('{') {
		return f
	}
	first := true
	for sc.next('}', &first) {
		switch k := sc.key(); k {
		case "name":
			f.Name = sc.strOrNull()
		case "count":
			f.Count = sc.int()
		case "mean":
			f.Mean, _ = sc.float()
		case "variance":
			f.Variance, _ = sc.float()
		case "skewness":
			f.Skewness, _ = sc.float()
		case "kurtosis":
			f.Kurtosis, _ = sc.float()
		case "covariance", "correlation":
			m, order := sc.floatMap()
			if k == "covariance" {
				f.Covariance = m
			} else {
				f.Correlation = m
			}
			if f.order == nil {
				f.order = order
			}
		default:
			sc.skip()
		}
	}
	return f
}

// floatMap reads an object of numbers, with its key order.
func (sc *scanner) floatMap() (map[string]float64, []string) {
	if !sc.open('{') {
		return nil, nil
	}
	m := map[string]float64{}
	var order []string
	first := true
	for sc.next('}', &first) {
		k := sc.keep(sc.key())
		m[k], _ = sc.float()
		order = append(order, k)
	}
	return m, order
}

// appendGeoPoint writes {"lat":..,"lon":..}.
func appendGeoPoint(b []byte, p *GeoPoint) []byte {
	b = append(b, `{"lat":`...)
	b = appendFloat(b, &p.Lat)
	b = append(b, `,"lon":`...)
	b = appendFloat(b, &p.Lon)
	return append(b, '}')
}

// appendGeoAggregate writes the results of this file; ok is false for
// other types.
func appendGeoAggregate(b []byte, agg Aggregate) ([]byte, bool, error) {
	switch a := agg.(type) {
	case *GeoBoundsAggregate:
		out, err := appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			if a.TopLeft == nil || a.BottomRight == nil {
				return b, nil
			}
			b = append(appendField(b, "bounds"), `{"top_left":`...)
			b = append(appendGeoPoint(b, a.TopLeft), `,"bottom_right":`...)
			return append(appendGeoPoint(b, a.BottomRight), '}'), nil
		})
		return out, true, err
	case *GeoCentroidAggregate:
		out, err := appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			if a.Location != nil {
				b = appendGeoPoint(appendField(b, "location"), a.Location)
			}
			return appendInt(b, "count", a.Count), nil
		})
		return out, true, err
	case *GeoGridAggregate:
		out, err := appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			return appendList(b, false, a.Buckets, nil, func(b []byte, g *GeoGridBucket) ([]byte, error) {
				return bucket(b, func(b []byte) []byte { return appendString(appendField(b, "key"), g.Key) }, g.DocCount, g.Aggregations)
			})
		})
		return out, true, err
	case *MatrixStatsAggregate:
		out, err := appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			b = appendInt(b, "doc_count", a.DocCount)
			if len(a.Fields) == 0 {
				return b, nil
			}
			b = append(appendField(b, "fields"), '[')
			for i := range a.Fields {
				if i > 0 {
					b = append(b, ',')
				}
				b = appendMatrixField(b, &a.Fields[i])
			}
			return append(b, ']'), nil
		})
		return out, true, err
	}
	return b, false, nil
}

func appendMatrixField(b []byte, f *MatrixStatsField) []byte {
	b = append(b, `{"name":`...)
	b = appendString(b, f.Name)
	b = appendInt(b, "count", f.Count)
	for _, v := range []struct {
		name string
		x    float64
	}{{"mean", f.Mean}, {"variance", f.Variance}, {"skewness", f.Skewness}, {"kurtosis", f.Kurtosis}} {
		b = appendFloat(appendField(b, v.name), &v.x)
	}
	order := f.order
	if order == nil {
		for k := range f.Covariance {
			order = append(order, k)
		}
		sort.Strings(order)
	}
	for _, m := range []struct {
		name string
		vals map[string]float64
	}{{"covariance", f.Covariance}, {"correlation", f.Correlation}} {
		b = append(appendField(b, m.name), '{')
		n := 0
		for _, k := range order {
			x, ok := m.vals[k]
			if !ok {
				continue
			}
			if n > 0 {
				b = append(b, ',')
			}
			n++
			b = append(appendString(b, k), ':')
			b = appendFloat(b, &x)
		}
		b = append(b, '}')
	}
	return append(b, '}')
}
