package shard

import "time"

// Refreshed returns a channel closed at the next refresh of the shard.
func (s *Shard) Refreshed() <-chan struct{} {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.refreshed
}

// NextScheduledRefresh returns when the next scheduled refresh is due with
// this interval (call MaybeRefresh first to run those already due).
func (s *Shard) NextScheduledRefresh(interval time.Duration) time.Time {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.schedAt.Add(interval)
}

// AddRefreshListener registers a request waiting for a refresh. It reports
// false when max listeners already wait (index.max_refresh_listeners): the
// caller must then force a refresh instead, as RefreshListeners does.
func (s *Shard) AddRefreshListener(max int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.listeners >= max {
		return false
	}
	s.listeners++
	return true
}

// RemoveRefreshListener unregisters a listener added by AddRefreshListener.
func (s *Shard) RemoveRefreshListener() {
	s.mu.Lock()
	s.listeners--
	s.mu.Unlock()
}

// RefreshListeners returns how many requests wait for a refresh.
func (s *Shard) RefreshListeners() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.listeners
}

// markPending records the time of the first write after a refresh; s.mu held.
func (s *Shard) markPending(now time.Time) {
	if s.view.SeqNo == s.seqNo-1 {
		s.pendingAt = now
	}
}
