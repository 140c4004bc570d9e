package shard

// NestedPath returns the nested path of a hidden nested document's slot, or
// "" for a root document: what Lucene's nested type filters test (the
// nested and reverse_nested aggregations find a document's children and
// parents by it).
func (r *Reader) NestedPath(slot int32) string {
	d := &r.s.docs[slot]
	if !d.hidden {
		return ""
	}
	return d.ID
}
