package search

import "github.com/clustersearch/clustersearch-go/internal/engine/shard"

// Scroll is the rest of a scrolled search: the matches in order as of the
// shards' refresh points when it started (slots never change, so later pages
// read the same document versions). It is not safe for concurrent use; the
// caller serialises access to one scroll.
type Scroll struct {
	req     *Request
	views   []shard.View
	entries []entry
	docs    []shard.Doc // the documents of entries
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
			for _, i := range idx {
				hits[i] = materialize(s.req, r, page[i], scores)
				hits[i].Doc = docs[i]
			}
		})
	}
	return hits
}
