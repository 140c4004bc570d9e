package search

import "github.com/clustersearch/clustersearch-go/internal/engine/apierr"

// topHitsNested is where a top_hits under a nested aggregation finds its
// documents: the aggregation hands it hidden nested slots, which are the
// objects of one path's nested context (its sort keys and fields read
// there), fetched as nested hits of their root document.
type topHitsNested struct {
	path string
	nd   *nestedDocs
	keys []*keyReader
}

// nestedChild maps a hidden nested slot of the root reader to its object
// in the nested context of its path: the root document is the next root
// slot (children come first in a block), and the object's rank among the
// root's hidden slots at that path is its rank among the root's objects.
func (t *topHitsCollector) nestedChild(path string, slot int32) (int32, bool) {
	r := t.c.r
	root := slot + 1
	for root < r.MaxDoc() && r.NestedPath(root) != "" {
		root++
	}
	if root >= r.MaxDoc() {
		return 0, false
	}
	if t.nested == nil || t.nested.path != path {
		nd := t.c.nestedDocsFor(path)
		keys := make([]*keyReader, len(t.sorts))
		for i, st := range t.sorts {
			kr, err := nd.ctx.keyReader(st)
			if err != nil {
				t.err = err
				return 0, false
			}
			keys[i] = kr
		}
		t.nested = &topHitsNested{path: path, nd: nd, keys: keys}
	}
	k := int32(0)
	for s := r.BlockStart(root); s < slot; s++ {
		if r.NestedPath(s) == path {
			k++
		}
	}
	nd := t.nested.nd
	first, ok := nd.first[root]
	if !ok || int(first+k) >= len(nd.parents) || nd.parents[first+k] != root {
		return 0, false
	}
	return first + k, true
}

// nestedHit fetches a collected nested object as a hit of its root
// document, with the object's identity and source.
func (t *topHitsCollector) nestedHit(e entry) (Hit, *apierr.Error) {
	nd := t.nested.nd
	root := nd.parents[e.slot]
	h := Hit{Target: Target{Index: t.c.idx, Shard: t.c.shard}, Slot: root, Doc: *t.c.r.Doc(root), Score: e.score,
		Nested: nd.ids[e.slot], NestedSource: nd.objs[e.slot]}
	for j, s := range t.def.Sort {
		h.SortValues = append(h.SortValues, renderSortValue(nd.ctx, s, e.keys[j]))
	}
	if len(t.def.DocValueFields) > 0 {
		h.DocValues = nd.ctx.docValues(t.def.DocValueFields, e.slot)
	}
	if len(t.def.ScriptFields) > 0 {
		scripts, err := nd.ctx.compileScriptFields(t.def.ScriptFields)
		if err != nil {
			return h, err
		}
		if h.ScriptFields, err = nd.ctx.scriptFieldValues(scripts, e.slot); err != nil {
			return h, err
		}
	}
	return h, nil
}
