package knn

import "sync/atomic"

// Counters are one index's k-NN request counters, summed into the
// plugin's stats API. They are safe for concurrent use.
type Counters struct {
	Queries            atomic.Int64 // knn queries (k)
	FilterQueries      atomic.Int64 // knn queries with a filter
	MaxDistance        atomic.Int64
	MaxDistanceFilter  atomic.Int64
	MinScore           atomic.Int64
	MinScoreFilter     atomic.Int64
	ScriptQueries      atomic.Int64 // knn_score script compilations in searches
	ScriptErrors       atomic.Int64
	ScriptCompilations atomic.Int64
	// Warm marks an index loaded by the warmup API (until clear_cache).
	Warm atomic.Bool
}
