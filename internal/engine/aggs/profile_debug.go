package aggs

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// metricClasses are the aggregator classes of the aggregations whose
// class does not depend on the shard.
var metricClasses = map[string]string{
	"avg": "AvgAggregator", "sum": "SumAggregator", "min": "MinAggregator", "max": "MaxAggregator",
	"value_count": "ValueCountAggregator", "stats": "StatsAggregator", "extended_stats": "ExtendedStatsAggregator",
	"cardinality": "CardinalityAggregator", "median_absolute_deviation": "MedianAbsoluteDeviationAggregator",
	"weighted_avg": "WeightedAvgAggregator", "top_hits": "TopHitsAggregator", "scripted_metric": "ScriptedMetricAggregator",
	"filter": "FilterAggregator", "filters": "FiltersAggregator", "missing": "MissingAggregator", "global": "GlobalAggregator",
	"nested": "NestedAggregator", "reverse_nested": "ReverseNestedAggregator", "composite": "CompositeAggregator",
	"sampler": "SamplerAggregator", "adjacency_matrix": "AdjacencyMatrixAggregator", "multi_terms": "MultiTermsAggregator",
	"variable_width_histogram": "VariableWidthHistogramAggregator", "significant_text": "MapStringTermsAggregator",
}

// singleBucketParents are the aggregations that give each sub-aggregation
// at most one bucket (CardinalityUpperBound.ONE passes through them).
var singleBucketParents = map[string]bool{"filter": true, "global": true, "nested": true, "reverse_nested": true,
	"sampler": true, "diversified_sampler": true, "missing": true}

// source returns the aggregation's resolved values source on the shard
// (nil before its collector was built or for aggregations without one).
func (p *aggProfile) source() *values {
	if p.env == nil {
		return nil
	}
	return p.env.sources[p.agg]
}

// cardinalityOne reports whether the aggregation collects into a single
// bucket: every enclosing aggregation has one bucket.
func (p *aggProfile) cardinalityOne() bool {
	if p.env == nil {
		return true
	}
	for _, a := range p.env.parents {
		if !singleBucketParents[a.Type] {
			return false
		}
	}
	return true
}

// className is the simple name of the aggregator class OpenSearch uses
// for the aggregation on this shard (InternalAggregationProfileTree's
// type: Enclosing.Nested for nested classes).
func (p *aggProfile) className(pr *profiler) string {
	a := p.agg
	if c, ok := metricClasses[a.Type]; ok {
		return c
	}
	v := p.source()
	unmapped := v != nil && v.unmapped && !v.constant && v.script == nil
	switch a.Type {
	case "terms", "significant_terms":
		if unmapped {
			return "NonCollectingAggregator"
		}
		return p.termsClass(pr, v)
	case "rare_terms":
		switch {
		case unmapped:
			return "NonCollectingAggregator"
		case v != nil && v.numeric():
			return "LongRareTermsAggregator"
		}
		return "StringRareTermsAggregator"
	case "percentiles", "percentile_ranks":
		s := a.spec.(*percentilesSpec)
		kind := "TDigest"
		if s.hdr {
			kind = "HDR"
		}
		if s.ranks {
			return kind + "PercentileRanksAggregator"
		}
		return kind + "PercentilesAggregator"
	case "histogram":
		if v != nil && mapping.IsRange(v.fieldType) {
			return "RangeHistogramAggregator"
		}
		return "NumericHistogramAggregator"
	case "date_histogram":
		if v != nil && mapping.IsRange(v.fieldType) {
			return "DateRangeHistogramAggregator"
		}
		return "DateHistogramAggregator"
	case "auto_date_histogram":
		if p.cardinalityOne() {
			return "AutoDateHistogramAggregator.FromSingle"
		}
		return "AutoDateHistogramAggregator.FromMany"
	case "range", "date_range":
		if unmapped {
			return "RangeAggregator.Unmapped"
		}
		return "RangeAggregator"
	case "diversified_sampler":
		if v != nil && v.numeric() {
			return "DiversifiedNumericSamplerAggregator"
		}
		return "DiversifiedOrdinalsSamplerAggregator"
	}
	return "Aggregator"
}

// termsMode is how TermsAggregatorFactory runs a terms aggregation.
type termsMode int

const (
	termsNumeric termsMode = iota
	termsMap
	termsGlobalOrds
	termsLowCardinality
)

// termsMode picks the execution mode: numeric fields use
// NumericTermsAggregator, keyword ordinals global ordinals unless the
// execution hint asks for a map, and a small dense ordinal space without
// sub-aggregations the low-cardinality variant.
func (p *aggProfile) termsMode(pr *profiler, v *values) termsMode {
	if v != nil && v.numeric() {
		return termsNumeric
	}
	if v == nil || v.ords == nil || v.script != nil {
		return termsMap
	}
	hint := ""
	var filtered bool
	switch s := p.agg.spec.(type) {
	case *termsSpec:
		hint, filtered = s.executionHint, s.include.given()
	case *sigTermsSpec:
		filtered = s.include.given()
	}
	if hint == "map" {
		return termsMap
	}
	if p.agg.Type == "terms" && len(p.agg.Subs) == 0 && !filtered && p.cardinalityOne() {
		maxOrd := int64(len(v.dict))
		numDocs := liveDocs(p.env)
		if numDocs > 0 && maxOrd <= 2048 && float64(maxOrd)/float64(numDocs) <= 0.5 {
			return termsLowCardinality
		}
	}
	return termsGlobalOrds
}

func (p *aggProfile) termsClass(pr *profiler, v *values) string {
	switch p.termsMode(pr, v) {
	case termsNumeric:
		return "NumericTermsAggregator"
	case termsMap:
		return "MapStringTermsAggregator"
	case termsLowCardinality:
		return "GlobalOrdinalsStringTermsAggregator.LowCardinality"
	}
	return "GlobalOrdinalsStringTermsAggregator"
}

// deferred names the sub-aggregations a terms aggregation collects breadth
// first (DeferableBucketAggregator), nil when none is deferred.
func (p *aggProfile) deferred(pr *profiler, v *values) []any {
	a := p.agg
	if len(a.Subs) == 0 {
		return nil
	}
	var sorted map[string]bool
	breadth := true
	switch a.Type {
	case "terms":
		s := a.spec.(*termsSpec)
		sorted = map[string]bool{}
		for _, k := range s.order {
			if k.kind == 'p' && len(k.path) > 0 {
				sorted[k.path[0].name] = true
			}
		}
		breadth = s.collectMode == "breadth_first"
		if s.collectMode == "" {
			breadth = p.picksBreadthFirst(pr, v, s)
		}
	case "auto_date_histogram", "rare_terms", "sampler", "diversified_sampler":
		// These always defer their sub-aggregations.
	default:
		return nil
	}
	if !breadth {
		return nil
	}
	var names []any
	for _, sub := range a.Subs {
		if !sorted[sub.Name] {
			names = append(names, sub.Name)
		}
	}
	return names
}

// picksBreadthFirst is TermsAggregatorFactory.pickSubAggColectMode: breadth
// first when more terms may exist than the shard returns.
func (p *aggProfile) picksBreadthFirst(pr *profiler, v *values, s *termsSpec) bool {
	shardSize := s.effectiveShardSize()
	if shardSize == math.MaxInt32 {
		return false
	}
	if p.termsMode(pr, v) != termsGlobalOrds && p.termsMode(pr, v) != termsLowCardinality {
		return true // no ordinals: the number of terms is unknown
	}
	return int64(len(v.dict)) > int64(shardSize)
}

// debugInfo is what the aggregator's collectDebugInfo adds, in the order
// it adds it (render puts it in HashMap order).
func (p *aggProfile) debugInfo(pr *profiler) jsonout.Object {
	if p.counts[timeInit] == 0 {
		return nil
	}
	v := p.source()
	var out jsonout.Object
	add := func(k string, val any) { out = append(out, jsonout.Field{Key: k, Value: val}) }
	switch p.agg.Type {
	case "terms", "significant_terms":
		if v != nil && v.unmapped && !v.constant && v.script == nil {
			return nil
		}
		if names := p.deferred(pr, v); names != nil {
			add("deferred_aggregators", names)
		}
		result := "terms"
		if p.agg.Type == "significant_terms" {
			result = "significant_terms"
		}
		switch mode := p.termsMode(pr, v); mode {
		case termsNumeric:
			if result == "terms" {
				result = "long_terms"
				switch {
				case v.isDouble:
					result = "double_terms"
				case v.unsigned:
					result = "unsigned_long_terms"
				}
			}
			add("result_strategy", result)
			add("total_buckets", p.termBuckets())
		case termsMap:
			add("total_buckets", p.termBuckets())
			add("result_strategy", result)
		default:
			remap := p.remapsOrdinals(pr, v)
			if remap {
				add("collection_strategy", "remap")
				add("total_buckets", p.termBuckets())
			} else {
				add("collection_strategy", "dense")
			}
			add("result_strategy", result)
			single, multi := pr.leaves, int64(0)
			if v.ords.Multi {
				single, multi = 0, pr.leaves
			}
			add("segments_with_single_valued_ords", single)
			add("segments_with_multi_valued_ords", multi)
			add("has_filter", p.hasIncludeFilter())
		}
	case "histogram":
		add("total_buckets", p.histBuckets())
	case "date_histogram":
		add("total_buckets", p.histBuckets())
		p.rewriteDebug(pr, add)
	case "auto_date_histogram":
		if names := p.deferred(pr, v); names != nil {
			add("deferred_aggregators", names)
		}
		p.rewriteDebug(pr, add)
		add("surviving_buckets", p.survivingBuckets(pr))
	case "range", "date_range", "composite":
		p.rewriteDebug(pr, add)
	case "rare_terms", "sampler", "diversified_sampler":
		if names := p.deferred(pr, v); names != nil {
			add("deferred_aggregators", names)
		}
	case "cardinality":
		p.cardinalityDebug(pr, v, add)
	}
	return out
}

// remapsOrdinals says whether global ordinals are remapped to dense
// bucket ordinals (RemapGlobalOrds) instead of used as bucket ordinals.
func (p *aggProfile) remapsOrdinals(pr *profiler, v *values) bool {
	if p.termsMode(pr, v) == termsLowCardinality {
		return false
	}
	if p.hasIncludeFilter() || !p.cardinalityOne() {
		return true
	}
	if len(p.agg.Subs) == 0 {
		return false
	}
	s, ok := p.agg.spec.(*termsSpec)
	if !ok {
		return true
	}
	for _, k := range s.order {
		if k.kind == 'p' {
			return true // an aggregation sort needs the sub-aggregations depth first
		}
	}
	return p.deferred(pr, v) == nil
}

func (p *aggProfile) hasIncludeFilter() bool {
	switch s := p.agg.spec.(type) {
	case *termsSpec:
		return s.include.given()
	case *sigTermsSpec:
		return s.include.given()
	}
	return false
}

// termBuckets counts the terms the aggregation's collectors gathered
// (bucketOrds.size()).
func (p *aggProfile) termBuckets() int64 {
	var n int64
	for _, c := range p.cols {
		t, ok := c.(*termsCollector)
		if !ok {
			continue
		}
		switch {
		case t.smap != nil:
			n += int64(len(t.skeys))
		case t.counts != nil:
			for _, k := range t.counts {
				if k > 0 {
					n++
				}
			}
		default:
			n += int64(len(t.keys))
		}
	}
	return n
}

// histBuckets counts the histogram buckets the collectors filled.
func (p *aggProfile) histBuckets() int64 {
	var n int64
	for _, c := range p.cols {
		if h, ok := c.(*histCollector); ok {
			n += int64(len(h.buckets))
		}
	}
	return n
}

// cardinalityDebug reports which collector CardinalityAggregator picked
// for each segment: none without values, a direct one for numbers,
// ordinals for keywords while they cost under a quarter of the sketch.
func (p *aggProfile) cardinalityDebug(pr *profiler, v *values, add func(string, any)) {
	var empty, numeric, ords, tooHigh, hashing int64
	n := pr.leaves
	switch {
	case v == nil || (v.unmapped && !v.constant && v.script == nil):
		empty = n
	case v.numeric():
		numeric = n
	case v.ords != nil && v.script == nil:
		maxOrd := int64(len(v.dict))
		precision := p.agg.spec.(*cardinalitySpec).precision
		switch {
		case maxOrd == 0:
			empty = n
		case 16+(maxOrd+7)/8 < (int64(1)<<precision)/4:
			ords = n
		default:
			tooHigh, hashing = n, n
		}
	default:
		hashing = n
	}
	add("empty_collectors_used", empty)
	add("numeric_collectors_used", numeric)
	add("ordinals_collectors_used", ords)
	add("ordinals_collectors_overhead_too_high", tooHigh)
	add("string_hashing_collectors_used", hashing)
}

// liveDocs counts the shard's live documents (IndexReader.numDocs).
func liveDocs(e *shardEnv) int64 {
	if e.r.AllLive() {
		return int64(e.r.MaxDoc())
	}
	var n int64
	forEachLive(e.r, func(int32) { n++ })
	return n
}
