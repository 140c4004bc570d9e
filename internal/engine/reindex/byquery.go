package reindex

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
)

// ByQuery is a parsed _delete_by_query or _update_by_query request, less
// its search (which the scroll function runs).
type ByQuery struct {
	Params *Params
	// Indices is the index expression of the path.
	Indices string
	// Script is update by query's script (nil for none); Compiled is it compiled.
	Script   *upd.Script
	Compiled *painless.Script
	// Pipeline is update by query's pipeline parameter, when HasPipeline.
	Pipeline    string
	HasPipeline bool
	// SourceDisabled is the search's _source=false, which update by query
	// cannot write back; Filter is its includes and excludes.
	SourceDisabled bool
	Filter         SourceFilter
}

// newJob starts a job of the given action over p.
func (env *Env) newJob(action string, p *Params, scroll ScrollFunc) *Job {
	return &Job{env: env, params: p, action: action, scroll: scroll}
}

// DeleteByQuery is the job of a _delete_by_query: every scrolled document
// is deleted unless it changed since the scroll.
func (env *Env) DeleteByQuery(action string, q *ByQuery, scroll ScrollFunc) *Job {
	j := env.newJob(action, q.Params, scroll)
	j.description = "delete-by-query " + JavaList(q.Indices)
	j.apply = func(hits []search.Hit) BatchFunc {
		return func(from, to int) ([]Item, *apierr.Error) {
			gate := j.newCopiesGate()
			items := make([]Item, 0, to-from)
			for _, h := range hits[from:to] {
				x := h.Target.Index
				if e := gate.check(x, h.Target.Shard); e != nil {
					items = append(items, writeFailure(x.Name, h.Doc.ID, e))
					continue
				}
				w := &Write{Index: x.Name, ID: h.Doc.ID, Routing: h.Doc.Routing, Delete: true, IfSeqNo: h.Doc.SeqNo, IfTerm: h.Doc.PrimaryTerm}
				if _, e := env.Writer.Write(w); e != nil {
					items = append(items, writeFailure(x.Name, h.Doc.ID, e))
					continue
				}
				items = append(items, Item{Outcome: Deleted})
			}
			return items, nil
		}
	}
	j.after = j.refreshScrolled
	return j
}

// UpdateByQuery is the job of an _update_by_query: every scrolled document
// is written back (through its script and pipeline) unless it changed
// since the scroll.
func (env *Env) UpdateByQuery(action string, q *ByQuery, scroll ScrollFunc) *Job {
	j := env.newJob(action, q.Params, scroll)
	j.description = "update-by-query " + JavaList(q.Indices)
	if q.Script != nil {
		j.description += " updated with " + q.Script.String()
	}
	j.apply = func(hits []search.Hit) BatchFunc {
		return func(from, to int) ([]Item, *apierr.Error) {
			gate := j.newCopiesGate()
			items := make([]Item, 0, to-from)
			for _, h := range hits[from:to] {
				x := h.Target.Index
				if e := gate.check(x, h.Target.Shard); e != nil {
					items = append(items, writeFailure(x.Name, h.Doc.ID, e))
					continue
				}
				source, e := scrolledSource(x, &h.Doc, q.SourceDisabled, q.Filter)
				if e != nil {
					return nil, e
				}
				op := "index"
				if q.Compiled != nil {
					if source, op, e = env.applyUpdateScript(q.Compiled, q.Script, x.Name, &h.Doc, source); e != nil {
						return nil, e
					}
				}
				w := &Write{Index: x.Name, ID: h.Doc.ID, Routing: h.Doc.Routing, IfSeqNo: h.Doc.SeqNo, IfTerm: h.Doc.PrimaryTerm, Pipeline: q.Pipeline, HasPipeline: q.HasPipeline}
				switch op {
				case "noop":
					items = append(items, Item{Outcome: Noop})
					continue
				case "delete":
					w.Delete = true
				default:
					w.Source = source
				}
				res, e := env.Writer.Write(w)
				if e != nil {
					items = append(items, writeFailure(x.Name, h.Doc.ID, e))
					continue
				}
				switch {
				case res.Dropped:
					items = append(items, Item{Outcome: Noop})
				case w.Delete:
					items = append(items, Item{Outcome: Deleted})
				default:
					items = append(items, Item{Outcome: Updated})
				}
			}
			return items, nil
		}
	}
	j.after = j.refreshScrolled
	return j
}

// refreshScrolled refreshes the indices a by-query job read and wrote
// (refresh=true).
func (j *Job) refreshScrolled([]search.Hit) {
	if !j.params.Refresh {
		return
	}
	seen := map[*indices.Index]bool{}
	for _, t := range j.targets {
		if !seen[t.Index] {
			seen[t.Index] = true
			t.Index.Refresh(j.env.Indices)
		}
	}
}

// writeFailure converts a write error into a bulk failure item.
func writeFailure(index, id string, e *apierr.Error) Item {
	f := &Failure{Index: index, ID: id, Cause: e, Status: e.Status}
	if e.Type == apierr.TypeVersionConflict {
		return Item{Outcome: Conflict, Failure: f}
	}
	return Item{Outcome: Failed, Failure: f}
}

// JavaList renders a comma-separated list as Arrays.toString: "[a, b]".
func JavaList(csv string) string {
	return "[" + strings.Join(strings.Split(csv, ","), ", ") + "]"
}

// applyUpdateScript runs an update-by-query script on one document and
// applies the ScriptApplier rules: ctx.op is noop, index or delete (any
// case), the metadata may not change, no keys may be added.
func (env *Env) applyUpdateScript(s *painless.Script, ref *upd.Script, index string, doc *shard.Doc, source []byte) ([]byte, string, *apierr.Error) {
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
	if _, err := s.Execute(map[string]any{"ctx": ctx, "params": params}, painless.ExecOptions{Now: env.Clock.Now}); err != nil {
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
	op, e := scriptOp(opv, ctx)
	if e != nil || op != "index" {
		return nil, op, e
	}
	out, err := painless.EncodeJSON(newSource)
	if err != nil {
		return nil, "", upd.ScriptError(err)
	}
	return out, op, nil
}

// scriptOp reads the ctx.op a script left (noop, index or delete, any
// case); an index may leave no other key in ctx.
func scriptOp(opv any, ctx *painless.Map) (string, *apierr.Error) {
	ops, _ := opv.(string)
	op := strings.ToLower(ops)
	switch op {
	case "noop", "index", "delete":
	default:
		return "", apierr.IllegalArgument("Operation type [%s] not allowed, only [noop, index, delete] are allowed", op)
	}
	if op == "index" && ctx.Len() > 0 {
		keys := ctx.Keys()
		names := make([]string, len(keys))
		for i, k := range keys {
			names[i], _ = k.(string)
		}
		return "", apierr.IllegalArgument("Invalid fields added to context [%s]", strings.Join(names, ","))
	}
	return op, nil
}
