package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Scroll is the rest of a scrolled search: the matches in order as of the
// shards' refresh points when it started (slots never change, so later pages
// read the same document versions). It is not safe for concurrent use; the
// caller serialises access to one scroll.
type Scroll struct {
	req     *Request
	views   []shard.View
	entries []entry
	docs    []shard.Doc // the documents of entries
	lookups map[*dsl.Terms][]xcontent.Value
	// Total and MaxScore are the first page's, repeated on every page.
	Total    int64
	MaxScore float32
}

// Remaining is the number of hits not yet returned.
func (s *Scroll) Remaining() int { return len(s.entries) }

// Targets are the shards the scroll reads (for the open contexts count).
func (s *Scroll) Targets() []Target { return s.req.Targets }

// Request is the search the scroll continues.
func (s *Scroll) Request() *Request { return s.req }

// Next returns up to size further hits.
func (s *Scroll) Next(size int) []Hit {
	n := min(size, len(s.entries))
	page, docs := s.entries[:n], s.docs[:n]
	s.entries, s.docs = s.entries[n:], s.docs[n:]
	hits := make([]Hit, len(page))
	scores := needsScores(s.req)
	byTarget := map[int][]int{}
	for i, e := range page {
		byTarget[e.target] = append(byTarget[e.target], i)
	}
	for ti, idx := range byTarget {
		t := s.req.Targets[ti]
		v := s.views[ti]
		t.Index.Shards[t.Shard].Read(&v, func(r *shard.Reader) {
			// Highlight and explain need the query compiled on this shard.
			var n node
			c := &shardCtx{lookups: s.lookups, r: r, idx: t.Index, m: t.Index.Mapping(), stats: readerStats{r}, sim: s.req.Similarity, now: s.req.Now, shard: t.Shard, scripts: s.req.Scripts}
			if s.req.Highlight != nil || s.req.Explain {
				if s.req.Query == nil {
					n = c.matchAll(1)
				} else if cn, err := c.compile(s.req.Query, 1, true); err == nil {
					n = cn
				}
			}
			for _, i := range idx {
				hits[i] = materialize(s.req, r, page[i], scores)
				hits[i].Doc = docs[i]
				if n == nil {
					continue
				}
				if s.req.Highlight != nil {
					// A highlighting failure fails the page's shard only on the
					// first page; later pages leave the hit without fragments.
					hits[i].Highlight, _ = c.highlight(s.req.Highlight, n, &docs[i], page[i].slot)
				}
				if s.req.Explain {
					ex := n.explain(page[i].slot)
					hits[i].Explanation = &ex
				}
			}
		})
	}
	return hits
}
