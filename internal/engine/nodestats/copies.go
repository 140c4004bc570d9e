package nodestats

import (
	"sync"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// StoreSizes caches each shard's store size by the refresh point it was
// measured at. The zero value is ready; it is safe for concurrent use.
type StoreSizes struct {
	m sync.Map // ShardKey -> storeSize
}

// storeSize is a store size measured at a refresh point.
type storeSize struct {
	seqNo, bytes int64
}

// Bytes approximates a shard's store by the sources it holds at its last
// refresh point (the fake keeps no Lucene files), measured again only when
// a refresh has moved that point.
func (s *StoreSizes) Bytes(k ShardKey, sh *shard.Shard) int64 {
	v := sh.MaybeRefresh(time.Time{}, 0) // a zero interval reads the view without refreshing
	if c, ok := s.m.Load(k); ok && c.(storeSize).seqNo == v.SeqNo {
		return c.(storeSize).bytes
	}
	var n int64
	sh.Live(v, func(d *shard.Doc) bool {
		n += int64(len(d.Source))
		return true
	})
	s.m.Store(k, storeSize{seqNo: v.SeqNo, bytes: n})
	return n
}

// ListCopies lists every assigned shard copy of xs by node, over a cluster
// of nodes nodes; the primary holds the shard's fielddata.
func ListCopies(xs []*indices.Index, nodes int, sizes *StoreSizes) map[int][]Copy {
	out := map[int][]Copy{}
	for _, x := range xs {
		for _, sh := range x.Shards {
			docs, deleted := sh.Stats()
			c := Copy{Index: x.Name, IndexUUID: x.UUID, Shard: sh.Num, Docs: int64(docs), Deleted: int64(deleted),
				StoreBytes: sizes.Bytes(ShardKey{IndexUUID: x.UUID, Shard: sh.Num}, sh), Ops: sh.SeqNo() + 1}
			fd := sh.Fielddata()
			for k, node := range Allocate(nodes, x.Name, sh.Num, x.Replicas()) {
				c.Primary, c.Fielddata = k == 0, nil
				if c.Primary {
					c.Fielddata = fd
				}
				out[node] = append(out[node], c)
			}
		}
	}
	return out
}

// CountTask counts one finished task of pool on node i.
func (r *Registry) CountTask(node int, pool string) {
	if n := r.Node(node); n != nil {
		if p := n.Pool(pool); p != nil {
			p.Begin()()
		}
	}
}

// CountOnCopies counts a task of pool on every node, of a cluster of nodes,
// holding an assigned copy of the shard (a replicated write or a refresh).
func (r *Registry) CountOnCopies(nodes int, x *indices.Index, shard int, pool string) {
	for _, node := range Allocate(nodes, x.Name, shard, x.Replicas()) {
		r.CountTask(node, pool)
	}
}

// CountOnPrimary counts a task of pool on the node of the shard's primary,
// the copy the fake reads.
func (r *Registry) CountOnPrimary(nodes int, x *indices.Index, shard int, pool string) {
	if ns := Allocate(nodes, x.Name, shard, x.Replicas()); len(ns) > 0 {
		r.CountTask(ns[0], pool)
	}
}
