package search

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// checkInnerWindow refuses from + size beyond index.max_inner_result_window.
func checkInnerWindow(c *shardCtx, d *InnerHitsDef) *apierr.Error {
	window := 100
	if c.idx != nil {
		window = settings.IntOr(c.idx.Settings(), "index.max_inner_result_window", 100)
	}
	if d.From+d.Size <= window {
		return nil
	}
	name := d.Name
	if name == "" {
		name = "null"
	}
	return apierr.IllegalArgument("Inner result window is too large, the inner hit definition's [%s]'s from + size must be less than or equal to: [%d] but was [%d]. This limit can be set by changing the [index.max_inner_result_window] index level setting.", name, window, d.From+d.Size)
}

// joinInnerRun holds the matches of parent-join inner hits
// (ParentChildInnerHitContextBuilder): the documents of the other relation
// matching the join query's inner query, grouped by the parent id they
// share with the hit.
type joinInnerRun struct {
	idField string
	matches map[string][]entry
	max     map[string]float32
}

// of returns the matches of a hit: those sharing its parent-id value.
func (j *joinInnerRun) of(r *shard.Reader, slot int32) ([]entry, float32, bool) {
	var buf [1]string
	vs := r.Keywords(j.idField, slot, buf[:0])
	if len(vs) == 0 {
		return nil, 0, false
	}
	m, ok := j.max[vs[0]]
	return append([]entry(nil), j.matches[vs[0]]...), m, ok
}

// prepareJoinInnerHits runs a has_child or has_parent query's inner query
// on the documents of the relation it reads, scored, for the inner hits.
func (c *shardCtx) prepareJoinInnerHits(d *InnerHitsDef) *apierr.Error {
	jf := c.m.JoinField()
	if jf == nil {
		return nil // ignore_unmapped: no inner hits
	}
	var inner dsl.Query
	var from, parent string
	switch x := d.Join.(type) {
	case *dsl.HasChild:
		inner, from, parent = x.Query, x.Type, jf.Join.ParentOf(x.Type)
	case *dsl.HasParent:
		inner, from, parent = x.Query, x.ParentType, x.ParentType
		if jf.Join.ChildrenOf(parent) == nil {
			parent = ""
		}
	}
	if parent == "" {
		return nil
	}
	if err := checkInnerWindow(c, d); err != nil {
		return err
	}
	ic := *c
	ic.skipScores, ic.runErr, ic.nestedNodes, ic.innerRuns = false, nil, nil, nil
	node, err := ic.compile(inner, 1, true)
	if err != nil {
		return err
	}
	run := &innerRun{def: d, ctx: &ic, node: node, join: &joinInnerRun{idField: jf.Join.IDField(parent).Path,
		matches: map[string][]entry{}, max: map[string]float32{}}}
	if len(d.ScriptFields) > 0 {
		if run.scripts, err = ic.compileScriptFields(d.ScriptFields); err != nil {
			return err
		}
	}
	for _, s := range d.Sort {
		kr, kerr := ic.keyReader(s)
		if kerr != nil {
			return kerr
		}
		run.keys = append(run.keys, kr)
	}
	jn := &joinNode{c: &ic, joinPath: jf.Path}
	it := node.iter()
	conj := newConj([]iterator{newSetIter(jn.slotsOf(from), 0), it}, []iterator{it})
	r := c.r
	allLive := r.AllLive()
	var buf []string
	for d := conj.next(); d != noMore; d = conj.next() {
		if !allLive && !r.Live(d) {
			continue
		}
		buf = r.Keywords(run.join.idField, d, buf[:0])
		if len(buf) == 0 {
			continue
		}
		sc := conj.score()
		e := entry{slot: d, score: sc}
		if len(run.keys) > 0 {
			e.keys = make([]sortValue, len(run.keys))
			for j, kr := range run.keys {
				e.keys[j] = kr.value(d, sc)
			}
		}
		k := buf[0]
		run.join.matches[k] = append(run.join.matches[k], e)
		if m, ok := run.join.max[k]; !ok || sc > m {
			run.join.max[k] = sc
		}
	}
	if ic.runErr != nil {
		return ic.runErr
	}
	if c.innerRuns == nil {
		c.innerRuns = map[*InnerHitsDef]*innerRun{}
	}
	c.innerRuns[d] = run
	return nil
}

// joinInnerHit builds one parent-join inner hit: a whole document of the
// shard.
func (c *shardCtx) joinInnerHit(run *innerRun, e entry, scored bool) InnerHit {
	d := run.def
	h := &Hit{Slot: e.slot, Doc: *c.r.Doc(e.slot), Score: e.score}
	if !scored {
		h.Score = float32(math.NaN())
	}
	for j, s := range d.Sort {
		h.SortValues = append(h.SortValues, renderSortValue(run.ctx, s, e.keys[j]))
	}
	if d.Explain {
		ex := run.node.explain(e.slot)
		h.Explanation = &ex
	}
	if len(d.DocValueFields) > 0 {
		h.DocValues = run.ctx.docValues(d.DocValueFields, e.slot)
	}
	if run.scripts != nil {
		var serr *apierr.Error
		if h.ScriptFields, serr = run.ctx.scriptFieldValues(run.scripts, e.slot); serr != nil && c.fetchErr == nil {
			c.fetchErr = serr
		}
	}
	if d.Highlight != nil {
		var herr *apierr.Error
		if h.Highlight, herr = run.ctx.highlight(d.Highlight, run.node, c.r.Doc(e.slot), e.slot); herr != nil && c.fetchErr == nil {
			c.fetchErr = herr
		}
	}
	return InnerHit{Score: h.Score, Join: h}
}
