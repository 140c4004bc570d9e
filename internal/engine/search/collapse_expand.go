package search

import (
	"encoding/json"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// CollapseGroupQuery is the query ExpandSearchPhase runs for the group of a
// collapsed hit h: query (nil for none) as must and a match on the hit's
// collapse value of field as filter, or, for a hit without a value, a
// must_not exists on field.
func CollapseGroupQuery(query dsl.Query, field string, h *Hit) (dsl.Query, *apierr.Error) {
	g := &dsl.Bool{Base: dsl.Base{Boost: 1}, AdjustPureNegative: true}
	var clause []byte
	if h.CollapseValue == nil {
		clause, _ = json.Marshal(map[string]any{"exists": map[string]any{"field": field}})
	} else {
		v := FormatDocValue(h.Target.Index.Mapping().Lookup(field), h.CollapseValue, "")
		clause, _ = json.Marshal(map[string]any{"match": map[string]any{field: v}})
	}
	xv, err := xcontent.Parse(clause)
	if err != nil {
		return nil, xerr(err).(*apierr.Error)
	}
	q, perr := dsl.Parse(xv)
	if perr != nil {
		return nil, xerr(perr).(*apierr.Error)
	}
	if h.CollapseValue == nil {
		g.MustNot = []dsl.Query{q}
	} else {
		g.Filter = []dsl.Query{q}
	}
	if query != nil {
		g.Must = []dsl.Query{query}
	}
	return g, nil
}

// ExpandFailed is the error of a collapse group search that failed
// (ExpandSearchPhase): a grouped search_phase_execution_exception of the
// expand phase, caused by cause and keeping its root causes.
func ExpandFailed(cause *apierr.Error) *apierr.Error {
	e := apierr.New(apierr.TypeSearchPhaseExecution, "failed to expand hits")
	e.Status = cause.Status
	e.Meta = []apierr.Meta{{Key: "phase", Value: "expand"}, {Key: "grouped", Value: true}, {Key: "failed_shards", Value: []any{}}}
	e.Cause = cause
	e.RootCauses = cause.RootCauses
	if len(e.RootCauses) == 0 {
		e.RootCauses = []*apierr.Error{cause}
	}
	return e
}
