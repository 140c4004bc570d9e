package nodestats

import "time"

// OpenPIT counts a point-in-time reader context opened on the shard
// (point_in_time_current); ClosePIT releases it.
func (s *ShardOps) OpenPIT() {
	s.pitCurrent.Add(1)
}

// ClosePIT releases a context opened with OpenPIT after d and counts it in
// point_in_time_total and point_in_time_time, as ShardSearchStats does when
// the context is freed.
func (s *ShardOps) ClosePIT(d time.Duration) {
	s.pitCurrent.Add(-1)
	s.pitTotal.Add(1)
	s.pitNanos.Add(int64(d))
}
