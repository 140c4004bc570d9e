package rest

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/reindex"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// byQueryRoutes are _delete_by_query and _update_by_query.
func (d *DocOps) byQueryRoutes() []Route {
	common := []string{"_source", "_source_excludes", "_source_includes", "allow_no_indices", "analyze_wildcard", "analyzer", "conflicts",
		"default_operator", "df", "expand_wildcards", "from", "ignore_unavailable", "lenient", "max_docs", "preference", "q", "refresh",
		"request_cache", "requests_per_second", "routing", "scroll", "scroll_size", "search_timeout", "search_type", "size", "slices",
		"sort", "stats", "terminate_after", "timeout", "version", "wait_for_active_shards", "wait_for_completion"}
	// version_type is in old API specs for update by query, but its handler
	// never reads it: the real server rejects it as unrecognized.
	ubq := append(append([]string{}, common...), "pipeline")
	return []Route{
		{Op: "delete_by_query", Method: "POST", Path: "/{index}/_delete_by_query", Params: common, Body: true, Handler: d.deleteByQuery},
		{Op: "update_by_query", Method: "POST", Path: "/{index}/_update_by_query", Params: ubq, Body: true, Handler: d.updateByQuery},
	}
}

// jobEnv is what the bulk-by-scroll jobs run against: this node's
// services, its write path and its shard-copy checks.
func (d *DocOps) jobEnv() *reindex.Env {
	return &reindex.Env{Tasks: d.tasks, Clock: d.b.Clock, Indices: d.b.Indices, Copies: jobCopies{d.b}, Remote: dialRemote,
		Writer: reindex.WriterFunc(d.b.jobWrite)}
}

// jobWrite makes one document write of a job through the write path.
func (b *Backend) jobWrite(w *reindex.Write) (reindex.Written, *apierr.Error) {
	op := &write.Op{Index: w.Index, ID: w.ID, Routing: w.Routing, Source: w.Source, Create: w.Create, Delete: w.Delete, AutoID: w.AutoID,
		IfSeqNo: w.IfSeqNo, IfPrimaryTerm: w.IfTerm, Version: w.Version, HasVersion: w.HasVersion, VersionType: w.VersionType,
		RequireAlias: w.RequireAlias, Pipeline: w.Pipeline, HasPipeline: w.HasPipeline}
	res, e := b.writer().Run(op)
	if e != nil {
		return reindex.Written{}, e
	}
	return reindex.Written{Created: res.Write.Created, Dropped: res.Dropped}, nil
}

// jobCopies answers the jobs' wait_for_active_shards checks.
type jobCopies struct{ b *Backend }

// Check implements reindex.Copies.
func (c jobCopies) Check(x *indices.Index, num int, value string, timeout time.Duration, what string) *apierr.Error {
	return c.b.checkActiveShards(x, num, value, timeout, what)
}

// WaitsOnNewIndex implements reindex.Copies: an auto-created index has one
// replica.
func (c jobCopies) WaitsOnNewIndex(value string) bool {
	want, err := activeShardsValue(value)
	return err == nil && !c.b.enoughCopies(want, 1)
}

// startJob runs j synchronously (answering with the response) or, with
// wait_for_completion=false, in the background (answering {"task": id}).
func (d *DocOps) startJob(r *Request, j *reindex.Job, syncFields reindex.Fields) (*Response, error) {
	t := requestTask(r)
	if t == nil {
		t = d.tasks.Register(tasks.Spec{Action: j.Action(), Cancellable: true})
		defer d.tasks.Finish(t, nil, nil)
	}
	t.SetDescription(j.Description())
	if !j.Wait() {
		detachTask(r)
		t.KeepResult()
		d.jobs.Start(j, t)
		return OK(jsonout.Object{{Key: "task", Value: t.ID().String()}}), nil
	}
	resp, err := d.jobs.Run(j, t)
	if err != nil {
		return nil, err
	}
	syncFields.Human = r.Human()
	return &Response{Status: resp.HTTPStatus(), Body: resp.Object(syncFields)}, nil
}

// compileJobScript resolves and compiles the script of an update by query
// or reindex (nil for none).
func (d *DocOps) compileJobScript(s *upd.Script) (*painless.Script, error) {
	if s == nil {
		return nil, nil
	}
	sc, rerr := upd.Resolve(s, d.docScripts())
	if rerr != nil {
		return nil, rerr
	}
	compiled, cerr := d.scripts.Compile(sc.Lang, "update", sc.Source, painless.CompileOptions{Options: sc.Options})
	if cerr != nil {
		return nil, upd.ScriptError(cerr)
	}
	return compiled, nil
}

// byQuery is a parsed by-query request with the index options and routing
// its search runs with.
type byQuery struct {
	*reindex.ParsedByQuery
	routing string
	opts    indices.Options
}

// parseByQuery reads a by-query request's URL parameters and body.
func parseByQuery(r *Request, update bool) (*byQuery, error) {
	p, err := parseScrollParams(r)
	if err != nil {
		return nil, err
	}
	q := &byQuery{routing: r.Params["routing"]}
	if q.opts, err = indicesOptions(r, indices.DefaultOptions()); err != nil {
		return nil, err
	}
	if q.ParsedByQuery, err = reindex.ParseByQuery(r.PathParam("index"), r.Params, r.Body, p, update, r.Warn); err != nil {
		return nil, err
	}
	return q, nil
}

// deleteByQuery is POST /{index}/_delete_by_query.
func (d *DocOps) deleteByQuery(r *Request) (*Response, error) {
	q, err := parseByQuery(r, false)
	if err != nil {
		return nil, err
	}
	j := d.jobEnv().DeleteByQuery(metaFor("delete_by_query").Action, &q.Job, d.byQueryScroll(q))
	return d.startJob(r, j, reindex.Fields{NoUpdated: true, NoCreated: true})
}

// updateByQuery is POST /{index}/_update_by_query.
func (d *DocOps) updateByQuery(r *Request) (*Response, error) {
	pipeline, hasPipeline := r.Param("pipeline")
	q, err := parseByQuery(r, true)
	if err != nil {
		return nil, err
	}
	if q.Job.Compiled, err = d.compileJobScript(q.Job.Script); err != nil {
		return nil, err
	}
	q.Job.Pipeline, q.Job.HasPipeline = pipeline, hasPipeline
	j := d.jobEnv().UpdateByQuery(metaFor("update_by_query").Action, &q.Job, d.byQueryScroll(q))
	return d.startJob(r, j, reindex.Fields{NoCreated: true})
}

// byQueryScroll is the scroll of a by-query request.
func (d *DocOps) byQueryScroll(q *byQuery) reindex.ScrollFunc {
	return func() (*reindex.Scrolled, *apierr.Error) {
		return d.b.exec().JobScroll(q.Job.Indices, q.opts, q.routing, q.Spec, q.Job.Params)
	}
}
