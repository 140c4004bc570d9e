package searchexec

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// SearchFailed is search_phase_execution_exception over the shard
// failures (grouped by cause, as OpenSearch prints them).
func (ex Executor) SearchFailed(fails []search.ShardFailure) *apierr.Error {
	first := fails[0].Err
	e := apierr.New(apierr.TypeSearchPhaseExecution, "all shards failed")
	e.Status = first.Status
	e.Meta = []apierr.Meta{{Key: "phase", Value: "query"}, {Key: "grouped", Value: true},
		{Key: "failed_shards", Value: ex.ShardFailures(fails, true)}}
	e.Cause = first
	seen := map[string]bool{}
	for _, f := range fails {
		key := f.Index + "\x00" + f.Err.Type + "\x00" + f.Err.Reason
		if !seen[key] {
			seen[key] = true
			e.RootCauses = append(e.RootCauses, f.Err)
		}
	}
	return e
}

// ShardFailures renders failures; grouped keeps one per index and cause.
func (ex Executor) ShardFailures(fails []search.ShardFailure, grouped bool) []any {
	var out []any
	seen := map[string]bool{}
	for _, f := range fails {
		key := f.Index + "\x00" + f.Err.Type + "\x00" + f.Err.Reason
		if grouped && seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, jsonout.Object{{Key: "shard", Value: f.Shard}, {Key: "index", Value: f.Index},
			{Key: "node", Value: ex.NodeOf(f.Shard)}, {Key: "reason", Value: f.Err.Inline()}})
	}
	return out
}

// ScrollPageFailed is the error of a later scroll page whose fetch failed
// on every shard of the scroll (SearchScrollAsyncAction.onShardFailure:
// no successful shard left), nil otherwise. A scroll over one shard fetches
// in its query round (QUERY_AND_FETCH), so its phase is "query"; over
// several, the failure is the fetch round's.
func (ex Executor) ScrollPageFailed(req *search.Request, res *search.Result) *apierr.Error {
	if len(res.Failures) == 0 || len(res.Failures) < len(req.Targets) {
		return nil
	}
	e := ex.SearchFailed(res.Failures)
	if len(req.Targets) > 1 {
		e.Meta[0].Value = "fetch"
	}
	return e
}

// withMissingShards adds the shards whose contexts are gone to a failure of
// the shards that were searched, listing them first.
func (ex Executor) withMissingShards(e *apierr.Error, missing []search.ShardFailure) *apierr.Error {
	if len(missing) == 0 || e.Type != apierr.TypeSearchPhaseExecution || len(e.Meta) < 3 || e.Meta[2].Key != "failed_shards" {
		return e
	}
	out := ex.SearchFailed(missing)
	out.Reason = e.Reason
	searched, _ := e.Meta[2].Value.([]any)
	out.Meta[2].Value = append(out.Meta[2].Value.([]any), searched...)
	out.RootCauses = append(out.RootCauses, e.RootCauses...)
	return out
}

// nullFieldName is XContentBuilder's refusal to write a null field name.
const nullFieldName = "Field name cannot be null"

// unnamedCollapseInnerHits is the failure of a collapse inner_hits without
// a name once it has expanded hits: ExpandSearchPhase stores the groups
// under a null key, and SearchHit.toXContent then fails to write that key,
// so the response turns into a 400 illegal_argument_exception.
func unnamedCollapseInnerHits(defs []*searchreq.InnerHitsOpts) *apierr.Error {
	for _, o := range defs {
		if !o.Named {
			return apierr.IllegalArgument(nullFieldName)
		}
	}
	return nil
}

// FailsRendering reports an item error that OpenSearch raises while it
// writes the response rather than while it searches: in a msearch it fails
// the whole request, not the one item.
func FailsRendering(e *apierr.Error) bool {
	return e != nil && e.Type == apierr.TypeIllegalArgument && e.Reason == nullFieldName && e.Cause == nil
}

// reduceFailed wraps a failure of the coordinating reduce (too many
// buckets) as SearchPhaseController reports it: a search_phase_execution_exception
// of the fetch phase with no shard failures and an empty reason; other
// request-wide errors pass through.
func reduceFailed(e *apierr.Error) *apierr.Error {
	if e.Type != "too_many_buckets_exception" {
		return e
	}
	out := apierr.New(apierr.TypeSearchPhaseExecution, "")
	out.Status = e.Status
	out.Meta = []apierr.Meta{{Key: "phase", Value: "fetch"}, {Key: "grouped", Value: true}, {Key: "failed_shards", Value: []any{}}}
	out.RootCauses = []*apierr.Error{}
	out.Cause = e
	return out
}

// cancelledFetch refuses a search cancelled after some shards answered with
// hits to fetch: OpenSearch's fetch requests for them are then refused (the
// parent task is banned), a response the fake does not model. Without hits
// there is no fetch phase and the partial results stand.
func cancelledFetch(res *search.Result) *apierr.Error {
	if len(res.Hits) == 0 {
		return nil
	}
	for _, f := range res.Failures {
		if f.Err.Type == search.TypeTaskCancelled {
			return apierr.Unsupported("the fetch phase of a search cancelled while its shards ran")
		}
	}
	return nil
}
