package nodestats

import "time"

// RecordSuggest counts the query phase of a suggest-only search on this
// shard: ShardSearchStats counts it as suggest, not query, work.
func (s *ShardOps) RecordSuggest(d time.Duration) {
	s.suggestTotal.Add(1)
	s.suggestNanos.Add(int64(d))
}
