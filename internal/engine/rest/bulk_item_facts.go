package rest

// BulkItemFacts implements opstats.BulkItem: the node statistics read an
// item's action, index, id and status without rendering it.
func (w *bulkWritten) BulkItemFacts() (action, index, id string, status int) {
	return w.action, w.index, w.id, w.status
}
