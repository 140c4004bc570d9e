package cluster

import (
	"context"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/allocation"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
)

// Observer watches the cluster state as ClusterStateObserver does: the
// health of indexes and the active copies of their shards, waiting on the
// server clock for a change while a condition does not hold yet.
type Observer struct {
	Cluster *Cluster
	Indices *indices.Service
	Clock   clock.Clock
	// Copies gives the allocation of an index's shard copies (under
	// cluster.routing.allocation.enable); nil: every copy the data nodes
	// can hold is assigned.
	Copies func(x *indices.Index) allocation.Copies
}

// copies is the allocation of each shard of x.
func (o *Observer) copies(x *indices.Index) allocation.Copies {
	if o.Copies != nil {
		return o.Copies(x)
	}
	assigned, missing := o.Cluster.ShardCopies(x.Replicas())
	return allocation.Copies{PrimaryActive: true, AssignedReplicas: assigned, UnassignedReplicas: missing}
}

// TypeUnavailableShards is the exception of a write that could not reach
// enough shard copies (HTTP 503).
const TypeUnavailableShards = "unavailable_shards_exception"

// ParseActiveShardCount reads a wait_for_active_shards value as
// ActiveShardCount.parseString does: -1 for "all", else the count (1, the
// primary, when v is "").
func ParseActiveShardCount(v string) (int, *apierr.Error) {
	if v == "" {
		return 1, nil
	}
	if v == "all" {
		return -1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, apierr.IllegalArgument("cannot parse ActiveShardCount[%s]", v)
	}
	if n < 0 {
		return 0, apierr.IllegalArgument("shard count cannot be a negative value")
	}
	return n, nil
}

// EnoughCopies reports whether want (from ParseActiveShardCount) copies of
// each shard are active in c: a write needs its primary whatever it asks
// for.
func EnoughCopies(c allocation.Copies, want, replicas int) bool {
	if !c.PrimaryActive {
		return false
	}
	if want == -1 {
		want = 1 + replicas
	}
	return want <= c.Active()
}

// CheckActiveShards fails a write whose wait_for_active_shards (value) the
// index cannot meet now: replicas stay unassigned without enough nodes (or
// while allocation is restricted), so the real server waits out the
// timeout and answers unavailable_shards_exception, naming the shard
// request what. An unassigned primary fails any write, as
// TransportReplicationAction's reroute phase waits for it first.
func (o *Observer) CheckActiveShards(x *indices.Index, shardNum int, value string, timeout time.Duration, what string) *apierr.Error {
	copies := o.copies(x)
	if !copies.PrimaryActive {
		return unavailable(x, shardNum, "primary shard is not active Timeout: ["+timeValue(timeout)+"], request: ["+what+"]")
	}
	if value == "" || value == "default" {
		return nil
	}
	active := copies.Active()
	need, label := 0, value
	switch value {
	case "all":
		need, label = 1+x.Replicas(), "ALL"
	default:
		n, err := strconv.Atoi(value)
		if err != nil {
			return apierr.IllegalArgument("cannot parse ActiveShardCount[%s]", value)
		}
		if n < 0 {
			return apierr.IllegalArgument("shard count cannot be a negative value")
		}
		need = n
	}
	if active >= need {
		return nil
	}
	return unavailable(x, shardNum, "Not enough active copies to meet shard count of ["+label+"] (have "+strconv.Itoa(active)+", needed "+
		strconv.Itoa(need)+"). Timeout: ["+timeValue(timeout)+"], request: ["+what+"]")
}

// unavailable is the UnavailableShardsException of shard shardNum of x.
func unavailable(x *indices.Index, shardNum int, msg string) *apierr.Error {
	return &apierr.Error{Status: 503, Type: TypeUnavailableShards,
		Reason: "[" + x.Name + "][" + strconv.Itoa(shardNum) + "] " + msg,
		Meta:   []apierr.Meta{{Key: "index", Value: x.Name}, {Key: "shard", Value: strconv.Itoa(shardNum)}, {Key: "index_uuid", Value: x.UUID}}}
}

// timeValue prints a duration as TimeValue.toString of a whole unit ("1m",
// "1s", "500ms").
func timeValue(d time.Duration) string {
	switch {
	case d <= 0:
		return strconv.FormatInt(d.Milliseconds(), 10) + "ms"
	case d%(24*time.Hour) == 0:
		return strconv.FormatInt(int64(d/(24*time.Hour)), 10) + "d"
	case d%time.Hour == 0:
		return strconv.FormatInt(int64(d/time.Hour), 10) + "h"
	case d%time.Minute == 0:
		return strconv.FormatInt(int64(d/time.Minute), 10) + "m"
	case d%time.Second == 0:
		return strconv.FormatInt(int64(d/time.Second), 10) + "s"
	case d%time.Millisecond == 0:
		return strconv.FormatInt(d.Milliseconds(), 10) + "ms"
	case d%time.Microsecond == 0:
		return strconv.FormatInt(d.Microseconds(), 10) + "micros"
	}
	return strconv.FormatInt(d.Nanoseconds(), 10) + "nanos"
}

// AwaitActiveShards is CheckActiveShards on the server clock: while the
// shard has fewer active copies than value asks, the write waits for a
// change of the cluster state until end (the shards of one bulk request
// wait out the same timeout together), then fails with the
// unavailable_shards_exception of ReplicationOperation (the write is not
// applied), as TransportReplicationAction's retry does. A done ctx ends the
// wait with that error too.
func (o *Observer) AwaitActiveShards(ctx context.Context, x *indices.Index, shardNum int, value string, timeout time.Duration, end time.Time, what string) *apierr.Error {
	var e *apierr.Error
	met := o.await(ctx, func() time.Duration { return end.Sub(o.Clock.Now()) }, func() bool {
		cur := x
		if y, ok := o.Indices.Get(x.Name); ok {
			cur = y // settings (replicas) may have changed
		}
		e = o.CheckActiveShards(cur, shardNum, value, timeout, what)
		return e == nil
	})
	if met {
		return nil
	}
	return e
}

// AwaitIndexCopies is the wait of a new index for wait_for_active_shards
// (ActiveShardsObserver): true once want copies of every shard are active,
// false when timeout passes on the server clock first (or ctx is done, or
// the index is gone).
func (o *Observer) AwaitIndexCopies(ctx context.Context, name string, want int, timeout time.Duration) bool {
	gone := false
	met := o.await(ctx, func() time.Duration { return timeout }, func() bool {
		x, ok := o.Indices.Get(name)
		gone = !ok
		return gone || o.indexHasCopies(x, want)
	})
	return met && !gone
}

// await checks holds after each change of the cluster state until it is
// true (await reports true), or until the wait that left gives, timed on
// the server clock from the first failed check, passes or ctx is done
// (false). A condition met at once costs no timer.
func (o *Observer) await(ctx context.Context, left func() time.Duration, holds func() bool) bool {
	var deadline <-chan time.Time
	for {
		changed := o.Indices.Changed()
		if holds() {
			return true
		}
		if deadline == nil {
			d := left()
			if d <= 0 {
				return false
			}
			deadline = clock.After(o.Clock, d)
			defer clock.Stop(o.Clock, deadline)
		}
		select {
		case <-changed:
		case <-deadline:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

// indexHasCopies reports whether want copies (-1: all) of each shard of x
// are active, as ActiveShardCount.enoughShardsActive does.
func (o *Observer) indexHasCopies(x *indices.Index, want int) bool {
	c := o.copies(x)
	if want == -1 {
		return c.PrimaryActive && c.UnassignedReplicas == 0
	}
	return want <= c.Active()
}
