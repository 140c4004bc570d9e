package aggs

import (
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// The encoders write results back in the server's format (Java-style
// doubles where the server writes keys from doubles), for MarshalJSON.

func (a Aggregations) appendJSON(b []byte) ([]byte, error) {
	b = append(b, '{')
	for i, n := range a {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = n.appendMember(b); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// appendMember writes "type#name": {...}.
func (n Named) appendMember(b []byte) ([]byte, error) {
	key := n.Name
	if n.Type != "" {
		key = n.Type + "#" + n.Name
	}
	b = appendString(b, key)
	b = append(b, ':')
	if n.Type == "" && n.raw != nil {
		return append(b, n.raw...), nil
	}
	return appendAggregate(b, n.Type, n.Aggregate)
}

// appendSubs writes a bucket's sub-aggregations as members of the bucket.
func appendSubs(b []byte, subs Aggregations) ([]byte, error) {
	var err error
	for _, n := range subs {
		b = append(b, ',')
		if b, err = n.appendMember(b); err != nil {
			return nil, err
		}
	}
	return b, nil
}

func appendString(b []byte, s string) []byte {
	out, err := jsonx.Marshal(s)
	if err != nil {
		return append(b, `""`...)
	}
	return append(b, out...)
}

// appendFloat writes a double, or null; non-finite values as the strings the
// server uses.
func appendFloat(b []byte, f *float64) []byte {
	if f == nil {
		return append(b, "null"...)
	}
	switch {
	case math.IsNaN(*f):
		return append(b, `"NaN"`...)
	case math.IsInf(*f, 1):
		return append(b, `"Infinity"`...)
	case math.IsInf(*f, -1):
		return append(b, `"-Infinity"`...)
	}
	return strconv.AppendFloat(b, *f, 'g', -1, 64)
}

// javaDouble formats f as Java's Double.toString does for the usual range
// ("1.0", "99.9"), the form of percentile and histogram keys.
func javaDouble(f float64) string {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return s
		}
	}
	return s + ".0"
}

func appendField(b []byte, name string) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	return append(b, '"', ':')
}

func appendOptString(b []byte, name, v string) []byte {
	if v == "" {
		return b
	}
	return appendString(appendField(b, name), v)
}

func appendInt(b []byte, name string, n int64) []byte {
	return strconv.AppendInt(appendField(b, name), n, 10)
}

// appendBody writes {"meta": ..., then the fields fn writes (each starting
// with a comma), then "}". The first comma is dropped.
func appendBody(b []byte, meta map[string]any, fn func([]byte) ([]byte, error)) ([]byte, error) {
	start := len(b)
	b = append(b, '{')
	if meta != nil {
		m, err := jsonx.Marshal(meta)
		if err != nil {
			return nil, err
		}
		b = append(b, `,"meta":`...)
		b = append(b, m...)
	}
	b, err := fn(b)
	if err != nil {
		return nil, err
	}
	if len(b) > start+1 && b[start+1] == ',' {
		b = append(b[:start+1], b[start+2:]...)
	}
	return append(b, '}'), nil
}

// appendList writes ,"buckets":[...] or, keyed, ,"buckets":{"k":...}.
func appendList[B any](b []byte, keyed bool, items []B, key func(*B) string, one func([]byte, *B) ([]byte, error)) ([]byte, error) {
	b = appendField(b, "buckets")
	open, end := byte('['), byte(']')
	if keyed {
		open, end = '{', '}'
	}
	b = append(b, open)
	var err error
	for i := range items {
		if i > 0 {
			b = append(b, ',')
		}
		if keyed {
			b = appendString(b, key(&items[i]))
			b = append(b, ':')
		}
		if b, err = one(b, &items[i]); err != nil {
			return nil, err
		}
	}
	return append(b, end), nil
}

// bucket writes {fields..., "doc_count": n, subs...}.
func bucket(b []byte, fields func([]byte) []byte, docCount int64, subs Aggregations) ([]byte, error) {
	return appendBody(b, nil, func(b []byte) ([]byte, error) {
		b = fields(b)
		b = appendInt(b, "doc_count", docCount)
		return appendSubs(b, subs)
	})
}

func appendAggregate(b []byte, typ string, agg Aggregate) ([]byte, error) {
	if out, ok, err := appendGeoAggregate(b, agg); ok {
		return out, err
	}
	switch a := agg.(type) {
	case *TermsAggregate:
		return appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			if !strings.HasSuffix(typ, "rareterms") { // rare_terms has no such counts
				b = appendInt(b, "doc_count_error_upper_bound", a.DocCountErrorUpperBound)
				b = appendInt(b, "sum_other_doc_count", a.SumOtherDocCount)
			}
			return appendList(b, false, a.Buckets, nil, func(b []byte, t *TermsBucket) ([]byte, error) {
				return bucket(b, func(b []byte) []byte {
					b = appendKey(appendField(b, "key"), t.Key)
					b = appendOptString(b, "key_as_string", t.KeyAsString)
					if t.DocCountErrorUpperBound != nil {
						b = appendInt(b, "doc_count_error_upper_bound", *t.DocCountErrorUpperBound)
					}
					return b
				}, t.DocCount, t.Aggregations)
			})
		})
	case *MultiTermsAggregate:
		return appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			b = appendInt(b, "doc_count_error_upper_bound", a.DocCountErrorUpperBound)
			b = appendInt(b, "sum_other_doc_count", a.SumOtherDocCount)
			return appendList(b, false, a.Buckets, nil, func(b []byte, t *MultiTermsBucket) ([]byte, error) {
				return bucket(b, func(b []byte) []byte {
					b = append(appendField(b, "key"), '[')
					for i, k := range t.Key {
						if i > 0 {
							b = append(b, ',')
						}
						b = appendKey(b, k)
					}
					b = append(b, ']')
					return appendOptString(b, "key_as_string", t.KeyAsString)
				}, t.DocCount, t.Aggregations)
			})
		})
	case *SignificantTermsAggregate:
		return appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			b = appendInt(b, "doc_count", a.DocCount)
			b = appendInt(b, "bg_count", a.BgCount)
			return appendList(b, false, a.Buckets, nil, func(b []byte, t *SignificantTermsBucket) ([]byte, error) {
				return bucket(b, func(b []byte) []byte {
					b = appendKey(appendField(b, "key"), t.Key)
					b = appendOptString(b, "key_as_string", t.KeyAsString)
					b = appendFloat(appendField(b, "score"), &t.Score)
					return appendInt(b, "bg_count", t.BgCount)
				}, t.DocCount, t.Aggregations)
			})
		})
	case *HistogramAggregate:
		return appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			key := func(h *HistogramBucket) string {
				if h.KeyAsString != "" {
					return h.KeyAsString
				}
				return javaDouble(h.Key)
			}
			return appendList(b, a.Keyed, a.Buckets, key, func(b []byte, h *HistogramBucket) ([]byte, error) {
				return bucket(b, func(b []byte) []byte {
					b = appendFloat(appendField(b, "key"), &h.Key)
					return appendOptString(b, "key_as_string", h.KeyAsString)
				}, h.DocCount, h.Aggregations)
			})
		})
	case *DateHistogramAggregate:
		return appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			key := func(d *DateHistogramBucket) string {
				if d.KeyAsString != "" {
					return d.KeyAsString
				}
				return strconv.FormatInt(d.Key, 10)
			}
			b, err := appendList(b, a.Keyed, a.Buckets, key, func(b []byte, d *DateHistogramBucket) ([]byte, error) {
				return bucket(b, func(b []byte) []byte {
					b = appendOptString(b, "key_as_string", d.KeyAsString)
					return appendInt(b, "key", d.Key)
				}, d.DocCount, d.Aggregations)
			})
			return appendOptString(b, "interval", a.Interval), err
		})
	case *RangeAggregate:
		return appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			return appendList(b, a.Keyed, a.Buckets, func(r *RangeBucket) string { return r.Key }, func(b []byte, r *RangeBucket) ([]byte, error) {
				return bucket(b, func(b []byte) []byte {
					b = appendOptString(b, "key", r.Key)
					if r.From != nil {
						b = appendFloat(appendField(b, "from"), r.From)
						b = appendOptString(b, "from_as_string", r.FromAsString)
					} else {
						b = appendOptString(b, "from", r.FromAsString) // ip_range bounds are strings
					}
					if r.To != nil {
						b = appendFloat(appendField(b, "to"), r.To)
						b = appendOptString(b, "to_as_string", r.ToAsString)
					} else {
						b = appendOptString(b, "to", r.ToAsString)
					}
					return b
				}, r.DocCount, r.Aggregations)
			})
		})
	case *FiltersAggregate:
		return appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			return appendList(b, a.Keyed, a.Buckets, func(f *FiltersBucket) string { return f.Key }, func(b []byte, f *FiltersBucket) ([]byte, error) {
				return bucket(b, func(b []byte) []byte {
					if a.Keyed {
						return b
					}
					return appendOptString(b, "key", f.Key)
				}, f.DocCount, f.Aggregations)
			})
		})
	case *SingleBucketAggregate:
		return appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			return appendSubs(appendInt(b, "doc_count", a.DocCount), a.Aggregations)
		})
	case *CompositeAggregate:
		return appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			if a.AfterKey != nil {
				k, err := jsonx.Marshal(a.AfterKey)
				if err != nil {
					return nil, err
				}
				b = append(appendField(b, "after_key"), k...)
			}
			return appendList(b, false, a.Buckets, nil, func(b []byte, c *CompositeBucket) ([]byte, error) {
				k, err := jsonx.Marshal(c.Key)
				if err != nil {
					return nil, err
				}
				return bucket(b, func(b []byte) []byte { return append(appendField(b, "key"), k...) }, c.DocCount, c.Aggregations)
			})
		})
	case *ValueAggregate:
		return appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			b = appendFloat(appendField(b, "value"), a.Value)
			b = appendOptString(b, "value_as_string", a.ValueAsString)
			if a.Keys != nil {
				k, err := jsonx.Marshal(a.Keys)
				if err != nil {
					return nil, err
				}
				b = append(appendField(b, "keys"), k...)
			}
			if a.NormalizedValue != nil {
				b = appendFloat(appendField(b, "normalized_value"), a.NormalizedValue)
			}
			return appendOptString(b, "normalized_value_as_string", a.NormalizedValueAsString), nil
		})
	case *StatsAggregate:
		return appendBody(b, a.Meta, func(b []byte) ([]byte, error) { return appendStats(b, a), nil })
	case *ExtendedStatsAggregate:
		return appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			b = appendStats(b, &a.StatsAggregate)
			for _, f := range []struct {
				name string
				v    *float64
			}{{"sum_of_squares", a.SumOfSquares}, {"variance", a.Variance}, {"variance_population", a.VariancePopulation},
				{"variance_sampling", a.VarianceSampling}, {"std_deviation", a.StdDeviation},
				{"std_deviation_population", a.StdDeviationPopulation}, {"std_deviation_sampling", a.StdDeviationSampling}} {
				b = appendFloat(appendField(b, f.name), f.v)
			}
			s := a.StdDeviationBounds
			b = append(appendField(b, "std_deviation_bounds"), '{')
			for i, f := range []struct {
				name string
				v    *float64
			}{{"upper", s.Upper}, {"lower", s.Lower}, {"upper_population", s.UpperPopulation}, {"lower_population", s.LowerPopulation},
				{"upper_sampling", s.UpperSampling}, {"lower_sampling", s.LowerSampling}} {
				if i > 0 {
					b = append(b, ',')
				}
				b = appendFloat(append(appendString(b, f.name), ':'), f.v)
			}
			b = append(b, '}')
			if len(a.AsString) > 0 {
				// The flattened "std_deviation_bounds_as_string.upper" names go back as flat
				// fields: UnmarshalJSON reads either form.
				m, err := jsonx.Marshal(a.AsString)
				if err != nil {
					return nil, err
				}
				b = append(b, ',')
				b = append(b, m[1:len(m)-1]...)
			}
			return b, nil
		})
	case *PercentilesAggregate:
		return appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			b = appendField(b, "values")
			if a.Keyed {
				b = append(b, '{')
				for i, p := range a.Values {
					if i > 0 {
						b = append(b, ',')
					}
					k := javaDouble(p.Key)
					b = appendFloat(append(appendString(b, k), ':'), p.Value)
					if p.ValueAsString != "" {
						b = append(b, ',')
						b = appendString(append(appendString(b, k+"_as_string"), ':'), p.ValueAsString)
					}
				}
				return append(b, '}'), nil
			}
			b = append(b, '[')
			for i, p := range a.Values {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"key":`...)
				b = appendFloat(b, &a.Values[i].Key)
				b = appendFloat(append(b, `,"value":`...), p.Value)
				b = appendOptString(b, "value_as_string", p.ValueAsString)
				b = append(b, '}')
			}
			return append(b, ']'), nil
		})
	case *TopHitsAggregate:
		return appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			h, err := jsonx.Marshal(a.Hits)
			if err != nil {
				return nil, err
			}
			return append(appendField(b, "hits"), h...), nil
		})
	case *ScriptedMetricAggregate:
		return appendBody(b, a.Meta, func(b []byte) ([]byte, error) {
			v := a.Value
			if len(v) == 0 {
				v = []byte("null")
			}
			return append(appendField(b, "value"), v...), nil
		})
	case *RawAggregate:
		if len(a.Raw) == 0 {
			return append(b, "{}"...), nil
		}
		return append(b, a.Raw...), nil
	case nil:
		return append(b, "null"...), nil
	}
	return append(b, "null"...), nil
}

func appendKey(b []byte, k Key) []byte {
	out, err := k.MarshalJSON()
	if err != nil {
		return append(b, "null"...)
	}
	return append(b, out...)
}

func appendStats(b []byte, a *StatsAggregate) []byte {
	b = appendInt(b, "count", a.Count)
	b = appendFloat(appendField(b, "min"), a.Min)
	b = appendFloat(appendField(b, "max"), a.Max)
	b = appendFloat(appendField(b, "avg"), a.Avg)
	b = appendFloat(appendField(b, "sum"), &a.Sum)
	b = appendOptString(b, "min_as_string", a.MinAsString)
	b = appendOptString(b, "max_as_string", a.MaxAsString)
	b = appendOptString(b, "avg_as_string", a.AvgAsString)
	return appendOptString(b, "sum_as_string", a.SumAsString)
}
