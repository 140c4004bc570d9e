package update

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// Target is what an update names besides its body: the document id and the
// URL's concurrency controls (IfSeqNo shard.NoSeqNo: none).
type Target struct {
	ID              string
	IfSeqNo, IfTerm int64
	Retries         int64 // retry_on_conflict
}

// Validate is UpdateRequest.validate: every complaint about p and req, in
// its order, as one validation failure; nil when the update may run.
func Validate(p Target, req *Request) *apierr.Error {
	var msgs []string
	if p.ID == "" {
		msgs = append(msgs, "id is missing")
	}
	if p.IfSeqNo != shard.NoSeqNo && p.IfTerm == 0 {
		msgs = append(msgs, "ifSeqNo is set, but primary term is [0]")
	}
	if p.IfSeqNo == shard.NoSeqNo && p.IfTerm != 0 {
		msgs = append(msgs, "ifSeqNo is unassigned, but primary term is ["+strconv.FormatInt(p.IfTerm, 10)+"]")
	}
	if p.IfSeqNo != shard.NoSeqNo {
		if p.Retries > 0 {
			msgs = append(msgs, "compare and write operations can not be retried")
		}
		if req.DocAsUpsert {
			msgs = append(msgs, "compare and write operations can not be used with upsert")
		}
		if req.Upsert != nil {
			msgs = append(msgs, "upsert requests don't support `if_seq_no` and `if_primary_term`")
		}
	}
	if req.Script == nil && req.Doc == nil {
		msgs = append(msgs, "script or doc is missing")
	}
	if req.Script != nil && req.Doc != nil {
		msgs = append(msgs, "can't provide both script and doc")
	}
	if req.Doc == nil && req.DocAsUpsert {
		msgs = append(msgs, "doc must be specified if doc_as_upsert is enabled")
	}
	if msgs != nil {
		return apierr.Validation(msgs...)
	}
	return nil
}
