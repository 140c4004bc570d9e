package search

import (
	"math"
	"slices"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// InnerHitsDef is one inner_hits definition of a nested query
// (InnerHitBuilder): the nested documents of each hit that match the nested
// query's inner query, scored by it.
type InnerHitsDef struct {
	// Name is the name as given ("" when absent; the key is then the path).
	Name   string
	Nested *dsl.Nested
	// Join is the has_child or has_parent query of parent-join inner hits
	// (join_inner_hits.go); Nested is nil then.
	Join dsl.Query
	From int
	Size int
	Sort []Sort
	// TrackScores, Explain, SeqNoPrimaryTerm are the boolean options.
	TrackScores      bool
	Explain          bool
	SeqNoPrimaryTerm bool
	Highlight        *Highlight
	DocValueFields   []string
	// ScriptFields run on each nested document (ScriptFieldsPhase on the
	// nested hit): doc reads its doc values, params._source is empty.
	ScriptFields []ScriptField
	// Children are the definitions of nested queries inside Nested.Query:
	// they give each inner hit its own inner hits.
	Children []*InnerHitsDef
}

// Key is the name the inner hits answer under: the name, else the path.
func (d *InnerHitsDef) Key() string {
	if d.Name != "" {
		return d.Name
	}
	switch x := d.Join.(type) {
	case *dsl.HasChild:
		return x.Type
	case *dsl.HasParent:
		return x.ParentType
	}
	return d.Nested.Path
}

// InnerHits are one definition's inner hits for one hit.
type InnerHits struct {
	Def   *InnerHitsDef
	Total int64
	// MaxScore is NaN when no score was kept (size 0, a sort without
	// track_scores, no match).
	MaxScore float32
	Hits     []InnerHit
}

// InnerHit is one nested document of a hit.
type InnerHit struct {
	// Nested is the identity from the root document, outermost first.
	Nested []NestedLevel
	// Score is NaN when not computed.
	Score       float32
	SortValues  []any
	Explanation *similarity.Explanation
	// Source is the nested object as it stands in the root _source.
	Source       jsonout.Object
	DocValues    []FieldValues
	ScriptFields []FieldValues
	Highlight    []FieldFragments
	InnerHits    []InnerHits
	// Join is the document of a parent-join inner hit, a hit of its own
	// (its Target left for the caller to fill in); nil for nested ones.
	Join *Hit
}

// innerRun is a definition prepared on one context: its query compiled on
// the nested documents, their matches grouped by parent.
type innerRun struct {
	def     *InnerHitsDef
	docs    *nestedDocs
	ctx     *shardCtx
	node    node
	keys    []*keyReader
	scripts []fieldScript     // the compiled script fields, nil without any
	matches map[int32][]entry // parent slot -> matching children
	max     map[int32]float32
	// join holds the matches of parent-join inner hits instead.
	join *joinInnerRun
}

// prepareInnerHits checks and compiles the definitions on this context, as
// the shard does when it builds the inner hits contexts; a failure fails
// the shard.
func (c *shardCtx) prepareInnerHits(defs []*InnerHitsDef) *apierr.Error {
	seen := map[string]bool{}
	for _, d := range defs {
		if seen[d.Key()] {
			return apierr.IllegalArgument("[inner_hits] already contains an entry for key [%s]", d.Key())
		}
		seen[d.Key()] = true
	}
	for _, d := range defs {
		if d.Join != nil {
			if err := c.prepareJoinInnerHits(d); err != nil {
				return err
			}
			continue
		}
		n := c.nestedNodes[d.Nested]
		if n == nil {
			continue // an unmapped path with ignore_unmapped: no inner hits
		}
		if err := checkInnerWindow(c, d); err != nil {
			return err
		}
		if d.SeqNoPrimaryTerm {
			// A plain UnsupportedOperationException: a 500 on the real server.
			e := apierr.New(apierr.TypeUnsupportedOperation, "nested documents are not assigned sequence numbers")
			e.Status = 500
			return e
		}
		ic := *n.docs.ctx
		ic.skipScores, ic.runErr, ic.nestedNodes, ic.innerRuns = false, nil, nil, nil
		node, err := ic.compile(d.Nested.Query, 1, true)
		if err != nil {
			return err
		}
		run := &innerRun{def: d, docs: n.docs, ctx: &ic, node: node, matches: map[int32][]entry{}, max: map[int32]float32{}}
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
		it := node.iter()
		for cd := it.next(); cd != noMore; cd = it.next() {
			p := n.docs.parents[cd]
			sc := it.score()
			e := entry{slot: cd, score: sc}
			if len(run.keys) > 0 {
				e.keys = make([]sortValue, len(run.keys))
				for j, kr := range run.keys {
					e.keys[j] = kr.value(cd, sc)
				}
			}
			run.matches[p] = append(run.matches[p], e)
			if m, ok := run.max[p]; !ok || sc > m {
				run.max[p] = sc
			}
		}
		if ic.runErr != nil {
			return ic.runErr
		}
		if err := ic.prepareInnerHits(d.Children); err != nil {
			return err
		}
		if c.innerRuns == nil {
			c.innerRuns = map[*InnerHitsDef]*innerRun{}
		}
		c.innerRuns[d] = run
	}
	return nil
}

// innerHitsOf returns the inner hits of one document of this context, for
// the definitions prepared on it.
func (c *shardCtx) innerHitsOf(defs []*InnerHitsDef, slot int32) []InnerHits {
	var out []InnerHits
	for _, d := range defs {
		run := c.innerRuns[d]
		if run == nil {
			continue
		}
		var matches []entry
		var max float32
		var hasMax bool
		if run.join != nil {
			matches, max, hasMax = run.join.of(c.r, slot)
		} else {
			matches = slices.Clone(run.matches[slot])
			max, hasMax = run.max[slot]
		}
		sorts := d.Sort
		if len(sorts) == 0 {
			sorts = []Sort{{Kind: SortScore, Desc: true}}
		}
		slices.SortStableFunc(matches, func(a, b entry) int {
			switch {
			case less(sorts, a, b):
				return -1
			case less(sorts, b, a):
				return 1
			}
			return 0
		})
		scored := len(d.Sort) == 0 || d.TrackScores || sortsByScore(d.Sort)
		ih := InnerHits{Def: d, Total: int64(len(matches)), MaxScore: float32(math.NaN())}
		if hasMax && scored && d.Size > 0 {
			ih.MaxScore = max
		}
		if d.From < len(matches) {
			matches = matches[d.From:]
		} else {
			matches = nil
		}
		if len(matches) > d.Size {
			matches = matches[:d.Size]
		}
		ih.Hits = []InnerHit{}
		for _, e := range matches {
			if run.join != nil {
				ih.Hits = append(ih.Hits, c.joinInnerHit(run, e, scored))
				continue
			}
			h := InnerHit{Nested: run.docs.ids[e.slot], Score: e.score, Source: run.docs.objs[e.slot]}
			if !scored {
				h.Score = float32(math.NaN())
			}
			for j, s := range d.Sort {
				h.SortValues = append(h.SortValues, renderSortValue(run.ctx, s, e.keys[j]))
			}
			if d.Explain {
				ex := c.relabel(run.docs, e.slot, run.node.explain(e.slot))
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
				if h.Highlight, herr = run.ctx.highlight(d.Highlight, run.node, run.ctx.r.Doc(e.slot), e.slot); herr != nil && c.fetchErr == nil {
					c.fetchErr = herr // fails the shard in highlightHits, as a fetch failure
				}
			}
			h.InnerHits = run.ctx.innerHitsOf(d.Children, e.slot)
			ih.Hits = append(ih.Hits, h)
		}
		out = append(out, ih)
	}
	return out
}
