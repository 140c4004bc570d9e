package cluster

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// statusRank orders the health colours.
func statusRank(s string) int {
	switch s {
	case "green":
		return 0
	case "yellow":
		return 1
	}
	return 2
}

// KnownStatus reports whether s is a health colour (green, yellow, red).
func KnownStatus(s string) bool { return s == "green" || s == "yellow" || s == "red" }

// HealthRequest is a parsed cluster health request (ClusterHealthRequest).
type HealthRequest struct {
	// Index is the index expression ("" for the whole cluster); Options
	// resolve it.
	Index   string
	Options indices.Options
	// Level is cluster, indices or shards.
	Level   string
	Timeout time.Duration
	// WaitStatus is wait_for_status ("" when absent).
	WaitStatus string
	// WaitShards is wait_for_active_shards: -1 for all, 0 for none.
	WaitShards int
	// WaitNodes tests wait_for_nodes (nil when absent).
	WaitNodes func(nodes int) bool
	// WaitNoRelocating and WaitNoInitializing always hold: the fake never
	// relocates or initializes shards.
	WaitNoRelocating, WaitNoInitializing bool
	// Human adds the human-readable twins of times and percentages.
	Human bool
}

// waits is how many conditions must hold (getWaitCount).
func (h *HealthRequest) waits() int {
	n := 0
	for _, on := range []bool{h.WaitStatus != "", h.WaitShards != 0, h.WaitNoRelocating, h.WaitNoInitializing, h.WaitNodes != nil, h.Index != ""} {
		if on {
			n++
		}
	}
	return n
}

// Health answers a cluster health request as TransportClusterHealthAction
// does: unmet wait conditions (or a named index that does not exist) make it
// wait for a change of the cluster state up to the timeout on the server
// clock, then answer with timed_out true. It returns ctx's error when ctx is
// done first.
func (o *Observer) Health(ctx context.Context, h *HealthRequest) (body jsonout.Object, timedOut bool, err error) {
	if h.Timeout <= 0 {
		body, valid := o.healthReport(h)
		return withTimedOut(body, !valid), !valid, nil
	}
	deadline := clock.After(o.Clock, h.Timeout)
	defer clock.Stop(o.Clock, deadline)
	for {
		changed := o.Indices.Changed()
		body, valid := o.healthReport(h)
		if valid {
			return withTimedOut(body, false), false, nil
		}
		select {
		case <-changed:
		case <-deadline:
			body, _ := o.healthReport(h)
			return withTimedOut(body, true), true, nil
		case <-ctx.Done():
			return nil, false, ctx.Err()
		}
	}
}

func withTimedOut(body jsonout.Object, timedOut bool) jsonout.Object {
	for i := range body {
		if body[i].Key == "timed_out" {
			body[i].Value = timedOut
		}
	}
	return body
}

// ParseWaitForNodes reads "N", ">=N", "<=N", ">N", "<N" and their
// ge(N)/le(N)/gt(N)/lt(N) spellings.
func ParseWaitForNodes(v string) (func(int) bool, *apierr.Error) {
	ops := []struct {
		prefix, suffix string
		cmp            func(have, want int) bool
	}{
		{">=", "", func(h, w int) bool { return h >= w }}, {"ge(", ")", func(h, w int) bool { return h >= w }},
		{"<=", "", func(h, w int) bool { return h <= w }}, {"le(", ")", func(h, w int) bool { return h <= w }},
		{">", "", func(h, w int) bool { return h > w }}, {"gt(", ")", func(h, w int) bool { return h > w }},
		{"<", "", func(h, w int) bool { return h < w }}, {"lt(", ")", func(h, w int) bool { return h < w }},
	}
	for _, op := range ops {
		if !strings.HasPrefix(v, op.prefix) {
			continue
		}
		num := v[len(op.prefix):]
		if op.suffix != "" && num != "" {
			num = num[:len(num)-1] // the server drops the last character, whatever it is
		}
		n, err := strconv.Atoi(num)
		if err != nil {
			return nil, apierr.New(apierr.TypeNumberFormat, "For input string: \""+num+"\"")
		}
		cmp := op.cmp
		return func(have int) bool { return cmp(have, n) }, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return nil, apierr.New(apierr.TypeNumberFormat, "For input string: \""+v+"\"")
	}
	return func(have int) bool { return have == n }, nil
}

// healthReport renders the health of the current state and reports whether
// every wait condition holds (prepareResponse == waitCount).
func (o *Observer) healthReport(h *HealthRequest) (jsonout.Object, bool) {
	names, e := o.Indices.Resolve(h.Index, h.Options)
	if e != nil {
		names = nil // one of the indexes is not there: red, as clusterHealth does
	}
	status := "green"
	var primaries, active, unassigned int
	var perIndex jsonout.Object
	for _, n := range names {
		x, ok := o.Indices.Get(n)
		if !ok {
			continue
		}
		copies := o.copies(x)
		p := len(x.Shards)
		ist := "green"
		switch {
		case !copies.PrimaryActive:
			ist = "red"
		case copies.UnassignedReplicas > 0:
			ist = "yellow"
		}
		activePrimaries := 0
		if copies.PrimaryActive {
			activePrimaries = p
		}
		if statusRank(ist) > statusRank(status) {
			status = ist
		}
		primaries += activePrimaries
		active += p * copies.Active()
		unassigned += p * copies.Unassigned()
		if h.Level != "cluster" {
			o := jsonout.Object{{Key: "status", Value: ist}, {Key: "number_of_shards", Value: p}, {Key: "number_of_replicas", Value: x.Replicas()},
				{Key: "active_primary_shards", Value: activePrimaries}, {Key: "active_shards", Value: p * copies.Active()}, {Key: "relocating_shards", Value: 0},
				{Key: "initializing_shards", Value: 0}, {Key: "unassigned_shards", Value: p * copies.Unassigned()}}
			if h.Level == "shards" {
				shards := jsonout.Object{}
				for i := 0; i < p; i++ {
					shards = append(shards, jsonout.Field{Key: strconv.Itoa(i), Value: jsonout.Object{{Key: "status", Value: ist}, {Key: "primary_active", Value: copies.PrimaryActive},
						{Key: "active_shards", Value: copies.Active()}, {Key: "relocating_shards", Value: 0}, {Key: "initializing_shards", Value: 0},
						{Key: "unassigned_shards", Value: copies.Unassigned()}}})
				}
				o = append(o, jsonout.Field{Key: "shards", Value: shards})
			}
			perIndex = append(perIndex, jsonout.Field{Key: n, Value: o})
		}
	}
	if e != nil {
		status = "red"
	}
	c := o.Cluster
	ready := 0
	if h.WaitStatus != "" && statusRank(status) <= statusRank(h.WaitStatus) {
		ready++
	}
	switch {
	case h.WaitShards == -1 && unassigned == 0, h.WaitShards > 0 && active >= h.WaitShards:
		ready++
	}
	if h.WaitNoRelocating {
		ready++
	}
	if h.WaitNoInitializing {
		ready++
	}
	if h.WaitNodes != nil && h.WaitNodes(len(c.Nodes)) {
		ready++
	}
	if h.Index != "" {
		// The named indexes must exist (IndicesOptions.strictExpand).
		if _, err := o.Indices.Resolve(h.Index, indices.Options{AllowNoIndices: true, ExpandOpen: true, ExpandClosed: true}); err == nil {
			ready++
		} else {
			status = "red"
		}
	}
	pct := 100.0
	if active+unassigned > 0 {
		pct = 100 * float64(active) / float64(active+unassigned)
	}
	out := jsonout.Object{
		{Key: "cluster_name", Value: c.Name},
		{Key: "status", Value: status},
		{Key: "timed_out", Value: false},
		{Key: "number_of_nodes", Value: len(c.Nodes)},
		{Key: "number_of_data_nodes", Value: c.DataNodes()},
		{Key: "discovered_master", Value: true},
		{Key: "discovered_cluster_manager", Value: true},
		{Key: "active_primary_shards", Value: primaries},
		{Key: "active_shards", Value: active},
		{Key: "relocating_shards", Value: 0},
		{Key: "initializing_shards", Value: 0},
		{Key: "unassigned_shards", Value: unassigned},
		{Key: "delayed_unassigned_shards", Value: 0},
		{Key: "number_of_pending_tasks", Value: 0},
		{Key: "number_of_in_flight_fetch", Value: 0},
	}
	if h.Human {
		out = append(out, jsonout.Field{Key: "task_max_waiting_in_queue", Value: "0s"})
	}
	out = append(out, jsonout.Field{Key: "task_max_waiting_in_queue_millis", Value: 0})
	if h.Human {
		out = append(out, jsonout.Field{Key: "active_shards_percent", Value: strconv.FormatFloat(pct, 'f', 1, 64) + "%"})
	}
	out = append(out, jsonout.Field{Key: "active_shards_percent_as_number", Value: pct})
	if h.Level != "cluster" {
		if perIndex == nil {
			perIndex = jsonout.Object{}
		}
		out = append(out, jsonout.Field{Key: "indices", Value: perIndex})
	}
	return out, ready == h.waits()
}
