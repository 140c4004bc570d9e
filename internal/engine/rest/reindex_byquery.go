package rest

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/reindex"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
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

// byQuery is a parsed _delete_by_query or _update_by_query request.
type byQuery struct {
	params  *scrollParams
	spec    *searchSpec
	indices string
	routing string
	script  *upd.Script
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
	q := &byQuery{params: p, indices: r.PathParam("index"), routing: r.Params["routing"]}
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
			return nil, xerr(perr)
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
				if e := p.setConflicts(m.Value.Text()); e != nil {
					return nil, e
				}
			case "max_docs":
				n, e := longValue(&m.Value)
				if e != nil {
					return nil, e
				}
				if e := p.setMaxDocs(n); e != nil {
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
				p.slice = ms
			case "stored_fields":
				storedFields = true
			case "script":
				if !update {
					rest.Members = append(rest.Members, *m)
					continue
				}
				s, e := parseScript(&m.Value)
				if e != nil {
					return nil, e
				}
				q.script = s
			default:
				rest.Members = append(rest.Members, *m)
			}
		}
		body = &rest
	}
	q.spec = &searchSpec{size: 10, trackTotal: -1}
	if body != nil {
		if err := q.spec.parseBody(body); err != nil {
			return nil, err
		}
	}
	// The body's size is the search's page size, so the batch size unless
	// scroll_size overrides it (parseInternalRequest).
	if body != nil && body.Get("size") != nil && !hasParam(r, "scroll_size") {
		p.scrollSize = q.spec.size
	}
	if e := p.applyURLMaxDocs(); e != nil {
		return nil, e
	}
	// size in the URL is max_docs here, not the page size.
	if hasParam(r, "size") {
		r.Warn("Deprecated field [size] used, expected [max_docs] instead")
	}
	delete(r.Params, "size")
	if err := q.spec.applyParams(r); err != nil {
		return nil, err
	}
	msgs := scrollContextErrors(q.spec, p.scrollSize, requestCache)
	if hasFrom {
		msgs = append(msgs, "from is not supported in this context")
	}
	if storedFields {
		msgs = append(msgs, "stored_fields is not supported in this context")
	}
	msgs = p.validate(msgs)
	if body == nil && !hasParam(r, "q") && !update {
		msgs = append(msgs, "source is missing")
	} else if q.spec.query == nil && !update {
		msgs = append(msgs, "query is missing")
	}
	if msgs != nil {
		return nil, apierr.Validation(msgs...)
	}
	return q, nil
}

// startJob runs j synchronously (answering with the response) or, with
// wait_for_completion=false, in the background (answering {"task": id}).
func (d *DocOps) startJob(r *Request, j *scrollJob, description string, syncFields reindex.Fields) (*Response, error) {
	t := requestTask(r)
	if t == nil {
		t = d.tasks.Register(tasks.Spec{Action: j.action, Cancellable: true})
		defer d.tasks.Finish(t, nil, nil)
	}
	t.SetDescription(description)
	j.task = t
	d.jobs.add(t.ID(), j)
	if !j.params.wait {
		detachTask(r)
		t.KeepResult()
		go func() {
			resp, err := j.run()
			d.jobs.remove(t.ID())
			if err != nil {
				d.tasks.Finish(t, nil, err)
			} else {
				d.tasks.Finish(t, resp.Object(reindex.Fields{}), nil)
			}
		}()
		return OK(jsonout.Object{{Key: "task", Value: t.ID().String()}}), nil
	}
	defer d.jobs.remove(t.ID())
	resp, err := j.run()
	if err != nil {
		return nil, err
	}
	syncFields.Human = r.Human()
	return &Response{Status: resp.HTTPStatus(), Body: resp.Object(syncFields)}, nil
}

// refreshTargets refreshes the indices a by-query job read and wrote
// (refresh=true).
func (d *DocOps) refreshTargets(targets []search.Target) {
	seen := map[*indices.Index]bool{}
	for _, t := range targets {
		if !seen[t.Index] {
			seen[t.Index] = true
			t.Index.Refresh(d.b.Indices)
		}
	}
}

// writeFailure converts a write error into a bulk failure item.
func writeFailure(index, id string, e *apierr.Error) reindex.Item {
	f := &reindex.Failure{Index: index, ID: id, Cause: e, Status: e.Status}
	if e.Type == apierr.TypeVersionConflict {
		return reindex.Item{Outcome: reindex.Conflict, Failure: f}
	}
	return reindex.Item{Outcome: reindex.Failed, Failure: f}
}

// deleteByQuery is POST /{index}/_delete_by_query.
func (d *DocOps) deleteByQuery(r *Request) (*Response, error) {
	q, err := parseByQuery(r, false)
	if err != nil {
		return nil, err
	}
	var targets []search.Target
	j := &scrollJob{d: d, params: q.params, action: metaFor("delete_by_query").Action}
	j.scroll = func() (*scrolled, *apierr.Error) {
		sc, e := d.scroll(q.indices, q.opts, q.routing, q.spec, q.params)
		if sc != nil {
			targets = sc.targets
		}
		return sc, e
	}
	j.apply = func(hits []search.Hit) reindex.BatchFunc {
		return func(from, to int) ([]reindex.Item, *apierr.Error) {
			gate := j.newCopiesGate()
			items := make([]reindex.Item, 0, to-from)
			for _, h := range hits[from:to] {
				x := h.Target.Index
				if e := gate.check(x, h.Target.Shard, bulkShardDesc(x, h.Target.Shard)); e != nil {
					items = append(items, writeFailure(x.Name, h.Doc.ID, e))
					continue
				}
				op := &write.Op{Index: x.Name, ID: h.Doc.ID, Routing: h.Doc.Routing, Delete: true, IfSeqNo: h.Doc.SeqNo, IfPrimaryTerm: h.Doc.PrimaryTerm}
				if _, e := d.b.writer().Run(op); e != nil {
					items = append(items, writeFailure(x.Name, h.Doc.ID, e))
					continue
				}
				items = append(items, reindex.Item{Outcome: reindex.Deleted})
			}
			return items, nil
		}
	}
	j.after = func(hits []search.Hit) {
		if q.params.refresh {
			d.refreshTargets(targets)
		}
	}
	return d.startJob(r, j, "delete-by-query "+javaList(q.indices), reindex.Fields{NoUpdated: true, NoCreated: true})
}

func bulkShardDesc(x *indices.Index, shard int) string {
	return "BulkShardRequest [[" + x.Name + "][" + itoa(shard) + "]] containing [1] requests"
}

// javaList renders a comma-separated list as Arrays.toString: "[a, b]".
func javaList(csv string) string {
	return "[" + strings.Join(strings.Split(csv, ","), ", ") + "]"
}

// updateByQuery is POST /{index}/_update_by_query.
func (d *DocOps) updateByQuery(r *Request) (*Response, error) {
	pipeline, hasPipeline := r.Param("pipeline")
	q, err := parseByQuery(r, true)
	if err != nil {
		return nil, err
	}
	var compiled *painless.Script
	if q.script != nil {
		sc, rerr := upd.Resolve(q.script, d.docScripts())
		if rerr != nil {
			return nil, rerr
		}
		s, cerr := d.scripts.Compile(sc.Lang, "update", sc.Source, painless.CompileOptions{Options: sc.Options})
		if cerr != nil {
			return nil, upd.ScriptError(cerr)
		}
		compiled = s
	}
	var targets []search.Target
	j := &scrollJob{d: d, params: q.params, action: metaFor("update_by_query").Action}
	j.scroll = func() (*scrolled, *apierr.Error) {
		sc, e := d.scroll(q.indices, q.opts, q.routing, q.spec, q.params)
		if sc != nil {
			targets = sc.targets
		}
		return sc, e
	}
	j.apply = func(hits []search.Hit) reindex.BatchFunc {
		return func(from, to int) ([]reindex.Item, *apierr.Error) {
			gate := j.newCopiesGate()
			items := make([]reindex.Item, 0, to-from)
			for _, h := range hits[from:to] {
				x := h.Target.Index
				if e := gate.check(x, h.Target.Shard, bulkShardDesc(x, h.Target.Shard)); e != nil {
					items = append(items, writeFailure(x.Name, h.Doc.ID, e))
					continue
				}
				source, e := scrolledSource(x, &h.Doc, q.spec.source)
				if e != nil {
					return nil, e
				}
				op := "index"
				if compiled != nil {
					if source, op, e = d.applyUBQScript(compiled, q.script, x.Name, &h.Doc, source); e != nil {
						return nil, e
					}
				}
				w := &write.Op{Index: x.Name, ID: h.Doc.ID, Routing: h.Doc.Routing, IfSeqNo: h.Doc.SeqNo, IfPrimaryTerm: h.Doc.PrimaryTerm, Pipeline: pipeline, HasPipeline: hasPipeline}
				switch op {
				case "noop":
					items = append(items, reindex.Item{Outcome: reindex.Noop})
					continue
				case "delete":
					w.Delete = true
				default:
					w.Source = source
				}
				res, e := d.b.writer().Run(w)
				if e != nil {
					items = append(items, writeFailure(x.Name, h.Doc.ID, e))
					continue
				}
				if res.Dropped {
					items = append(items, reindex.Item{Outcome: reindex.Noop})
					continue
				}
				if w.Delete {
					items = append(items, reindex.Item{Outcome: reindex.Deleted})
				} else {
					items = append(items, reindex.Item{Outcome: reindex.Updated})
				}
			}
			return items, nil
		}
	}
	j.after = func(hits []search.Hit) {
		if q.params.refresh {
			d.refreshTargets(targets)
		}
	}
	desc := "update-by-query " + javaList(q.indices)
	if q.script != nil {
		desc += " updated with " + scriptString(q.script)
	}
	return d.startJob(r, j, desc, reindex.Fields{NoCreated: true})
}

// scriptString is Script.toString, as task descriptions print it.
func scriptString(s *upd.Script) string {
	typ, code := "inline", s.Source
	if s.ID != "" {
		typ, code = "stored", s.ID
	}
	params := "{}"
	if s.Params != nil {
		if v, err := painless.ParseJSONHashMap(s.Params); err == nil {
			params = javaMapString(v)
		}
	}
	return "Script{type=" + typ + ", lang='" + s.Lang + "', idOrCode='" + code + "', options={}, params=" + params + "}"
}

// javaMapString renders a parsed params map as AbstractMap.toString.
func javaMapString(v any) string {
	switch x := v.(type) {
	case *painless.Map:
		var b strings.Builder
		b.WriteByte('{')
		keys, vals := x.Keys(), x.Values()
		for i, k := range keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(javaMapString(k))
			b.WriteByte('=')
			b.WriteString(javaMapString(vals[i]))
		}
		b.WriteByte('}')
		return b.String()
	case *painless.List:
		parts := make([]string, len(x.Items))
		for i, it := range x.Items {
			parts[i] = javaMapString(it)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case string:
		return x
	case nil:
		return "null"
	}
	return strings.Trim(string(painless.AppendJSON(nil, v)), `"`)
}

// applyUBQScript runs an update-by-query script on one document and applies
// the ScriptApplier rules: ctx.op is noop, index or delete (any case), the
// metadata may not change, no keys may be added.
func (d *DocOps) applyUBQScript(s *painless.Script, ref *upd.Script, index string, doc *shard.Doc, source []byte) ([]byte, string, *apierr.Error) {
	src, err := painless.ParseJSONHashMap(source)
	if err != nil {
		return nil, "", apierr.MapperParsing("failed to parse").WithCause(apierr.New(apierr.TypeParse, err.Error()))
	}
	ctx := painless.NewMap(8)
	ctx.Set("_index", index)
	ctx.Set("_id", doc.ID)
	ctx.Set("_version", doc.Version)
	var routingValue any
	if doc.Routing != "" {
		routingValue = doc.Routing
	}
	ctx.Set("_routing", routingValue)
	ctx.Set("_source", src)
	ctx.Set("op", "index")
	var params any
	if ref.Params != nil {
		if params, err = painless.ParseJSONHashMap(ref.Params); err != nil {
			return nil, "", apierr.IllegalArgument("%s", err.Error())
		}
	}
	now := d.b.Clock.Now
	if _, err := s.Execute(map[string]any{"ctx": ctx, "params": params}, painless.ExecOptions{Now: now}); err != nil {
		return nil, "", upd.ScriptError(err)
	}
	opv := ctx.Delete("op")
	if opv == nil {
		return nil, "", apierr.IllegalArgument("Script cleared operation type")
	}
	newSource := ctx.Delete("_source")
	for _, meta := range []struct {
		key string
		old any
	}{{"_index", index}, {"_id", doc.ID}, {"_version", doc.Version}, {"_routing", routingValue}} {
		if v := ctx.Delete(meta.key); !upd.JavaEquals(v, meta.old) {
			return nil, "", apierr.IllegalArgument("Modifying [%s] not allowed", meta.key)
		}
	}
	ops, _ := opv.(string)
	op := strings.ToLower(ops)
	switch op {
	case "noop", "index", "delete":
	default:
		return nil, "", apierr.IllegalArgument("Operation type [%s] not allowed, only [noop, index, delete] are allowed", op)
	}
	if op == "index" && ctx.Len() > 0 {
		keys := ctx.Keys()
		names := make([]string, len(keys))
		for i, k := range keys {
			names[i], _ = k.(string)
		}
		return nil, "", apierr.IllegalArgument("Invalid fields added to context [%s]", strings.Join(names, ","))
	}
	if op != "index" {
		return nil, op, nil
	}
	out, err := painless.EncodeJSON(newSource)
	if err != nil {
		return nil, "", upd.ScriptError(err)
	}
	return out, op, nil
}
