package rest

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// defaultMaxRefreshListeners is index.max_refresh_listeners' default.
const defaultMaxRefreshListeners = 1000

// waitForRefresh is refresh=wait_for: the request waits until a refresh makes
// seqNo visible, either the next scheduled one (every index.refresh_interval
// on the server clock) or an explicit one (the only way with -1). When
// index.max_refresh_listeners requests already wait, it forces a refresh and
// reports true (forced_refresh), as RefreshListeners does.
func (b *Backend) waitForRefresh(r *Request, x *indices.Index, sh *shard.Shard, seqNo int64) bool {
	max := settings.IntOr(x.Settings(), "index.max_refresh_listeners", defaultMaxRefreshListeners)
	if !sh.AddRefreshListener(max) {
		sh.Refresh(b.Clock.Now())
		return true
	}
	defer sh.RemoveRefreshListener()
	for {
		refreshed, changed := sh.Refreshed(), b.Indices.Changed()
		if cur, ok := b.Indices.Get(x.Name); !ok || cur != x {
			return false // the index was deleted while we waited
		}
		interval := x.RefreshInterval() // current: a settings update may change it while we wait
		now := b.Clock.Now()
		if sh.MaybeRefresh(now, interval).SeqNo >= seqNo {
			return false
		}
		var tick <-chan time.Time
		if interval > 0 {
			tick = clock.After(b.Clock, sh.NextScheduledRefresh(interval).Sub(now))
		}
		select {
		case <-refreshed:
		case <-changed:
		case <-tick:
		case <-r.Ctx.Done():
			clock.Stop(b.Clock, tick)
			return false
		}
		clock.Stop(b.Clock, tick)
	}
}
