package shard

import (
	"sort"
	"time"
)

// ForceMerge rewrites the shard as a merge down to one segment does:
// superseded (updated or deleted) versions are dropped, so they stop
// counting in the term statistics, and the live documents are renumbered in
// slot order. reindex is called for each live document and must call add
// with its indexable fields (or not at all for a stored-only document).
// Sequence numbers, versions and tombstones are kept; the shard is refreshed.
func (s *Shard) ForceMerge(now time.Time, reindex func(d *Doc, add func(f *Fields))) {
	s.mu.Lock()
	defer s.mu.Unlock()
	live := make([]int32, 0, len(s.byID))
	for _, slot := range s.byID {
		live = append(live, slot)
	}
	sort.Slice(live, func(i, j int) bool { return live[i] < live[j] })
	docs := make([]Doc, 0, len(live))
	byID := make(map[string]int32, len(live))
	inv := newInvertedIndex()
	for _, old := range live {
		slot := int32(len(docs))
		docs = append(docs, s.docs[old])
		byID[docs[slot].ID] = slot
		reindex(&docs[slot], func(f *Fields) { inv.add(slot, f, &s.scratch) })
	}
	s.docs, s.byID, s.inv = docs, byID, inv
	s.refreshLocked(now)
}
