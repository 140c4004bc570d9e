// Package write is the fake's document write path: one index, create or
// delete operation (from a single-document request, a bulk item or a
// background job) resolved to its index, run through its ingest pipelines,
// validated as IndexRequest and DeleteRequest are, and written to its
// shard. The HTTP layer parses the request into an Op and renders the
// Result.
package write

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// The statuses of a write's answer.
const (
	statusOK       = 200
	statusCreated  = 201
	statusNotFound = 404
)

// Op is one index, create or delete operation (from a single request, a
// bulk item or a job) after parameter parsing.
type Op struct {
	Index   string // the index, alias or data stream named; the concrete index once resolved
	ID      string // "" with AutoID: the id is generated when the write is prepared
	Routing string
	Source  []byte // the document (nil for a delete)
	Create  bool   // op_type=create: fail when the document exists
	Delete  bool
	AutoID  bool
	// IfSeqNo and IfPrimaryTerm are the optimistic concurrency check
	// (shard.NoSeqNo and 0 when not asked for).
	IfSeqNo       int64
	IfPrimaryTerm int64
	// Version and VersionType are the external versioning asked for
	// (HasVersion: a version was given).
	Version      int64
	VersionType  shard.VersionType
	HasVersion   bool
	RequireAlias bool   // require_alias: Index must name an alias
	Pipeline     string // the pipeline parameter (HasPipeline: given)
	HasPipeline  bool
	SkipIngest   bool // an update's write: 2.x runs no pipeline on it
	// Warn, when set, adds a warning to the response (bulk update items).
	Warn func(string)
	// IngestNanos is the time its pipelines took (-1: none ran).
	IngestNanos int64
}

// Result is the outcome of an Op.
type Result struct {
	Index  *indices.Index // the index written
	Write  shard.Result   // what the shard did
	Shard  int            // the shard's number
	Status int            // the HTTP status of the answer: 200, 201, or 404 for a delete that found nothing
	// Dropped marks a document an ingest pipeline dropped: nothing was written.
	Dropped bool
}

// Writer runs operations against the indexes. The zero hooks do nothing.
type Writer struct {
	Indices *indices.Service
	Clock   clock.Clock
	// Ingest, when set, runs an index or create operation through its
	// ingest pipelines before the write (it may change op.Index); it
	// reports a dropped document.
	Ingest func(op *Op) (dropped bool, err *apierr.Error)
	// OnWrite, when set, is told of every write or delete that reached a
	// shard.
	OnWrite func(x *indices.Index, id, routing string, version int64)
}

// ParseVersionType reads the version_type parameter.
func ParseVersionType(v string) (shard.VersionType, error) {
	switch v {
	case "", "internal":
		return shard.Internal, nil
	case "external":
		return shard.External, nil
	case "external_gte":
		return shard.ExternalGTE, nil
	}
	return 0, apierr.IllegalArgument("No version type match [%s]", v)
}

// Validate applies the request validation of IndexRequest / DeleteRequest.
func (op *Op) Validate() *apierr.Error {
	var msgs []string
	if !op.Delete && op.Source == nil {
		msgs = append(msgs, "source is missing")
	}
	if op.HasVersion && op.VersionType == shard.Internal {
		if op.Delete {
			msgs = append(msgs, "internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead")
		} else {
			msgs = append(msgs, "internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead")
		}
	}
	if op.Create && op.VersionType != shard.Internal {
		msgs = append(msgs, "create operations only support internal versioning. use index instead")
	}
	if op.IfSeqNo != shard.NoSeqNo && op.HasVersion {
		msgs = append(msgs, "compare and write operations can not use versioning")
	}
	if op.IfSeqNo != shard.NoSeqNo && op.IfPrimaryTerm == 0 {
		msgs = append(msgs, "ifSeqNo is set, but primary term is [0]")
	}
	if op.IfSeqNo == shard.NoSeqNo && op.IfPrimaryTerm != 0 {
		msgs = append(msgs, "ifSeqNo is unassigned, but primary term is ["+strconv.FormatInt(op.IfPrimaryTerm, 10)+"]")
	}
	if len(op.ID) > 512 {
		msgs = append(msgs, "id ["+op.ID+"] is too long, must be no longer than 512 bytes but was: "+strconv.Itoa(len(op.ID)))
	}
	if msgs != nil {
		return apierr.Validation(msgs...)
	}
	return nil
}

// Run executes the operation, auto-creating the index for writes.
func (w Writer) Run(op *Op) (*Result, *apierr.Error) {
	pw, d, e := w.Prepare(op)
	if pw == nil {
		return d, e
	}
	defer pw.Release()
	res, num, e := pw.Index.Write(pw.Write, op.Delete)
	if e != nil {
		return nil, e
	}
	return w.Wrote(op, pw.Index, res, num), nil
}

// Pending is a write ready for its shard: the index resolved (or
// created), the source parsed and analysed.
type Pending struct {
	Index    *indices.Index // the index written, created if it was missing
	Write    *shard.Write   // the shard write, ready for the index's shard
	prepared *indices.Prepared
}

// Release hands back the analysed source once the shard took it.
func (pw *Pending) Release() {
	if pw.prepared != nil {
		pw.Index.Release(pw.prepared)
	}
}

// Prepare does all of a write that needs no shard lock, in the order
// the single-document APIs do it. It returns the write, or a result without
// one (a document an ingest pipeline dropped), or the error that stops it.
func (w Writer) Prepare(op *Op) (*Pending, *Result, *apierr.Error) {
	if op.ID == "" && !op.AutoID {
		return nil, nil, apierr.IllegalArgument("if _id is specified it must not be empty")
	}
	if err := op.Validate(); err != nil {
		return nil, nil, err
	}
	requested := op.Index
	target, aliasRouting, terr := w.Indices.WriteTarget(op.Index)
	if terr != nil {
		return nil, nil, terr
	}
	op.Index = target
	if op.Routing == "" {
		op.Routing = aliasRouting
	}
	if !op.Delete && w.Ingest != nil {
		dropped, e := w.Ingest(op)
		if e != nil {
			return nil, nil, e
		}
		if dropped {
			return nil, &Result{Dropped: true, Status: statusOK}, nil
		}
		if op.Index != target {
			// A pipeline that sets _index sends the document on to that
			// name, resolved as the bulk action resolves it afterwards.
			requested = op.Index
			if target, _, terr = w.Indices.WriteTarget(op.Index); terr != nil {
				return nil, nil, terr
			}
			op.Index = target
		}
	}
	// TransportBulkAction checks require_alias once the pipelines ran, on
	// the name the document then goes to.
	if op.RequireAlias && !w.Indices.IsAlias(requested) {
		return nil, nil, apierr.New(apierr.TypeIndexNotFound, "no such index ["+requested+"] and [require_alias] request flag is [true] and ["+requested+"] is not an alias",
			apierr.Meta{Key: "index", Value: requested}, apierr.Meta{Key: "index_uuid", Value: apierr.UnknownUUID})
	}
	var x *indices.Index
	var prepared *indices.Prepared
	if op.Delete {
		var ok bool
		if x, ok = w.Indices.Get(op.Index); !ok {
			if err := indices.ValidateName(op.Index); err != nil {
				return nil, nil, err
			}
			// TransportBulkAction auto-creates indexes for deletes only with
			// external versioning; otherwise the delete finds no index.
			if op.VersionType == shard.Internal {
				return nil, nil, apierr.IndexNotFound(op.Index, apierr.ResourceIndexExpression)
			}
			var e *apierr.Error
			if x, _, e = w.Indices.GetOrCreate(op.Index); e != nil {
				return nil, nil, e
			}
		}
		if e := x.Blocked(indices.BlockWrite); e != nil {
			return nil, nil, e
		}
	} else {
		var e *apierr.Error
		if x, _, e = w.Indices.GetOrCreate(op.Index); e != nil {
			return nil, nil, e
		}
		if op.AutoID {
			op.ID = w.Indices.IDs.Next()
		}
		if e := x.Blocked(indices.BlockWrite); e != nil {
			return nil, nil, e
		}
		if prepared, e = x.ParseSourceRouted(op.ID, op.Routing, op.Source); e != nil {
			return nil, nil, e
		}
	}
	var fields *shard.Fields
	if prepared != nil {
		fields = &prepared.Fields
	}
	sw := &shard.Write{ID: op.ID, Routing: op.Routing, Source: op.Source, Fields: fields, Create: op.Create, IfSeqNo: op.IfSeqNo,
		IfPrimaryTerm: op.IfPrimaryTerm, Version: op.Version, VersionType: op.VersionType, Now: w.Clock.Now()}
	return &Pending{Index: x, Write: sw, prepared: prepared}, nil, nil
}

// Wrote finishes a write its shard took: the write hook, and the status.
func (w Writer) Wrote(op *Op, x *indices.Index, res shard.Result, num int) *Result {
	if w.OnWrite != nil {
		w.OnWrite(x, op.ID, op.Routing, res.Version)
	}
	status := statusOK
	switch {
	case op.Delete && !res.Found:
		status = statusNotFound
	case !op.Delete && res.Created:
		status = statusCreated
	}
	return &Result{Index: x, Write: res, Shard: num, Status: status}
}
