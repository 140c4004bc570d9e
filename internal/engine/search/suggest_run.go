package search

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/suggest"
)

// SuggestRun is what RunWithSuggest did.
type SuggestRun struct {
	// Result is the search's result; nil when Failed is set.
	Result *Result
	// Suggestions are the suggesters' results; Ran says they ran on at
	// least one shard (a search over no shard renders no "suggest").
	Suggestions []suggest.Result
	Ran         bool
	// Failed holds one failure per shard when the suggestions could not be
	// built on any shard: the search failed as a whole.
	Failed []ShardFailure
}

// RunWithSuggest runs req and the suggestions sg (nil for none). The
// suggestions are checked on each shard first, so a bad field or analyzer
// fails the shards; a suggest-only search (noQuery) runs no query phase and
// has no hits (QueryPhase.execute with hasOnlySuggest), except that a scroll
// still opens its context over a match_none query.
func RunWithSuggest(req *Request, sg *suggest.Request, noQuery, scroll bool) (*SuggestRun, *apierr.Error) {
	if sg == nil {
		return &SuggestRun{Result: Run(req)}, nil
	}
	var fails []ShardFailure
	for _, t := range req.Targets {
		if err := suggest.Check(sg, t.Index); err != nil {
			fails = append(fails, ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: err})
		}
	}
	if len(fails) > 0 {
		if len(fails) == len(req.Targets) {
			return &SuggestRun{Failed: fails}, nil
		}
		return nil, apierr.Unsupported("suggestions that fail on some of the searched indexes only")
	}
	out := &SuggestRun{}
	switch {
	case noQuery && scroll:
		req.Query = &dsl.MatchNone{Base: dsl.Base{Boost: 1}}
		out.Result = Run(req)
	case noQuery:
		out.Result = &Result{MaxScore: float32(math.NaN()), Relation: "eq"}
	default:
		if out.Result = Run(req); out.Result.Err != nil {
			return out, nil
		}
	}
	if len(req.Targets) == 0 {
		return out, nil
	}
	targets := make([]suggest.Target, len(req.Targets))
	for i, t := range req.Targets {
		targets[i] = suggest.Target{Index: t.Index, Shard: t.Shard}
	}
	exists := func(t suggest.Target, q dsl.Query) (bool, *apierr.Error) {
		sub := &Request{Service: req.Service, Query: q, Size: 0, TrackTotalHits: 1, Similarity: req.Similarity, Now: req.Now,
			Targets: []Target{{Index: t.Index, Shard: t.Shard}}}
		res := Run(sub)
		if res.Err != nil {
			return false, res.Err
		}
		if len(res.Failures) > 0 {
			return false, res.Failures[0].Err
		}
		return res.Total > 0, nil
	}
	results, err := suggest.Run(sg, req.Service, targets, exists)
	if err != nil {
		return nil, err
	}
	out.Suggestions, out.Ran = results, true
	return out, nil
}
