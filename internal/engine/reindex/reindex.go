package reindex

import (
	"strings"
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
)

// Dest is the body's dest object of a _reindex.
type Dest struct {
	Index string
	// Routing is "" or "keep" (the source's), "discard" (none) or "=x" (x).
	Routing     string
	Create      bool // op_type create
	VersionType shard.VersionType
	External    bool   // an external version type: the source's version is kept
	Pipeline    string // "" when not given
}

// Request is a parsed _reindex request, less its local search (which the
// scroll function runs).
type Request struct {
	Params *Params
	// Indices are the source indices (or remote index names).
	Indices []string
	// Remote is source.remote (nil for a local source).
	Remote *RemoteInfo
	Dest   Dest
	// Script is the script (nil for none); Compiled is it compiled.
	Script   *upd.Script
	Compiled *painless.Script
	// RawQuery, RawSort and RawSource are the source's JSON, sent as they
	// are to a remote cluster.
	RawQuery, RawSort, RawSource []byte
	// RequireAlias makes every write fail unless dest is an alias.
	RequireAlias bool
	// Filter is the local source's _source includes and excludes.
	Filter SourceFilter
}

// Description is the task description (ReindexRequest.getDescription).
func (req *Request) Description() string {
	desc := "reindex from "
	if req.Remote != nil {
		desc += "[" + req.Remote.String() + "]"
	}
	desc += JavaList(strings.Join(req.Indices, ",")) + " to [" + req.Dest.Index + "]"
	if req.Script != nil {
		desc += " updated with " + req.Script.String()
	}
	return desc
}

// Reindex is the job of a _reindex: every document the source (local, read
// by scroll, or the remote cluster) holds is written into dest, through the
// script when there is one.
func (env *Env) Reindex(action string, req *Request, scroll ScrollFunc) *Job {
	var remoteIndex []string // the remote index of each remote hit (by Slot)
	if req.Remote != nil {
		scroll = func() (*Scrolled, *apierr.Error) {
			hits, names, e := env.remoteScroll(req)
			remoteIndex = names
			return &Scrolled{Hits: hits, Slices: 1}, e
		}
	}
	j := env.newJob(action, req.Params, scroll)
	j.description = req.Description()
	written := &nameSet{}
	j.apply = func(hits []search.Hit) BatchFunc {
		return func(from, to int) ([]Item, *apierr.Error) {
			items := make([]Item, 0, to-from)
			gate := j.newCopiesGate()
			for i := range hits[from:to] {
				h := &hits[from+i]
				srcIndex := ""
				if h.Target.Index != nil {
					srcIndex = h.Target.Index.Name
				} else if int(h.Slot) < len(remoteIndex) {
					srcIndex = remoteIndex[h.Slot]
				}
				it, e := env.reindexOne(req, srcIndex, h, written, gate)
				if e != nil {
					return nil, e
				}
				items = append(items, it)
			}
			return items, nil
		}
	}
	j.after = func([]search.Hit) {
		if !req.Params.Refresh {
			return
		}
		for _, n := range append([]string{req.Dest.Index}, written.list()...) {
			if target, _, e := env.Indices.WriteTarget(n); e == nil {
				if x, ok := env.Indices.Get(target); ok {
					x.Refresh(env.Indices)
				}
			}
		}
	}
	return j
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

// CheckTarget refuses to write into a source index (ReindexValidator):
// expr is the source expression, dest the destination name.
func CheckTarget(svc *indices.Service, expr, dest string) *apierr.Error {
	names, e := svc.Resolve(expr, indices.DefaultOptions())
	if e != nil {
		return e
	}
	target, _, e := svc.WriteTarget(dest)
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
// srcIndex is the index the document came from.
func (env *Env) reindexOne(req *Request, srcIndex string, h *search.Hit, written *nameSet, gate *copiesGate) (Item, *apierr.Error) {
	if x := h.Target.Index; x != nil && !storesSource(x) {
		// Reindexer.buildRequest: a source index with _source disabled has
		// nothing to copy, which fails the whole request.
		return Item{}, apierr.IllegalArgument("[%s][%s] didn't store _source", x.Name, h.Doc.ID)
	}
	w := &Write{Index: req.Dest.Index, ID: h.Doc.ID, Source: h.Doc.Source, Create: req.Dest.Create, IfSeqNo: shard.NoSeqNo,
		VersionType: req.Dest.VersionType, RequireAlias: req.RequireAlias, Pipeline: req.Dest.Pipeline, HasPipeline: req.Dest.Pipeline != ""}
	switch rt := req.Dest.Routing; {
	case rt == "" || rt == "keep":
		w.Routing = h.Doc.Routing
	case rt == "discard":
	default:
		w.Routing = rt[1:]
	}
	if req.Dest.External {
		w.Version, w.HasVersion = h.Doc.Version, true
	}
	if req.Remote == nil && req.Filter != nil {
		b, e := req.Filter(h.Doc.Source)
		if e != nil {
			return Item{}, e
		}
		w.Source = b
	}
	if req.Compiled != nil {
		verb, e := env.applyReindexScript(req.Compiled, req.Script, srcIndex, h, w)
		if e != nil {
			return Item{}, e
		}
		written.add(w.Index)
		switch verb {
		case "noop":
			return Item{Outcome: Noop}, nil
		case "delete":
			del := &Write{Index: w.Index, ID: w.ID, Routing: w.Routing, Delete: true, IfSeqNo: shard.NoSeqNo}
			if _, e := env.Writer.Write(del); e != nil {
				return writeFailure(w.Index, w.ID, e), nil
			}
			return Item{Outcome: Deleted}, nil
		}
	}
	if w.ID == "" {
		w.AutoID = true
	}
	if x := gate.destForGate(w); x != nil {
		if e := gate.check(x, x.Routing.Shard(w.ID, w.Routing)); e != nil {
			return writeFailure(w.Index, w.ID, e), nil
		}
	}
	res, e := env.Writer.Write(w)
	switch {
	case e != nil:
		return writeFailure(w.Index, w.ID, e), nil
	case res.Dropped:
		return Item{Outcome: Noop}, nil
	case res.Created:
		return Item{Outcome: Created}, nil
	}
	return Item{Outcome: Updated}, nil
}

// applyReindexScript runs a reindex script: unlike update by query it may
// change _index, _id, _version and _routing, which retarget the write.
func (env *Env) applyReindexScript(s *painless.Script, ref *upd.Script, srcIndex string, h *search.Hit, w *Write) (string, *apierr.Error) {
	src, err := painless.ParseJSONHashMap(w.Source)
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
	if _, err := s.Execute(map[string]any{"ctx": ctx, "params": params}, painless.ExecOptions{Now: env.Clock.Now}); err != nil {
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
		w.Index = upd.JavaString(v)
	}
	if v := ctx.Delete("_id"); !upd.JavaEquals(v, h.Doc.ID) {
		w.ID = ""
		if v != nil {
			w.ID = upd.JavaString(v)
		}
	}
	if v := ctx.Delete("_version"); !upd.JavaEquals(v, h.Doc.Version) {
		if v == nil {
			w.HasVersion, w.Version, w.VersionType = false, 0, shard.Internal
		} else {
			switch n := v.(type) {
			case int32:
				w.Version = int64(n)
			case int64:
				w.Version = n
			default:
				return "", apierr.IllegalArgument("_version may only be set to an int or a long but was [%s]", upd.JavaString(v))
			}
		}
	}
	if v := ctx.Delete("_routing"); !upd.JavaEquals(v, routingValue) {
		w.Routing = ""
		if v != nil {
			w.Routing = upd.JavaString(v)
		}
	}
	verb, e := scriptOp(opv, ctx)
	if e != nil {
		return "", e
	}
	if verb == "index" {
		out, err := painless.EncodeJSON(newSource)
		if err != nil {
			return "", upd.ScriptError(err)
		}
		w.Source = out
	}
	return verb, nil
}
