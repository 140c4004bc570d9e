package rest

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/reindex"
)

// reindexRoutes is POST /_reindex.
func (d *DocOps) reindexRoutes() []Route {
	params := []string{"max_docs", "refresh", "requests_per_second", "require_alias", "scroll", "slices", "timeout", "wait_for_active_shards", "wait_for_completion"}
	return []Route{{Op: "reindex", Method: "POST", Path: "/_reindex", Params: params, Body: true, Handler: d.reindex}}
}

// reindex is POST /_reindex.
func (d *DocOps) reindex(r *Request) (*Response, error) {
	if len(strings.TrimSpace(string(r.Body))) == 0 {
		return nil, apierr.Parse("request body is required")
	}
	p, err := parseScrollParams(r)
	if err != nil {
		return nil, err
	}
	req, err := reindex.ParseReindex(r.Body, p)
	if err != nil {
		return nil, err
	}
	job := &req.Job
	if job.RequireAlias, err = r.Bool("require_alias", false); err != nil {
		return nil, err
	}
	if job.Compiled, err = d.compileJobScript(job.Script); err != nil {
		return nil, err
	}
	expr := strings.Join(job.Indices, ",")
	if job.Remote != nil {
		if e := job.Remote.CheckAllowed(d.remoteAllowlist); e != nil {
			return nil, e
		}
	} else if e := reindex.CheckTarget(d.b.Indices, expr, job.Dest.Index); e != nil {
		return nil, e
	}
	j := d.jobEnv().Reindex(metaFor("reindex").Action, job, func() (*reindex.Scrolled, *apierr.Error) {
		return d.b.exec().JobScroll(expr, indices.DefaultOptions(), "", req.Spec, job.Params)
	})
	return d.startJob(r, j, reindex.Fields{})
}

// SetRemoteAllowlist sets reindex.remote.allowlist.
func (d *DocOps) SetRemoteAllowlist(hosts []string) {
	d.remoteAllowlist = append([]string(nil), hosts...)
}
