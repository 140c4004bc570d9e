package write

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/update"
)

// Update is one document update after parsing (UpdateRequest): the
// document, the optimistic concurrency check, the retries on a version
// conflict and what to do to the document.
type Update struct {
	ID, Routing string
	// IfSeqNo and IfPrimaryTerm are the concurrency check (shard.NoSeqNo:
	// none); a document they do not match fails the update.
	IfSeqNo       int64
	IfPrimaryTerm int64
	// Retries is retry_on_conflict: how many times a version conflict
	// between the read and the write reruns the whole update.
	Retries int64
	Request *update.Request
	Scripts update.Scripts
}

// Updated is what an update came to.
type Updated struct {
	// Outcome is the decision on the document as last read; update.Noop
	// wrote nothing.
	Outcome update.Outcome
	// Current and Found are the document the decision was made on.
	Current shard.Doc
	Found   bool
	// Op and Result are the write made (nil for a noop).
	Op     *Op
	Result *Result
}

// Update reads the document from its shard of x, decides with
// update.Prepare and writes the outcome guarded by the sequence number it
// read, rerunning the cycle on a version conflict up to u.Retries times
// (TransportUpdateAction). x is the concrete, writable index.
func (w Writer) Update(x *indices.Index, u *Update) (*Updated, *apierr.Error) {
	sh := x.ShardFor(u.ID, u.Routing)
	for attempt := int64(0); ; attempt++ {
		cur, found := sh.Get(u.ID, true)
		if u.IfSeqNo != shard.NoSeqNo {
			if !found {
				return nil, apierr.DocumentMissing(u.ID, x.Name, sh.Num, x.UUID)
			}
			if cur.SeqNo != u.IfSeqNo || cur.PrimaryTerm != u.IfPrimaryTerm {
				return nil, apierr.VersionConflict(u.ID, "required seqNo ["+itoa(u.IfSeqNo)+"], primary term ["+itoa(u.IfPrimaryTerm)+
					"]. current document has seqNo ["+itoa(cur.SeqNo)+"] and primary term ["+itoa(cur.PrimaryTerm)+"]", x.Name, sh.Num, x.UUID)
			}
		}
		out, e := update.Prepare(u.Request, update.Current{Found: found, Source: cur.Source, Index: x.Name, ID: u.ID, Routing: cur.Routing, Version: cur.Version},
			w.Clock.Now(), u.Scripts)
		if e != nil {
			return nil, e
		}
		done := &Updated{Outcome: out, Current: cur, Found: found}
		op := &Op{Index: x.Name, ID: u.ID, Routing: u.Routing, IfSeqNo: shard.NoSeqNo, VersionType: shard.Internal, SkipIngest: true}
		if op.Routing == "" {
			op.Routing = cur.Routing
		}
		switch out.Op {
		case update.Missing:
			return nil, apierr.DocumentMissing(u.ID, x.Name, sh.Num, x.UUID)
		case update.Noop:
			return done, nil
		case update.Create:
			op.Create, op.Source = true, out.Source
		case update.Index:
			op.Source, op.IfSeqNo, op.IfPrimaryTerm = out.Source, cur.SeqNo, cur.PrimaryTerm
		case update.Delete:
			op.Delete, op.IfSeqNo, op.IfPrimaryTerm = true, cur.SeqNo, cur.PrimaryTerm
		}
		res, e := w.Run(op)
		if e != nil {
			if e.Type == apierr.TypeVersionConflict && attempt < u.Retries {
				continue
			}
			return nil, e
		}
		done.Op, done.Result = op, res
		return done, nil
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
