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

// applyPIT makes a point-in-time search read the frozen shards resolved by
// searchPIT instead of the indexes' current ones (keeping each index's
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
func (ex *Executor) MsearchPIT(st *cursor.Store, spec *searchreq.Spec) (jsonout.Object, *apierr.Error) {
	if problems := ex.ShardDocProblems(spec, false); len(problems) > 0 {
		return nil, apierr.Validation(problems...)
	}
	return ex.RunPIT(st, spec, time.Now())
}

// RunPIT searches the reader contexts of spec.pit (decoded) and keeps them
// alive; the body starts with the pit_id.
func (ex *Executor) RunPIT(st *cursor.Store, spec *searchreq.Spec, start time.Time) (jsonout.Object, *apierr.Error) {
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
