package searchreq

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/urlparams"
)

// ScrollProblems is SearchRequest.validate's scroll part, in its order: a
// capped or disabled total, from, a size of 0 (given: the default is not
// 0), rescorers and the request cache (the request_cache parameter, read
// with the boxed overload). nil when the scroll may start.
func ScrollProblems(p urlparams.Params, spec *Spec) *apierr.Error {
	cache, err := p.BoolOrDefault("request_cache", false)
	if err != nil {
		return err.(*apierr.Error)
	}
	var problems []string
	if spec.TrackTotalSet && spec.TrackTotal != math.MaxInt32 {
		problems = append(problems, "disabling [track_total_hits] is not allowed in a scroll context")
	}
	if spec.From > 0 {
		problems = append(problems, "using [from] is not allowed in a scroll context")
	}
	if spec.Size == 0 {
		problems = append(problems, "[size] cannot be [0] in a scroll context")
	}
	if len(spec.Rescore) > 0 {
		problems = append(problems, "using [rescore] is not allowed in a scroll context")
	}
	if cache {
		problems = append(problems, "[request_cache] cannot be used in a scroll context")
	}
	if len(problems) > 0 {
		return apierr.Validation(problems...)
	}
	return nil
}

// ScrollContextErrors are SearchRequest.validate's complaints about a
// search run as a scroll, which every bulk-by-scroll request is: they come
// first in its "Validation Failed" list. batchSize is the scroll's page size
// (scroll_size, or size in reindex's source); requestCache is request_cache=true.
func (spec *Spec) ScrollContextErrors(batchSize int, requestCache bool) []string {
	var msgs []string
	if spec.TrackTotalSet && spec.TrackTotal != math.MaxInt32 {
		msgs = append(msgs, "disabling [track_total_hits] is not allowed in a scroll context")
	}
	if spec.From > 0 {
		msgs = append(msgs, "using [from] is not allowed in a scroll context")
	}
	if batchSize == 0 {
		msgs = append(msgs, "[size] cannot be [0] in a scroll context")
	}
	if len(spec.Rescore) > 0 {
		msgs = append(msgs, "using [rescore] is not allowed in a scroll context")
	}
	if requestCache {
		msgs = append(msgs, "[request_cache] cannot be used in a scroll context")
	}
	if spec.PIT != nil {
		msgs = append(msgs, "using [point in time] is not allowed in a scroll context")
	}
	return msgs
}
