package search

import (
	"strconv"
	"strings"
)

// Profile is the profile section of a search response, present when the
// request set Profile: one entry per shard that answered, sorted by ID.
// Timings are wall-clock nanoseconds measured on the shard; they vary from
// run to run and are for comparing parts of one search, not for asserting.
type Profile struct {
	Shards []ShardProfile `json:"shards"`
}

// ShardProfile is one shard's profile.
type ShardProfile struct {
	// ID is "[node id][index][shard]"; see NodeID, Index and ShardID.
	ID string `json:"id"`
	// The time the shard request and its answer spent on the network, in
	// milliseconds (OpenSearch 2.x; 0 on a single node).
	InboundNetworkTimeInMillis  *int64 `json:"inbound_network_time_in_millis,omitempty"`
	OutboundNetworkTimeInMillis *int64 `json:"outbound_network_time_in_millis,omitempty"`
	// Searches are the Lucene searches the shard ran: the query, then a
	// match_all for global aggregations.
	Searches     []SearchProfile      `json:"searches"`
	Aggregations []AggregationProfile `json:"aggregations"`
}

// idParts splits ID into its three bracketed parts.
func (s *ShardProfile) idParts() []string {
	id := strings.TrimSuffix(strings.TrimPrefix(s.ID, "["), "]")
	parts := strings.Split(id, "][")
	if len(parts) != 3 {
		return nil
	}
	return parts
}

// NodeID is the id of the node that holds the shard ("" if ID is not in
// the "[node][index][shard]" form).
func (s *ShardProfile) NodeID() string {
	if p := s.idParts(); p != nil {
		return p[0]
	}
	return ""
}

// Index is the shard's index ("" if ID is not in the expected form).
func (s *ShardProfile) Index() string {
	if p := s.idParts(); p != nil {
		return p[1]
	}
	return ""
}

// ShardID is the shard number (-1 if ID is not in the expected form).
func (s *ShardProfile) ShardID() int {
	if p := s.idParts(); p != nil {
		if n, err := strconv.Atoi(p[2]); err == nil {
			return n
		}
	}
	return -1
}

// SearchProfile is one Lucene search on a shard.
type SearchProfile struct {
	// Query is the query tree as Lucene ran it (after rewriting).
	Query []QueryProfile `json:"query"`
	// RewriteTime is the time spent rewriting the query, in nanoseconds.
	RewriteTime int64              `json:"rewrite_time"`
	Collector   []CollectorProfile `json:"collector"`
}

// QueryProfile is one node of a profiled query tree.
type QueryProfile struct {
	// Type is the Lucene query class (TermQuery, BooleanQuery, ...).
	Type string `json:"type"`
	// Description is Lucene's toString of the query ("title:wind").
	Description string `json:"description"`
	// Time is TimeInNanos in human units, sent with the human=true parameter.
	Time string `json:"time,omitempty"`
	// TimeInNanos is the node's total time, its children's included.
	TimeInNanos int64 `json:"time_in_nanos"`
	// The slice statistics of concurrent segment search (absent otherwise).
	MaxSliceTimeInNanos *int64         `json:"max_slice_time_in_nanos,omitempty"`
	MinSliceTimeInNanos *int64         `json:"min_slice_time_in_nanos,omitempty"`
	AvgSliceTimeInNanos *int64         `json:"avg_slice_time_in_nanos,omitempty"`
	Breakdown           QueryBreakdown `json:"breakdown"`
	Children            []QueryProfile `json:"children,omitempty"`
}

// QueryBreakdown is the time (nanoseconds) and number of calls of each
// step of a Lucene query's execution.
type QueryBreakdown struct {
	CreateWeight                int64 `json:"create_weight"`
	CreateWeightCount           int64 `json:"create_weight_count"`
	BuildScorer                 int64 `json:"build_scorer"`
	BuildScorerCount            int64 `json:"build_scorer_count"`
	NextDoc                     int64 `json:"next_doc"`
	NextDocCount                int64 `json:"next_doc_count"`
	Advance                     int64 `json:"advance"`
	AdvanceCount                int64 `json:"advance_count"`
	Match                       int64 `json:"match"`
	MatchCount                  int64 `json:"match_count"`
	Score                       int64 `json:"score"`
	ScoreCount                  int64 `json:"score_count"`
	ShallowAdvance              int64 `json:"shallow_advance"`
	ShallowAdvanceCount         int64 `json:"shallow_advance_count"`
	ComputeMaxScore             int64 `json:"compute_max_score"`
	ComputeMaxScoreCount        int64 `json:"compute_max_score_count"`
	SetMinCompetitiveScore      int64 `json:"set_min_competitive_score"`
	SetMinCompetitiveScoreCount int64 `json:"set_min_competitive_score_count"`
}

// CollectorProfile is one Lucene collector of a search and the collectors
// it wraps.
type CollectorProfile struct {
	// Name is the collector's class (SimpleTopScoreDocCollector,
	// MultiCollector, "ProfilingAggregator: [name]", ...).
	Name string `json:"name"`
	// Reason says what the collector is for: search_top_hits,
	// search_count, search_multi, search_post_filter, search_min_score,
	// search_terminate_after_count, aggregation, aggregation_global.
	Reason string `json:"reason"`
	// Time is TimeInNanos in human units, sent with the human=true parameter.
	Time        string             `json:"time,omitempty"`
	TimeInNanos int64              `json:"time_in_nanos"`
	Children    []CollectorProfile `json:"children,omitempty"`
}

// AggregationProfile is one aggregation's profile on a shard.
type AggregationProfile struct {
	// Type is the aggregator class (GlobalOrdinalsStringTermsAggregator,
	// AvgAggregator, AutoDateHistogramAggregator.FromSingle, ...).
	Type string `json:"type"`
	// Description is the aggregation's name.
	Description string `json:"description"`
	// Time is TimeInNanos in human units, sent with the human=true parameter.
	Time        string                   `json:"time,omitempty"`
	TimeInNanos int64                    `json:"time_in_nanos"`
	Breakdown   AggregationBreakdown     `json:"breakdown"`
	Debug       *AggregationProfileDebug `json:"debug,omitempty"`
	// Children are the sub-aggregations' profiles.
	Children []AggregationProfile `json:"children,omitempty"`
}

// AggregationBreakdown is the time (nanoseconds) and number of calls of
// each step of an aggregator's work.
type AggregationBreakdown struct {
	Initialize              int64 `json:"initialize"`
	InitializeCount         int64 `json:"initialize_count"`
	BuildLeafCollector      int64 `json:"build_leaf_collector"`
	BuildLeafCollectorCount int64 `json:"build_leaf_collector_count"`
	Collect                 int64 `json:"collect"`
	CollectCount            int64 `json:"collect_count"`
	PostCollection          int64 `json:"post_collection"`
	PostCollectionCount     int64 `json:"post_collection_count"`
	BuildAggregation        int64 `json:"build_aggregation"`
	BuildAggregationCount   int64 `json:"build_aggregation_count"`
	Reduce                  int64 `json:"reduce"`
	ReduceCount             int64 `json:"reduce_count"`
}

// AggregationProfileDebug is what an aggregator reports about how it ran;
// each aggregator sets its own fields, the others stay nil or empty.
type AggregationProfileDebug struct {
	// Terms aggregations.
	ResultStrategy               string   `json:"result_strategy,omitempty"`
	CollectionStrategy           string   `json:"collection_strategy,omitempty"`
	TotalBuckets                 *int64   `json:"total_buckets,omitempty"`
	BuiltBuckets                 *int64   `json:"built_buckets,omitempty"`
	DeferredAggregators          []string `json:"deferred_aggregators,omitempty"`
	SegmentsWithSingleValuedOrds *int64   `json:"segments_with_single_valued_ords,omitempty"`
	SegmentsWithMultiValuedOrds  *int64   `json:"segments_with_multi_valued_ords,omitempty"`
	HasFilter                    *bool    `json:"has_filter,omitempty"`
	// auto_date_histogram.
	SurvivingBuckets *int64 `json:"surviving_buckets,omitempty"`
	// cardinality: which collector each segment used.
	EmptyCollectorsUsed               *int64 `json:"empty_collectors_used,omitempty"`
	NumericCollectorsUsed             *int64 `json:"numeric_collectors_used,omitempty"`
	OrdinalsCollectorsUsed            *int64 `json:"ordinals_collectors_used,omitempty"`
	OrdinalsCollectorsOverheadTooHigh *int64 `json:"ordinals_collectors_overhead_too_high,omitempty"`
	StringHashingCollectorsUsed       *int64 `json:"string_hashing_collectors_used,omitempty"`
	// The filter rewrite of date_histogram, auto_date_histogram, range
	// and composite (OpenSearch 2.14 and later): how many segments it
	// counted from the BKD tree, and the tree nodes it visited.
	OptimizedSegments   *int64 `json:"optimized_segments,omitempty"`
	UnoptimizedSegments *int64 `json:"unoptimized_segments,omitempty"`
	LeafVisited         *int64 `json:"leaf_visited,omitempty"`
	InnerVisited        *int64 `json:"inner_visited,omitempty"`
	// Other keys of the specification.
	Delegate             string                           `json:"delegate,omitempty"`
	DelegateDebug        *AggregationProfileDelegateDebug `json:"delegate_debug,omitempty"`
	CharsFetched         *int64                           `json:"chars_fetched,omitempty"`
	ExtractCount         *int64                           `json:"extract_count,omitempty"`
	ExtractNs            *int64                           `json:"extract_ns,omitempty"`
	ValuesFetched        *int64                           `json:"values_fetched,omitempty"`
	CollectAnalyzedNs    *int64                           `json:"collect_analyzed_ns,omitempty"`
	CollectAnalyzedCount *int64                           `json:"collect_analyzed_count,omitempty"`
	MapReducer           string                           `json:"map_reducer,omitempty"`
}

// AggregationProfileDelegateDebug is the debug of an aggregator that
// delegates to filters.
type AggregationProfileDelegateDebug struct {
	SegmentsWithDocCountField *int64                                  `json:"segments_with_doc_count_field,omitempty"`
	SegmentsWithDeletedDocs   *int64                                  `json:"segments_with_deleted_docs,omitempty"`
	Filters                   []AggregationProfileDelegateDebugFilter `json:"filters,omitempty"`
	SegmentsCounted           *int64                                  `json:"segments_counted,omitempty"`
	SegmentsCollected         *int64                                  `json:"segments_collected,omitempty"`
}

// AggregationProfileDelegateDebugFilter is one filter of a delegate.
type AggregationProfileDelegateDebugFilter struct {
	ResultsFromMetadata           *int64 `json:"results_from_metadata,omitempty"`
	Query                         string `json:"query,omitempty"`
	SpecializedFor                string `json:"specialized_for,omitempty"`
	SegmentsCountedInConstantTime *int64 `json:"segments_counted_in_constant_time,omitempty"`
}
