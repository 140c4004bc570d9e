package searchexec

import (
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// applyPIT makes a point-in-time search read the frozen shards RunPIT
// resolved instead of the indexes' current ones (keeping each index's
// indices_boost).
func applyPIT(req *search.Request, spec *searchreq.Spec) {
	if spec.PIT == nil {
		return
	}
	boosts := map[*indices.Index]float32{}
	for _, t := range req.Targets {
		boosts[t.Index] = t.IndexBoost
	}
	req.Targets = make([]search.Target, len(spec.PIT.Targets))
	for i, t := range spec.PIT.Targets {
		t.IndexBoost = boosts[t.Index]
		req.Targets[i] = t
	}
	req.Views, req.PIT = spec.PIT.Views, true
}

// MsearchPIT runs one point-in-time search of a multi-search (its
// preparePointInTime checks ran while the request was read).
func (ex Executor) MsearchPIT(st *cursor.Store, spec *searchreq.Spec) (jsonout.Object, *apierr.Error) {
	if problems := ex.ShardDocProblems(spec, false); len(problems) > 0 {
		return nil, apierr.Validation(problems...)
	}
	return ex.RunPIT(st, spec, time.Now())
}

// RunPIT searches the reader contexts of spec.pit (decoded) and keeps them
// alive; the body starts with the pit_id.
func (ex Executor) RunPIT(st *cursor.Store, spec *searchreq.Spec, start time.Time) (jsonout.Object, *apierr.Error) {
	p := spec.PIT
	live, fails := st.PITContexts(p.Refs)
	if maxKeepAlive := ex.Settings.Values().MaxKeepAlive; p.KeepAlive > maxKeepAlive {
		// Each shard checks the keep-alive against search.max_keep_alive
		// before it extends its context.
		cause := apierr.IllegalArgument("Keep alive for request (%s) is too large. It must be less than (%s). This limit can be set by changing the [search.max_keep_alive] cluster level setting.",
			nodestats.Duration(p.KeepAlive), nodestats.Duration(maxKeepAlive))
		for _, c := range live {
			fails = append(fails, search.ShardFailure{Index: c.Target().Index.Name, Shard: c.Target().Shard, Err: cause})
		}
		live = nil
	}
	if len(live) == 0 {
		return nil, ex.SearchFailed(fails)
	}
	var names []string
	seen := map[string]bool{}
	p.Targets, p.Views = nil, nil
	for _, c := range live {
		t := c.Target()
		p.Targets = append(p.Targets, t)
		p.Views = append(p.Views, c.View())
		if !seen[t.Index.Name] {
			seen[t.Index.Name] = true
			names = append(names, t.Index.Name)
		}
	}
	req, res, aerr := ex.Exec(strings.Join(names, ","), indices.DefaultOptions(), spec, "")
	st.UsePIT(live, p.KeepAlive)
	if aerr != nil {
		return nil, ex.withMissingShards(aerr, fails)
	}
	if len(fails) > 0 {
		res.Failures = append(fails, res.Failures...)
		if spec.NoPartial {
			e := ex.SearchFailed(res.Failures)
			e.Reason = "Partial shards failure"
			return nil, e
		}
	}
	// The shard count is the point in time's, missing contexts included.
	counted := *req
	counted.Targets = make([]search.Target, len(p.Refs))
	body := ex.Render(&counted, spec, res, start)
	if spec.Facts != nil {
		spec.Facts.PITID = p.ID
	}
	return append(jsonout.Object{{Key: "pit_id", Value: p.ID}}, body...), nil
}

// CreatePIT opens a point in time (CreatePitController's two phases: a
// reader context per shard of the indexes expr names, then the id,
// keep-alive and creation time set on each) and builds the answer. shards
// limits the shards (a _shards preference; nil for all); allowPartial keeps
// the contexts that opened when others failed.
func (ex Executor) CreatePIT(st *cursor.Store, expr string, o indices.Options, routing string, shards map[int]bool, keepAlive time.Duration, allowPartial bool) (jsonout.Object, *apierr.Error) {
	names, aerr := ex.Indices.Resolve(expr, o)
	if aerr != nil {
		return nil, aerr
	}
	if aerr := ex.ReadBlocked(names); aerr != nil {
		return nil, aerr
	}
	targets := cursor.PITTargets(ex.Indices, names, routing, shards)
	if len(targets) == 0 {
		// A search over no shard answers at once without an id, which
		// the update phase then fails to decode (a null string).
		return nil, apierr.IllegalArgument("invalid id: [null]").WithCause(apierr.New("null_pointer_exception",
			`Cannot invoke "String.getBytes(java.nio.charset.Charset)" because "<parameter1>" is null`))
	}
	views := search.Snapshot(ex.Indices, targets)
	now := ex.Clock.Now()
	refs, fails := st.OpenPIT(ex.pitCluster(), targets, views, now)
	switch {
	case len(refs) == 0:
		e := ex.SearchFailed(fails)
		e.Meta[0].Value = "create_pit"
		return nil, e
	case len(fails) > 0 && !allowPartial:
		st.ClosePIT(refs, now)
		e := ex.SearchFailed(fails)
		e.Meta[0].Value = "create_pit"
		e.Reason = "Partial shards failure"
		return nil, e
	}
	id := cursor.EncodePITID(ex.Cluster.Version.ID(), refs)
	if maxPITKeepAlive := ex.Settings.Values().PITMaxKeepAlive; keepAlive > maxPITKeepAlive {
		st.ClosePIT(refs, now)
		return nil, apierr.IllegalArgument("Keep alive for request (%s) is too large. It must be less than (%s). This limit can be set by changing the [point_in_time.max_keep_alive] cluster level setting.",
			nodestats.Duration(keepAlive), nodestats.Duration(maxPITKeepAlive))
	}
	st.NamePIT(refs, id, keepAlive, now)
	header := jsonout.Object{{Key: "total", Value: len(targets)}, {Key: "successful", Value: len(refs)},
		{Key: "skipped", Value: 0}, {Key: "failed", Value: len(fails)}}
	if len(fails) > 0 {
		header = append(header, jsonout.Field{Key: "failures", Value: ex.ShardFailures(fails, true)})
	}
	return jsonout.Object{{Key: "pit_id", Value: id}, {Key: "_shards", Value: header},
		{Key: "creation_time", Value: now.UnixMilli()}}, nil
}

// pitCluster is what opening point-in-time reader contexts reads from the
// cluster.
func (ex Executor) pitCluster() cursor.Cluster {
	nodes := make([]string, len(ex.Cluster.Nodes))
	for i, n := range ex.Cluster.Nodes {
		nodes[i] = n.ID
	}
	return cursor.Cluster{Indices: ex.Indices, Nodes: nodes, MaxPerNodePIT: ex.Settings.Values().MaxOpenPITContext}
}
