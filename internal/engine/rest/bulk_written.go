package rest

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// bulkWritten is the answer of a bulk index or create item its shard took:
// {"<action>":{...writeBody..., "status":n}}, written straight to JSON.
// It holds what node statistics read back (action, index, id, status), so
// a bulk of thousands of items builds no ordered object, and boxes no
// number, per item.
type bulkWritten struct {
	action, index, id             string
	version, seqNo, primaryTerm   int64
	result                        string
	forced                        bool // forced_refresh: true, after result
	shardsTotal, shardsSuccessful int
	status                        int
	d                             *write.Result // the write, for the refresh the request asks
}

// newBulkWritten fills w's answer fields with what writeBody gives a write
// that was not forced to refresh, followed by its status.
func (b *Backend) newBulkWritten(w *bulkWritten, action string, op *write.Op, d *write.Result) {
	result := "updated"
	if d.Write.Created {
		result = "created"
	}
	w.action, w.index, w.id, w.result, w.forced = action, d.Index.Name, op.ID, result, false
	w.version, w.seqNo, w.primaryTerm = d.Write.Version, d.Write.SeqNo, d.Write.PrimaryTerm
	// As shardsHeader: the copies allocation has assigned.
	w.shardsTotal, w.shardsSuccessful, w.status = 1+d.Index.Replicas(), b.shardCopies(d.Index).Active(), d.Status
	w.d = d
}

// AppendJSON writes the item as jsonout.Append writes the ordered object
// writeBody builds.
func (w *bulkWritten) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	dst = jsonout.AppendString(dst, w.action)
	dst = append(dst, `:{"_index":`...)
	dst = jsonout.AppendString(dst, w.index)
	dst = append(dst, `,"_id":`...)
	dst = jsonout.AppendString(dst, w.id)
	dst = append(dst, `,"_version":`...)
	dst = strconv.AppendInt(dst, w.version, 10)
	dst = append(dst, `,"result":`...)
	dst = jsonout.AppendString(dst, w.result)
	if w.forced {
		dst = append(dst, `,"forced_refresh":true`...)
	}
	dst = append(dst, `,"_shards":{"total":`...)
	dst = strconv.AppendInt(dst, int64(w.shardsTotal), 10)
	dst = append(dst, `,"successful":`...)
	dst = strconv.AppendInt(dst, int64(w.shardsSuccessful), 10)
	dst = append(dst, `,"failed":0},"_seq_no":`...)
	dst = strconv.AppendInt(dst, w.seqNo, 10)
	dst = append(dst, `,"_primary_term":`...)
	dst = strconv.AppendInt(dst, w.primaryTerm, 10)
	dst = append(dst, `,"status":`...)
	dst = strconv.AppendInt(dst, int64(w.status), 10)
	return append(dst, "}}"...)
}
