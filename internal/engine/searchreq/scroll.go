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
