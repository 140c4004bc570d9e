package aggs

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// Each decoder reads one result object. Fields it does not know are skipped,
// except in single-bucket results and buckets, where an object is a
// sub-aggregation.

func (sc *scanner) terms() *TermsAggregate {
	a := sc.termsAggs.one()
	sc.resultObject(&a.common, "", func(k string) bool {
		switch k {
		case "buckets":
			a.Buckets = bucketList(sc, &sc.termsB, nil, termsBucket)
		case "doc_count_error_upper_bound":
			a.DocCountErrorUpperBound = sc.int()
		case "sum_other_doc_count":
			a.SumOtherDocCount = sc.int()
		default:
			return false
		}
		return true
	})
	return a
}

func termsBucket(sc *scanner, b *TermsBucket, _ string) {
	want := "key" // the server's order: key, [key_as_string,] doc_count
	b.Aggregations = sc.bucketObject(&want, func(k string) bool {
		switch k {
		case "key":
			b.Key = sc.bucketKey()
			want = "doc_count"
		case "key_as_string":
			b.KeyAsString = sc.strOrNull()
			want = "doc_count"
		case "doc_count":
			b.DocCount = sc.int()
		case "doc_count_error_upper_bound":
			n := sc.int()
			b.DocCountErrorUpperBound = &n
		default:
			return false
		}
		return true
	})
}

func (sc *scanner) multiTerms() *MultiTermsAggregate {
	a := &MultiTermsAggregate{}
	sc.resultObject(&a.common, "", func(k string) bool {
		switch k {
		case "buckets":
			a.Buckets = bucketList(sc, &sc.multiTermsB, nil, multiTermsBucket)
		case "doc_count_error_upper_bound":
			a.DocCountErrorUpperBound = sc.int()
		case "sum_other_doc_count":
			a.SumOtherDocCount = sc.int()
		default:
			return false
		}
		return true
	})
	return a
}

func multiTermsBucket(sc *scanner, b *MultiTermsBucket, _ string) {
	b.Aggregations = sc.bucketObject(nil, func(k string) bool {
		switch k {
		case "key":
			if !sc.open('[') {
				return true // the error ends the object
			}
			inner := true
			for sc.next(']', &inner) {
				b.Key = append(b.Key, sc.bucketKey())
			}
		case "key_as_string":
			b.KeyAsString = sc.strOrNull()
		case "doc_count":
			b.DocCount = sc.int()
		case "doc_count_error_upper_bound":
			n := sc.int()
			b.DocCountErrorUpperBound = &n
		default:
			return false
		}
		return true
	})
}

func (sc *scanner) sigTerms() *SignificantTermsAggregate {
	a := &SignificantTermsAggregate{}
	sc.resultObject(&a.common, "", func(k string) bool {
		switch k {
		case "buckets":
			a.Buckets = bucketList(sc, &sc.sigTermsB, nil, sigTermsBucket)
		case "doc_count":
			a.DocCount = sc.int()
		case "bg_count":
			a.BgCount = sc.int()
		default:
			return false
		}
		return true
	})
	return a
}

func sigTermsBucket(sc *scanner, b *SignificantTermsBucket, _ string) {
	b.Aggregations = sc.bucketObject(nil, func(k string) bool {
		switch k {
		case "key":
			b.Key = sc.bucketKey()
		case "key_as_string":
			b.KeyAsString = sc.strOrNull()
		case "doc_count":
			b.DocCount = sc.int()
		case "bg_count":
			b.BgCount = sc.int()
		case "score":
			b.Score, _ = sc.float()
		default:
			return false
		}
		return true
	})
}

func (sc *scanner) histogram() *HistogramAggregate {
	a := sc.histAggs.one()
	sc.resultObject(&a.common, "", func(k string) bool {
		switch k {
		case "buckets":
			a.Buckets = bucketList(sc, &sc.histB, &a.Keyed, histogramBucket)
		default:
			return false
		}
		return true
	})
	return a
}

func histogramBucket(sc *scanner, b *HistogramBucket, _ string) {
	want := "key" // the server's order: [key_as_string,] key, doc_count
	b.Aggregations = sc.bucketObject(&want, func(k string) bool {
		switch k {
		case "key":
			b.Key, _ = sc.float()
			want = "doc_count"
		case "key_as_string":
			b.KeyAsString = sc.strOrNull()
			want = "key"
		case "doc_count":
			b.DocCount = sc.int()
		default:
			return false
		}
		return true
	})
}

func (sc *scanner) dateHistogram() *DateHistogramAggregate {
	a := sc.dateAggs.one()
	sc.resultObject(&a.common, "buckets", func(k string) bool {
		switch k {
		case "buckets":
			a.Buckets = bucketList(sc, &sc.datesB, &a.Keyed, dateHistogramBucket)
		case "interval":
			a.Interval = sc.strOrNull()
		default:
			return false
		}
		return true
	})
	return a
}

func dateHistogramBucket(sc *scanner, b *DateHistogramBucket, _ string) {
	want := "key_as_string" // the server's order: key_as_string, key, doc_count
	b.Aggregations = sc.bucketObject(&want, func(k string) bool {
		switch k {
		case "key":
			b.Key = sc.int()
			want = "doc_count"
		case "key_as_string":
			b.KeyAsString = sc.strOrNull()
			want = "key"
		case "doc_count":
			b.DocCount = sc.int()
		default:
			return false
		}
		return true
	})
}

func (sc *scanner) ranges() *RangeAggregate {
	a := &RangeAggregate{}
	sc.resultObject(&a.common, "", func(k string) bool {
		switch k {
		case "buckets":
			a.Buckets = bucketList(sc, &sc.rangesB, &a.Keyed, rangeBucket)
		default:
			return false
		}
		return true
	})
	return a
}

func rangeBucket(sc *scanner, b *RangeBucket, mapKey string) {
	b.Key = sc.keep(mapKey)
	b.Aggregations = sc.bucketObject(nil, func(k string) bool {
		switch k {
		case "key":
			b.Key = sc.strOrNull()
		case "from":
			b.From, b.FromAsString = sc.bound(b.FromAsString)
		case "from_as_string":
			b.FromAsString = sc.strOrNull()
		case "to":
			b.To, b.ToAsString = sc.bound(b.ToAsString)
		case "to_as_string":
			b.ToAsString = sc.strOrNull()
		case "doc_count":
			b.DocCount = sc.int()
		default:
			return false
		}
		return true
	})
}

// bound reads a range bound: a number, or a string (ip_range) kept as the
// bound's string form.
func (sc *scanner) bound(asString string) (*float64, string) {
	if sc.peek() == '"' {
		return nil, sc.keep(sc.str())
	}
	return sc.newFloat(), asString
}

func (sc *scanner) filters() *FiltersAggregate {
	a := &FiltersAggregate{}
	sc.resultObject(&a.common, "", func(k string) bool {
		switch k {
		case "buckets":
			a.Buckets = bucketList(sc, &sc.filtersB, &a.Keyed, filtersBucket)
		default:
			return false
		}
		return true
	})
	return a
}

func filtersBucket(sc *scanner, b *FiltersBucket, mapKey string) {
	b.Key = sc.keep(mapKey)
	b.Aggregations = sc.bucketObject(nil, func(k string) bool {
		switch k {
		case "key":
			b.Key = sc.strOrNull()
		case "doc_count":
			b.DocCount = sc.int()
		default:
			return false
		}
		return true
	})
}

func (sc *scanner) single() *SingleBucketAggregate {
	a := sc.singles.one()
	if !sc.open('{') {
		return a
	}
	subs := sc.named.begin()
	first := true
	for sc.next('}', &first) {
		switch k := sc.key(); k {
		case "doc_count":
			a.DocCount = sc.int()
		case "meta":
			sc.meta(&a.common)
		default:
			sc.sub(&subs, k)
		}
	}
	a.Aggregations = sc.named.end(subs)
	return a
}

func (sc *scanner) composite() *CompositeAggregate {
	a := &CompositeAggregate{}
	sc.resultObject(&a.common, "", func(k string) bool {
		switch k {
		case "after_key":
			a.AfterKey = sc.keyMap()
		case "buckets":
			a.Buckets = bucketList(sc, &sc.compositesB, nil, compositeBucket)
		default:
			return false
		}
		return true
	})
	return a
}

func compositeBucket(sc *scanner, b *CompositeBucket, _ string) {
	b.Aggregations = sc.bucketObject(nil, func(k string) bool {
		switch k {
		case "key":
			b.Key = sc.keyMap()
		case "doc_count":
			b.DocCount = sc.int()
		default:
			return false
		}
		return true
	})
}

// keyMap reads a composite key object.
func (sc *scanner) keyMap() map[string]Key {
	if sc.peek() == 'n' {
		sc.literal("null")
		return nil
	}
	out := map[string]Key{}
	if !sc.open('{') {
		return nil
	}
	first := true
	for sc.next('}', &first) {
		k := sc.keep(sc.key())
		out[k] = sc.bucketKey()
	}
	return out
}

func (sc *scanner) value() *ValueAggregate {
	a := sc.values.one()
	sc.resultObject(&a.common, "value", func(k string) bool {
		switch k {
		case "value":
			a.Value = sc.floatPtr(&a.v)
		case "value_as_string":
			a.ValueAsString = sc.strOrNull()
		case "normalized_value":
			a.NormalizedValue = sc.floatPtr(&a.nv)
		case "normalized_value_as_string":
			a.NormalizedValueAsString = sc.strOrNull()
		case "keys":
			if !sc.open('[') {
				return true // the error ends the object
			}
			a.Keys = []string{}
			inner := true
			for sc.next(']', &inner) {
				a.Keys = append(a.Keys, sc.strOrNull())
			}
		default:
			return false
		}
		return true
	})
	return a
}

func (sc *scanner) stats() *StatsAggregate {
	a := &StatsAggregate{}
	if !sc.open('{') {
		return a
	}
	first := true
	for sc.next('}', &first) {
		if k := sc.key(); !sc.statsField(a, k) {
			sc.skip()
		}
	}
	return a
}

// statsField reads one stats field; it reports false for other keys.
func (sc *scanner) statsField(a *StatsAggregate, k string) bool {
	switch k {
	case "count":
		a.Count = sc.int()
	case "min":
		a.Min = sc.floatPtr(&a.min)
	case "max":
		a.Max = sc.floatPtr(&a.max)
	case "avg":
		a.Avg = sc.floatPtr(&a.avg)
	case "sum":
		a.Sum, _ = sc.float()
	case "min_as_string":
		a.MinAsString = sc.strOrNull()
	case "max_as_string":
		a.MaxAsString = sc.strOrNull()
	case "avg_as_string":
		a.AvgAsString = sc.strOrNull()
	case "sum_as_string":
		a.SumAsString = sc.strOrNull()
	case "meta":
		sc.meta(&a.common)
	default:
		return false
	}
	return true
}

func (sc *scanner) extStats() *ExtendedStatsAggregate {
	a := &ExtendedStatsAggregate{}
	if !sc.open('{') {
		return a
	}
	first := true
	for sc.next('}', &first) {
		k := sc.key()
		if sc.statsField(&a.StatsAggregate, k) {
			continue
		}
		switch k {
		case "sum_of_squares":
			a.SumOfSquares = sc.newFloat()
		case "variance":
			a.Variance = sc.newFloat()
		case "variance_population":
			a.VariancePopulation = sc.newFloat()
		case "variance_sampling":
			a.VarianceSampling = sc.newFloat()
		case "std_deviation":
			a.StdDeviation = sc.newFloat()
		case "std_deviation_population":
			a.StdDeviationPopulation = sc.newFloat()
		case "std_deviation_sampling":
			a.StdDeviationSampling = sc.newFloat()
		case "std_deviation_bounds":
			sc.bounds(&a.StdDeviationBounds)
		default:
			sc.asStrings(a, k, "")
		}
	}
	return a
}

func (sc *scanner) bounds(b *StdDeviationBounds) {
	if !sc.open('{') {
		return
	}
	first := true
	for sc.next('}', &first) {
		switch sc.key() {
		case "upper":
			b.Upper = sc.newFloat()
		case "lower":
			b.Lower = sc.newFloat()
		case "upper_population":
			b.UpperPopulation = sc.newFloat()
		case "lower_population":
			b.LowerPopulation = sc.newFloat()
		case "upper_sampling":
			b.UpperSampling = sc.newFloat()
		case "lower_sampling":
			b.LowerSampling = sc.newFloat()
		default:
			sc.skip()
		}
	}
}

// asStrings keeps the *_as_string fields of extended stats, flattening the
// bounds object's as "std_deviation_bounds_as_string.upper".
func (sc *scanner) asStrings(a *ExtendedStatsAggregate, k, prefix string) {
	if !strings.Contains(k, "_as_string") && prefix == "" {
		sc.skip()
		return
	}
	switch sc.peek() {
	case '"':
		if a.AsString == nil {
			a.AsString = map[string]string{}
		}
		a.AsString[prefix+k] = sc.keep(sc.str())
	case '{':
		sc.open('{')
		first := true
		for sc.next('}', &first) {
			sc.asStrings(a, sc.key(), k+".")
		}
	default:
		sc.skip()
	}
}

func (sc *scanner) percentiles() *PercentilesAggregate {
	a := &PercentilesAggregate{}
	sc.resultObject(&a.common, "", func(k string) bool {
		switch k {
		case "values":
			sc.percentValues(a)
		default:
			return false
		}
		return true
	})
	return a
}

// percentValues reads the keyed form {"1.0": 2.5, "1.0_as_string": "2.5"}
// or the list form [{"key": 1.0, "value": 2.5, "value_as_string": "2.5"}].
func (sc *scanner) percentValues(a *PercentilesAggregate) {
	switch sc.peek() {
	case '{':
		a.Keyed = true
		sc.open('{')
		first := true
		for sc.next('}', &first) {
			k := sc.key()
			if p, ok := strings.CutSuffix(k, "_as_string"); ok {
				s := sc.strOrNull()
				for i := len(a.Values) - 1; i >= 0; i-- {
					if strconv.FormatFloat(a.Values[i].Key, 'f', -1, 64) == trimJavaDouble(p) {
						a.Values[i].ValueAsString = s
						break
					}
				}
				continue
			}
			key, err := strconv.ParseFloat(k, 64)
			if err != nil {
				sc.fail("bad percentile key " + strconv.Quote(k))
				return
			}
			a.Values = append(a.Values, Percentile{Key: key, Value: sc.newFloat()})
		}
	case '[':
		sc.open('[')
		first := true
		for sc.next(']', &first) {
			var p Percentile
			if !sc.open('{') {
				return
			}
			inner := true
			for sc.next('}', &inner) {
				switch sc.key() {
				case "key":
					p.Key, _ = sc.float()
				case "value":
					p.Value = sc.newFloat()
				case "value_as_string":
					p.ValueAsString = sc.strOrNull()
				default:
					sc.skip()
				}
			}
			a.Values = append(a.Values, p)
		}
	default:
		sc.skip()
	}
}

// trimJavaDouble turns Java's "99.0" into Go's "99" so keys compare.
func trimJavaDouble(s string) string {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return s
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func (sc *scanner) topHits() *TopHitsAggregate {
	a := &TopHitsAggregate{}
	sc.resultObject(&a.common, "", func(k string) bool {
		switch k {
		case "hits":
			raw := sc.skip()
			if sc.err == nil {
				if err := jsonx.Unmarshal(raw, &a.Hits); err != nil {
					sc.fail("bad top_hits hits: " + err.Error())
				}
			}
		default:
			return false
		}
		return true
	})
	return a
}

func (sc *scanner) scripted() *ScriptedMetricAggregate {
	a := &ScriptedMetricAggregate{}
	sc.resultObject(&a.common, "", func(k string) bool {
		switch k {
		case "value":
			a.Value = keepBytes(sc.skip())
		default:
			return false
		}
		return true
	})
	return a
}

func (sc *scanner) raw() *RawAggregate {
	if sc.peek() != '{' {
		sc.fail("expected an aggregation object")
		return &RawAggregate{}
	}
	start := sc.i
	a := &RawAggregate{Raw: keepBytes(sc.skip())}
	if sc.err == nil {
		// Read meta like the other results do.
		sub := newScanner(sc.data[start:sc.i:sc.i])
		sub.open('{')
		first := true
		for sub.next('}', &first) {
			if sub.key() == "meta" {
				sub.meta(&a.common)
			} else {
				sub.skip()
			}
		}
	}
	return a
}

// bucketList reads a list of buckets, or the keyed object of them (which
// sets *keyed), each with read into a slot of p.
func bucketList[B any](sc *scanner, p *pool[B], keyed *bool, read func(*scanner, *B, string)) []B {
	m := p.begin()
	for it := sc.list(keyed); sc.more(&it); {
		read(sc, p.slot(&m, sc.i, len(sc.data)), it.key)
	}
	return p.end(m)
}

// bucketObject reads a bucket object: field reads one of the bucket's own
// fields and reports false for a key that is not one, which is then a
// sub-aggregation (when its value is an object; anything else is skipped).
// When want is not nil, *want is the field the server writes next, which
// field moves on as it reads. It returns the sub-aggregations.
func (sc *scanner) bucketObject(want *string, field func(k string) bool) Aggregations {
	if !sc.open('{') {
		return nil
	}
	subs := sc.named.begin()
	first := true
	for sc.next('}', &first) {
		var k string
		if want != nil {
			k = sc.keyIs(*want)
		} else {
			k = sc.key()
		}
		if !field(k) {
			sc.sub(&subs, k)
		}
	}
	return sc.named.end(subs)
}

// resultObject reads a result object: field reads one of its fields and
// reports false for a key it does not know, which is the result's meta or
// else skipped. want is the field the server writes first, or "".
func (sc *scanner) resultObject(c *common, want string, field func(k string) bool) {
	if !sc.open('{') {
		return
	}
	first := true
	for sc.next('}', &first) {
		k := sc.keyIs(want)
		switch {
		case field(k):
		case k == "meta":
			sc.meta(c)
		default:
			sc.skip()
		}
	}
}
