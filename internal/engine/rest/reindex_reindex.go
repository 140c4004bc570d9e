package rest

import (
	"strings"
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/reindex"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// reindexRoutes is POST /_reindex.
func (d *DocOps) reindexRoutes() []Route {
	params := []string{"max_docs", "refresh", "requests_per_second", "require_alias", "scroll", "slices", "timeout", "wait_for_active_shards", "wait_for_completion"}
	return []Route{{Op: "reindex", Method: "POST", Path: "/_reindex", Params: params, Body: true, Handler: d.reindex}}
}

// reindexDest is the body's dest object.
type reindexDest struct {
	index       string
	routing     string // "" or "keep": the source's; "discard": none; "=x": x
	create      bool
	versionType shard.VersionType
	external    bool
	pipeline    string // dest.pipeline ("" when not given)
}

// reindexRequest is a parsed _reindex body.
type reindexRequest struct {
	params  *scrollParams
	indices []string
	spec    *searchSpec
	remote  *remoteInfo
	dest    reindexDest
	script  *upd.Script
	// rawQuery, rawSort and rawSource are the source's JSON, sent as they
	// are to a remote cluster.
	rawQuery, rawSort, rawSource []byte
	// requireAlias makes every write fail unless dest is an alias.
	requireAlias bool
}

// parseReindexSource reads source: index, remote, and a search body whose
// size is the batch size (ReindexRequest's source parser).
func parseReindexSource(v *xcontent.Value, req *reindexRequest, msgs *[]string) *apierr.Error {
	rest := *v
	rest.Members = nil
	for i := range v.Members {
		m := &v.Members[i]
		switch m.Key {
		case "index":
			switch m.Value.Kind {
			case xcontent.String:
				req.indices = strings.Split(m.Value.Str, ",")
			case xcontent.Array:
				for j := range m.Value.Items {
					req.indices = append(req.indices, m.Value.Items[j].Text())
				}
			default:
				return apierr.New(apierr.TypeParsing, "Expected [VALUE_STRING] or [START_ARRAY] but found ["+m.Value.Token()+"]")
			}
		case "remote":
			if m.Value.Kind != xcontent.Object {
				return apierr.New(apierr.TypeParsing, "Expected [START_OBJECT] for [remote] but found ["+m.Value.Token()+"]")
			}
			ri, e := parseRemote(&m.Value)
			if e != nil {
				return e
			}
			req.remote = ri
		case "size":
			n, e := longValue(&m.Value)
			if e != nil {
				return e
			}
			req.params.scrollSize = int(n)
		case "from":
			*msgs = append(*msgs, "from is not supported in this context")
			rest.Members = append(rest.Members, *m)
		case "slice":
			ms, e := parseManualSlice(&m.Value)
			if e != nil {
				return e
			}
			req.params.slice = ms
		case "stored_fields":
			*msgs = append(*msgs, "stored_fields is not supported in this context")
		default:
			switch m.Key {
			case "query":
				req.rawQuery = m.Value.AppendJSON(nil)
			case "sort":
				req.rawSort = m.Value.AppendJSON(nil)
			case "_source":
				req.rawSource = m.Value.AppendJSON(nil)
			}
			rest.Members = append(rest.Members, *m)
		}
	}
	req.spec = &searchSpec{size: 10, trackTotal: -1}
	if err := req.spec.parseBody(&rest); err != nil {
		if ae, ok := err.(*apierr.Error); ok {
			return ae
		}
		return apierr.IllegalArgument("%s", err.Error())
	}
	return nil
}

// parseReindex reads the URL parameters and the body (ReindexRequest.fromXContent).
func parseReindex(r *Request) (*reindexRequest, error) {
	p, err := parseScrollParams(r)
	if err != nil {
		return nil, err
	}
	req := &reindexRequest{params: p, spec: &searchSpec{size: 10, trackTotal: -1}}
	v, perr := xcontent.Parse(r.Body)
	if perr != nil {
		return nil, xerr(perr)
	}
	if v.Kind != xcontent.Object {
		return nil, apierr.New(apierr.TypeParsing, "Expected [START_OBJECT] but found ["+v.Token()+"]")
	}
	var msgs []string
	e := parseObject("reindex", v, []objField{
		{names: []string{"source"}, kinds: kObject, parse: func(f *xcontent.Value) *apierr.Error { return parseReindexSource(f, req, &msgs) }},
		{names: []string{"dest"}, kinds: kObject, parse: func(f *xcontent.Value) *apierr.Error {
			return parseDest(f, &req.dest)
		}},
		{names: []string{"max_docs", "size"}, kinds: kLong, parse: func(f *xcontent.Value) *apierr.Error {
			n, e := longValue(f)
			if e != nil {
				return e
			}
			return p.setMaxDocs(n)
		}},
		{names: []string{"script"}, kinds: kObject, parse: func(f *xcontent.Value) *apierr.Error {
			s, e := parseScript(f)
			req.script = s
			return e
		}},
		{names: []string{"conflicts"}, kinds: kString, parse: func(f *xcontent.Value) *apierr.Error { return p.setConflicts(f.Str) }},
	})
	if e != nil {
		return nil, e
	}
	if e := p.applyURLMaxDocs(); e != nil {
		return nil, e
	}
	if req.remote != nil {
		req.remote.query = `{"match_all":{"boost":1.0}}`
		if req.rawQuery != nil {
			req.remote.query = string(req.rawQuery)
		}
	}
	msgs = p.validate(append(scrollContextErrors(req.spec, p.scrollSize, false), msgs...))
	if len(req.indices) == 0 {
		msgs = append(msgs, "use _all if you really want to copy from all existing indexes")
	}
	if req.spec.source.Disabled {
		msgs = append(msgs, "_source:false is not supported in this context")
	}
	if req.dest.index == "" {
		return nil, apierr.Validation(append(msgs, "index must be specified")...)
	}
	if rt := req.dest.routing; rt != "" && rt != "keep" && rt != "discard" && !strings.HasPrefix(rt, "=") {
		msgs = append(msgs, "routing must be unset, [keep], [discard] or [=<some new value>]")
	}
	if req.remote != nil && (p.slices == 0 || p.slices > 1) {
		msgs = append(msgs, "reindex from remote sources doesn't support slices > 1 but was ["+itoa(p.slices)+"]")
	}
	if msgs != nil {
		return nil, apierr.Validation(msgs...)
	}
	return req, nil
}

// parseDest reads dest (ObjectParser "dest").
func parseDest(v *xcontent.Value, d *reindexDest) *apierr.Error {
	return parseObject("dest", v, []objField{
		{names: []string{"index"}, kinds: kString, parse: func(f *xcontent.Value) *apierr.Error { d.index = f.Str; return nil }},
		{names: []string{"routing"}, kinds: kString, parse: func(f *xcontent.Value) *apierr.Error { d.routing = f.Str; return nil }},
		{names: []string{"op_type"}, kinds: kString, parse: func(f *xcontent.Value) *apierr.Error {
			switch f.Str {
			case "create":
				d.create = true
			case "index":
			default:
				return apierr.IllegalArgument("opType must be 'create' or 'index', found: [%s]", f.Str)
			}
			return nil
		}},
		{names: []string{"pipeline"}, kinds: kString, parse: func(f *xcontent.Value) *apierr.Error { d.pipeline = f.Str; return nil }},
		{names: []string{"version_type"}, kinds: kString, parse: func(f *xcontent.Value) *apierr.Error {
			switch f.Str {
			case "internal":
				d.versionType, d.external = shard.Internal, false
			case "external", "external_gt":
				d.versionType, d.external = shard.External, true
			case "external_gte":
				d.versionType, d.external = shard.ExternalGTE, true
			default:
				return apierr.IllegalArgument("No version type match [%s]", f.Str)
			}
			return nil
		}},
	})
}

// reindex is POST /_reindex.
func (d *DocOps) reindex(r *Request) (*Response, error) {
	if len(strings.TrimSpace(string(r.Body))) == 0 {
		return nil, apierr.Parse("request body is required")
	}
	req, err := parseReindex(r)
	if err != nil {
		return nil, err
	}
	requireAlias, berr := r.Bool("require_alias", false)
	if berr != nil {
		return nil, berr
	}
	req.requireAlias = requireAlias
	var compiled *painless.Script
	if req.script != nil {
		sc, rerr := upd.Resolve(req.script, d.docScripts())
		if rerr != nil {
			return nil, rerr
		}
		s, cerr := d.scripts.Compile(sc.Lang, "update", sc.Source, painless.CompileOptions{Options: sc.Options})
		if cerr != nil {
			return nil, upd.ScriptError(cerr)
		}
		compiled = s
	}
	expr := strings.Join(req.indices, ",")
	if req.remote != nil {
		if e := d.checkRemote(req.remote); e != nil {
			return nil, e
		}
	} else if e := d.checkReindexTarget(expr, req.dest.index); e != nil {
		return nil, e
	}
	j := &scrollJob{d: d, params: req.params, action: metaFor("reindex").Action}
	j.scroll = func() (*scrolled, *apierr.Error) {
		if req.remote != nil {
			hits, e := d.remoteScroll(req)
			return &scrolled{hits: hits, slices: 1}, e
		}
		return d.scroll(expr, indices.DefaultOptions(), "", req.spec, req.params)
	}
	written := &nameSet{}
	j.apply = func(hits []search.Hit) reindex.BatchFunc {
		return func(from, to int) ([]reindex.Item, *apierr.Error) {
			items := make([]reindex.Item, 0, to-from)
			gate := j.newCopiesGate()
			for i := range hits[from:to] {
				h := &hits[from+i]
				it, e := d.reindexOne(req, compiled, h, written, gate)
				if e != nil {
					return nil, e
				}
				items = append(items, it)
			}
			return items, nil
		}
	}
	j.after = func([]search.Hit) {
		if !req.params.refresh {
			return
		}
		for _, n := range append([]string{req.dest.index}, written.list()...) {
			if target, _, e := d.b.Indices.WriteTarget(n); e == nil {
				if x, ok := d.b.Indices.Get(target); ok {
					x.Refresh(d.b.Indices)
				}
			}
		}
	}
	desc := "reindex from "
	if req.remote != nil {
		desc += "[" + req.remote.String() + "]"
	}
	desc += javaList(expr) + " to [" + req.dest.index + "]"
	if req.script != nil {
		desc += " updated with " + scriptString(req.script)
	}
	return d.startJob(r, j, desc, reindex.Fields{})
}

// nameSet collects the index names a reindex script wrote to.
type nameSet struct {
	mu    sync.Mutex
	names map[string]bool
}

func (s *nameSet) add(n string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.names == nil {
		s.names = map[string]bool{}
	}
	s.names[n] = true
}

func (s *nameSet) list() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, 0, len(s.names))
	for n := range s.names {
		out = append(out, n)
	}
	return out
}

// checkReindexTarget refuses to write into a source index (ReindexValidator).
func (d *DocOps) checkReindexTarget(expr, dest string) *apierr.Error {
	names, e := d.b.Indices.Resolve(expr, indices.DefaultOptions())
	if e != nil {
		return e
	}
	target, _, e := d.b.Indices.WriteTarget(dest)
	if e != nil {
		return e
	}
	for _, n := range names {
		if n == target {
			return apierr.Validation("reindex cannot write into an index its reading from [" + target + "]")
		}
	}
	return nil
}

// reindexOne writes one scrolled document into the destination, after the
// script if there is one (Reindexer.buildRequest and ReindexScriptApplier).
func (d *DocOps) reindexOne(req *reindexRequest, compiled *painless.Script, h *search.Hit, written *nameSet, gate *copiesGate) (reindex.Item, *apierr.Error) {
	if x := h.Target.Index; x != nil {
		// Reindexer.buildRequest: a source index with _source disabled has
		// nothing to copy, which fails the whole request.
		if m := x.Mapping(); m != nil && m.SourceEnabled != nil && !*m.SourceEnabled {
			return reindex.Item{}, apierr.IllegalArgument("[%s][%s] didn't store _source", x.Name, h.Doc.ID)
		}
	}
	op := &write.Op{Index: req.dest.index, ID: h.Doc.ID, Source: h.Doc.Source, Create: req.dest.create, IfSeqNo: shard.NoSeqNo,
		VersionType: req.dest.versionType, RequireAlias: req.requireAlias, Pipeline: req.dest.pipeline, HasPipeline: req.dest.pipeline != ""}
	switch rt := req.dest.routing; {
	case rt == "" || rt == "keep":
		op.Routing = h.Doc.Routing
	case rt == "discard":
	default:
		op.Routing = rt[1:]
	}
	if req.dest.external {
		op.Version, op.HasVersion = h.Doc.Version, true
	}
	if f := req.spec.source; req.remote == nil && (len(f.Includes) > 0 || len(f.Excludes) > 0) {
		v, _, err := f.Apply(h.Doc.Source)
		if err != nil {
			return reindex.Item{}, apierr.Internal("stored source is not JSON: " + err.Error())
		}
		b, merr := jsonout.Marshal(v)
		if merr != nil {
			return reindex.Item{}, apierr.Internal(merr.Error())
		}
		op.Source = b
	}
	srcIndex := ""
	if h.Target.Index != nil {
		srcIndex = h.Target.Index.Name
	} else if req.remote != nil && int(h.Slot) < len(req.remote.hitIndex) {
		srcIndex = req.remote.hitIndex[h.Slot]
	}
	if compiled != nil {
		verb, e := d.applyReindexScript(compiled, req.script, srcIndex, h, op)
		if e != nil {
			return reindex.Item{}, e
		}
		written.add(op.Index)
		switch verb {
		case "noop":
			return reindex.Item{Outcome: reindex.Noop}, nil
		case "delete":
			del := &write.Op{Index: op.Index, ID: op.ID, Routing: op.Routing, Delete: true, IfSeqNo: shard.NoSeqNo}
			if _, e := d.b.writer().Run(del); e != nil {
				return writeFailure(op.Index, op.ID, e), nil
			}
			return reindex.Item{Outcome: reindex.Deleted}, nil
		}
	}
	if op.ID == "" {
		op.AutoID = true
	}
	if x := d.reindexDestForGate(op, gate); x != nil {
		if e := gate.check(x, x.Routing.Shard(op.ID, op.Routing), bulkShardDesc(x, x.Routing.Shard(op.ID, op.Routing))); e != nil {
			return writeFailure(op.Index, op.ID, e), nil
		}
	}
	res, e := d.b.writer().Run(op)
	if e != nil {
		return writeFailure(op.Index, op.ID, e), nil
	}
	if res.Dropped {
		return reindex.Item{Outcome: reindex.Noop}, nil
	}
	if res.Write.Created {
		return reindex.Item{Outcome: reindex.Created}, nil
	}
	return reindex.Item{Outcome: reindex.Updated}, nil
}

// applyReindexScript runs a reindex script: unlike update by query it may
// change _index, _id, _version and _routing, which retarget the write.
func (d *DocOps) applyReindexScript(s *painless.Script, ref *upd.Script, srcIndex string, h *search.Hit, op *write.Op) (string, *apierr.Error) {
	src, err := painless.ParseJSONHashMap(op.Source)
	if err != nil {
		return "", apierr.MapperParsing("failed to parse").WithCause(apierr.New(apierr.TypeParse, err.Error()))
	}
	ctx := painless.NewMap(8)
	ctx.Set("_index", srcIndex)
	ctx.Set("_id", h.Doc.ID)
	ctx.Set("_version", h.Doc.Version)
	var routingValue any
	if h.Doc.Routing != "" {
		routingValue = h.Doc.Routing
	}
	ctx.Set("_routing", routingValue)
	ctx.Set("_source", src)
	ctx.Set("op", "index")
	var params any
	if ref.Params != nil {
		if params, err = painless.ParseJSONHashMap(ref.Params); err != nil {
			return "", apierr.IllegalArgument("%s", err.Error())
		}
	}
	if _, err := s.Execute(map[string]any{"ctx": ctx, "params": params}, painless.ExecOptions{Now: d.b.Clock.Now}); err != nil {
		return "", upd.ScriptError(err)
	}
	opv := ctx.Delete("op")
	if opv == nil {
		return "", apierr.IllegalArgument("Script cleared operation type")
	}
	newSource := ctx.Delete("_source")
	if v := ctx.Delete("_index"); !upd.JavaEquals(v, srcIndex) {
		if v == nil {
			return "", apierr.New("null_pointer_exception", "Can't reindex without a destination index!")
		}
		op.Index = javaMapString(v)
	}
	if v := ctx.Delete("_id"); !upd.JavaEquals(v, h.Doc.ID) {
		op.ID = ""
		if v != nil {
			op.ID = javaMapString(v)
		}
	}
	if v := ctx.Delete("_version"); !upd.JavaEquals(v, h.Doc.Version) {
		if v == nil {
			op.HasVersion, op.Version, op.VersionType = false, 0, shard.Internal
		} else {
			switch n := v.(type) {
			case int32:
				op.Version = int64(n)
			case int64:
				op.Version = n
			default:
				return "", apierr.IllegalArgument("_version may only be set to an int or a long but was [%s]", javaMapString(v))
			}
		}
	}
	if v := ctx.Delete("_routing"); !upd.JavaEquals(v, routingValue) {
		op.Routing = ""
		if v != nil {
			op.Routing = javaMapString(v)
		}
	}
	ops, _ := opv.(string)
	verb := strings.ToLower(ops)
	switch verb {
	case "noop", "index", "delete":
	default:
		return "", apierr.IllegalArgument("Operation type [%s] not allowed, only [noop, index, delete] are allowed", verb)
	}
	if verb == "index" && ctx.Len() > 0 {
		keys := ctx.Keys()
		names := make([]string, len(keys))
		for i, k := range keys {
			names[i], _ = k.(string)
		}
		return "", apierr.IllegalArgument("Invalid fields added to context [%s]", strings.Join(names, ","))
	}
	if verb == "index" {
		out, err := painless.EncodeJSON(newSource)
		if err != nil {
			return "", upd.ScriptError(err)
		}
		op.Source = out
	}
	return verb, nil
}
