package shard

// Nested objects are separate Lucene documents: a document's nested objects
// take hidden slots just before its own (Lucene's block order, children
// first). Hidden slots hold postings, norms and doc values, so they count in
// the field statistics and in MaxDoc as Lucene's nested documents do, but no
// reader sees them as documents: Live is false for them, so searches, counts
// and every walk over live documents see root documents only. The nested
// query matches nested objects through the search package's own child
// shards; the hidden slots give it (and any query on a field copied up with
// include_in_parent / include_in_root) Lucene's statistics.

// BlockStart returns the first slot of a root document's block: its hidden
// nested documents come just before it (the slot itself when it has none).
func (r *Reader) BlockStart(slot int32) int32 { return slot - r.s.docs[slot].nested }

// NestedSlot returns the slot of the k-th object at path in a root
// document's block (Lucene's doc id of that nested document), or -1.
func (r *Reader) NestedSlot(root int32, path string, k int) int32 {
	for s := r.BlockStart(root); s < root; s++ {
		if r.s.docs[s].ID == path {
			if k == 0 {
				return s
			}
			k--
		}
	}
	return -1
}

// addNested indexes the hidden documents of f.Nested in new slots, under mu,
// and returns how many there were.
func (s *Shard) addNested(f *Fields) int32 {
	if f == nil || len(f.Nested) == 0 {
		return 0
	}
	for i := range f.Nested {
		s.docs = append(s.docs, Doc{ID: f.Nested[i].Path, hidden: true})
		s.inv.add(int32(len(s.docs)-1), &f.Nested[i], &s.scratch)
	}
	s.hiddenLive += len(f.Nested)
	return int32(len(f.Nested))
}
