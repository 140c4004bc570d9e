package rest

import (
	"fmt"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// updatePipelineWarning is TransportBulkAction's deprecation warning for an
// update of an index with a default or final pipeline.
const updatePipelineWarning = "the index [%s] has a default ingest pipeline or a final ingest pipeline, the support of the ingest pipelines for update operation causes unexpected result and will be removed in 3.0.0"

// hasIndexPipeline reports whether an index names a default or final
// pipeline (other than _none).
func (d *DocOps) hasIndexPipeline(index string) bool {
	x, ok := d.b.Indices.Get(index)
	if !ok {
		return false
	}
	s := x.Settings()
	for _, k := range []string{"index.default_pipeline", "index.final_pipeline"} {
		if v, ok := s.Get(k); ok && v != "" && v != "_none" {
			return true
		}
	}
	return false
}

// ingestUpdate runs an update's index request through its pipelines before
// the update executes, as TransportBulkAction does with
// getIndexWriteRequest: the doc when doc_as_upsert is set, else the upsert
// document. An update with neither runs no pipeline, and on an index with a
// default or final one gets the deprecation warning (to warn). pipeline is
// the bulk's pipeline parameter, if any.
func (d *DocOps) ingestUpdate(index, id, routing string, req *upd.Request, pipeline string, hasPipeline bool, warn func(string)) *apierr.Error {
	target := &req.Upsert
	if req.DocAsUpsert {
		target = &req.Doc
	}
	if *target == nil {
		if warn != nil && d.hasIndexPipeline(index) {
			warn(fmt.Sprintf(updatePipelineWarning, index))
		}
		return nil
	}
	op := &write.Op{Index: index, ID: id, Routing: routing, Source: *target, Pipeline: pipeline, HasPipeline: hasPipeline}
	dropped, err := d.ingestHook(op)
	if err != nil {
		return err
	}
	if !dropped {
		*target = op.Source
	}
	return nil
}
