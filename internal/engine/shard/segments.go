package shard

import "sync"

// segments counts the Lucene segments a shard would hold, which the fake
// does not otherwise model (it keeps one inverted index per shard): every
// refresh that makes new documents visible writes one, a force merge
// leaves one. What depends on the count is the memory of global ordinals:
// over one segment they are the segment's own ordinals, over several an
// ordinal map that fielddata statistics report.
type segments struct {
	mu    sync.Mutex
	count int
	// ords is the memory of the global ordinals loaded per field for the
	// current reader; a refresh or a merge drops them with the reader.
	ords map[string]int64
}

// refreshed notes a refresh from a view of prevMax slots to one of max.
func (g *segments) refreshed(prevMax, max int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if max > prevMax {
		g.count++
	}
	g.ords = nil
}

// merged notes a merge down to one segment.
func (g *segments) merged(docs int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.count = min(docs, 1)
	g.ords = nil
}

// LoadGlobalOrdinals records that an aggregation built global ordinals for
// a keyword field with terms distinct values, as a terms aggregation does
// before it collects. With several segments that builds an ordinal map,
// whose memory fielddata statistics report; its size here is an estimate
// (8 bytes a term and 16 a segment over a fixed overhead), as the fake has
// no Lucene ordinal map to measure.
func (r *Reader) LoadGlobalOrdinals(field string, terms int) {
	g := &r.s.segs
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.count < 2 || r.view.MaxDoc != r.s.view.MaxDoc {
		return // one segment, or a point-in-time reader the cache does not hold
	}
	if g.ords == nil {
		g.ords = map[string]int64{}
	}
	if _, ok := g.ords[field]; !ok {
		g.ords[field] = int64(64 + 8*terms + 16*g.count)
	}
}

// Fielddata returns the memory of the fielddata (global ordinals) the
// shard's current reader holds, by field.
func (s *Shard) Fielddata() map[string]int64 {
	s.segs.mu.Lock()
	defer s.segs.mu.Unlock()
	if len(s.segs.ords) == 0 {
		return nil
	}
	out := make(map[string]int64, len(s.segs.ords))
	for f, n := range s.segs.ords {
		out[f] = n
	}
	return out
}
