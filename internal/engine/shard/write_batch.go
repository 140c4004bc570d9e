package shard

// IndexBatch indexes ws in order under one hold of the write lock, each as
// Index would: results[i] and conflicts[i] are Index's answers for ws[i]. A
// bulk request hands each shard its items this way, as a primary shard runs
// its part of one (TransportShardBulkAction), instead of taking the lock
// per item, which had concurrent requests queue on it item after item.
func (s *Shard) IndexBatch(ws []*Write, results []Result, conflicts []*Conflict) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.indexBatchLocked(ws, results, conflicts)
}

// TryIndexBatch is IndexBatch when the write lock is free; it reports false,
// writing nothing, when another writer holds it.
func (s *Shard) TryIndexBatch(ws []*Write, results []Result, conflicts []*Conflict) bool {
	if !s.mu.TryLock() {
		return false
	}
	defer s.mu.Unlock()
	s.indexBatchLocked(ws, results, conflicts)
	return true
}

func (s *Shard) indexBatchLocked(ws []*Write, results []Result, conflicts []*Conflict) {
	for i, w := range ws {
		results[i], conflicts[i] = s.indexLocked(w)
	}
}
