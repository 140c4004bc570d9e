package rest

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/ingest"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// ingestRoutes are the _ingest/pipeline APIs and the grok pattern listing.
func (d *DocOps) ingestRoutes() []Route {
	cm := []string{"cluster_manager_timeout", "master_timeout"}
	put := append([]string{"timeout"}, cm...)
	return append([]Route{
		{Op: "ingest.put_pipeline", Method: "PUT", Path: "/_ingest/pipeline/{id}", Params: put, Body: true, Handler: d.putPipeline},
		{Op: "ingest.get_pipeline", Method: "GET", Path: "/_ingest/pipeline", Params: cm, Handler: d.getPipeline},
		{Op: "ingest.get_pipeline", Method: "GET", Path: "/_ingest/pipeline/{id}", Params: cm, Handler: d.getPipeline},
		{Op: "ingest.delete_pipeline", Method: "DELETE", Path: "/_ingest/pipeline/{id}", Params: put, Handler: d.deletePipeline},
		{Op: "ingest.simulate", Method: "POST", Path: "/_ingest/pipeline/_simulate", Params: []string{"verbose"}, Body: true, Handler: d.simulate},
		{Op: "ingest.simulate", Method: "GET", Path: "/_ingest/pipeline/_simulate", Params: []string{"verbose"}, Body: true, Handler: d.simulate},
		{Op: "ingest.simulate", Method: "POST", Path: "/_ingest/pipeline/{id}/_simulate", Params: []string{"verbose"}, Body: true, Handler: d.simulate},
		{Op: "ingest.simulate", Method: "GET", Path: "/_ingest/pipeline/{id}/_simulate", Params: []string{"verbose"}, Body: true, Handler: d.simulate},
	}, grokRoutes()...)
}

func acknowledged() *Response { return OK(jsonout.Object{{Key: "acknowledged", Value: true}}) }

func (d *DocOps) putPipeline(r *Request) (*Response, error) {
	if err := d.ingest.Put(r.PathParam("id"), r.Body); err != nil {
		return nil, err
	}
	return acknowledged(), nil
}

func (d *DocOps) getPipeline(r *Request) (*Response, error) {
	var ids []string
	if id := r.PathParam("id"); id != "" {
		ids = strings.Split(id, ",")
	}
	entries := d.ingest.Get(ids)
	out := make(jsonout.Object, 0, len(entries))
	for _, e := range entries {
		out = append(out, jsonout.Field{Key: e.ID, Value: json.RawMessage(e.Config)})
	}
	if len(entries) == 0 && len(ids) > 0 {
		return &Response{Status: http.StatusNotFound, Body: jsonout.Object{}}, nil
	}
	return OK(out), nil
}

func (d *DocOps) deletePipeline(r *Request) (*Response, error) {
	if err := d.ingest.Delete(r.PathParam("id")); err != nil {
		return nil, err
	}
	return acknowledged(), nil
}

// ingestHook runs the pipelines of an index or create operation before it is
// written: the request's pipeline (or the index's default_pipeline) and then
// its final_pipeline. It reports whether a drop processor dropped the document.
// Updates run no pipeline: OpenSearch 2.x applies default and final pipelines
// to index requests only (3.0 starts warning about it).
func (d *DocOps) ingestHook(op *write.Op) (bool, *apierr.Error) {
	if op.SkipIngest {
		return false, nil
	}
	var ids []string
	def, final := "_none", "_none"
	x, exists := d.b.Indices.Get(op.Index)
	s := d.b.Indices.TemplateSettings // an index the write will create takes its templates' pipelines
	if exists {
		s = func(string) settings.Settings { return x.Settings() }
	}
	st := s(op.Index)
	if v, ok := st.Get("index.default_pipeline"); ok {
		def = v
	}
	if v, ok := st.Get("index.final_pipeline"); ok {
		final = v
	}
	if op.HasPipeline {
		if op.Pipeline == "" {
			return false, apierr.Validation("pipeline cannot be an empty string") // IndexRequest.validate
		}
		def = op.Pipeline
	}
	if def != "_none" && def != "" {
		ids = append(ids, def)
	}
	if final != "_none" && final != "" {
		ids = append(ids, final)
	}
	if len(ids) == 0 {
		return false, nil
	}
	started := d.b.Clock.Now()
	defer func() { op.IngestNanos = d.b.Clock.Now().Sub(started).Nanoseconds() }()
	vt := "internal"
	switch op.VersionType {
	case shard.External:
		vt = "external"
	case shard.ExternalGTE:
		vt = "external_gte"
	}
	version := int64(-3)
	if op.HasVersion {
		version = op.Version
	}
	doc, err := ingest.NewDocument(op.Source, ingest.Meta{Index: op.Index, ID: op.ID, HasID: !op.AutoID, Routing: op.Routing, Version: version, VersionType: vt}, d.ingest.Timestamp())
	if err != nil {
		return false, err
	}
	if err := d.ingest.Run(ids, doc); err != nil {
		return false, err
	}
	if doc.Dropped {
		return true, nil
	}
	m := doc.Meta()
	if op.Index, err = ingest.ResolveIndexDateMath(m.Index, d.b.Clock.Now()); err != nil { // date_index_name sets <name-{date math}>
		return false, err
	}
	op.Routing = m.Routing
	if m.HasID {
		op.ID, op.AutoID = m.ID, false
	}
	if op.Source, err = doc.SourceJSON(); err != nil {
		return false, err
	}
	return false, nil
}

// parsePainlessBody decodes a request body into native values.
func parsePainlessBody(body []byte) (*painless.Map, *apierr.Error) {
	v, err := painless.ParseJSON(body)
	if err != nil {
		return nil, apierr.JSONSyntax(body, err)
	}
	m, ok := v.(*painless.Map)
	if !ok {
		return nil, apierr.Parse("request body or source parameter is required")
	}
	return m, nil
}

// droppedBody is the response for a document a drop processor dropped: the
// UpdateResponse TransportBulkAction builds, with version MATCH_ANY, result
// noop, empty shard info and no sequence number.
func droppedBody(op *write.Op) jsonout.Object {
	var id any = op.ID
	if op.AutoID && op.ID == "" {
		id = nil
	}
	return jsonout.Object{{Key: "_index", Value: op.Index}, {Key: "_id", Value: id}, {Key: "_version", Value: -3}, {Key: "result", Value: "noop"},
		{Key: "_shards", Value: jsonout.Object{{Key: "total", Value: 0}, {Key: "successful", Value: 0}, {Key: "failed", Value: 0}}}}
}

// PutPipeline stores a pipeline as PUT /_ingest/pipeline/{id} does (for the
// fake's direct helpers).
func (d *DocOps) PutPipeline(id string, body []byte) error {
	if e := d.ingest.Put(id, body); e != nil {
		return e
	}
	return nil
}

// DeletePipeline removes the pipelines matching id as DELETE
// /_ingest/pipeline/{id} does.
func (d *DocOps) DeletePipeline(id string) error {
	if e := d.ingest.Delete(id); e != nil {
		return e
	}
	return nil
}
