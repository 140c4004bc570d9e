package aggs

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/ascii"
)

// pipeSpec is a pipeline aggregation's parsed options
// (PipelineAggregationBuilder).
type pipeSpec interface {
	spec
	// bucketsPaths are getBucketsPaths(): the paths the order of a level's
	// pipelines follows.
	bucketsPaths() []string
	// validate is PipelineAggregationBuilder.validate: request validation.
	validate(vc *validationCtx, a *Agg)
}

// siblingPipe computes one result from the aggregations of its level
// (SiblingPipelineAggregator.doReduce).
type siblingPipe interface {
	sibling(a *Agg, level aggList) (result, *apierr.Error)
}

// parentPipe rewrites the multi-bucket aggregation it is declared in
// (PipelineAggregator.reduce).
type parentPipe interface {
	parent(a *Agg, owner *Agg, r result) (result, *apierr.Error)
}

// pipeNoCollect gives pipelines the collector method of spec: they never
// collect documents (the shard skips them), they run after the reduce.
type pipeNoCollect struct{}

func (pipeNoCollect) collector(*shardEnv, *Agg) (collector, *apierr.Error) {
	return nil, apierr.Unsupported("collecting documents for a pipeline aggregation")
}

// runPipelines runs the pipeline aggregations on the reduced top level, as
// InternalAggregations.topLevelReduce does: each aggregation first runs the
// pipelines inside it (reducePipelines), then the top-level sibling
// pipelines append their results in dependency order.
func runPipelines(aggs, pipes []*Agg, list aggList) (aggList, *apierr.Error) {
	out := make(aggList, len(list), len(list)+len(pipes))
	for i, n := range list {
		r, err := reducePipelinesOf(n)
		if err != nil {
			return nil, reduceFailure(err)
		}
		out[i] = named{agg: n.agg, res: r}
	}
	order, err := pipelineOrder(aggs, pipes)
	if err != nil {
		return nil, err
	}
	for _, p := range order {
		sp, ok := p.spec.(siblingPipe)
		if !ok {
			continue // request validation refuses parent pipelines at the top
		}
		r, err := sp.sibling(p, out)
		if err != nil {
			return nil, reduceFailure(err)
		}
		out = append(out, named{agg: p, res: r})
	}
	return out, nil
}

// reducePipelinesOf runs the pipelines under one aggregation: first those
// of its buckets' sub-aggregations, then its own, in dependency order
// (InternalMultiBucketAggregation / InternalSingleBucketAggregation
// reducePipelines).
func reducePipelinesOf(n named) (result, *apierr.Error) {
	a := n.agg
	res := n.res
	if len(a.Subs) > 0 {
		switch r := res.(type) {
		case multiBucketResult:
			bs := r.pipeBuckets()
			for i := range bs {
				subs, err := reduceSubPipelines(bs[i].subs)
				if err != nil {
					return nil, err
				}
				bs[i].subs = subs
			}
			res = r.withBuckets(bs)
		case subsRewriter:
			subs, err := reduceSubPipelines(r.subsOf())
			if err != nil {
				return nil, err
			}
			res = r.withSubs(subs)
		}
	}
	if len(a.Pipes) == 0 {
		return res, nil
	}
	order, err := pipelineOrder(a.Subs, a.Pipes)
	if err != nil {
		return nil, err
	}
	for _, p := range order {
		if res, err = applyPipeline(p, a, res); err != nil {
			return nil, err
		}
	}
	return res, nil
}

func reduceSubPipelines(subs aggList) (aggList, *apierr.Error) {
	if len(subs) == 0 {
		return subs, nil
	}
	out := make(aggList, len(subs))
	for i, s := range subs {
		r, err := reducePipelinesOf(s)
		if err != nil {
			return nil, err
		}
		out[i] = named{agg: s.agg, res: r}
	}
	return out, nil
}

// subsRewriter is a single-bucket result whose sub-aggregations a pipeline
// can replace (InternalSingleBucketAggregation.create(subAggs)).
type subsRewriter interface {
	singleBucketResult
	withSubs(subs aggList) result
}

// applyPipeline runs one pipeline declared in owner on owner's result: a
// sibling pipeline adds its value to each bucket
// (SiblingPipelineAggregator.reduce, copyWithRewritenBuckets), a parent
// pipeline rewrites the buckets.
func applyPipeline(p, owner *Agg, res result) (result, *apierr.Error) {
	if sp, ok := p.spec.(siblingPipe); ok {
		switch r := res.(type) {
		case multiBucketResult:
			bs := r.pipeBuckets()
			for i := range bs {
				v, err := sp.sibling(p, bs[i].subs)
				if err != nil {
					return nil, err
				}
				bs[i].subs = appendResult(bs[i].subs, p, v)
			}
			return r.withBuckets(bs), nil
		case subsRewriter:
			v, err := sp.sibling(p, r.subsOf())
			if err != nil {
				return nil, err
			}
			return r.withSubs(appendResult(r.subsOf(), p, v)), nil
		}
		return res, nil
	}
	return p.spec.(parentPipe).parent(p, owner, res)
}

// appendResult is a bucket's aggregations plus one pipeline result, in a
// new list (the bucket's list may be shared).
func appendResult(subs aggList, a *Agg, r result) aggList {
	out := make(aggList, len(subs), len(subs)+1)
	copy(out, subs)
	return append(out, named{agg: a, res: r})
}

// multiBucketOf casts a parent pipeline's owner result as the pipeline
// aggregators do; a single-bucket owner is Java's ClassCastException.
func multiBucketOf(owner *Agg, r result) (multiBucketResult, *apierr.Error) {
	mb, ok := r.(multiBucketResult)
	if !ok {
		from := resultPackage(r) + "." + javaClass(r)
		const to = "org.opensearch.search.aggregations.InternalMultiBucketAggregation"
		e := apierr.New("class_cast_exception", sprintf("class %s cannot be cast to class %s (%s and %s are in unnamed module of loader 'app')", from, to, from, to))
		e.Status = 500
		return nil, e
	}
	return mb, nil
}

// resultPackage is the Java package of a result class, for a
// ClassCastException's message.
func resultPackage(r result) string {
	const pkg = "org.opensearch.search.aggregations"
	switch t := r.typeName(); t {
	case "filter", "missing", "global", "nested", "reverse_nested", "sampler":
		if t == "reverse_nested" {
			t = "nested"
		}
		return pkg + ".bucket." + t
	}
	return pkg + ".metrics"
}

// reduceFailure wraps an error of the final reduce as the coordinating node
// reports it: a search_phase_execution_exception of the fetch phase without
// shard failures, whose status is its cause's.
func reduceFailure(cause *apierr.Error) *apierr.Error {
	if cause == nil || cause.Type == apierr.TypeSearchPhaseExecution {
		return cause
	}
	out := apierr.New(apierr.TypeSearchPhaseExecution, "")
	out.Status = cause.Status
	if out.Status == 0 {
		out.Status = apierr.StatusOf(cause.Type)
	}
	out.Meta = []apierr.Meta{{Key: "phase", Value: "fetch"}, {Key: "grouped", Value: true}, {Key: "failed_shards", Value: []any{}}}
	out.RootCauses = []*apierr.Error{}
	out.Cause = cause
	return out
}

// pipelineOrder sorts a level's pipelines so each runs after the pipelines
// its buckets_path reads (AggregatorFactories.Builder
// .resolvePipelineAggregatorOrder), and checks that every path starts at
// an aggregation of the level. Its messages are illegal_argument errors.
func pipelineOrder(aggs, pipes []*Agg) ([]*Agg, *apierr.Error) {
	if len(pipes) == 0 {
		return nil, nil
	}
	aggByName := make(map[string]*Agg, len(aggs))
	for _, a := range aggs {
		aggByName[a.Name] = a
	}
	pipeByName := make(map[string]*Agg, len(pipes))
	for _, p := range pipes {
		pipeByName[p.Name] = p
	}
	unmarked := append([]*Agg(nil), pipes...)
	temp := map[*Agg]bool{}
	var ordered []*Agg
	var visit func(p *Agg) *apierr.Error
	visit = func(p *Agg) *apierr.Error {
		if temp[p] {
			return apierr.IllegalArgument("Cyclical dependency found with pipeline aggregator [%s]", p.Name)
		}
		idx := -1
		for i, u := range unmarked {
			if u == p {
				idx = i
			}
		}
		if idx < 0 {
			return nil
		}
		temp[p] = true
		for _, path := range p.spec.(pipeSpec).bucketsPaths() {
			if path == "_count" || path == "_key" {
				continue
			}
			elems, err := parseAggPath(path)
			if err != nil {
				return err
			}
			first := elems[0].name
			if a, ok := aggByName[first]; ok {
				if err := checkPathAggs(a, elems, path); err != nil {
					return err
				}
				continue
			}
			dep, ok := pipeByName[first]
			if !ok {
				return apierr.IllegalArgument("No aggregation found for path [%s]", path)
			}
			if err := visit(dep); err != nil {
				return err
			}
		}
		for i, u := range unmarked {
			if u == p {
				unmarked = append(unmarked[:i], unmarked[i+1:]...)
				break
			}
		}
		delete(temp, p)
		ordered = append(ordered, p)
		return nil
	}
	for len(unmarked) > 0 {
		if err := visit(unmarked[0]); err != nil {
			return nil, err
		}
	}
	return ordered, nil
}

// checkPathAggs follows a path's later elements through the aggregations
// under a (the last may also name a pipeline, _key or _count).
func checkPathAggs(a *Agg, elems []aggPathElem, path string) *apierr.Error {
	for i := 1; i < len(elems); i++ {
		name := elems[i].name
		last := i == len(elems)-1
		if last && (name == "_count" || ascii.EqualFold(name, "_key")) {
			break
		}
		var next *Agg
		for _, s := range a.Subs {
			if s.Name == name {
				next = s
				break
			}
		}
		if next == nil && last {
			for _, s := range a.Pipes {
				if s.Name == name {
					next = s
					break
				}
			}
		}
		if next == nil {
			return apierr.IllegalArgument("No aggregation [%s] found for path [%s]", name, path)
		}
		a = next
	}
	return nil
}

// validationCtx is PipelineAggregationBuilder.ValidationContext: the
// level a pipeline is declared in, and the problems found so far.
type validationCtx struct {
	parent   *Agg   // nil at the top of the tree
	siblings []*Agg // the level's aggregations (pipelines excluded)
	problems *[]string
}

func (vc *validationCtx) add(format string, args ...any) {
	*vc.problems = append(*vc.problems, sprintf(format, args...))
}

// hasParent is validateHasParent.
func (vc *validationCtx) hasParent(typ, name string) {
	if vc.parent == nil {
		vc.add("%s aggregation [%s] must be declared inside of another aggregation", typ, name)
	}
}

// sequentiallyOrdered is validateParentAggSequentiallyOrdered.
func (vc *validationCtx) sequentiallyOrdered(typ, name string) {
	switch {
	case vc.parent == nil:
		vc.add("%s aggregation [%s] must have a histogram, date_histogram or auto_date_histogram as parent but doesn't have a parent", typ, name)
	case vc.parent.Type == "histogram" || vc.parent.Type == "date_histogram":
		if h, ok := vc.parent.spec.(*histSpec); ok && h.minDocCount != 0 {
			vc.add("parent histogram of %s aggregation [%s] must have min_doc_count of 0", typ, name)
		}
	case vc.parent.Type == "auto_date_histogram":
	default:
		vc.add("%s aggregation [%s] must have a histogram, date_histogram or auto_date_histogram as parent", typ, name)
	}
}

// validatePipelines checks every level's pipelines as
// AggregatorFactories.Builder.validate does during request validation:
// "Validation Failed: 1: ...;" with every problem.
func (t *Tree) validatePipelines() *apierr.Error {
	var problems []string
	if err := validateLevel(&validationCtx{siblings: t.Aggs, problems: &problems}, t.Pipes); err != nil {
		return err
	}
	if err := validateChildren(t.Aggs, &problems); err != nil {
		return err
	}
	if len(problems) > 0 {
		return apierr.Validation(problems...)
	}
	return nil
}

func validateLevel(vc *validationCtx, pipes []*Agg) *apierr.Error {
	order, err := pipelineOrder(vc.siblings, pipes)
	if err != nil {
		if err.Type != apierr.TypeIllegalArgument {
			return err
		}
		vc.add("%s", err.Reason)
		return nil
	}
	for _, p := range order {
		p.spec.(pipeSpec).validate(vc, p)
	}
	return nil
}

func validateChildren(aggs []*Agg, problems *[]string) *apierr.Error {
	for _, a := range aggs {
		if err := validateLevel(&validationCtx{parent: a, siblings: a.Subs, problems: problems}, a.Pipes); err != nil {
			return err
		}
		if err := validateChildren(a.Subs, problems); err != nil {
			return err
		}
	}
	return nil
}

// Every pipeline type is a pipeSpec and a sibling or a parent pipeline.
var (
	_ siblingPipe  = (*bucketMetricsSpec)(nil)
	_ parentPipe   = (*derivativeSpec)(nil)
	_ parentPipe   = (*cumulativeSumSpec)(nil)
	_ parentPipe   = (*serialDiffSpec)(nil)
	_ parentPipe   = (*scriptPathsSpec)(nil)
	_ parentPipe   = (*bucketSortSpec)(nil)
	_ parentPipe   = (*movingFnSpec)(nil)
	_ pipeSpec     = (*bucketMetricsSpec)(nil)
	_ pipeSpec     = (*derivativeSpec)(nil)
	_ pipeSpec     = (*cumulativeSumSpec)(nil)
	_ pipeSpec     = (*serialDiffSpec)(nil)
	_ pipeSpec     = (*scriptPathsSpec)(nil)
	_ pipeSpec     = (*bucketSortSpec)(nil)
	_ pipeSpec     = (*movingFnSpec)(nil)
	_ subsRewriter = (*singleResult)(nil)
)
