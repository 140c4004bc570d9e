package shard

// pinSet holds the views that points in time keep searching. A merge must
// keep indexing every version such a view sees, as Lucene keeps the
// segments an open reader holds.
type pinSet struct {
	next  int
	views map[int]View
}

// Pin keeps v searchable across merges until the returned release is
// called (once).
func (s *Shard) Pin(v View) (release func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pins.views == nil {
		s.pins.views = map[int]View{}
	}
	s.pins.next++
	n := s.pins.next
	s.pins.views[n] = v
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.pins.views, n)
	}
}

// pinnedSees reports whether a pinned view sees slot.
func (s *Shard) pinnedSees(slot int) bool {
	for _, v := range s.pins.views {
		if s.visible(slot, v) {
			return true
		}
	}
	return false
}

// mergeKeepingPinned rebuilds the inverted index from the live versions and
// those a pinned view sees; ForceMerge calls it, under the write lock, when
// views are pinned (their statistics were snapshotted, so only postings,
// norms and doc values need the versions).
func (s *Shard) mergeKeepingPinned(reindex func(d *Doc, add func(f *Fields))) invertedIndex {
	inv := newInvertedIndex()
	for i := range s.docs {
		slot := int32(i)
		d := &s.docs[i]
		if live, ok := s.byID[d.ID]; (!ok || live != slot) && !s.pinnedSees(i) {
			continue
		}
		reindex(d, func(f *Fields) { inv.add(slot, f, &s.scratch) })
	}
	return inv
}
