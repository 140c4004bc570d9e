package search

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// underNested reports whether a field lives in nested objects below this
// context's documents and is not copied up to them (include_in_parent /
// include_in_root, see mapping.Carries), so that they carry none of its
// values: the shard indexes such values only into the nested objects'
// hidden documents, and this check saves reading them.
func (c *shardCtx) underNested(field string) bool {
	if c.nestedPath != "" && !strings.HasPrefix(field, c.nestedPath+".") {
		return false
	}
	return !c.m.Carries(c.nestedPath, field)
}

// nestedAbove counts the nested objects enclosing path (path excluded).
func (c *shardCtx) nestedAbove(path string) int {
	n := 0
	for i := strings.IndexByte(path, '.'); i >= 0; {
		if f := c.field(path[:i]); f != nil && f.Type == mapping.TypeNested {
			n++
		}
		j := strings.IndexByte(path[i+1:], '.')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return n
}

// objectFields picks, from a nested object's source wrapped back under its
// path and parsed from the root, the hidden document of the object itself:
// Parsed.Nested lists children before parents, so it comes just before the
// documents of the nestedAbove objects wrapping it. Its own nested objects
// are left out (their queries build their own child shard).
func objectFields(f *shard.Fields, nestedAbove int) *shard.Fields {
	i := len(f.Nested) - 1 - nestedAbove
	if i < 0 {
		return nil
	}
	doc := f.Nested[i]
	doc.Nested = nil
	return &doc
}

// blockRange is the doc id range a nested query's explanation names: for
// root documents, Lucene's block of the parent (every hidden nested document
// between the previous root and this one); for the objects of a nested
// context, the child documents' own numbers.
func (n *nestedNode) blockRange(doc int32, first, last int) (from, to int) {
	if n.parent.nestedPath != "" {
		return first, last
	}
	return int(n.parent.r.BlockStart(doc)), int(doc) - 1
}

// indexMaxDoc is the shard's maxDoc (hidden nested documents included), as
// Lucene's readers report it, also from a nested context, whose own reader
// holds only the objects of its path.
func (c *shardCtx) indexMaxDoc() int32 {
	if c.nestedPath != "" {
		return c.rootMaxDoc
	}
	return c.r.MaxDoc()
}

// relabel renames a nested object's explanation from its child-shard slot to
// its Lucene doc id, the hidden slot in the root document's block, as the
// weights' "weight(... in <doc>)" lines name it. Objects of deeper nested
// contexts keep their child-shard numbers.
func (c *shardCtx) relabel(nd *nestedDocs, child int32, e similarity.Explanation) similarity.Explanation {
	if c.nestedPath != "" || int(child) >= len(nd.parents) {
		return e
	}
	root := nd.parents[child]
	slot := c.r.NestedSlot(root, nd.path, int(child-nd.first[root]))
	if slot < 0 || slot == child {
		return e
	}
	return relabelDoc(e, " in "+strconv.Itoa(int(child))+") [", " in "+strconv.Itoa(int(slot))+") [")
}

func relabelDoc(e similarity.Explanation, from, to string) similarity.Explanation {
	e.Description = strings.Replace(e.Description, from, to, 1)
	if len(e.Details) > 0 {
		details := make([]similarity.Explanation, len(e.Details))
		for i, d := range e.Details {
			details[i] = relabelDoc(d, from, to)
		}
		e.Details = details
	}
	return e
}
