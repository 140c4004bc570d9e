package fake

// RejectBulkItems makes _bulk items fail as a node with a full write queue
// answers them (status 429, rejected_execution_exception, nothing written)
// whenever pick returns true for the item's index and id (the id is empty
// for an index action without one). pick runs on the server's goroutines
// and must be safe for concurrent use; nil stops the rejections. Tests of
// bulk helpers use it to check that rejected items are retried.
func (s *Server) RejectBulkItems(pick func(index, id string) bool) {
	s.backend.BulkRejection.Set(pick)
}
