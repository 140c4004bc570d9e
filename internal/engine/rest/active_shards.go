package rest

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// activeShards reads wait_for_active_shards: -1 for "all", else the count
// (1, the primary, when absent), as ActiveShardCount.parseString does.
func activeShards(r *Request) (int, error) {
	v, ok := r.Param("wait_for_active_shards")
	if !ok || v == "" {
		return 1, nil
	}
	switch v {
	case "all":
		return -1, nil
	case "index-setting":
		return 1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, apierr.New(apierr.TypeNumberFormat, "For input string: \""+v+"\"")
	}
	if n < 0 {
		return 0, illegalArg("shard count cannot be a negative value")
	}
	return n, nil
}

// enoughCopies reports whether want (from activeShards) copies of each shard
// are active with the given replicas on this cluster.
func (b *Backend) enoughCopies(want, replicas int) bool {
	assigned, _ := b.Cluster.ShardCopies(replicas)
	if want == -1 {
		want = 1 + replicas
	}
	return want <= 1+assigned
}

// checkWriteActiveShards answers a document write whose wait_for_active_shards
// cannot be met: the real server waits for the timeout and then fails with
// unavailable_shards_exception, which the fake does not reproduce.
func (b *Backend) checkWriteActiveShards(r *Request, index string) error {
	want, err := activeShards(r)
	if err != nil {
		return err
	}
	if want == 1 {
		return nil
	}
	replicas := 1
	if x, ok := b.Indices.Get(index); ok {
		replicas = x.Replicas()
	}
	if !b.enoughCopies(want, replicas) {
		return apierr.Unsupported("waiting for more active shard copies than the cluster can assign (wait_for_active_shards)")
	}
	return nil
}
