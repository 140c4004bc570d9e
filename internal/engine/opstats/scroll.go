package opstats

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// recordScrollStart registers the scroll a search opened: a context on each
// shard it searched, kept alive for the scroll parameter.
func (rc *Recorder) recordScrollStart(op *Op, f *searchreq.Facts, shards []*nodestats.ShardOps, refs []shardRef) {
	v, ok := op.Params.Param("scroll")
	if !ok || f.ScrollID == "" {
		return
	}
	ka, err := cursor.ParseKeepAlive(v, rc.MaxKeepAlive())
	if err != nil {
		return
	}
	nodes := make([]int, len(refs))
	for i, s := range refs {
		nodes[i] = nodestats.Allocate(len(rc.Cluster.Nodes), s.x.Name, s.num, s.x.Replicas())[0]
	}
	rc.Reg.Scrolls().Open(f.ScrollID, shards, nodes, rc.Clock.Now(), ka)
}

// recordScroll counts a scroll round as the server does: a query phase on
// each shard of the scroll, and a fetch phase on each when hits came back.
// The keep-alive the request gave (0 for none) extends the contexts.
func (rc *Recorder) recordScroll(op *Op) {
	took := op.Took
	f := op.Facts.Search
	if f == nil {
		return
	}
	shards, nodes := rc.Reg.Scrolls().Continue(f.ScrollID, rc.Clock.Now(), op.Facts.ScrollKeepAlive)
	for i, ops := range shards {
		ops.RecordQuery(took)
		rc.task(nodes[i], "search")
		if f.Hits {
			ops.RecordFetch(0)
			rc.task(nodes[i], "search")
		}
	}
}

// recordClearScroll frees the scrolls a clear-scroll request named.
func (rc *Recorder) recordClearScroll(op *Op) {
	if op.Status != statusOK {
		return
	}
	ids := op.Facts.ClearedScrolls
	all := len(ids) == 1 && ids[0] == "_all"
	rc.Reg.Scrolls().Clear(ids, all, rc.Clock.Now())
}
