package aggs

// Decoding by shape, for bodies without typed_keys prefixes: the fields of
// the result (and of its first bucket) tell which decoder fits. Where two
// types share a shape the more common one wins (a list of buckets with string
// keys is terms, not rare_terms or non-keyed filters); the typed accessors
// then decode the JSON again as the type the caller asks for.

// shape is what a first pass noticed about a result object.
type shape struct {
	fields uint32 // shapeField bits
	bucket bucketShape
}

// The fields shape detection looks at.
const (
	fBuckets uint32 = 1 << iota
	fBucketsKeyed
	fTermsCounts // doc_count_error_upper_bound or sum_other_doc_count
	fBgCount
	fInterval
	fAfterKey
	fDocCount
	fValueNumber // value is a number or null
	fValueOther  // value is an object, list, string or boolean
	fValues
	fStats // count and sum
	fExtended
	fHits
	fBounds   // geo_bounds
	fLocation // geo_centroid
	fFields   // matrix_stats
)

// bucketShape is what the first bucket showed.
type bucketShape struct {
	seen        bool
	key         byte // 's' string, 'l' integer, 'd' double, 'a' list, 'o' object, 0 none
	keyAsString bool
	fromTo      bool
}

// decodeShape guesses the type of an un-prefixed result and decodes it.
func (sc *scanner) decodeShape() Aggregate {
	start := sc.i
	sh := sc.probe()
	if sc.err != nil {
		return nil
	}
	sc.i = start
	return sc.decode(sh.kind())
}

// probe reads a result object and records its shape.
func (sc *scanner) probe() shape {
	var sh shape
	if !sc.open('{') {
		return sh
	}
	first := true
	for sc.next('}', &first) {
		switch sc.key() {
		case "buckets":
			sh.fields |= fBuckets
			sh.bucket = sc.probeBuckets(&sh.fields)
		case "doc_count_error_upper_bound", "sum_other_doc_count":
			sh.fields |= fTermsCounts
			sc.skip()
		case "bg_count":
			sh.fields |= fBgCount
			sc.skip()
		case "interval":
			sh.fields |= fInterval
			sc.skip()
		case "after_key":
			sh.fields |= fAfterKey
			sc.skip()
		case "doc_count":
			sh.fields |= fDocCount
			sc.skip()
		case "value":
			switch c := sc.peek(); {
			case c == 'n' || c == '-' || (c >= '0' && c <= '9'):
				sh.fields |= fValueNumber
			default:
				sh.fields |= fValueOther
			}
			sc.skip()
		case "values":
			sh.fields |= fValues
			sc.skip()
		case "count", "sum":
			sh.fields |= fStats
			sc.skip()
		case "std_deviation", "variance", "sum_of_squares":
			sh.fields |= fExtended
			sc.skip()
		case "hits":
			sh.fields |= fHits
			sc.skip()
		case "bounds":
			sh.fields |= fBounds
			sc.skip()
		case "location":
			sh.fields |= fLocation
			sc.skip()
		case "fields":
			sh.fields |= fFields
			sc.skip()
		default:
			sc.skip()
		}
	}
	return sh
}

// probeBuckets records the first bucket's shape and skips the rest.
func (sc *scanner) probeBuckets(fields *uint32) bucketShape {
	var b bucketShape
	c := sc.peek()
	if c != '[' && c != '{' {
		sc.skip()
		return b
	}
	end := byte(']')
	if c == '{' {
		end = '}'
		*fields |= fBucketsKeyed
	}
	sc.open(c)
	first := true
	for sc.next(end, &first) {
		if c == '{' {
			sc.key()
		}
		if b.seen || sc.peek() != '{' {
			sc.skip()
			continue
		}
		b.seen = true
		sc.open('{')
		inner := true
		for sc.next('}', &inner) {
			switch sc.key() {
			case "key":
				b.key = sc.probeKey()
			case "key_as_string":
				b.keyAsString = true
				sc.skip()
			case "from", "to":
				b.fromTo = true
				sc.skip()
			default:
				sc.skip()
			}
		}
	}
	return b
}

func (sc *scanner) probeKey() byte {
	switch c := sc.peek(); {
	case c == '"':
		sc.str()
		return 's'
	case c == '[':
		sc.skip()
		return 'a'
	case c == '{':
		sc.skip()
		return 'o'
	case c == '-' || (c >= '0' && c <= '9'):
		if isFloat(sc.number()) {
			return 'd'
		}
		return 'l'
	}
	sc.skip()
	return 0
}

// kind picks the decoder for a shape.
func (sh shape) kind() kind {
	f, b := sh.fields, sh.bucket
	switch {
	case f&fHits != 0:
		return kindTopHits
	case f&fBounds != 0:
		return kindGeoBounds
	case f&fLocation != 0:
		return kindGeoCentroid
	case f&fFields != 0:
		return kindMatrixStats
	case f&fAfterKey != 0 || b.key == 'o':
		return kindComposite
	case f&fBuckets != 0:
		switch {
		case b.key == 'a':
			return kindMultiTerms
		case f&fBgCount != 0:
			return kindSigTerms
		case f&fTermsCounts != 0:
			return kindTerms
		case f&fInterval != 0:
			return kindDateHistogram
		case b.fromTo:
			return kindRange
		case b.key == 'd':
			return kindHistogram
		case b.key == 'l' && b.keyAsString:
			return kindDateHistogram
		case b.key == 'l':
			return kindTerms
		case b.key == 's' && f&fBucketsKeyed != 0:
			return kindRange // keyed ranges are the keyed form with string keys
		case b.key == 's':
			return kindTerms
		case f&fBucketsKeyed != 0 || b.seen:
			return kindFilters // keyed filters, or anonymous ones: buckets without keys
		}
		return kindTerms
	case f&fExtended != 0:
		return kindExtStats
	case f&fStats != 0:
		return kindStats
	case f&fValues != 0:
		return kindPercentiles
	case f&fValueOther != 0:
		return kindScripted
	case f&fValueNumber != 0:
		return kindValue
	case f&fDocCount != 0:
		return kindSingle
	}
	return kindRaw
}

// The shapes each accessor takes from a body without typed keys. Shapes two
// types share are accepted by both (rare_terms and date_histogram both look
// like a list of buckets with long keys); an empty bucket list fits every
// multi-bucket type.

func (sh shape) hasBuckets() bool { return sh.fields&fBuckets != 0 }
func (sh shape) empty() bool      { return sh.hasBuckets() && !sh.bucket.seen }
func (sh shape) has(f uint32) bool {
	return sh.fields&f != 0
}

func acceptTerms(sh shape) bool {
	return sh.hasBuckets() && sh.has(fTermsCounts) && sh.bucket.key != 'a' && !sh.has(fBgCount)
}

func acceptRareTerms(sh shape) bool {
	return sh.hasBuckets() && !sh.has(fTermsCounts|fBgCount|fInterval) && !sh.bucket.fromTo &&
		(sh.empty() || sh.bucket.key == 's' || sh.bucket.key == 'l' || sh.bucket.key == 'd')
}

func acceptMultiTerms(sh shape) bool {
	return sh.hasBuckets() && (sh.bucket.key == 'a' || sh.empty() && sh.has(fTermsCounts))
}

func acceptSigTerms(sh shape) bool { return sh.hasBuckets() && sh.has(fBgCount) }

func acceptHistogram(sh shape) bool {
	return sh.hasBuckets() && !sh.has(fTermsCounts|fBgCount|fInterval) && !sh.bucket.fromTo &&
		(sh.empty() || sh.bucket.key == 'd' || sh.bucket.key == 'l')
}

func acceptDateHistogram(sh shape) bool {
	return sh.hasBuckets() && !sh.has(fTermsCounts|fBgCount) && !sh.bucket.fromTo &&
		(sh.empty() || sh.bucket.key == 'l' || sh.bucket.key == 'd')
}

func acceptRange(sh shape) bool {
	return sh.hasBuckets() && !sh.has(fTermsCounts|fBgCount|fInterval) && (sh.empty() || sh.bucket.fromTo || sh.bucket.key == 's')
}

func acceptFilters(sh shape) bool {
	return sh.hasBuckets() && !sh.has(fTermsCounts|fBgCount|fInterval) && !sh.bucket.fromTo &&
		(sh.empty() || sh.bucket.key == 's' || sh.bucket.key == 0)
}

func acceptComposite(sh shape) bool {
	return sh.has(fAfterKey) || sh.hasBuckets() && (sh.empty() || sh.bucket.key == 'o')
}

func acceptSingle(sh shape) bool {
	return sh.has(fDocCount) && !sh.has(fBuckets|fBgCount|fValueNumber|fValueOther|fValues|fHits)
}

func acceptValue(sh shape) bool { return sh.has(fValueNumber) && !sh.has(fStats|fValues) }

func acceptStats(sh shape) bool { return sh.has(fStats) && !sh.has(fExtended) }

func acceptExtStats(sh shape) bool { return sh.has(fExtended) }

func acceptPercentiles(sh shape) bool { return sh.has(fValues) }

func acceptTopHits(sh shape) bool { return sh.has(fHits) }

// acceptGeoBounds takes a box, or the empty body of a geo_bounds without
// points.
func acceptGeoBounds(sh shape) bool { return sh.has(fBounds) || sh.fields == 0 }

// acceptGeoCentroid takes a centroid, or the bare count of one without
// points.
func acceptGeoCentroid(sh shape) bool {
	return sh.has(fLocation) || sh.fields&^fStats == 0 && sh.has(fStats)
}

// acceptGeoGrid takes a list of buckets with string keys (the shape of
// terms without its counts).
func acceptGeoGrid(sh shape) bool {
	return sh.empty() || sh.hasBuckets() && sh.bucket.key == 's' && !sh.has(fTermsCounts|fBucketsKeyed)
}

// acceptMatrixStats takes fields, or the bare doc_count of an empty result.
func acceptMatrixStats(sh shape) bool { return sh.has(fFields) || sh.fields == fDocCount }

func acceptScripted(sh shape) bool { return sh.has(fValueNumber | fValueOther) }
