package search

import (
	"errors"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/query"
)

// Rescore is one rescorer of a search (Request.Rescore): on each shard the
// top WindowSize hits are scored again with Query.RescoreQuery and the two
// scores combined. Several rescorers run in order, each on the previous
// one's result. A search with rescorers cannot sort on anything but _score,
// scroll or collapse.
type Rescore struct {
	// WindowSize is how many of each shard's top hits are rescored (nil: the
	// server's 10). It may not exceed the index.max_rescore_window setting.
	WindowSize *int `json:"window_size,omitempty"`
	// Query is the query rescorer, the only rescorer OpenSearch ships.
	Query RescoreQuery `json:"query"`
}

// RescoreQuery is the query rescorer: a rescored hit that matches
// RescoreQuery scores ScoreMode(first pass * QueryWeight, rescore score *
// RescoreQueryWeight); any other hit keeps first pass * QueryWeight.
type RescoreQuery struct {
	// RescoreQuery scores the hits in the window (required).
	RescoreQuery query.Query `json:"rescore_query"`
	// QueryWeight multiplies the first-pass score (nil: 1).
	QueryWeight *float64 `json:"query_weight,omitempty"`
	// RescoreQueryWeight multiplies the rescore query's score (nil: 1).
	RescoreQueryWeight *float64 `json:"rescore_query_weight,omitempty"`
	// ScoreMode combines the two weighted scores ("": total).
	ScoreMode RescoreScoreMode `json:"score_mode,omitempty"`
}

// RescoreScoreMode is how a rescored hit's two weighted scores combine.
type RescoreScoreMode string

// The score modes of the query rescorer.
const (
	RescoreTotal    RescoreScoreMode = "total"    // the sum (explanations say "sum of:")
	RescoreMultiply RescoreScoreMode = "multiply" // the product ("product of:")
	RescoreAvg      RescoreScoreMode = "avg"      // the mean
	RescoreMax      RescoreScoreMode = "max"      // the larger
	RescoreMin      RescoreScoreMode = "min"      // the smaller
)

// QueryRescore is a Rescore of q with the server's defaults (window of 10,
// weights of 1, total).
func QueryRescore(q query.Query) Rescore { return Rescore{Query: RescoreQuery{RescoreQuery: q}} }

// MarshalJSON writes the query rescorer, refusing one without its query
// (the server answers "rescore_query cannot be null").
func (r RescoreQuery) MarshalJSON() ([]byte, error) {
	if r.RescoreQuery == nil {
		return nil, errors.New("search: a query rescorer needs a RescoreQuery")
	}
	type plain RescoreQuery
	return jsonx.Marshal(plain(r))
}
