package rest

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// scrollContextErrors are SearchRequest.validate's complaints about a
// search run as a scroll, which every bulk-by-scroll request is: they come
// first in its "Validation Failed" list. batchSize is the scroll's page size
// (scroll_size, or size in reindex's source); requestCache is request_cache=true.
func scrollContextErrors(spec *searchreq.Spec, batchSize int, requestCache bool) []string {
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
