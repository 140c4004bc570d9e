package searchexec

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// Explained is the outcome of an _explain: the concrete index, and when
// the document exists (Found) its explanation and the document itself.
type Explained struct {
	Index       *indices.Index
	Explanation similarity.Explanation
	Doc         shard.Doc
	Found       bool
}

// Explain runs the _explain API (TransportExplainAction): expr must name one
// index (an alias adds its filter and routing), the document's shard is the
// one id and routing select, and spec's query is explained against it.
func (ex Executor) Explain(expr, id, routing string, spec *searchreq.Spec) (*Explained, *apierr.Error) {
	o := indices.Options{ResourceType: apierr.ResourceIndexExpression}
	names, e := ex.Indices.Resolve(expr, o)
	if e != nil {
		return nil, e
	}
	if len(names) != 1 {
		return nil, apierr.IllegalArgument("explain can only be performed on a single index")
	}
	if e := ex.ReadBlocked(names); e != nil {
		return nil, e
	}
	x, _ := ex.Indices.Get(names[0])
	plan, e := search.PlanAliases(ex.Indices, expr, o, "")
	if e != nil {
		return nil, e
	}
	if _, aliasRouting, _ := ex.Indices.ReadTarget(expr); aliasRouting != "" {
		if routing, e = indices.IndexRouting(expr, aliasRouting, routing); e != nil {
			return nil, e
		}
	}
	sh := x.Routing.Shard(id, routing)
	req := &search.Request{Service: ex.Indices, Query: spec.Query, Similarity: ex.Similarity(), Now: ex.Clock.Now(), Scripts: ex.Scripts,
		DisallowExpensive: !ex.Settings.Values().AllowExpensiveQueries}
	req.Targets = []search.Target{{Index: x, Shard: sh, Filter: plan.Filter(x.Name)}}
	expl, doc, found, err := search.ExplainDoc(req, id)
	if err != nil {
		return nil, err
	}
	return &Explained{Index: x, Explanation: expl, Doc: doc, Found: found}, nil
}
