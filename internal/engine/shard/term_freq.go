package shard

// TotalTermFreq is a term's total number of occurrences in documents the
// view covers (superseded versions included, as Lucene counts deleted
// documents until a merge): the suggesters' term frequency.
func (r *Reader) TotalTermFreq(field, term string) int64 {
	tf := r.index(field).terms[field]
	if tf == nil || r.MaxDoc() == 0 {
		return 0
	}
	pl := tf.list(term, false)
	if pl == nil {
		return 0
	}
	if pl.last < r.MaxDoc() {
		return pl.ttf
	}
	var n int64
	it := pl.iterator(tf.positions)
	it.end = pl.docFreq(r.MaxDoc(), tf.positions)
	for it.next() {
		n += int64(it.Freq())
	}
	return n
}
