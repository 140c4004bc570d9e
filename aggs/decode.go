package aggs

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// Named is one aggregation of a response or of a bucket.
type Named struct {
	Name      string    // the request's name, without the typed_keys prefix
	Type      string    // the typed_keys type ("sterms", "avg", ...); "" when the body had no prefix
	Aggregate Aggregate // the decoded result

	raw []byte // the JSON of an aggregation without a type, for the accessors to decode as they are asked
}

// Aggregations are the aggregations of a response, or the sub-aggregations
// of a bucket, in the order the server sent them. Look them up by name with
// Get or the typed accessors (Terms, Avg, DateHistogram, ...).
type Aggregations []Named

// UnmarshalJSON decodes every aggregation into its concrete type. The
// results keep nothing of b.
func (a *Aggregations) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*a = nil
		return nil
	}
	sc := newScanner(b)
	out := sc.aggregations()
	sc.end()
	if sc.err != nil {
		return sc.err
	}
	*a = out
	return nil
}

// DecodeAt decodes the aggregations object (or null) that starts at data[i],
// after any white space, and returns the offset just past it. A decoder of a
// larger document, such as a search response, reads the aggregations in
// place with it, without first finding where they end. The results keep
// nothing of data.
func (a *Aggregations) DecodeAt(data []byte, i int) (int, error) {
	sc := newScanner(data)
	sc.i = i
	if sc.peek() == 'n' {
		sc.literal("null")
		if sc.err != nil {
			return 0, sc.err
		}
		*a = nil
		return sc.i, nil
	}
	out := sc.aggregations()
	if sc.err != nil {
		return 0, sc.err
	}
	*a = out
	return sc.i, nil
}

// MarshalJSON writes the aggregations in the server's format, with their
// typed_keys prefixes when they had them, so that UnmarshalJSON reads the
// same results back.
func (a Aggregations) MarshalJSON() ([]byte, error) {
	return a.appendJSON(nil)
}

// aggregations reads an object of aggregations.
func (sc *scanner) aggregations() Aggregations {
	if !sc.open('{') {
		return nil
	}
	m := sc.named.begin()
	first := true
	for sc.next('}', &first) {
		n := sc.named1(sc.key())
		*sc.named.slot(&m, sc.i, len(sc.data)) = n
	}
	return sc.named.end(m)
}

// sub reads the member key of a bucket or single-bucket result that is not
// one of its own fields: an object is a sub-aggregation, anything else an
// unknown field to skip.
func (sc *scanner) sub(m *listMark, key string) {
	if sc.peek() != '{' {
		sc.skip()
		return
	}
	n := sc.named1(key)
	*sc.named.slot(m, sc.i, len(sc.data)) = n
}

// named decodes one aggregation under its response key.
func (sc *scanner) named1(key string) Named {
	typ, name := splitTyped(key)
	sc.ws()
	start := sc.i
	var agg Aggregate
	if typ != "" {
		agg = sc.decode(kindOf(typ))
	} else {
		agg = sc.decodeShape()
	}
	if sc.err != nil {
		return Named{}
	}
	n := Named{Name: sc.keep(name), Type: sc.keep(typ), Aggregate: agg}
	if typ == "" {
		n.raw = keepBytes(sc.data[start:sc.i])
	}
	return n
}

// splitTyped splits "type#name". A key whose part before '#' is not a type
// name (lower-case letters, digits, '_') is a plain name.
func splitTyped(key string) (typ, name string) {
	i := strings.IndexByte(key, '#')
	if i <= 0 {
		return "", key
	}
	for j := 0; j < i; j++ {
		c := key[j]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return "", key
		}
	}
	return key[:i], key[i+1:]
}

// kind is a decoder: the result shape shared by several server types.
type kind uint8

const (
	kindRaw kind = iota
	kindTerms
	kindMultiTerms
	kindSigTerms
	kindHistogram
	kindDateHistogram
	kindRange
	kindFilters
	kindSingle
	kindComposite
	kindValue
	kindStats
	kindExtStats
	kindPercentiles
	kindTopHits
	kindScripted
	kindGeoBounds
	kindGeoCentroid
	kindGeoGrid
	kindMatrixStats
)

// kindOf maps a typed_keys type to its decoder.
func kindOf(typ string) kind {
	switch typ {
	case "sterms", "lterms", "dterms", "ulterms", "umterms", "srareterms", "lrareterms", "umrareterms":
		return kindTerms
	case "multi_terms":
		return kindMultiTerms
	case "sigsterms", "siglterms", "umsigterms":
		return kindSigTerms
	case "histogram":
		return kindHistogram
	case "date_histogram", "auto_date_histogram":
		return kindDateHistogram
	case "range", "date_range", "ip_range", "geo_distance":
		return kindRange
	case "filters", "adjacency_matrix":
		return kindFilters
	case "filter", "missing", "global", "nested", "reverse_nested", "sampler", "diversified_sampler", "children", "parent":
		return kindSingle
	case "composite":
		return kindComposite
	case "avg", "sum", "min", "max", "value_count", "cardinality", "weighted_avg", "median_absolute_deviation",
		"simple_value", "derivative", "bucket_metric_value":
		return kindValue
	case "stats", "stats_bucket":
		return kindStats
	case "extended_stats", "extended_stats_bucket":
		return kindExtStats
	case "tdigest_percentiles", "hdr_percentiles", "tdigest_percentile_ranks", "hdr_percentile_ranks", "percentiles_bucket":
		return kindPercentiles
	case "top_hits":
		return kindTopHits
	case "scripted_metric":
		return kindScripted
	case "geo_bounds":
		return kindGeoBounds
	case "geo_centroid":
		return kindGeoCentroid
	case "geohash_grid", "geotile_grid":
		return kindGeoGrid
	case "matrix_stats":
		return kindMatrixStats
	}
	return kindRaw
}

// decode reads one result object with the decoder of k.
func (sc *scanner) decode(k kind) Aggregate {
	switch k {
	case kindTerms:
		return sc.terms()
	case kindMultiTerms:
		return sc.multiTerms()
	case kindSigTerms:
		return sc.sigTerms()
	case kindHistogram:
		return sc.histogram()
	case kindDateHistogram:
		return sc.dateHistogram()
	case kindRange:
		return sc.ranges()
	case kindFilters:
		return sc.filters()
	case kindSingle:
		return sc.single()
	case kindComposite:
		return sc.composite()
	case kindValue:
		return sc.value()
	case kindStats:
		return sc.stats()
	case kindExtStats:
		return sc.extStats()
	case kindPercentiles:
		return sc.percentiles()
	case kindTopHits:
		return sc.topHits()
	case kindScripted:
		return sc.scripted()
	case kindGeoBounds:
		return sc.geoBounds()
	case kindGeoCentroid:
		return sc.geoCentroid()
	case kindGeoGrid:
		return sc.geoGrid()
	case kindMatrixStats:
		return sc.matrixStats()
	}
	return sc.raw()
}

// meta decodes a meta object.
func (sc *scanner) meta(c *common) {
	raw := sc.skip()
	if sc.err != nil || len(raw) == 0 || raw[0] != '{' {
		return
	}
	if err := jsonx.Unmarshal(raw, &c.Meta); err != nil {
		sc.fail("bad meta: " + err.Error())
	}
}

// listIter walks a bucket list, or the keyed form: an object of buckets by
// key, whose key it holds.
type listIter struct {
	end   byte
	first bool
	key   string
}

// list opens a bucket list ('[') or keyed object ('{', which sets *keyed).
func (sc *scanner) list(keyed *bool) listIter {
	switch c := sc.peek(); c {
	case '[':
		sc.open('[')
		return listIter{end: ']', first: true}
	case '{':
		if keyed != nil {
			*keyed = true
		}
		sc.open('{')
		return listIter{end: '}', first: true}
	}
	sc.fail("expected buckets")
	return listIter{}
}

// more moves to the next bucket, reading its key in the keyed form.
func (sc *scanner) more(it *listIter) bool {
	if sc.err != nil || it.end == 0 || !sc.next(it.end, &it.first) {
		return false
	}
	if it.end == '}' {
		it.key = sc.key()
	}
	return true
}
