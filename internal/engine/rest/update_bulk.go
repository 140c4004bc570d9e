package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/objparse"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// bulkUpdateItem runs one _bulk update item (installed as
// Backend.UpdateItem): the body is an update body, the action line gives
// index, id, routing, if_seq_no/if_primary_term and retry_on_conflict. The
// item body is the update response plus its status.
func (d *DocOps) bulkUpdateItem(op *write.Op, retries int, raw []byte, fetch *objparse.FetchSource) (*write.Result, jsonout.Object, *apierr.Error) {
	body, e := upd.ParseBody(raw)
	if e != nil {
		return nil, nil, e
	}
	p := &updateParams{index: op.Index, id: op.ID, routing: op.Routing, retries: int64(retries), ifSeqNo: op.IfSeqNo, ifTerm: op.IfPrimaryTerm, source: body.Source}
	if fetch != nil {
		p.source = fetch // BulkRequestParser sets it after reading the body
	}
	if body.IfSeqNo != nil {
		p.ifSeqNo = *body.IfSeqNo
	}
	if body.IfTerm != nil {
		p.ifTerm = *body.IfTerm
	}
	if e := upd.Validate(upd.Target{ID: p.id, IfSeqNo: p.ifSeqNo, IfTerm: p.ifTerm, Retries: p.retries}, &body.Req); e != nil {
		return nil, nil, e
	}
	if err := d.ingestUpdate(p.index, p.id, p.routing, &body.Req, op.Pipeline, op.HasPipeline, op.Warn); err != nil {
		return nil, nil, err
	}
	x, _, e := d.b.Indices.GetOrCreate(p.index)
	if e != nil {
		return nil, nil, e
	}
	if e := x.Blocked(indices.BlockWrite); e != nil {
		return nil, nil, e
	}
	done, e := d.b.execUpdate(x, p, &body.Req, d.docScripts(), false)
	if e != nil {
		return nil, nil, e
	}
	return done.res, append(done.body, jsonout.Field{Key: "status", Value: done.status}), nil
}
