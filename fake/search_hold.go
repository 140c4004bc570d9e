package fake

import "context"

// SearchHold parks the server's searches so that a test can watch a search
// run and cancel it. Get one with Server.HoldSearches.
type SearchHold struct {
	s      *Server
	parked <-chan string
}

// HoldSearches parks every search, count and search of a multi-search
// before it reads each shard, until Release is called or the search's task
// is cancelled (POST /_tasks/<id>/_cancel, or cancel_after_time_interval
// expiring on the server clock). A cancelled search then fails as it does
// on a real cluster. Closing the server cancels parked searches too.
//
// A parked search keeps the read views of the shards it searches, as the
// fake's executor does while it runs: writes and refreshes of those shards
// wait until it goes on, where a real cluster would let them through.
func (s *Server) HoldSearches() *SearchHold {
	return &SearchHold{s: s, parked: s.backend.SearchHold.Hold()}
}

// Parked waits until a search parks and returns its task id ("<node>:<n>");
// a search parks once per shard. It fails with the context's error.
func (h *SearchHold) Parked(ctx context.Context) (string, error) {
	select {
	case id := <-h.parked:
		return id, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// Step lets each parked search read its shard and go on to the next one,
// where it parks again.
func (h *SearchHold) Step() { h.s.backend.SearchHold.Step() }

// Release lets the parked and later searches run.
func (h *SearchHold) Release() { h.s.backend.SearchHold.Release() }
