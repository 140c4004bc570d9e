package search

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// NestedSort is a field sort's nested option (NestedSortBuilder): the sort
// reads the field's values from the nested objects at Path that match
// Filter (all when nil), at most MaxChildren of them with values
// (math.MaxInt32 when not limited; only the top level may limit), and from
// deeper levels through Nested.
type NestedSort struct {
	Path        string
	Filter      dsl.Query
	MaxChildren int
	Nested      *NestedSort
	// Legacy is set when the option came from the deprecated nested_path /
	// nested_filter parameters.
	Legacy bool
}

// nestedLevel is one resolved level of a nested sort: its nested documents
// and which of them pass the level's filter.
type nestedSortLevel struct {
	docs *nestedDocs
	ok   []bool // child slot -> passes the filter
}

// nestedSortReader gathers a parent's values from its nested documents.
type nestedSortReader struct {
	levels      []nestedSortLevel
	maxChildren int
	leaf        *keyReader // reads the field on the deepest level's documents
}

// resolveNestedSort checks and compiles a sort's nested option on this
// context (SortBuilder.resolveNested).
func (c *shardCtx) resolveNestedSort(s Sort) (*nestedSortReader, *apierr.Error) {
	for n := s.Nested.Nested; n != nil; n = n.Nested {
		if n.MaxChildren != math.MaxInt32 {
			return nil, c.queryShardErr("max_children is only supported on top level of nested sort", nil)
		}
	}
	if s.Mode == "median" {
		// MultiValueMode.MEDIAN has no nested pick.
		return nil, apierr.IllegalArgument("Unsupported sort mode: MEDIAN")
	}
	nr := &nestedSortReader{maxChildren: s.Nested.MaxChildren}
	cur := c
	for n := s.Nested; n != nil; n = n.Nested {
		f := cur.field(n.Path)
		switch {
		case f == nil:
			return nil, c.queryShardErr("[nested] failed to find nested object under path ["+n.Path+"]", nil)
		case f.Type != mapping.TypeNested:
			return nil, c.queryShardErr("[nested] nested object under path ["+n.Path+"] is not of nested type", nil)
		}
		nd := cur.nestedDocsFor(n.Path)
		lv := nestedSortLevel{docs: nd, ok: make([]bool, len(nd.parents))}
		if n.Filter == nil {
			for i := range lv.ok {
				lv.ok[i] = true
			}
		} else {
			fc := *nd.ctx
			fc.runErr, fc.nestedNodes, fc.innerRuns = nil, nil, nil
			node, err := fc.compile(n.Filter, 1, false)
			if err != nil {
				return nil, err
			}
			it := node.iter()
			for d := it.next(); d != noMore; d = it.next() {
				lv.ok[d] = true
			}
			if fc.runErr != nil {
				return nil, fc.runErr
			}
		}
		nr.levels = append(nr.levels, lv)
		cur = nd.ctx
	}
	leaf := s
	leaf.Nested, leaf.Missing = nil, nil
	kr, err := cur.keyReader(leaf)
	if err != nil {
		return nil, err
	}
	nr.leaf = kr
	return nr, nil
}

// each calls fn with the deepest nested documents of a parent that pass
// every level's filter, in document order, until fn returns false.
func (nr *nestedSortReader) each(level int, parent int32, fn func(slot int32) bool) bool {
	lv := nr.levels[level]
	from, to := lv.docs.children(parent)
	for d := from; d < to; d++ {
		if !lv.ok[d] {
			continue
		}
		if level == len(nr.levels)-1 {
			if !fn(d) {
				return false
			}
		} else if !nr.each(level+1, d, fn) {
			return false
		}
	}
	return true
}

// value is a parent's sort value: the mode applied to the values of all its
// selected nested documents (MultiValueMode's nested pick), missing when
// none has one.
func (nr *nestedSortReader) value(k *keyReader, slot int32) sortValue {
	mode := k.s.Mode
	if mode == "" {
		mode = "min"
		if k.s.Desc {
			mode = "max"
		}
	}
	leaf := nr.leaf
	var strs []string
	var longs []int64
	var dbls []float64
	children := 0
	nr.each(0, slot, func(d int32) bool {
		ns, nl, nd := len(strs), len(longs), len(dbls)
		switch k.kind {
		case kindKeyword:
			strs = leaf.r.Keywords(k.s.Field, d, strs)
		case kindLong, kindDate, kindBool:
			longs = leaf.r.Longs(k.s.Field, d, longs)
		case kindDouble:
			dbls = leaf.r.Doubles(k.s.Field, d, dbls)
		}
		if len(strs)+len(longs)+len(dbls) == ns+nl+nd {
			return true
		}
		// Only children with values count towards max_children.
		children++
		if children > nr.maxChildren {
			strs, longs, dbls = strs[:ns], longs[:nl], dbls[:nd]
			return false
		}
		return true
	})
	switch k.kind {
	case kindKeyword:
		if len(strs) == 0 {
			return sortValue{missing: true, isStr: true}
		}
		best := strs[0]
		for _, v := range strs[1:] {
			if (mode == "max") == (v > best) && v != best {
				best = v
			}
		}
		return sortValue{isStr: true, str: best}
	case kindLong, kindDate, kindBool:
		if len(longs) == 0 {
			return sortValue{missing: true, isLong: true}
		}
		return sortValue{isLong: true, long: reduceLongs(longs, mode)}
	case kindDouble:
		if len(dbls) == 0 {
			return sortValue{missing: true}
		}
		return sortValue{num: reduce(dbls, mode)}
	}
	return sortValue{missing: true}
}

// nestedKeys sets up a key reader for nested values: through the sort's
// nested option, or none at all for a nested field sorted without one.
func (c *shardCtx) nestedKeys(k *keyReader) *apierr.Error {
	switch {
	case k.s.Nested != nil && k.s.Nested.Path != "" && k.f != nil:
		nr, err := c.resolveNestedSort(k.s)
		if err != nil {
			return err
		}
		k.nested = nr
	case k.f != nil && c.underNested(k.s.Field):
		k.noValues = true
	}
	return nil
}

// nestedValue is the raw value of a key read through nested documents.
func (k *keyReader) nestedValue(slot int32) sortValue {
	if k.noValues {
		switch k.kind {
		case kindKeyword:
			return sortValue{missing: true, isStr: true}
		case kindLong, kindDate, kindBool:
			return sortValue{missing: true, isLong: true}
		}
		return sortValue{missing: true}
	}
	return k.nested.value(k, slot)
}
