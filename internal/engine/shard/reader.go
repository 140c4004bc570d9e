package shard

// Reader is a consistent read view of a shard at its last refresh. It is
// valid only inside the callback of Shard.Read, which holds the shard's read
// lock (writers wait until it returns).
type Reader struct {
	s    *Shard
	view View
	ov   *Overlay // search-time fields (overlay.go), nil for none
}

// Read runs fn with a reader over view v (from MaybeRefresh or the current
// refresh point when v.Stats is nil).
func (s *Shard) Read(v *View, fn func(r *Reader)) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	view := s.view
	if v != nil && v.Stats != nil {
		view = *v
	}
	fn(&Reader{s: s, view: view})
}

// MaxDoc is the number of slots the view covers; slot ids are below it.
func (r *Reader) MaxDoc() int32 { return int32(r.view.MaxDoc) }

// Live reports whether slot holds a version visible in the view.
func (r *Reader) Live(slot int32) bool { return r.s.visible(int(slot), r.view) }

// Doc returns the stored document of a slot.
func (r *Reader) Doc(slot int32) *Doc { return &r.s.docs[slot] }

// Slot returns the live slot of an id in the view, or -1.
func (r *Reader) Slot(id string) int32 {
	if slot, ok := r.s.byID[id]; ok && r.Live(slot) {
		return slot
	}
	for i := int32(len(r.s.docs)); i > 0; i-- {
		if i-1 < r.MaxDoc() && r.s.docs[i-1].ID == id && r.Live(i-1) {
			return i - 1
		}
	}
	return -1
}

// FieldStats returns a text or keyword field's statistics at the refresh.
func (r *Reader) FieldStats(field string) (FieldStats, bool) {
	if st, ok := r.overlayStats(field); ok {
		return st, st.DocCount > 0
	}
	st, ok := r.view.Stats[field]
	return st, ok && st.DocCount > 0
}

// Postings returns an iterator over a term's postings below MaxDoc, or nil
// when no document in the view has the term. Callers check Live per doc.
func (r *Reader) Postings(field, term string) *Iterator {
	tf := r.index(field).terms[field]
	if tf == nil {
		return nil
	}
	pl := tf.list(term, false)
	if pl == nil || pl.n == 0 || r.MaxDoc() == 0 {
		return nil
	}
	it := pl.iterator(tf.positions)
	it.end = pl.docFreq(r.MaxDoc(), tf.positions)
	return it
}

// DocFreq is the number of documents (superseded versions included) with the
// term at the refresh.
func (r *Reader) DocFreq(field, term string) int64 {
	tf := r.index(field).terms[field]
	if tf == nil {
		return 0
	}
	pl := tf.list(term, false)
	if pl == nil {
		return 0
	}
	return int64(pl.docFreq(r.MaxDoc(), tf.positions))
}

// Terms calls fn for every term of a field (unordered) until it returns false.
func (r *Reader) Terms(field string, fn func(term string) bool) {
	tf := r.index(field).terms[field]
	if tf == nil {
		return
	}
	for t, i := range tf.terms {
		// A term exists in the view when its first posting is below MaxDoc.
		it := tf.lists[i].iterator(false)
		if it.next() && it.Doc < r.MaxDoc() && !fn(t) {
			return
		}
	}
}

// Norm returns the SmallFloat norm byte of a text field for a slot (0 when
// the document has no value).
func (r *Reader) Norm(field string, slot int32) byte {
	tf := r.index(field).terms[field]
	if tf == nil || int(slot) >= len(tf.norms) {
		return 0
	}
	return tf.norms[slot]
}

// Longs appends the integer-like doc values of a slot to dst.
func (r *Reader) Longs(field string, slot int32, dst []int64) []int64 {
	return r.index(field).longs[field].appendTo(dst, slot)
}

// Doubles appends the floating-point doc values of a slot to dst.
func (r *Reader) Doubles(field string, slot int32, dst []float64) []float64 {
	return r.index(field).doubles[field].appendTo(dst, slot)
}

// Keywords appends the keyword doc values of a slot to dst.
func (r *Reader) Keywords(field string, slot int32, dst []string) []string {
	c := r.index(field).keywords[field]
	if c == nil || !c.present.Has(slot) {
		return dst
	}
	dst = append(dst, c.dict[c.first[slot]])
	for _, id := range c.more[slot] {
		dst = append(dst, c.dict[id])
	}
	return dst
}

// HasValue reports whether a slot has any indexed value in field (exists).
func (r *Reader) HasValue(field string, slot int32) bool {
	if c := r.index(field).longs[field]; c != nil && c.present.Has(slot) {
		return true
	}
	if c := r.index(field).doubles[field]; c != nil && c.present.Has(slot) {
		return true
	}
	if c := r.index(field).keywords[field]; c != nil && c.present.Has(slot) {
		return true
	}
	if tf := r.index(field).terms[field]; tf != nil && int(slot) < len(tf.norms) && tf.norms[slot] != 0 {
		return true
	}
	return r.hasVector(field, slot) // vectors.go
}
