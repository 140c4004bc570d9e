package search

import (
	"cmp"
	"math"
	"slices"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// This file is OpenSearch's query rescorer (QueryRescorer over Lucene's
// QueryRescorer): after a shard collects its top max(from+size, window_size)
// hits by score, each rescorer in turn scores the top window_size of them
// again and the whole list is re-sorted; the coordinator then merges the
// shards' lists as usual.

// shardRescore is one shard's rescoring state, kept for explanations: each
// rescorer's compiled query and the slots of its window (in slot order).
type shardRescore struct {
	specs   []dsl.Rescore
	nodes   []node
	windows [][]int32
}

// rescoreWindow is how many hits each shard collects so the rescorers see
// their windows (TopDocsCollectorContext: max(from+size, window sizes)).
func rescoreWindow(req *Request, k int) int {
	for _, r := range req.Rescore {
		k = max(k, r.WindowSize)
	}
	return k
}

// rescore compiles the rescore queries on the shard (as parseSource does,
// hits or not) and applies them in order to the shard's collected entries,
// returning them sorted by their new scores (RescorePhase.execute).
func (c *shardCtx) rescore(specs []dsl.Rescore, items []entry) ([]entry, *shardRescore, *apierr.Error) {
	rs := &shardRescore{specs: specs, nodes: make([]node, len(specs)), windows: make([][]int32, len(specs))}
	for i := range specs {
		n, err := c.compile(specs[i].Query, 1, true)
		if err != nil {
			return nil, nil, err
		}
		rs.nodes[i] = n
	}
	for i := range items {
		items[i].keys = nil // the scores change: sort on them alone
	}
	slices.SortFunc(items, byScoreThenSlot)
	if len(items) == 0 {
		return items, rs, nil
	}
	for i := range specs {
		if err := c.rescoreOnce(&specs[i], rs.nodes[i], items, &rs.windows[i]); err != nil {
			return nil, nil, err
		}
	}
	return items, rs, nil
}

// rescoreOnce is QueryRescorer.rescore: the top window of items are scored
// with the rescore query in slot order and re-sorted; hits past the window
// get their first-pass score times query_weight and everything is re-sorted
// together (QueryRescorer.combine), so hits outside the window may rise
// above rescored ones.
func (c *shardCtx) rescoreOnce(r *dsl.Rescore, n node, items []entry, window *[]int32) *apierr.Error {
	if r.WindowSize < 0 {
		// topN allocates new ScoreDoc[window_size].
		return &apierr.Error{Status: 500, Type: "negative_array_size_exception", Reason: strconv.Itoa(r.WindowSize)}
	}
	w := min(r.WindowSize, len(items))
	top := items[:w]
	slices.SortFunc(top, func(a, b entry) int { return cmp.Compare(a.slot, b.slot) })
	slots := make([]int32, w)
	it := n.iter()
	for j := range top {
		e := &top[j]
		slots[j] = e.slot
		d := it.doc()
		if d < e.slot {
			d = it.advance(e.slot)
		}
		primary := float32(e.score * r.QueryWeight)
		if d == e.slot {
			secondary := float32(it.score() * r.RescoreQueryWeight)
			e.score = r.Mode.Combine(primary, secondary)
		} else {
			e.score = primary
		}
	}
	if c.runErr != nil {
		return c.runErr
	}
	*window = slots
	// Lucene's QueryRescorer sorts with < and > (so 0.0 and -0.0 tie).
	slices.SortFunc(top, byScoreThenSlot)
	if len(items) > w {
		for j := w; j < len(items); j++ {
			items[j].score = float32(items[j].score * r.QueryWeight)
		}
		// QueryRescorer.combine's comparator is Float.compare.
		slices.SortFunc(items, func(a, b entry) int {
			if c := javaFloatCompare(b.score, a.score); c != 0 {
				return c
			}
			return cmp.Compare(a.slot, b.slot)
		})
	}
	return nil
}

// byScoreThenSlot orders one shard's entries by score, best first, then by
// slot.
func byScoreThenSlot(a, b entry) int {
	switch {
	case a.score > b.score:
		return -1
	case a.score < b.score:
		return 1
	}
	return cmp.Compare(a.slot, b.slot)
}

// javaFloatCompare is Java's Float.compare: -0.0 below 0.0, NaN above
// everything.
func javaFloatCompare(a, b float32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return cmp.Compare(javaFloatBits(a), javaFloatBits(b))
}

// javaFloatBits is Float.floatToIntBits: the bits as a signed int, every NaN
// as the canonical one.
func javaFloatBits(f float32) int32 {
	if f != f {
		return 0x7fc00000
	}
	return int32(math.Float32bits(f))
}

// explain wraps a hit's first-pass explanation with each rescorer's node
// (QueryRescorer.explain): "product of:" the first pass and its
// primaryWeight, and for a hit in the window that the rescore query matches,
// the score mode's node over that and "product of:" the rescore query's
// explanation and its secondaryWeight.
func (rs *shardRescore) explain(ex similarity.Explanation, slot int32) similarity.Explanation {
	for i := range rs.specs {
		r := &rs.specs[i]
		if ex.Matched {
			ex = similarity.Match(float32(ex.Value*r.QueryWeight), "product of:", ex, similarity.Match(r.QueryWeight, "primaryWeight"))
		} else {
			ex = similarity.NoMatch("First pass did not match", ex)
		}
		if _, in := slices.BinarySearch(rs.windows[i], slot); !in {
			continue
		}
		sec := rs.nodes[i].explain(slot)
		if !sec.Matched {
			continue
		}
		sec = similarity.Match(float32(sec.Value*r.RescoreQueryWeight), "product of:", sec, similarity.Match(r.RescoreQueryWeight, "secondaryWeight"))
		ex = similarity.Match(r.Mode.Combine(ex.Value, sec.Value), r.Mode.String()+" of:", ex, sec)
	}
	return ex
}

// rescoreLookups fetches the terms lookups of the rescore queries, after
// the main query's.
func rescoreLookups(req *Request, out map[*dsl.Terms][]xcontent.Value) *apierr.Error {
	for _, r := range req.Rescore {
		if err := resolveLookups(req.Service, r.Query, out); err != nil {
			return err
		}
	}
	return nil
}
