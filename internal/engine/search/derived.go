package search

import (
	"encoding/json"
	"strings"
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Derived fields (OpenSearch 2.15+) are computed at search time by a
// Painless script that emits values from the document's _source. A shard's
// search sees the index mapping's definitions and the request's (which win)
// through its mapping (WithSearchFields) and indexes the values of the ones
// it reads into a reader overlay, the fake's counterpart of the memory
// index DerivedFieldQuery builds per document: queries and aggregations
// then run on them as on any field. Sorts, docvalue_fields and doc[...] in
// scripts read the field's (absent) doc values, as OpenSearch does.

// derivedContext is DerivedFieldScript's context: params (with _source) and doc.
var derivedContext = scriptContext{"derived_field", []string{"doc"}, ""}

// maxEmitBytes bounds what one document's script may emit (1 MB).
const maxEmitBytes = 1024 * 1024

// inferenceSample is how many documents type inference reads at most.
const inferenceSample = 100

// derivedState is one shard search's derived fields.
type derivedState struct {
	c      *shardCtx
	base   *shard.Reader // the reader without the overlay
	defs   map[string]*mapping.DerivedField
	mu     sync.Mutex
	fields map[string]*mapping.Field // resolved paths (nil: not a derived field)
	// scripts are the definitions' scripts compiled for the shard.
	scripts map[*mapping.DerivedField]*searchScript
	// err is the first failure while computing values: it fails the shard.
	err *apierr.Error
}

// prepareDerived sets up the derived fields of each shard that has some:
// its reader becomes one with the overlay (readers is updated), and the
// returned context (nil for a shard without derived fields) carries the
// mapping and the state the shard's search context takes over. The state
// runs its scripts through that context.
func prepareDerived(req *Request, readers []*shard.Reader, lookups map[*dsl.Terms][]xcontent.Value, warnings *[]string) []*shardCtx {
	out := make([]*shardCtx, len(readers))
	for i, r := range readers {
		t := req.Targets[i]
		c := &shardCtx{lookups: lookups, r: r, idx: t.Index, m: t.Index.Mapping(), sim: req.Similarity, now: req.Now, shard: t.Shard,
			scripts: req.Scripts, warnings: warnings}
		c.setupDerived(req.Derived)
		if c.derived != nil {
			readers[i] = c.r
			out[i] = c
		}
	}
	return out
}

// setupDerived makes the index mapping's and the request's derived fields
// visible to the shard's search.
func (c *shardCtx) setupDerived(request map[string]*mapping.DerivedField) {
	defs := c.m.Derived
	if len(request) > 0 {
		merged := make(map[string]*mapping.DerivedField, len(defs)+len(request))
		for n, d := range defs {
			merged[n] = d
		}
		for n, d := range request {
			merged[n] = d
		}
		defs = merged
	}
	if len(defs) == 0 {
		return
	}
	ds := &derivedState{c: c, base: c.r, defs: defs, fields: map[string]*mapping.Field{}}
	c.derived = ds
	c.m = c.m.WithSearchFields(ds.lookup)
	c.r = c.r.WithOverlay(&shard.Overlay{Build: ds.build})
}

// fail records the first failure of the shard's derived values.
func (ds *derivedState) fail(e *apierr.Error) {
	if ds.err == nil {
		ds.err = e
	}
}

// lookup resolves a path to a derived field as DerivedFieldResolver does: a
// definition by name, else a sub-field of an object definition, typed by
// its properties or inferred from the first value the documents hold.
func (ds *derivedState) lookup(path string) *mapping.Field {
	ds.mu.Lock()
	f, done := ds.fields[path]
	ds.mu.Unlock()
	if done {
		return f
	}
	f = ds.resolve(path)
	ds.mu.Lock()
	ds.fields[path] = f
	ds.mu.Unlock()
	return f
}

func (ds *derivedState) resolve(path string) *mapping.Field {
	if d, ok := ds.defs[path]; ok {
		if d.Type == mapping.TypeObject {
			// queries on the object itself reach a keyword that is not indexed
			return &mapping.Field{Name: path, Path: path, Type: mapping.TypeKeyword, Params: map[string]any{"index": false, "doc_values": false}, Derived: d}
		}
		return ds.field(path, d.Type, d)
	}
	parent, sub, ok := strings.Cut(path, ".")
	d, found := ds.defs[parent]
	if !ok || !found || d.Type != mapping.TypeObject {
		return nil
	}
	typ := d.PropertyType(sub)
	if typ == "" {
		typ = ds.infer(d, sub)
	}
	if typ == "" || !mapping.DerivedTypes[typ] || typ == mapping.TypeObject {
		return nil
	}
	return ds.field(path, typ, d)
}

// field is the mapped field a derived path reads as.
func (ds *derivedState) field(path, typ string, d *mapping.DerivedField) *mapping.Field {
	f := &mapping.Field{Name: path[strings.LastIndexByte(path, '.')+1:], Path: path, Type: typ, Params: map[string]any{}, Derived: d}
	if typ == mapping.TypeText {
		if _, ok := ds.c.idx.Analyzer("default"); ok {
			f.Params["analyzer"] = "default" // the index's default analyzer
		}
	}
	return f
}

// infer types an object's sub-field from the first of the sampled
// documents that has a value for it, as dynamic mapping would map it.
func (ds *derivedState) infer(d *mapping.DerivedField, sub string) string {
	r := ds.base
	seen := 0
	for slot := int32(0); slot < r.MaxDoc() && seen < inferenceSample; slot++ {
		if !r.Live(slot) {
			continue
		}
		seen++
		vals, err := ds.emitted(d, slot)
		if err != nil {
			return ""
		}
		vals, err = objectValues(d, sub, vals)
		if err != nil {
			return ""
		}
		for _, v := range vals {
			if t := inferType(v); t != "" {
				return t
			}
		}
	}
	return ""
}

// inferType is the type dynamic mapping gives a JSON value.
func inferType(v any) string {
	switch x := v.(type) {
	case bool:
		return mapping.TypeBoolean
	case json.Number:
		if _, err := x.Int64(); err == nil {
			return mapping.TypeLong
		}
		return mapping.TypeFloat
	case string:
		if _, ok := mapping.DetectDate(x); ok {
			return mapping.TypeDate
		}
		return mapping.TypeText
	case []any:
		for _, e := range x {
			if t := inferType(e); t != "" {
				return t
			}
		}
	}
	return ""
}

// values returns a derived field's values for a document: the script's
// emitted values, or an object's sub-field values.
func (ds *derivedState) values(f *mapping.Field, slot int32) ([]any, *apierr.Error) {
	d := f.Derived
	vals, err := ds.emitted(d, slot)
	if err != nil || f.Path == d.Name {
		return vals, err
	}
	return objectValues(d, f.Path[len(d.Name)+1:], vals)
}

// build computes an overlay field: every live document's values, read as
// the field's type, in the shard's indexable form.
func (ds *derivedState) build(path string) ([]int32, []*shard.Fields, bool) {
	f := ds.lookup(path)
	if f == nil || f.Derived == nil || f.Params["index"] == false {
		return nil, nil, false
	}
	var m *mapping.Mapping
	def := jsonout.Object{{Key: "type", Value: f.Type}}
	if a, ok := f.Params["analyzer"]; ok {
		def = append(def, jsonout.Field{Key: "analyzer", Value: a})
	}
	props := jsonout.Object{{Key: f.Name, Value: def}}
	parts := strings.Split(path, ".")
	for i := len(parts) - 2; i >= 0; i-- {
		props = jsonout.Object{{Key: parts[i], Value: jsonout.Object{{Key: "properties", Value: props}}}}
	}
	m, merr := mapping.ParseMappings(jsonout.Object{{Key: "dynamic", Value: "false"}, {Key: "properties", Value: props}})
	if merr != nil {
		ds.fail(merr)
		return nil, nil, true
	}
	r := ds.base
	var slots []int32
	var fields []*shard.Fields
	for slot := int32(0); slot < r.MaxDoc(); slot++ {
		if !r.Live(slot) {
			continue
		}
		vals, err := ds.values(f, slot)
		if err == nil {
			vals, err = indexable(f, vals)
		}
		if err != nil {
			ds.fail(err)
			return nil, nil, true
		}
		if len(vals) == 0 {
			continue
		}
		var doc any = vals
		for i := len(parts) - 1; i >= 0; i-- {
			doc = jsonout.Object{{Key: parts[i], Value: doc}}
		}
		fs, perr := ds.c.idx.DerivedFields(m, doc.(jsonout.Object))
		if perr != nil {
			if f.Derived.IgnoreMalformed {
				continue
			}
			ds.fail(perr)
			return nil, nil, true
		}
		slots = append(slots, slot)
		fields = append(fields, fs)
	}
	return slots, fields, true
}
