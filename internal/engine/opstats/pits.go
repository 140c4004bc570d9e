package opstats

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
)

// PITCounter counts the point-in-time reader contexts of a cursor.Store in
// the shard statistics (a cursor.PITListener).
type PITCounter struct{ Reg *nodestats.Registry }

// PITOpened counts a point-in-time context opened on t's shard.
func (p PITCounter) PITOpened(t search.Target) {
	p.Reg.Shard(nodestats.ShardKey{IndexUUID: t.Index.UUID, Shard: t.Shard}).OpenPIT()
}

// PITClosed counts a point-in-time context of t's shard freed after lifetime.
func (p PITCounter) PITClosed(t search.Target, lifetime time.Duration) {
	p.Reg.Shard(nodestats.ShardKey{IndexUUID: t.Index.UUID, Shard: t.Shard}).ClosePIT(lifetime)
}
