package rest

import (
	"net/http"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/allocation"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// activeShards reads wait_for_active_shards: -1 for "all", else the count
// (1, the primary, when absent), as ActiveShardCount.parseString does.
func activeShards(r *Request) (int, error) {
	v, _ := r.Param("wait_for_active_shards")
	return activeShardsValue(v)
}

// activeShardsValue is activeShards for a value already read ("" when absent).
func activeShardsValue(v string) (int, error) {
	if v == "" {
		return 1, nil
	}
	if v == "all" {
		return -1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, illegalArg("cannot parse ActiveShardCount[%s]", v)
	}
	if n < 0 {
		return 0, illegalArg("shard count cannot be a negative value")
	}
	return n, nil
}

// enoughCopies reports whether want (from activeShards) copies of each shard
// are active with the given replicas on this cluster.
func (b *Backend) enoughCopies(want, replicas int) bool {
	c := allocation.ForNew(replicas, b.Cluster.DataNodes(), b.allocationMode())
	if !c.PrimaryActive {
		return false // a write needs its primary whatever it asks for
	}
	if want == -1 {
		want = 1 + replicas
	}
	return want <= c.Active()
}

// awaitActiveShards is checkActiveShards on the server clock: while the
// shard has fewer active copies than value asks, the write waits for a change
// of the cluster state, and after timeout it fails with the
// unavailable_shards_exception of ReplicationOperation (the write is not
// applied), as TransportReplicationAction's retry does.
func (b *Backend) awaitActiveShards(r *Request, x *indices.Index, shardNum int, value string, timeout time.Duration, what string) *apierr.Error {
	return b.awaitActiveShardsUntil(r, x, shardNum, value, timeout, b.Clock.Now().Add(timeout), what)
}

// awaitActiveShardsUntil is awaitActiveShards with the deadline given, so
// the shards of one bulk request wait out the same timeout together.
func (b *Backend) awaitActiveShardsUntil(r *Request, x *indices.Index, shardNum int, value string, timeout time.Duration, end time.Time, what string) *apierr.Error {
	var deadline <-chan time.Time
	for {
		changed := b.Indices.Changed()
		cur := x
		if y, ok := b.Indices.Get(x.Name); ok {
			cur = y // settings (replicas) may have changed
		}
		e := b.checkActiveShards(cur, shardNum, value, timeout, what)
		if e == nil {
			return nil
		}
		if deadline == nil {
			left := end.Sub(b.Clock.Now())
			if left <= 0 {
				return e
			}
			deadline = clock.After(b.Clock, left)
			defer clock.Stop(b.Clock, deadline)
		}
		select {
		case <-changed:
		case <-deadline:
			return e
		case <-r.Ctx.Done():
			return e
		}
	}
}

// checkWriteActiveShards makes a single-document write (index, create,
// delete) honour wait_for_active_shards before it runs: it waits on the
// server clock up to timeout (default 1m) and then fails with
// unavailable_shards_exception. A write to a missing index creates it first,
// as the bulk action's auto-create does; a delete of a missing index is left
// to the write, which answers index_not_found.
func (b *Backend) checkWriteActiveShards(r *Request, index string) error {
	want, err := activeShards(r)
	if err != nil || (want == 1 || want == 0) && !b.allocationRestricted() {
		return err // every primary is active: nothing to wait for
	}
	timeout, err := r.Duration("timeout", time.Minute)
	if err != nil {
		return err
	}
	target, aliasRouting, terr := b.Indices.WriteTarget(index)
	if terr != nil {
		return nil // the write reports it
	}
	isDelete := r.Method == http.MethodDelete
	x, ok := b.Indices.Get(target)
	if !ok {
		if isDelete || b.enoughCopies(want, 1) {
			return nil
		}
		if x, _, terr = b.Indices.GetOrCreate(target); terr != nil {
			return nil
		}
	}
	if x.Blocked(indices.BlockWrite) != nil {
		return nil // the block check precedes the wait; the write reports it
	}
	routingValue := r.Params["routing"]
	if routingValue == "" {
		routingValue = aliasRouting
	}
	id := r.PathParam("id")
	if id == "" {
		id = b.Indices.IDs.Next() // the id the bulk action would have assigned
	}
	shardNum := x.Routing.Shard(id, routingValue)
	item := "delete {[" + x.Name + "][" + id + "]}"
	if !isDelete {
		item = "index {[" + x.Name + "][" + id + "], source[" + sourceForMessage(r.Body) + "]}"
	}
	what := "BulkShardRequest [[" + x.Name + "][" + strconv.Itoa(shardNum) + "]] containing [" + item + "]" + refreshSuffix(r)
	if e := b.awaitActiveShards(r, x, shardNum, r.Params["wait_for_active_shards"], timeout, what); e != nil {
		return e
	}
	return nil
}

// refreshSuffix is how BulkShardRequest.toString names the refresh policy.
func refreshSuffix(r *Request) string {
	v, ok := r.Params["refresh"]
	switch {
	case !ok || v == "false":
		return ""
	case v == "wait_for":
		return " blocking until refresh"
	}
	return " and a refresh"
}

// maxSourceInMessage is IndexRequest.MAX_SOURCE_LENGTH_IN_TOSTRING.
const maxSourceInMessage = 2048

// sourceForMessage prints a document source as IndexRequest.toString does:
// compact JSON, or its size when longer than 2kb.
func sourceForMessage(src []byte) string {
	if len(src) > maxSourceInMessage {
		return "n/a, actual length: [" + byteSize(int64(len(src))) + "], max length: " + byteSize(maxSourceInMessage)
	}
	v, err := jsonout.Decode(src)
	if err != nil {
		return "_na_"
	}
	out, err := jsonout.Marshal(v)
	if err != nil {
		return "_na_"
	}
	return string(out)
}

// byteSize prints a byte count as ByteSizeValue.toString: the largest unit
// with at least one whole unit, one decimal at most ("2kb", "2.9kb").
func byteSize(n int64) string {
	units := []string{"b", "kb", "mb", "gb", "tb", "pb"}
	v := float64(n)
	u := 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	s := strconv.FormatFloat(float64(int64(v*10))/10, 'f', 1, 64)
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		s = s[:len(s)-2]
	}
	return s + units[u]
}

// awaitIndexCopies is the wait of a new index for wait_for_active_shards
// (ActiveShardsObserver): true once enough copies of every shard are active,
// false when timeout passes on the server clock first.
func (b *Backend) awaitIndexCopies(r *Request, name string, want int, timeout time.Duration) bool {
	var deadline <-chan time.Time
	for {
		changed := b.Indices.Changed()
		x, ok := b.Indices.Get(name)
		if !ok {
			return false
		}
		if b.indexHasCopies(x, want) {
			return true
		}
		if deadline == nil {
			if timeout <= 0 {
				return false
			}
			deadline = clock.After(b.Clock, timeout)
			defer clock.Stop(b.Clock, deadline)
		}
		select {
		case <-changed:
		case <-deadline:
			return false
		case <-r.Ctx.Done():
			return false
		}
	}
}
