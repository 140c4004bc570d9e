package opstats

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
)

// Record counts one finished request on the shards it touched.
func (rc *Recorder) Record(op *Op) {
	st, took := op.Status, op.Took
	switch op.Name {
	case "index", "create":
		x, ok := rc.Indices.Get(op.Index)
		if !ok {
			return
		}
		id := op.ID
		if id == "" {
			id = op.Facts.DocID
		}
		if id == "" {
			return
		}
		ops, num := rc.shardOpsFor(x, id, op.Params["routing"])
		switch {
		case st == statusOK || st == statusCreated:
			ops.RecordIndex(took, false)
			rc.replicate(x, num, int64(len(op.Body)))
			rc.onCopies(x, num, "write")
		case st == statusConflict:
			ops.RecordIndex(took, true)
			rc.onPrimary(x, num, "write")
		}
	case "update":
		// An update is a get and an index (or nothing, for a noop) on the primary.
		x, ok := rc.Indices.Get(op.Index)
		if !ok || (st != statusOK && st != statusCreated) {
			return
		}
		ops, num := rc.shardOpsFor(x, op.ID, op.Params["routing"])
		// TransportUpdateAction runs on the primary's write pool; a
		// change then goes through a replicated shard bulk.
		rc.onPrimary(x, num, "write")
		switch op.Facts.Updated {
		case UpdateNoop:
			ops.RecordNoop()
		case UpdateDeleted:
			ops.RecordDelete(took)
			rc.replicate(x, num, 0)
			rc.onCopies(x, num, "write")
		default:
			ops.RecordIndex(took, false)
			rc.replicate(x, num, int64(len(op.Body)))
			rc.onCopies(x, num, "write")
		}
	case "delete":
		x, ok := rc.Indices.Get(op.Index)
		if !ok || (st != statusOK && st != statusNotFound) {
			return
		}
		ops, num := rc.shardOpsFor(x, op.ID, op.Params["routing"])
		ops.RecordDelete(took)
		rc.replicate(x, num, 0)
		rc.onCopies(x, num, "write")
	case "get", "exists":
		x, ok := rc.Indices.Get(op.Index)
		if !ok || (st != statusOK && st != statusNotFound) {
			return
		}
		ops, num := rc.shardOpsFor(x, op.ID, op.Params["routing"])
		ops.RecordGet(took, st == statusOK)
		rc.onPrimary(x, num, "get")
	case "bulk":
		if st == statusOK {
			rc.recordBulk(op)
		}
	case "search", "count":
		if st == statusOK {
			rc.recordSearch(op)
		}
	case "explain":
		// The shard operation runs on the get pool of the copy it reads;
		// reading the _source (or stored fields) goes through the shard's
		// get service, which counts an existing document.
		x, ok := rc.Indices.Get(op.Facts.Index)
		if !ok || (st != statusOK && st != statusNotFound) {
			return
		}
		ops, num := rc.shardOpsFor(x, op.ID, op.Params["routing"])
		rc.onPrimary(x, num, "get")
		if st == statusOK && op.Facts.Fetched {
			ops.RecordGet(took, true)
		}
	case "scroll":
		if st == statusOK {
			rc.recordScroll(op)
		}
	case "clear_scroll":
		rc.recordClearScroll(op)
	case "msearch":
		if st == statusOK {
			rc.recordMsearch(op)
		}
	case "indices.refresh":
		if st == statusOK {
			for _, x := range rc.eachShard(op.Index, func(ops *nodestats.ShardOps) { ops.RecordRefresh(took, true) }) {
				for _, sh := range x.Shards {
					rc.onCopies(x, sh.Num, "refresh")
				}
			}
		}
	}
}

// replicate counts the transport messages of a write: the coordinating node
// (0) sends it to every node holding a copy, each of which receives it.
func (rc *Recorder) replicate(x *indices.Index, shardNum int, size int64) {
	if len(rc.Cluster.Nodes) < 2 {
		return // every copy is on the coordinating node: nothing is sent
	}
	for _, node := range nodestats.Allocate(len(rc.Cluster.Nodes), x.Name, shardNum, x.Replicas()) {
		if node == 0 {
			continue
		}
		rc.Reg.Node(0).Sent(size)
		rc.Reg.Node(node).Received(size)
	}
}

// eachShard calls fn for every shard of the indexes expr names.
func (rc *Recorder) eachShard(expr string, fn func(*nodestats.ShardOps)) []*indices.Index {
	xs := rc.resolve(expr)
	rc.forShards(xs, fn)
	return xs
}

// resolve returns the indexes expr names (none when it does not resolve).
func (rc *Recorder) resolve(expr string) []*indices.Index {
	names, aerr := rc.Indices.Resolve(expr, indices.DefaultOptions())
	if aerr != nil {
		return nil
	}
	out := make([]*indices.Index, 0, len(names))
	for _, n := range names {
		if x, ok := rc.Indices.Get(n); ok {
			out = append(out, x)
		}
	}
	return out
}

// forShards calls fn for every shard of xs.
func (rc *Recorder) forShards(xs []*indices.Index, fn func(*nodestats.ShardOps)) {
	for _, x := range xs {
		for _, sh := range x.Shards {
			fn(rc.Reg.Shard(nodestats.ShardKey{IndexUUID: x.UUID, Shard: sh.Num}))
		}
	}
}
