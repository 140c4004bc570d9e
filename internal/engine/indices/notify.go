package indices

// Notify wakes the waiters of Changed after a change of the cluster state
// made outside the indexes, such as a cluster setting that changes which
// shard copies are allocated; the state version grows as for any change.
func (s *Service) Notify() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.notifyLocked()
}
