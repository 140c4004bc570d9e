package search

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// NestedLevel is one level of a nested document's identity (the _nested
// object of an inner hit): the field relative to the enclosing nested
// object and the offset among that object's values at the field.
type NestedLevel struct {
	Field  string
	Offset int
}

// nestedDocs are the objects at one nested path of a shard's documents,
// indexed as their own documents in a private child shard, in Lucene's
// block order (parent by parent, source order within a parent).
type nestedDocs struct {
	path string
	ctx  *shardCtx // over the child shard
	// parents maps a child slot to its parent's slot in the outer context.
	parents []int32
	// objs is each child's object as found in the parent's _source.
	objs []jsonout.Object
	// ids is each child's identity from the root document.
	ids [][]NestedLevel
	// seqNos is each child's root document's _seq_no.
	seqNos []int64
	// first[p] is the first child slot of parent p (children of a parent are
	// contiguous); absent parents have none.
	first map[int32]int32
}

// nestedDocsFor returns the nested documents at path of this context's
// documents, built once per context and path.
func (c *shardCtx) nestedDocsFor(path string) *nestedDocs {
	if nd, ok := c.nestedCache[path]; ok {
		return nd
	}
	nd := c.buildNestedDocs(path)
	if c.nestedCache == nil {
		c.nestedCache = map[string]*nestedDocs{}
	}
	c.nestedCache[path] = nd
	return nd
}

// nestedLevels lists the nested mappers from (excluding) the context's own
// nested path down to path, as full paths.
func (c *shardCtx) nestedLevels(path string) []string {
	var out []string
	segs := strings.Split(path, ".")
	for i := range segs {
		p := strings.Join(segs[:i+1], ".")
		if len(p) <= len(c.nestedPath) {
			continue
		}
		if f := c.field(p); f != nil && f.Type == mapping.TypeNested {
			out = append(out, p)
		}
	}
	if len(out) == 0 || out[len(out)-1] != path {
		out = append(out, path)
	}
	return out
}

func (c *shardCtx) buildNestedDocs(path string) *nestedDocs {
	child := shard.New(0, c.now)
	nd := &nestedDocs{path: path, first: map[int32]int32{}}
	segs := strings.Split(path, ".")
	levels := c.nestedLevels(path)
	nestedAbove := c.nestedAbove(path)
	type found struct {
		obj jsonout.Object
		ids []NestedLevel
	}
	for slot := int32(0); slot < c.r.MaxDoc(); slot++ {
		if !c.r.Live(slot) {
			continue
		}
		doc, err := jsonout.Decode(c.r.Doc(slot).Source)
		if err != nil {
			continue
		}
		var base []NestedLevel
		if c.identities != nil {
			base = c.identities[slot]
		}
		// Walk down level by level: offsets count within the nearest nested
		// parent, across any plain objects in between.
		cur := []found{{obj: nil, ids: base}}
		var roots []any = []any{doc}
		prev := c.nestedPath
		for li, lv := range levels {
			var next []found
			var nextRoots []any
			rel := lv
			if prev != "" {
				rel = lv[len(prev)+1:]
			}
			var relSegs []string
			if li == 0 {
				relSegs = strings.Split(lv, ".")
			} else {
				relSegs = strings.Split(rel, ".")
			}
			for i, r := range roots {
				for off, o := range objectsAt(r, relSegs) {
					ids := append(append([]NestedLevel(nil), cur[i].ids...), NestedLevel{Field: rel, Offset: off})
					next = append(next, found{obj: o, ids: ids})
					nextRoots = append(nextRoots, o)
				}
			}
			cur, roots, prev = next, nextRoots, lv
		}
		if len(cur) > 0 {
			nd.first[slot] = int32(len(nd.parents))
		}
		for _, f := range cur {
			// Wrap the object back under its path so the mapping reads its
			// fields with their full names.
			var wrapped any = f.obj
			for i := len(segs) - 1; i >= 0; i-- {
				wrapped = jsonout.Object{{Key: segs[i], Value: wrapped}}
			}
			src, merr := jsonout.Marshal(wrapped)
			if merr != nil {
				continue
			}
			id := strconv.Itoa(len(nd.parents))
			p, perr := c.idx.ReparseSource(id, src)
			if perr != nil {
				continue
			}
			child.Index(&shard.Write{ID: id, Source: src, Fields: objectFields(&p.Fields, nestedAbove), IfSeqNo: shard.NoSeqNo, Now: c.now})
			c.idx.Release(p)
			nd.parents = append(nd.parents, slot)
			nd.seqNos = append(nd.seqNos, c.seqNoOf(slot))
			nd.objs = append(nd.objs, f.obj)
			nd.ids = append(nd.ids, f.ids)
		}
	}
	child.Refresh(c.now)
	// The child shard is private and never written again, so its reader may
	// outlive the Read callback.
	var cr *shard.Reader
	child.Read(nil, func(r *shard.Reader) { cr = r })
	// Nested documents share the index's statistics (the parent's), as
	// Lucene's hidden documents live in the same segment as their roots.
	nd.ctx = &shardCtx{lookups: c.lookups, r: cr, idx: c.idx, m: c.m, stats: c.stats, sim: c.sim, now: c.now,
		skipScores: c.skipScores, shard: c.shard, scripts: c.scripts, warnings: c.warnings, noExpensive: c.noExpensive}
	nd.ctx.nestedPath, nd.ctx.identities, nd.ctx.nestedParents = path, nd.ids, nd.parents
	nd.ctx.nestedSeqNos = nd.seqNos
	nd.ctx.rootMaxDoc = c.indexMaxDoc()
	return nd
}

// children returns the child slots of a parent slot.
func (nd *nestedDocs) children(parent int32) (from, to int32) {
	f, ok := nd.first[parent]
	if !ok {
		return 0, 0
	}
	t := f
	for int(t) < len(nd.parents) && nd.parents[t] == parent {
		t++
	}
	return f, t
}

// nestedState is the nested part of a shard context.
type nestedState struct {
	// nestedPath is the nested path whose objects this context's documents
	// are ("" for root documents); identities their _nested identities.
	nestedPath string
	identities [][]NestedLevel
	// nestedParents maps each of a nested context's documents to its
	// parent's slot (knn queries count a parent once).
	nestedParents []int32
	rootMaxDoc    int32 // the shard's maxDoc, for nested contexts (indexMaxDoc)
	nestedCache   map[string]*nestedDocs
	// nestedNodes are the compiled nested queries, for their inner hits.
	nestedNodes map[*dsl.Nested]*nestedNode
	// innerRuns are the inner hits definitions prepared on this context.
	innerRuns map[*InnerHitsDef]*innerRun
	// nestedSeqNos holds each nested document's root _seq_no (SeqNoFieldMapper
	// gives a document's nested documents its sequence number too).
	nestedSeqNos []int64
}

// seqNoOf is the _seq_no doc value of a slot of this context.
func (c *shardCtx) seqNoOf(slot int32) int64 {
	if c.nestedPath != "" {
		return c.nestedSeqNos[slot]
	}
	return c.r.Doc(slot).SeqNo
}
