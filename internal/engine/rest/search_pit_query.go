package rest

import (
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
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

// searchPIT runs a search whose body names a point in time: the checks of
// RestSearchAction.preparePointInTime and SearchRequest.validate, then the
// search over the point in time's reader contexts.
func (b *Backend) searchPIT(st *cursor.Store, r *Request, spec *searchreq.Spec, start time.Time) (*Response, error) {
	options := false
	for _, k := range []string{"expand_wildcards", "ignore_unavailable", "allow_no_indices", "ignore_throttled"} {
		options = options || hasParam(r, k)
	}
	ccs, ok := r.Param("ccs_minimize_roundtrips")
	problems := searchreq.PITProblems(r.PathParam("index") != "", options, hasParam(r, "routing"), hasParam(r, "preference"), ok && (ccs == "" || ccs == "true"))
	if len(problems) > 0 {
		return nil, apierr.Validation(problems...)
	}
	if err := spec.PIT.Decode(); err != nil {
		return nil, err
	}
	_, scroll := r.Param("scroll")
	if scroll {
		if spec.TrackTotal == -1 {
			problems = append(problems, "disabling [track_total_hits] is not allowed in a scroll context")
		}
		if spec.From > 0 {
			problems = append(problems, "using [from] is not allowed in a scroll context")
		}
		problems = append(problems, "using [point in time] is not allowed in a scroll context")
	}
	if problems = append(problems, b.shardDocProblems(spec, scroll)...); len(problems) > 0 {
		return nil, apierr.Validation(problems...)
	}
	body, aerr := b.runPIT(st, spec, start)
	if aerr != nil {
		return nil, aerr
	}
	return OK(body), nil
}

// msearchPIT runs one point-in-time search of a multi-search (its
// preparePointInTime checks ran while the request was read).
func (b *Backend) msearchPIT(st *cursor.Store, spec *searchreq.Spec) (jsonout.Object, *apierr.Error) {
	if problems := b.shardDocProblems(spec, false); len(problems) > 0 {
		return nil, apierr.Validation(problems...)
	}
	return b.runPIT(st, spec, time.Now())
}

// msearchPITProblems are the preparePointInTime checks of a multi-search
// entry, whose header stands for the URL parameters; they fail the whole
// request, then so does an undecodable id.
func msearchPITProblems(r *Request, e msearchEntry, spec *searchreq.Spec) error {
	_, pref := e.Params["preference"]
	ccs, ok := r.Param("ccs_minimize_roundtrips")
	if problems := searchreq.PITProblems(e.Index != "", e.Options != indices.DefaultOptions(), e.Routing != "", pref, ok && (ccs == "" || ccs == "true")); len(problems) > 0 {
		return apierr.Validation(problems...)
	}
	if err := spec.PIT.Decode(); err != nil {
		return err
	}
	return nil
}

// runPIT searches the reader contexts of spec.pit (decoded) and keeps them
// alive; the body starts with the pit_id.
func (b *Backend) runPIT(st *cursor.Store, spec *searchreq.Spec, start time.Time) (jsonout.Object, *apierr.Error) {
	p := spec.PIT
	live, fails := st.PITContexts(p.Refs)
	if maxKeepAlive := b.clusterSettings().Values().MaxKeepAlive; p.KeepAlive > maxKeepAlive {
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
		return nil, b.searchFailed(fails)
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
	req, res, aerr := b.execSearch(strings.Join(names, ","), indices.DefaultOptions(), spec, "")
	st.UsePIT(live, p.KeepAlive)
	if aerr != nil {
		return nil, b.withMissingShards(aerr, fails)
	}
	if len(fails) > 0 {
		res.Failures = append(fails, res.Failures...)
		if spec.NoPartial {
			e := b.searchFailed(res.Failures)
			e.Reason = "Partial shards failure"
			return nil, e
		}
	}
	// The shard count is the point in time's, missing contexts included.
	counted := *req
	counted.Targets = make([]search.Target, len(p.Refs))
	body := b.renderSearch(&counted, spec, res, start)
	if spec.Facts != nil {
		spec.Facts.PITID = p.ID
	}
	return append(jsonout.Object{{Key: "pit_id", Value: p.ID}}, body...), nil
}

// withMissingShards adds the shards whose contexts are gone to a failure of
// the shards that were searched, listing them first.
func (b *Backend) withMissingShards(e *apierr.Error, missing []search.ShardFailure) *apierr.Error {
	if len(missing) == 0 || e.Type != apierr.TypeSearchPhaseExecution || len(e.Meta) < 3 || e.Meta[2].Key != "failed_shards" {
		return e
	}
	out := b.searchFailed(missing)
	out.Reason = e.Reason
	searched, _ := e.Meta[2].Value.([]any)
	out.Meta[2].Value = append(out.Meta[2].Value.([]any), searched...)
	out.RootCauses = append(out.RootCauses, e.RootCauses...)
	return out
}
