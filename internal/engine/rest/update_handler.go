package rest

import (
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/ingest"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/objparse"
	"github.com/clustersearch/clustersearch-go/internal/engine/opstats"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/reindex"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// DocOps serves the scripted and bulk-by-scroll document APIs: _update,
// _delete_by_query, _update_by_query, _reindex and the task APIs. It shares
// the core Backend's indices and clock.
type DocOps struct {
	b       *Backend
	scripts *painless.Cache
	tasks   *tasks.Manager
	jobs    reindex.Registry
	// results are the stored task results (.tasks).
	results *tasks.ResultStore
	ingest  *ingest.Service
	// remoteAllowlist is reindex.remote.allowlist.
	remoteAllowlist []string
}

// NewDocOps returns the document-operations API over b, with its own
// Painless script cache (one per node, as in OpenSearch).
func NewDocOps(b *Backend) *DocOps {
	c := painless.NewCache(0)
	c.SetClock(b.Clock.Now)
	d := &DocOps{b: b, scripts: c, tasks: tasks.New(b.Clock, b.Cluster.Nodes[0].ID)}
	b.UpdateItem = d.bulkUpdateItem
	d.ingest = ingest.NewService(c, b.Clock.Now)
	d.ingest.SetVersion(b.Cluster.Version)
	b.Ingest = d.ingestHook
	d.results = d.resultStore()
	d.tasks.SetStoreHook(d.results.Store)
	return d
}

// docScripts compiles with the node's cache and reads the stored scripts.
type docScripts struct {
	*painless.Cache
	b *Backend
}

// StoredScript implements update.StoredScripts.
func (s docScripts) StoredScript(id string) (lang, source string, options map[string]string, ok bool) {
	return s.b.StoredScript(id)
}

func (d *DocOps) docScripts() docScripts { return docScripts{d.scripts, d.b} }

// Scripts returns the script cache (compilation counters for node stats).
func (d *DocOps) Scripts() *painless.Cache { return d.scripts }

// IngestStats returns the ingest counters in node stats' form.
func (d *DocOps) IngestStats() nodestats.IngestStats {
	st := d.ingest.Stats()
	conv := func(c ingest.Counters) nodestats.IngestCounters {
		return nodestats.IngestCounters{Count: c.Count, TimeMillis: c.TimeMillis, Current: c.Current, Failed: c.Failed}
	}
	out := nodestats.IngestStats{Total: conv(st.Total), Pipelines: make([]nodestats.IngestPipeline, 0, len(st.Pipelines))}
	for _, p := range st.Pipelines {
		np := nodestats.IngestPipeline{ID: p.ID, IngestCounters: conv(p.Counters)}
		for _, pr := range p.Processors {
			np.Processors = append(np.Processors, nodestats.IngestProcessor{Name: pr.Name, Type: pr.Type, IngestCounters: conv(pr.Counters)})
		}
		out.Pipelines = append(out.Pipelines, np)
	}
	return out
}

// Routes returns the routes DocOps serves.
func (d *DocOps) Routes() []Route {
	// lang is in the API spec, but RestUpdateAction never reads it, so the
	// real server rejects it as an unrecognized parameter; version and
	// version_type are read only to be refused (updateVersioningError).
	updateParams := []string{"_source", "_source_excludes", "_source_includes", "doc_as_upsert", "if_primary_term", "if_seq_no", "refresh",
		"require_alias", "retry_on_conflict", "routing", "timeout", "version", "version_type", "wait_for_active_shards"}
	return append([]Route{
		{Op: "update", Method: "POST", Path: "/{index}/_update/{id}", Params: updateParams, Body: true, Handler: d.update},
	}, append(append(append(append(d.ingestRoutes(), d.taskRoutes()...), d.byQueryRoutes()...), d.rethrottleRoutes()...), d.reindexRoutes()...)...)
}

// updateParams are the URL parameters of _update after parsing.
type updateParams struct {
	index, id, routing string
	refresh            refreshPolicy
	retries            int64
	ifSeqNo, ifTerm    int64
	requireAlias       bool
	timeout            time.Duration
	activeShards       string
	source             *objparse.FetchSource
	docAsUpsert        bool // the doc_as_upsert URL parameter; the body's wins
}

func parseUpdateParams(r *Request) (*updateParams, error) {
	p := &updateParams{index: r.PathParam("index"), id: r.PathParam("id"), routing: r.Params["routing"], activeShards: r.Params["wait_for_active_shards"]}
	var err error
	if p.refresh, err = parseRefresh(r.Params["refresh"], hasParam(r, "refresh")); err != nil {
		return nil, err
	}
	if p.docAsUpsert, err = r.Bool("doc_as_upsert", false); err != nil {
		return nil, err
	}
	if p.source, err = fetchSourceFromParams(r); err != nil {
		return nil, err
	}
	if p.retries, err = r.Int("retry_on_conflict", 0); err != nil {
		return nil, err
	}
	if hasParam(r, "version") || hasParam(r, "version_type") {
		return nil, apierr.Validation(updateVersioningError)
	}
	if p.ifSeqNo, err = r.Int("if_seq_no", shard.NoSeqNo); err != nil {
		return nil, err
	}
	if p.ifTerm, err = r.Int("if_primary_term", 0); err != nil {
		return nil, err
	}
	if p.requireAlias, err = r.Bool("require_alias", false); err != nil {
		return nil, err
	}
	if p.timeout, err = r.Duration("timeout", time.Minute); err != nil {
		return nil, err
	}
	return p, nil
}

// updateVersioningError is RestUpdateAction's answer to version or
// version_type in the URL.
const updateVersioningError = "internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead"

// checkActiveShards fails a write whose wait_for_active_shards the index
// cannot meet now (cluster.Observer.CheckActiveShards).
func (b *Backend) checkActiveShards(x *indices.Index, shardNum int, value string, timeout time.Duration, what string) *apierr.Error {
	return b.observer().CheckActiveShards(x, shardNum, value, timeout, what)
}

// TypeUnavailableShards is the exception of a write that could not reach
// enough shard copies (HTTP 503).
const TypeUnavailableShards = cluster.TypeUnavailableShards

// update is POST /{index}/_update/{id}.
func (d *DocOps) update(r *Request) (*Response, error) {
	p, err := parseUpdateParams(r)
	if err != nil {
		return nil, err
	}
	if len(r.Body) == 0 {
		return nil, apierr.Parse("request body is required")
	}
	body, e := upd.ParseBody(r.Body)
	if e != nil {
		return nil, e
	}
	describeWith(r, updateDescriber(r, &body.Req))
	if !body.DocAsUpsertSet {
		body.Req.DocAsUpsert = p.docAsUpsert
	}
	if body.Source != nil {
		p.source = body.Source
	}
	if body.IfSeqNo != nil {
		p.ifSeqNo = *body.IfSeqNo
	}
	if body.IfTerm != nil {
		p.ifTerm = *body.IfTerm
	}
	if e := upd.Validate(upd.Target{ID: p.id, IfSeqNo: p.ifSeqNo, IfTerm: p.ifTerm, Retries: p.retries}, &body.Req); e != nil {
		return nil, e
	}
	if p.requireAlias && !d.b.Indices.IsAlias(p.index) {
		return nil, apierr.New(apierr.TypeIndexNotFound, "no such index ["+p.index+"] and [require_alias] request flag is [true] and ["+p.index+"] is not an alias",
			apierr.Meta{Key: "index", Value: p.index}, apierr.Meta{Key: "index_uuid", Value: apierr.UnknownUUID})
	}
	target, aliasRouting, e := d.b.Indices.WriteTarget(p.index)
	if e != nil {
		return nil, e
	}
	p.index = target
	if p.routing == "" {
		p.routing = aliasRouting
	}
	// An update auto-creates its index (TransportUpdateAction), even when it
	// then finds no document.
	if err := d.ingestUpdate(p.index, p.id, p.routing, &body.Req, "", false, r.Warn); err != nil {
		return nil, err
	}
	x, _, e := d.b.Indices.GetOrCreate(p.index)
	if e != nil {
		return nil, e
	}
	if e := x.Blocked(indices.BlockWrite); e != nil {
		return nil, e
	}
	sh := x.ShardFor(p.id, p.routing)
	// timeout bounds only this wait for shard copies, as in OpenSearch.
	if e := d.b.awaitActiveShards(r, x, sh.Num, p.activeShards, p.timeout, "BulkShardRequest [["+x.Name+"]["+strconv.Itoa(sh.Num)+"]] containing [1] requests"); e != nil {
		return nil, e
	}
	return d.b.runUpdate(r, x, p, &body.Req, d.docScripts())
}

// updateDone is a finished update: the response body (without the bulk
// item's status), its HTTP status, and the write (nil for a noop).
type updateDone struct {
	body    jsonout.Object
	status  int
	res     *write.Result
	created bool
	deleted bool
}

// runUpdate is POST /{index}/_update/{id} after parsing: the update, then
// the refresh policy, then the response with its Location for a creation.
func (b *Backend) runUpdate(r *Request, x *indices.Index, p *updateParams, req *upd.Request, scripts upd.Scripts) (*Response, error) {
	done, e := b.execUpdate(x, p, req, scripts, p.refresh == refreshImmediate)
	if e != nil {
		return nil, e
	}
	if done.res != nil {
		b.applyRefresh(r, p.refresh, done.res)
	}
	switch {
	case done.res == nil:
		r.facts.Updated = opstats.UpdateNoop
	case done.deleted:
		r.facts.Updated = opstats.UpdateDeleted
	}
	resp := &Response{Status: done.status, Body: done.body}
	if done.created {
		loc := "/" + url.PathEscape(x.Name) + "/_doc/" + url.PathEscape(p.id)
		if p.routing != "" {
			loc += "?routing=" + url.QueryEscape(p.routing)
		}
		resp.Header = http.Header{"Location": {loc}}
	}
	return resp, nil
}

// execUpdate runs the update (write.Writer.Update) and renders its body.
// forced marks the body with forced_refresh.
func (b *Backend) execUpdate(x *indices.Index, p *updateParams, req *upd.Request, scripts upd.Scripts, forced bool) (*updateDone, *apierr.Error) {
	u, e := b.writer().Update(x, &write.Update{ID: p.id, Routing: p.routing, IfSeqNo: p.ifSeqNo, IfPrimaryTerm: p.ifTerm, Retries: p.retries,
		Request: req, Scripts: scripts})
	if e != nil {
		return nil, e
	}
	if u.Op == nil {
		return &updateDone{body: b.noopBody(x, p, u.Current, u.Found, u.Outcome), status: http.StatusOK}, nil
	}
	op, res := u.Op, u.Result
	o := b.writeBody(op, res, forced)
	if p.source != nil && p.source.Fetch {
		src, e := filterFetched(u.Outcome.Source, p.source)
		if e != nil {
			return nil, e
		}
		o = append(o, jsonout.Field{Key: "get", Value: jsonout.Object{{Key: "_seq_no", Value: res.Write.SeqNo},
			{Key: "_primary_term", Value: res.Write.PrimaryTerm}, {Key: "found", Value: true}, {Key: "_source", Value: src}}})
	}
	done := &updateDone{body: o, status: res.Status, res: res, deleted: op.Delete && res.Write.Found}
	if u.Outcome.Op == upd.Create {
		done.status, done.created = http.StatusCreated, true
	}
	return done, nil
}

// noopBody is the response of an update that wrote nothing: the current
// version and sequence number, and _shards all zero.
func (b *Backend) noopBody(x *indices.Index, p *updateParams, cur shard.Doc, found bool, out upd.Outcome) jsonout.Object {
	zero := jsonout.Object{{Key: "total", Value: 0}, {Key: "successful", Value: 0}, {Key: "failed", Value: 0}}
	if !found {
		// A scripted upsert that chose not to create: the missing document's
		// get result (version -1, no sequence number).
		return jsonout.Object{{Key: "_index", Value: x.Name}, {Key: "_id", Value: p.id}, {Key: "_version", Value: -1}, {Key: "result", Value: "noop"},
			{Key: "_shards", Value: zero}, {Key: "get", Value: jsonout.Object{{Key: "found", Value: false}}}}
	}
	o := jsonout.Object{{Key: "_index", Value: x.Name}, {Key: "_id", Value: p.id}, {Key: "_version", Value: cur.Version}, {Key: "result", Value: "noop"},
		{Key: "_shards", Value: zero}, {Key: "_seq_no", Value: cur.SeqNo}, {Key: "_primary_term", Value: cur.PrimaryTerm}}
	if p.source != nil && p.source.Fetch {
		src, e := filterFetched(out.Source, p.source)
		if e == nil {
			o = append(o, jsonout.Field{Key: "get", Value: jsonout.Object{{Key: "_seq_no", Value: cur.SeqNo},
				{Key: "_primary_term", Value: cur.PrimaryTerm}, {Key: "found", Value: true}, {Key: "_source", Value: src}}})
		}
	}
	return o
}

// filterFetched applies a _source selection to a document.
func filterFetched(src []byte, fs *objparse.FetchSource) (any, *apierr.Error) {
	f := search.SourceFilter{Includes: fs.Includes, Excludes: fs.Excludes}
	v, _, err := f.Apply(src)
	if err != nil {
		return nil, apierr.Internal("stored source is not JSON: " + err.Error())
	}
	return v, nil
}

// Pipelines returns the ingest pipeline store (the data directory keeps it).
func (d *DocOps) Pipelines() *ingest.Service { return d.ingest }
