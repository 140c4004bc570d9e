package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// bulkUpdateItem runs one _bulk update item (installed as
// Backend.UpdateItem): the body is an update body, the action line gives
// index, id, routing, if_seq_no/if_primary_term and retry_on_conflict. The
// item body is the update response plus its status.
func (d *DocOps) bulkUpdateItem(op *write.Op, retries int, raw []byte, fetch *fetchSource) (*write.Result, jsonout.Object, *apierr.Error) {
	body, e := parseUpdateBody(raw)
	if e != nil {
		return nil, nil, e
	}
	p := &updateParams{index: op.Index, id: op.ID, routing: op.Routing, retries: int64(retries), ifSeqNo: op.IfSeqNo, ifTerm: op.IfPrimaryTerm, source: body.source}
	if fetch != nil {
		p.source = fetch // BulkRequestParser sets it after reading the body
	}
	if body.ifSeqNo != nil {
		p.ifSeqNo = *body.ifSeqNo
	}
	if body.ifTerm != nil {
		p.ifTerm = *body.ifTerm
	}
	if e := validateUpdate(p, &body.req); e != nil {
		return nil, nil, e
	}
	if err := d.ingestUpdate(p.index, p.id, p.routing, &body.req, op.Pipeline, op.HasPipeline, op.Warn); err != nil {
		return nil, nil, err
	}
	x, _, e := d.b.Indices.GetOrCreate(p.index)
	if e != nil {
		return nil, nil, e
	}
	if e := x.Blocked(indices.BlockWrite); e != nil {
		return nil, nil, e
	}
	done, e := d.b.execUpdate(x, p, &body.req, d.docScripts(), false)
	if e != nil {
		return nil, nil, e
	}
	return done.res, append(done.body, jsonout.Field{Key: "status", Value: done.status}), nil
}
