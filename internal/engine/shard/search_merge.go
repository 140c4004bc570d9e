package shard

// ForceMerge rebuilds the inverted index from the live documents only, as a
// merge down to one segment expunges deleted documents: superseded (updated
// or deleted) versions stop counting in the term statistics. Slots keep
// their numbers, so views taken before the merge stay valid, and documents
// written since the last refresh stay invisible until the next one (only the
// statistics of the current refresh point change). reindex is called for
// each live document in slot order and must call add with its indexable
// fields (or not at all for a stored-only document).
func (s *Shard) ForceMerge(reindex func(d *Doc, add func(f *Fields))) {
	s.mu.Lock()
	defer s.mu.Unlock()
	inv := newInvertedIndex()
	var stats map[string]FieldStats
	for i := range s.docs {
		slot := int32(i)
		if i == s.view.MaxDoc {
			stats = inv.snapshotStats()
		}
		d := &s.docs[i]
		if live, ok := s.byID[d.ID]; !ok || live != slot {
			continue
		}
		reindex(d, func(f *Fields) {
			// The hidden nested documents keep their slots, just before the root.
			for j := range min(int(d.nested), len(f.Nested)) {
				inv.add(slot-d.nested+int32(j), &f.Nested[j], &s.scratch)
			}
			inv.add(slot, f, &s.scratch)
		})
	}
	if stats == nil {
		stats = inv.snapshotStats()
	}
	s.inv = inv
	s.view.Stats = stats
	s.segs.merged(len(s.byID))
	if len(s.pins.views) > 0 {
		s.inv = s.mergeKeepingPinned(reindex)
	}
}
