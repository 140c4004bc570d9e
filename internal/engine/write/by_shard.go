package write

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// WriteByShard runs index and create operations much as a primary runs its
// BulkShardRequest: each is prepared first, in order and outside any lock
// (index resolution, ingest, parsing and analysis); then each shard takes
// its operations, in order, under one hold of its lock, the shards taken as
// their locks come free so that concurrent callers write different shards
// at once. Operations of one shard keep their order, so every outcome is
// the one running them one by one gives. skip (nil, or one flag per
// operation) leaves operations out. For each operation it returns its
// result or its error; a skipped one has neither.
func (w Writer) WriteByShard(ops []*Op, skip []bool) ([]*Result, []*apierr.Error) {
	type group struct {
		sh        *shard.Shard
		writes    []*shard.Write
		ops       []int
		results   []shard.Result
		conflicts []*shard.Conflict
	}
	results := make([]*Result, len(ops))
	errs := make([]*apierr.Error, len(ops))
	var groups []*group
	byShard := map[*shard.Shard]*group{}
	pending := make([]*Pending, len(ops))
	for i, op := range ops {
		if skip != nil && skip[i] {
			continue
		}
		pw, d, e := w.Prepare(op)
		switch {
		case e != nil:
			errs[i] = e
			continue
		case pw == nil: // dropped by a pipeline
			results[i] = d
			continue
		}
		pending[i] = pw
		sh := pw.Index.WriteShard(pw.Write)
		g := byShard[sh]
		if g == nil {
			g = &group{sh: sh}
			byShard[sh] = g
			groups = append(groups, g)
		}
		g.writes = append(g.writes, pw.Write)
		g.ops = append(g.ops, i)
	}
	for _, g := range groups {
		g.results = make([]shard.Result, len(g.writes))
		g.conflicts = make([]*shard.Conflict, len(g.writes))
	}
	// Write each shard whose lock is free; when none is, wait for the first.
	for left := groups; len(left) > 0; {
		waiting := left[:0:0]
		for _, g := range left {
			if !g.sh.TryIndexBatch(g.writes, g.results, g.conflicts) {
				waiting = append(waiting, g)
			}
		}
		if len(waiting) == len(left) {
			g := waiting[0]
			g.sh.IndexBatch(g.writes, g.results, g.conflicts)
			waiting = waiting[1:]
		}
		left = waiting
	}
	for _, g := range groups {
		for k, i := range g.ops {
			pw := pending[i]
			if c := g.conflicts[k]; c != nil {
				errs[i] = pw.Index.ConflictError(pw.Write, g.sh, c)
			} else {
				results[i] = w.Wrote(ops[i], pw.Index, g.results[k], g.sh.Num)
			}
			pw.Release()
		}
	}
	return results, errs
}
