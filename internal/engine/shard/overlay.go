package shard

import "sync"

// Overlay holds fields computed at search time (derived fields) for one
// search of one shard: indexed like the shard's own fields, but built only
// when a reader first asks for one of them and thrown away with the search.
// It is safe for concurrent use.
type Overlay struct {
	// Build returns the indexable values of field for each slot that has
	// some (slots in increasing order), and ok=false when field is not one
	// of the overlay's; it is called once per field name.
	Build func(field string) (slots []int32, fields []*Fields, ok bool)

	mu      sync.Mutex
	inv     invertedIndex
	known   map[string]bool // fields built (true) or found not to be the overlay's (false)
	scratch termScratch
}

// has builds field on first use and reports whether it is the overlay's.
func (o *Overlay) has(field string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if ok, done := o.known[field]; done {
		return ok
	}
	if o.known == nil {
		o.known = map[string]bool{}
		o.inv = newInvertedIndex()
	}
	slots, fields, ok := o.Build(field)
	o.known[field] = ok
	for i, f := range fields {
		o.inv.add(slots[i], f, &o.scratch)
	}
	return ok
}

// WithOverlay returns a reader of the same view that reads the overlay's
// fields from it (a field the overlay builds hides the shard's field of
// that name).
func (r *Reader) WithOverlay(o *Overlay) *Reader {
	c := *r
	c.ov = o
	return &c
}

// index returns the inverted index that holds field for this reader.
func (r *Reader) index(field string) *invertedIndex {
	if r.ov != nil && r.ov.has(field) {
		return &r.ov.inv
	}
	return &r.s.inv
}

// overlayStats returns an overlay field's statistics (its own documents
// only: nothing of the shard's).
func (r *Reader) overlayStats(field string) (FieldStats, bool) {
	if r.ov == nil || !r.ov.has(field) {
		return FieldStats{}, false
	}
	tf := r.ov.inv.terms[field]
	if tf == nil {
		return FieldStats{}, true
	}
	return tf.stats, true
}
