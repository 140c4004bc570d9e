package rest

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

var statusRank = map[string]int{"green": 0, "yellow": 1, "red": 2}

// healthRequest is a parsed GET /_cluster/health (ClusterHealthRequest).
type healthRequest struct {
	expr       string
	level      string
	opts       indices.Options
	timeout    time.Duration
	waitStatus string // "" when absent
	waitShards int    // -1 for all, 0 for none
	waitNodes  func(nodes int) bool
	waits      int // how many conditions must hold (getWaitCount)
}

// health is GET /_cluster/health[/{index}]. Unmet wait_for_* conditions (or
// a named index that does not exist) make it wait for a change of the
// cluster state up to timeout (default 30s) on the server clock, then answer
// 408 with timed_out true, as TransportClusterHealthAction does.
func (b *Backend) health(r *Request) (*Response, error) {
	h, err := parseHealth(r)
	if err != nil {
		return nil, err
	}
	if h.timeout <= 0 {
		body, valid := b.healthReport(r, h)
		return healthResponse(body, !valid), nil
	}
	deadline := clock.After(b.Clock, h.timeout)
	defer clock.Stop(b.Clock, deadline)
	for {
		changed := b.Indices.Changed()
		body, valid := b.healthReport(r, h)
		if valid {
			return healthResponse(body, false), nil
		}
		select {
		case <-changed:
		case <-deadline:
			body, _ := b.healthReport(r, h)
			return healthResponse(body, true), nil
		case <-r.Ctx.Done():
			return nil, r.Ctx.Err()
		}
	}
}

func healthResponse(body jsonout.Object, timedOut bool) *Response {
	status := http.StatusOK
	if timedOut {
		status = http.StatusRequestTimeout
	}
	for i := range body {
		if body[i].Key == "timed_out" {
			body[i].Value = timedOut
		}
	}
	return &Response{Status: status, Body: body}
}

func parseHealth(r *Request) (*healthRequest, error) {
	h := &healthRequest{expr: r.PathParam("index"), level: "cluster"}
	if v, ok := r.Param("level"); ok {
		switch v {
		case "cluster", "indices", "shards":
			h.level = v
		default:
			return nil, illegalArg("level must be one of [cluster, indices, shards] but was [%s]", v)
		}
	}
	if _, err := r.Bool("local", false); err != nil {
		return nil, err
	}
	// ClusterHealthRequest: IndicesOptions.lenientExpandHidden().
	h.opts = indices.Options{IgnoreUnavailable: true, AllowNoIndices: true, ExpandOpen: true, ExpandClosed: true, ExpandHidden: true,
		ResourceType: apierr.ResourceIndexOrAlias}
	var err error
	if h.opts, err = indicesOptions(r, h.opts); err != nil {
		return nil, err
	}
	if h.timeout, err = r.Duration("timeout", 30*time.Second); err != nil {
		return nil, err
	}
	if v, ok := r.Param("wait_for_status"); ok {
		if _, known := statusRank[v]; !known {
			return nil, illegalArg("unknown cluster health status [%s]", v)
		}
		h.waitStatus = v
		h.waits++
	}
	if v, ok := r.Param("wait_for_active_shards"); ok && v != "" {
		switch v {
		case "all":
			h.waitShards = -1
		default:
			n, err := strconv.Atoi(v)
			if err != nil {
				return nil, illegalArg("cannot parse ActiveShardCount[%s]", v)
			}
			if n < 0 {
				return nil, illegalArg("shard count cannot be a negative value")
			}
			h.waitShards = n
		}
		if h.waitShards != 0 {
			h.waits++
		}
	}
	for _, p := range []string{"wait_for_no_relocating_shards", "wait_for_no_initializing_shards"} {
		on, err := r.Bool(p, false)
		if err != nil {
			return nil, err
		}
		if on {
			h.waits++ // always met: the fake never relocates or initializes shards
		}
	}
	if v, ok := r.Param("wait_for_nodes"); ok && v != "" {
		if h.waitNodes, err = parseWaitForNodes(v); err != nil {
			return nil, err
		}
		h.waits++
	}
	if h.expr != "" {
		h.waits++
	}
	return h, nil
}

// parseWaitForNodes reads "N", ">=N", "<=N", ">N", "<N" and their
// ge(N)/le(N)/gt(N)/lt(N) spellings.
func parseWaitForNodes(v string) (func(int) bool, error) {
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
func (b *Backend) healthReport(r *Request, h *healthRequest) (jsonout.Object, bool) {
	names, e := b.Indices.Resolve(h.expr, h.opts)
	if e != nil {
		names = nil // one of the indexes is not there: red, as clusterHealth does
	}
	status := "green"
	var primaries, active, unassigned int
	var perIndex jsonout.Object
	for _, n := range names {
		x, ok := b.Indices.Get(n)
		if !ok {
			continue
		}
		copies := b.shardCopies(x)
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
		if statusRank[ist] > statusRank[status] {
			status = ist
		}
		primaries += activePrimaries
		active += p * copies.Active()
		unassigned += p * copies.Unassigned()
		if h.level != "cluster" {
			o := jsonout.Object{{Key: "status", Value: ist}, {Key: "number_of_shards", Value: p}, {Key: "number_of_replicas", Value: x.Replicas()},
				{Key: "active_primary_shards", Value: activePrimaries}, {Key: "active_shards", Value: p * copies.Active()}, {Key: "relocating_shards", Value: 0},
				{Key: "initializing_shards", Value: 0}, {Key: "unassigned_shards", Value: p * copies.Unassigned()}}
			if h.level == "shards" {
				shards := jsonout.Object{}
				for i := 0; i < p; i++ {
					shards = append(shards, jsonout.Field{Key: itoa(i), Value: jsonout.Object{{Key: "status", Value: ist}, {Key: "primary_active", Value: copies.PrimaryActive},
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
	c := b.Cluster
	ready := 0
	if h.waitStatus != "" && statusRank[status] <= statusRank[h.waitStatus] {
		ready++
	}
	switch {
	case h.waitShards == -1 && unassigned == 0, h.waitShards > 0 && active >= h.waitShards:
		ready++
	}
	for _, p := range []string{"wait_for_no_relocating_shards", "wait_for_no_initializing_shards"} {
		if on, _ := r.Bool(p, false); on {
			ready++
		}
	}
	if h.waitNodes != nil && h.waitNodes(len(c.Nodes)) {
		ready++
	}
	if h.expr != "" {
		// The named indexes must exist (IndicesOptions.strictExpand).
		if _, err := b.Indices.Resolve(h.expr, indices.Options{AllowNoIndices: true, ExpandOpen: true, ExpandClosed: true}); err == nil {
			ready++
		} else {
			status = "red"
		}
	}
	pct := 100.0
	if active+unassigned > 0 {
		pct = 100 * float64(active) / float64(active+unassigned)
	}
	o := jsonout.Object{
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
	if r.Human() {
		o = append(o, jsonout.Field{Key: "task_max_waiting_in_queue", Value: "0s"})
	}
	o = append(o, jsonout.Field{Key: "task_max_waiting_in_queue_millis", Value: 0})
	if r.Human() {
		o = append(o, jsonout.Field{Key: "active_shards_percent", Value: formatPercent(pct)})
	}
	o = append(o, jsonout.Field{Key: "active_shards_percent_as_number", Value: pct})
	if h.level != "cluster" {
		if perIndex == nil {
			perIndex = jsonout.Object{}
		}
		o = append(o, jsonout.Field{Key: "indices", Value: perIndex})
	}
	return o, ready == h.waits
}
