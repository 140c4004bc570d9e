package shard

// AllLive reports whether every slot below MaxDoc is visible in the view:
// no version has been superseded (updated or deleted) yet, so a searcher may
// skip the per-slot Live check. Every slot is either the live version of its
// id or superseded, hence the count comparison.
func (r *Reader) AllLive() bool { return len(r.s.docs) == len(r.s.byID) }

// Norms returns a text field's slot-indexed norm bytes (read only; slots
// past its end have no value), so scorers avoid a lookup per document.
func (r *Reader) Norms(field string) []byte {
	if tf := r.index(field).terms[field]; tf != nil {
		return tf.norms
	}
	return nil
}

// LongValues returns a reader of one integer-like field's doc values that
// looks the field up once (Longs does it per call).
func (r *Reader) LongValues(field string) func(slot int32, dst []int64) []int64 {
	c := r.index(field).longs[field]
	return func(slot int32, dst []int64) []int64 { return c.appendTo(dst, slot) }
}

// DoubleValues is LongValues for floating-point fields.
func (r *Reader) DoubleValues(field string) func(slot int32, dst []float64) []float64 {
	c := r.index(field).doubles[field]
	return func(slot int32, dst []float64) []float64 { return c.appendTo(dst, slot) }
}

// KeywordMatcher returns a test of whether a slot has value among a keyword
// field's doc values, looking the field and the value up once.
func (r *Reader) KeywordMatcher(field, value string) func(slot int32) bool {
	c := r.index(field).keywords[field]
	if c == nil {
		return func(int32) bool { return false }
	}
	id, ok := c.ids[value]
	if !ok {
		return func(int32) bool { return false }
	}
	return func(slot int32) bool {
		if !c.present.Has(slot) {
			return false
		}
		if c.first[slot] == id {
			return true
		}
		for _, m := range c.more[slot] {
			if m == id {
				return true
			}
		}
		return false
	}
}
