package rest

import (
	"net/http"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// recordScrollStart registers the scroll a search opened: a context on each
// shard it searched, kept alive for the scroll parameter.
func (a *NodesAPI) recordScrollStart(r *Request, f *searchreq.Facts, shards []*nodestats.ShardOps, refs []shardRef) {
	v, ok := r.Param("scroll")
	if !ok || f.ScrollID == "" {
		return
	}
	ka, err := cursor.ParseKeepAlive(v, a.b.clusterSettings().Values().MaxKeepAlive)
	if err != nil {
		return
	}
	nodes := make([]int, len(refs))
	for i, s := range refs {
		nodes[i] = nodestats.Allocate(len(a.b.Cluster.Nodes), s.x.Name, s.num, s.x.Replicas())[0]
	}
	a.reg.Scrolls().Open(f.ScrollID, shards, nodes, a.b.Clock.Now(), ka)
}

// recordScroll counts a scroll round as the server does: a query phase on
// each shard of the scroll, and a fetch phase on each when hits came back.
// The keep-alive the request gave (0 for none) extends the contexts.
func (a *NodesAPI) recordScroll(r *Request, took time.Duration) {
	f := r.facts.search
	if f == nil {
		return
	}
	shards, nodes := a.reg.Scrolls().Continue(f.ScrollID, a.b.Clock.Now(), r.facts.scrollKeepAlive)
	for i, ops := range shards {
		ops.RecordQuery(took)
		a.task(nodes[i], "search")
		if f.Hits {
			ops.RecordFetch(0)
			a.task(nodes[i], "search")
		}
	}
}

// recordClearScroll frees the scrolls a clear-scroll request named.
func (a *NodesAPI) recordClearScroll(r *Request, st int) {
	if st != http.StatusOK {
		return
	}
	ids := r.facts.clearedScrolls
	all := len(ids) == 1 && ids[0] == "_all"
	a.reg.Scrolls().Clear(ids, all, a.b.Clock.Now())
}
