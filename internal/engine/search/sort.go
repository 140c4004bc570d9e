package search

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// SortKind is what a sort key orders by.
type SortKind uint8

// Sort key kinds.
const (
	SortField SortKind = iota
	SortScore
	SortDoc
	// SortShardDoc is OpenSearch 3.3's _shard_doc: (shard << 32) | doc, a
	// unique tie-breaker within a point in time.
	SortShardDoc
	SortScript // _script: Script, ScriptType "number" or "string"
	// SortGeoDistance is _geo_distance: the distance of the field's points
	// to Geo.Points, in Geo.Unit.
	SortGeoDistance
)

// GeoSort are the options of a _geo_distance sort.
type GeoSort struct {
	Points         [][2]float64 // lat, lon
	UnitMeters     float64      // meters per unit (1 for meters)
	Plane          bool         // distance_type plane instead of arc
	IgnoreUnmapped bool
}

// Sort is one sort key.
type Sort struct {
	Kind  SortKind
	Field string
	Desc  bool
	// Missing is "_last" (default), "_first", or a value for documents
	// without the field.
	Missing any
	// Mode is min, max, sum, avg or median for multi-valued fields; ""
	// takes min ascending and max descending.
	Mode string
	// UnmappedType sorts an unmapped field as this type (no values).
	UnmappedType string
	// Nested reads the values from nested objects (nested_sort.go).
	Nested *NestedSort
	// Script and ScriptType describe a _script sort.
	Script     *dsl.Script
	ScriptType string
	// Geo describes a _geo_distance sort.
	Geo *GeoSort
}

// sortValue is one document's value for one key: a number, a string or
// missing.
type sortValue struct {
	missing bool
	isStr   bool
	num     float64 // doubles and scores
	long    int64
	isLong  bool
	str     string
}

// keyReader extracts one sort key from documents of one shard.
type keyReader struct {
	s     Sort
	kind  fieldKind
	f     *mapping.Field
	r     *shard.Reader
	meta  string // "_id" or "_index"
	index string
	shard int
	lbuf  []int64
	dbuf  []float64
	sbuf  []string
	// nested gathers the values from nested documents; noValues marks a
	// field only nested documents hold, read without a nested option.
	nested   *nestedSortReader
	noValues bool
	// script computes a _script sort key.
	script *searchScript
}

func (c *shardCtx) keyReader(s Sort) (*keyReader, *apierr.Error) {
	k := &keyReader{s: s, r: c.r, index: c.idx.Name, shard: c.shard}
	if s.Kind == SortScript {
		return c.scriptKeyReader(k)
	}
	if s.Kind == SortGeoDistance {
		return c.geoKeyReader(k)
	}
	if s.Kind != SortField {
		return k, nil
	}
	switch s.Field {
	case "_id", "_index":
		// Both sort as keywords: the document id, the index name.
		k.meta = s.Field
		return k, nil
	}
	k.f = c.field(s.Field)
	k.kind = kindOf(k.f)
	if k.f != nil && k.f.Derived != nil && c.derived != nil {
		k.r = c.derived.base // a derived field sorts on its (absent) doc values
	}
	if k.f != nil {
		k.s.Field = k.f.Path // an alias sorts by its target
	}
	switch k.kind {
	case kindGeo:
		return nil, apierr.IllegalArgument("can't sort on geo_point field without using specific sorting feature, like geo_distance")
	case kindBinary:
		return nil, apierr.IllegalArgument("Field [%s] of type [binary] does not support sorting", s.Field)
	case kindRange:
		return nil, apierr.IllegalArgument("Field [%s] of type [%s] does not support sorting", s.Field, k.f.Type)
	case kindUnmapped:
		if s.UnmappedType == "" {
			return nil, c.queryShardErr("No mapping found for ["+s.Field+"] in order to sort on", nil)
		}
	case kindText:
		if fd, _ := k.f.Params["fielddata"].(bool); !fd {
			return nil, apierr.IllegalArgument("Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [%s] in order to load field data by uninverting the inverted index. Note that this can use significant memory.", s.Field)
		}
		return nil, apierr.Unsupported("sorting on text fields with fielddata")
	case kindObject:
		if err := noFielddata(k.f); err != nil {
			return nil, err
		}
		return nil, apierr.IllegalArgument("sorting on object field [%s] is not supported", s.Field)
	}
	return k, c.nestedKeys(k)
}

func (k *keyReader) value(slot int32, score float32) sortValue {
	v := k.raw(slot, score)
	if v.missing && k.s.Missing != nil && k.s.Missing != "_first" && k.s.Missing != "_last" {
		return k.missingValue(v)
	}
	return v
}

// missingValue is the sort value a custom "missing" gives a document
// without the field, read as the field's type.
func (k *keyReader) missingValue(like sortValue) sortValue {
	text, _ := k.s.Missing.(string)
	switch {
	case like.isStr:
		return sortValue{isStr: true, str: text}
	case like.isLong:
		if k.kind == kindDate {
			if ms, err := mapping.ParseDate(text, k.f.DateFormat()); err == nil {
				return sortValue{isLong: true, long: ms}
			}
		}
		if n, err := strconv.ParseInt(text, 10, 64); err == nil {
			return sortValue{isLong: true, long: n}
		}
		if f, err := strconv.ParseFloat(text, 64); err == nil {
			return sortValue{isLong: true, long: int64(f)}
		}
	default:
		if f, err := strconv.ParseFloat(text, 64); err == nil {
			return sortValue{num: f}
		}
	}
	return like
}

func (k *keyReader) raw(slot int32, score float32) sortValue {
	switch k.s.Kind {
	case SortScore:
		return sortValue{num: float64(score)}
	case SortDoc:
		return sortValue{long: int64(slot), isLong: true}
	case SortShardDoc:
		return sortValue{long: int64(k.shard)<<32 | int64(slot), isLong: true}
	case SortScript:
		return k.scriptValue(slot, score)
	case SortGeoDistance:
		return k.geoValue(slot)
	}
	switch k.meta {
	case "_id":
		return sortValue{isStr: true, str: k.r.Doc(slot).ID}
	case "_index":
		return sortValue{isStr: true, str: k.index}
	}
	if k.nested != nil || k.noValues {
		return k.nestedValue(slot)
	}
	mode := k.s.Mode
	if mode == "" {
		mode = "min"
		if k.s.Desc {
			mode = "max"
		}
	}
	switch k.kind {
	case kindConstant:
		return sortValue{isStr: true, str: k.f.ConstantValue()}
	case kindKeyword, kindIP:
		k.sbuf = k.r.Keywords(k.s.Field, slot, k.sbuf[:0])
		if len(k.sbuf) == 0 {
			return sortValue{missing: true, isStr: true}
		}
		best := k.sbuf[0]
		for _, v := range k.sbuf[1:] {
			if (mode == "max") == (v > best) && v != best {
				best = v
			}
		}
		return sortValue{isStr: true, str: best}
	case kindLong, kindDate, kindBool, kindUnsigned:
		k.lbuf = k.r.Longs(k.s.Field, slot, k.lbuf[:0])
		if len(k.lbuf) == 0 {
			return sortValue{missing: true, isLong: true}
		}
		return sortValue{isLong: true, long: reduceLongs(k.lbuf, mode)}
	case kindDouble:
		k.dbuf = k.r.Doubles(k.s.Field, slot, k.dbuf[:0])
		if len(k.dbuf) == 0 {
			return sortValue{missing: true}
		}
		return sortValue{num: reduce(k.dbuf, mode)}
	}
	return sortValue{missing: true}
}

func reduce(vs []float64, mode string) float64 {
	switch mode {
	case "max":
		m := math.Inf(-1)
		for _, v := range vs {
			m = math.Max(m, v)
		}
		return m
	case "sum", "avg":
		// Sorted numeric doc values come in ascending order, and the
		// floating-point sum depends on the order of its terms.
		c := append([]float64(nil), vs...)
		sort.Float64s(c)
		s := 0.0
		for _, v := range c {
			s += v
		}
		if mode == "avg" {
			s /= float64(len(vs))
		}
		return s
	case "median":
		c := append([]float64(nil), vs...)
		for i := 1; i < len(c); i++ {
			for j := i; j > 0 && c[j] < c[j-1]; j-- {
				c[j], c[j-1] = c[j-1], c[j]
			}
		}
		if len(c)%2 == 1 {
			return c[len(c)/2]
		}
		return (c[len(c)/2-1] + c[len(c)/2]) / 2
	}
	m := math.Inf(1)
	for _, v := range vs {
		m = math.Min(m, v)
	}
	return m
}

// compareKey orders two values of one key (ascending), missing values placed
// per the key's missing option.
func compareKey(s Sort, a, b sortValue) int {
	if a.missing || b.missing {
		if a.missing && b.missing {
			return 0
		}
		first := s.Missing == "_first"
		// "_last" means last in the final order, whatever the direction.
		r := 1
		if first {
			r = -1
		}
		if a.missing {
			return r
		}
		return -r
	}
	var c int
	switch {
	case a.isStr:
		c = strings.Compare(a.str, b.str)
	case a.isLong && b.isLong:
		c = cmp64(a.long, b.long)
	case a.isLong != b.isLong && !b.isStr:
		// A long against a double (one field mapped long in one index,
		// double in another): both widen to doubles, as the merge of
		// mixed numeric sort fields does since 2.7.
		af, bf := a.num, b.num
		if a.isLong {
			af = float64(a.long)
		} else {
			bf = float64(b.long)
		}
		switch {
		case af < bf:
			c = -1
		case af > bf:
			c = 1
		}
	default:
		switch {
		case a.num < b.num:
			c = -1
		case a.num > b.num:
			c = 1
		}
	}
	return c
}

func cmp64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// reduceLongs picks one value of a multi-valued integer field as
// MultiValueMode does: sums wrap like Java longs, avg rounds the sum divided
// in double, median rounds the mean of the middle pair in double.
func reduceLongs(vs []int64, mode string) int64 {
	switch mode {
	case "sum", "avg":
		var sum int64
		for _, v := range vs {
			sum += v
		}
		if mode == "sum" {
			return sum
		}
		return javaRound(float64(sum) / float64(len(vs)))
	case "median":
		c := append([]int64(nil), vs...)
		sort.Slice(c, func(i, j int) bool { return c[i] < c[j] })
		n := len(c)
		if n%2 == 1 {
			return c[n/2]
		}
		return javaRound((float64(c[n/2-1]) + float64(c[n/2])) / 2)
	}
	best := vs[0]
	for _, v := range vs[1:] {
		if (mode == "max" && v > best) || (mode != "max" && v < best) {
			best = v
		}
	}
	return best
}

// javaRound is Math.round(double): floor(x + 0.5), saturating.
func javaRound(x float64) int64 {
	r := math.Floor(x + 0.5)
	switch {
	case r >= math.MaxInt64:
		return math.MaxInt64
	case r <= math.MinInt64:
		return math.MinInt64
	}
	return int64(r)
}
