package shard

// AllLive reports whether every slot below MaxDoc is visible in the view:
// no version has been superseded (updated or deleted) yet, so a searcher may
// skip the per-slot Live check. Every slot is either the live version of its
// id or superseded, hence the count comparison.
func (r *Reader) AllLive() bool { return len(r.s.docs) == len(r.s.byID) }

// Norms returns a text field's slot-indexed norm bytes (read only; slots
// past its end have no value), so scorers avoid a lookup per document.
func (r *Reader) Norms(field string) []byte {
	if tf := r.s.inv.terms[field]; tf != nil {
		return tf.norms
	}
	return nil
}
