package searchexec

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// mixedUnsignedSort is the failure of merging sorted hits when a sort field
// is unsigned_long in one index and another type in another (OpenSearch
// raises it in the fetch phase, after the shards answered).
func mixedUnsignedSort(req *search.Request) *apierr.Error {
	for _, s := range req.Sort {
		if s.Kind != search.SortField || s.Field == "" {
			continue
		}
		unsigned, other := false, false
		for _, t := range req.Targets {
			f := t.Index.Mapping().Lookup(s.Field)
			switch {
			case f == nil:
			case f.Type == mapping.TypeUnsignedLong:
				unsigned = true
			default:
				other = true
			}
		}
		if unsigned && other {
			cause := apierr.IllegalArgument("Can't do sort across indices, as a field has [unsigned_long] type in one index, and different type in another index!")
			e := apierr.New(apierr.TypeSearchPhaseExecution, "")
			e.Status = cause.Status
			e.Meta = []apierr.Meta{{Key: "phase", Value: "fetch"}, {Key: "grouped", Value: true}, {Key: "failed_shards", Value: []any{}}}
			e.Cause = cause
			e.RootCauses = []*apierr.Error{cause}
			return e
		}
	}
	return nil
}

// rescoreCollapseCause is SearchService.parseSource's refusal of collapse
// with rescore, or nil.
func rescoreCollapseCause(s *searchreq.Spec) *apierr.Error {
	if s.Collapse != "" && len(s.Rescore) > 0 {
		return apierr.New("search_exception", "cannot use `collapse` in conjunction with `rescore`")
	}
	return nil
}

// rescoreCause is DefaultSearchContext.preProcess's check of the rescorers
// (after the result window's): no sort, and each window within
// index.max_rescore_window (maxWindow). nil when they pass.
func rescoreCause(s *searchreq.Spec, maxWindow int) *apierr.Error {
	if len(s.Rescore) == 0 {
		return nil
	}
	if len(s.Sort) > 0 {
		return apierr.IllegalArgument("Cannot use [sort] option in conjunction with [rescore].")
	}
	for _, r := range s.Rescore {
		if r.WindowSize > maxWindow {
			return apierr.IllegalArgument("Rescore window [%d] is too large. It must be less than [%d]. This prevents allocating massive heaps for storing the results to be rescored. This limit can be set by changing the [index.max_rescore_window] index level setting.", r.WindowSize, maxWindow)
		}
	}
	return nil
}

// scrollCollapseCause is the shard failure of a scroll with collapse
// (SearchService.parseSource: a SearchException, after the docvalue and
// script field limits), nil otherwise.
func scrollCollapseCause(spec *searchreq.Spec) *apierr.Error {
	if spec.Scroll && spec.Collapse != "" {
		return apierr.New("search_exception", "cannot use `collapse` in a scroll context")
	}
	return nil
}

// ShardDocProblems applies OpenSearch 3.3's _shard_doc sort: from that
// version on a "_shard_doc" key sorts by (shard << 32) | doc and
// SearchRequest.validate refuses it outside a point in time, in a scroll, or
// twice. Before 3.3 it stays an ordinary (unmapped) field name.
func (ex Executor) ShardDocProblems(spec *searchreq.Spec, scroll bool) []string {
	if !ex.Cluster.Version.AtLeast(3, 3) {
		return nil
	}
	n := 0
	for i := range spec.Sort {
		if s := &spec.Sort[i]; s.Kind == search.SortField && s.Field == "_shard_doc" {
			s.Kind = search.SortShardDoc
			n++
		}
	}
	var problems []string
	if n > 0 && scroll {
		problems = append(problems, "_shard_doc cannot be used with scroll. Use PIT + search_after instead.")
	}
	if n > 0 && spec.PIT == nil {
		problems = append(problems, "_shard_doc is only supported with point-in-time (PIT). Add a PIT or remove _shard_doc.")
	}
	if n > 1 {
		problems = append(problems, "duplicate _shard_doc sort detected. Specify it at most once.")
	}
	return problems
}
