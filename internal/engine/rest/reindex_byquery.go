package rest

import (
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/searchexec"

	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/objparse"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/reindex"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
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

// byQuery is a parsed _delete_by_query or _update_by_query request: the
// job's part and the search its scroll runs.
type byQuery struct {
	job     reindex.ByQuery
	spec    *searchreq.Spec
	routing string
	opts    indices.Options
}

// parseByQuery reads the URL and the body: conflicts, max_docs (and for
// update by query script) are taken out of the body, the rest is a search
// body (AbstractBulkByQueryRestHandler.parseInternalRequest).
func parseByQuery(r *Request, update bool) (*byQuery, error) {
	p, err := parseScrollParams(r)
	if err != nil {
		return nil, err
	}
	q := &byQuery{job: reindex.ByQuery{Params: p, Indices: r.PathParam("index")}, routing: r.Params["routing"]}
	if q.opts, err = indicesOptions(r, indices.DefaultOptions()); err != nil {
		return nil, err
	}
	requestCache, err := r.BoolOrDefault("request_cache", false)
	if err != nil {
		return nil, err
	}
	hasFrom, storedFields := hasParam(r, "from"), false
	var body *xcontent.Value
	if len(strings.TrimSpace(string(r.Body))) > 0 {
		v, perr := xcontent.Parse(r.Body)
		if perr != nil {
			return nil, searchreq.APIError(perr)
		}
		if v.Kind != xcontent.Object {
			return nil, apierr.New(apierr.TypeParsing, "Expected [START_OBJECT] but found ["+v.Token()+"]")
		}
		rest := *v
		rest.Members = nil
		for i := range v.Members {
			m := &v.Members[i]
			switch m.Key {
			case "conflicts":
				if e := p.SetConflicts(m.Value.Text()); e != nil {
					return nil, e
				}
			case "max_docs":
				n, e := objparse.LongValue(&m.Value)
				if e != nil {
					return nil, e
				}
				if e := p.SetMaxDocs(n); e != nil {
					return nil, e
				}
			case "from":
				hasFrom = true
				rest.Members = append(rest.Members, *m)
			case "slice":
				ms, e := parseManualSlice(&m.Value)
				if e != nil {
					return nil, e
				}
				p.Slice = ms
			case "stored_fields":
				storedFields = true
			case "script":
				if !update {
					rest.Members = append(rest.Members, *m)
					continue
				}
				s, e := upd.ParseScript(&m.Value)
				if e != nil {
					return nil, e
				}
				q.job.Script = s
			default:
				rest.Members = append(rest.Members, *m)
			}
		}
		body = &rest
	}
	q.spec = &searchreq.Spec{Size: 10, TrackTotal: -1}
	if body != nil {
		if err := q.spec.ParseBody(body); err != nil {
			return nil, err
		}
	}
	// The body's size is the search's page size, so the batch size unless
	// scroll_size overrides it (parseInternalRequest).
	if body != nil && body.Get("size") != nil && !hasParam(r, "scroll_size") {
		p.ScrollSize = q.spec.Size
	}
	if e := p.ApplyURLMaxDocs(); e != nil {
		return nil, e
	}
	// size in the URL is max_docs here, not the page size.
	if hasParam(r, "size") {
		r.Warn("Deprecated field [size] used, expected [max_docs] instead")
	}
	delete(r.Params, "size")
	if err := q.spec.ApplyParams(r.Params); err != nil {
		return nil, err
	}
	msgs := q.spec.ScrollContextErrors(p.ScrollSize, requestCache)
	if hasFrom {
		msgs = append(msgs, "from is not supported in this context")
	}
	if storedFields {
		msgs = append(msgs, "stored_fields is not supported in this context")
	}
	msgs = p.Validate(msgs)
	if body == nil && !hasParam(r, "q") && !update {
		msgs = append(msgs, "source is missing")
	} else if q.spec.Query == nil && !update {
		msgs = append(msgs, "query is missing")
	}
	if msgs != nil {
		return nil, apierr.Validation(msgs...)
	}
	q.job.SourceDisabled, q.job.Filter = q.spec.Source.Disabled, searchexec.JobSourceFilter(q.spec.Source)
	return q, nil
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

// deleteByQuery is POST /{index}/_delete_by_query.
func (d *DocOps) deleteByQuery(r *Request) (*Response, error) {
	q, err := parseByQuery(r, false)
	if err != nil {
		return nil, err
	}
	j := d.jobEnv().DeleteByQuery(metaFor("delete_by_query").Action, &q.job, d.byQueryScroll(q))
	return d.startJob(r, j, reindex.Fields{NoUpdated: true, NoCreated: true})
}

// updateByQuery is POST /{index}/_update_by_query.
func (d *DocOps) updateByQuery(r *Request) (*Response, error) {
	pipeline, hasPipeline := r.Param("pipeline")
	q, err := parseByQuery(r, true)
	if err != nil {
		return nil, err
	}
	if q.job.Compiled, err = d.compileJobScript(q.job.Script); err != nil {
		return nil, err
	}
	q.job.Pipeline, q.job.HasPipeline = pipeline, hasPipeline
	j := d.jobEnv().UpdateByQuery(metaFor("update_by_query").Action, &q.job, d.byQueryScroll(q))
	return d.startJob(r, j, reindex.Fields{NoCreated: true})
}

// byQueryScroll is the scroll of a by-query request.
func (d *DocOps) byQueryScroll(q *byQuery) reindex.ScrollFunc {
	return func() (*reindex.Scrolled, *apierr.Error) {
		return d.b.exec().JobScroll(q.job.Indices, q.opts, q.routing, q.spec, q.job.Params)
	}
}
