package search

import (
	"math"
	"slices"

	"github.com/clustersearch/clustersearch-go/internal/engine/aggs"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// TopHitsDef is a top_hits aggregation's fetch options, compiled by the
// REST layer (aggs.TopHitsSpec.Compiled): the sort (score when empty), the
// hit options the shard applies, and how a hit renders.
type TopHitsDef struct {
	Sort           []Sort
	TrackScores    bool
	Explain        bool
	Highlight      *Highlight
	DocValueFields []string
	// InnerHits are the request's nested inner hits, which top hits carry
	// too (InnerHitsPhase runs on them).
	InnerHits []*InnerHitsDef
	// ScriptFields run on each top hit.
	ScriptFields []ScriptField
	// Render writes a fetched hit as the search hits are written.
	Render func(h *Hit) jsonout.Object
}

// topHitsHook gives the shard's aggregations their top_hits collectors;
// target is the shard's position in the request and n its compiled query
// (for highlight and explain).
func (c *shardCtx) topHitsHook(target int, n node) func(s *aggs.TopHitsSpec) (aggs.TopHitsCollector, *apierr.Error) {
	return func(s *aggs.TopHitsSpec) (aggs.TopHitsCollector, *apierr.Error) {
		def, ok := s.Compiled.(*TopHitsDef)
		if !ok || def.Render == nil {
			return nil, apierr.Unsupported("the [top_hits] aggregation here")
		}
		sorts := def.Sort
		if len(sorts) == 0 {
			sorts = []Sort{{Kind: SortScore, Desc: true}}
		}
		keys := make([]*keyReader, len(sorts))
		for i, st := range sorts {
			kr, err := c.keyReader(st)
			if err != nil {
				return nil, err
			}
			keys[i] = kr
		}
		var scripts []fieldScript
		if len(def.ScriptFields) > 0 {
			var err *apierr.Error
			if scripts, err = c.compileScriptFields(def.ScriptFields); err != nil {
				return nil, err
			}
		}
		return &topHitsCollector{c: c, n: n, target: target, spec: s, def: def, sorts: sorts, keys: keys, scripts: scripts,
			top: &topK{k: s.From + s.Size, sorts: sorts}, maxScore: float32(math.Inf(-1))}, nil
	}
}

// topHitsCollector is TopHitsAggregator's per-bucket collector: the best
// from+size documents by the sort, the count and the best score.
type topHitsCollector struct {
	c        *shardCtx
	n        node
	target   int
	spec     *aggs.TopHitsSpec
	def      *TopHitsDef
	sorts    []Sort
	keys     []*keyReader
	scripts  []fieldScript
	top      *topK
	total    int64
	maxScore float32
	// nested is set once the collector meets nested objects; err is a
	// failure found while collecting (it fails the shard).
	nested *topHitsNested
	err    *apierr.Error
}

// Collect implements aggs.TopHitsCollector.
func (t *topHitsCollector) Collect(slot int32, score float32) {
	t.total++
	if score > t.maxScore {
		t.maxScore = score
	}
	if t.top.k == 0 {
		return
	}
	keys := t.keys
	if path := t.c.r.NestedPath(slot); path != "" {
		child, ok := t.nestedChild(path, slot)
		if !ok {
			return
		}
		slot, keys = child, t.nested.keys
	}
	e := entry{target: t.target, slot: slot, score: score, keys: make([]sortValue, len(keys))}
	for j, kr := range keys {
		e.keys[j] = kr.value(slot, score)
	}
	t.top.offer(e)
}

// scored reports whether the hits carry scores: with the default sort, a
// score sort or track_scores.
func (t *topHitsCollector) scored() bool {
	return len(t.def.Sort) == 0 || t.def.TrackScores || sortsByScore(t.def.Sort)
}

// Result implements aggs.TopHitsCollector: the hits fetched and rendered,
// best first.
func (t *topHitsCollector) Result() aggs.TopHitsShard {
	out := aggs.TopHitsShard{Total: t.total, MaxScore: float32(math.NaN()), Compare: func(a, b any) int {
		x, y := a.(entry), b.(entry)
		switch {
		case less(t.sorts, x, y):
			return -1
		case less(t.sorts, y, x):
			return 1
		}
		return 0
	}}
	if t.scored() && t.total > 0 {
		out.MaxScore = t.maxScore
	}
	if t.err != nil {
		out.Err = t.err
		return out
	}
	items := slices.Clone(t.top.items)
	slices.SortFunc(items, func(a, b entry) int { return out.Compare(a, b) })
	for _, e := range items {
		if t.nested != nil {
			h, err := t.nestedHit(e)
			if err != nil {
				out.Err = err
				return out
			}
			if !t.scored() {
				h.Score = float32(math.NaN())
			}
			out.Hits = append(out.Hits, aggs.TopHit{Key: e, Body: t.def.Render(&h)})
			continue
		}
		h := Hit{Target: Target{Index: t.c.idx, Shard: t.c.shard}, Slot: e.slot, Doc: *t.c.r.Doc(e.slot), Score: e.score}
		if !t.scored() {
			h.Score = float32(math.NaN())
		}
		if len(t.def.Sort) > 0 {
			for j, s := range t.def.Sort {
				h.SortValues = append(h.SortValues, renderSortValue(t.c, s, e.keys[j]))
			}
		}
		if len(t.def.DocValueFields) > 0 {
			h.DocValues = t.c.docValues(t.def.DocValueFields, e.slot)
		}
		if t.def.Highlight != nil {
			var err *apierr.Error
			if h.Highlight, err = t.c.highlight(t.def.Highlight, t.n, &h.Doc, e.slot); err != nil {
				out.Err = err
				return out
			}
		}
		if t.scripts != nil {
			var err *apierr.Error
			if h.ScriptFields, err = t.c.scriptFieldValues(t.scripts, e.slot); err != nil {
				out.Err = err
				return out
			}
		}
		if len(t.def.InnerHits) > 0 {
			if h.InnerHits = t.c.innerHitsOf(t.def.InnerHits, e.slot); t.c.fetchErr != nil {
				out.Err = t.c.fetchErr
				return out
			}
		}
		if t.def.Explain {
			ex := t.n.explain(e.slot)
			h.Explanation = &ex
		}
		out.Hits = append(out.Hits, aggs.TopHit{Key: e, Body: t.def.Render(&h)})
	}
	return out
}
