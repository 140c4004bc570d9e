package rest

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// refreshPolicy is the refresh parameter of a write.
type refreshPolicy int

const (
	refreshNone refreshPolicy = iota
	refreshImmediate
	refreshWaitFor
)

func parseRefresh(v string, given bool) (refreshPolicy, error) {
	if !given {
		return refreshNone, nil
	}
	switch v {
	case "", "true":
		return refreshImmediate, nil
	case "false":
		return refreshNone, nil
	case "wait_for":
		return refreshWaitFor, nil
	}
	return 0, illegalArg("Unknown value for refresh: [%s].", v)
}

// docOp is one index, create or delete operation (from a single request or a
// bulk item) after parameter parsing.
type docOp struct {
	index        string
	id           string
	routing      string
	source       []byte
	create       bool
	delete       bool
	autoID       bool
	ifSeqNo      int64
	ifTerm       int64
	version      int64
	versionType  shard.VersionType
	hasVersion   bool
	requireAlias bool
	pipeline     string // the pipeline parameter (hasPipeline: given)
	hasPipeline  bool
	skipIngest   bool // an update's write: 2.x runs no pipeline on it
	// warn, when set, adds a warning to the response (bulk update items).
	warn func(string)
	// ingestNanos is the time its pipelines took (-1: none ran).
	ingestNanos int64
}

// docResult is the outcome of a docOp.
type docResult struct {
	x      *indices.Index
	res    shard.Result
	shard  int
	status int
	// dropped marks a document an ingest pipeline dropped: nothing was written.
	dropped bool
}

func parseVersionType(v string) (shard.VersionType, error) {
	switch v {
	case "", "internal":
		return shard.Internal, nil
	case "external":
		return shard.External, nil
	case "external_gte":
		return shard.ExternalGTE, nil
	}
	return 0, illegalArg("No version type match [%s]", v)
}

// validate applies the request validation of IndexRequest / DeleteRequest.
func (op *docOp) validate() *apierr.Error {
	var msgs []string
	if !op.delete && op.source == nil {
		msgs = append(msgs, "source is missing")
	}
	if op.hasVersion && op.versionType == shard.Internal {
		if op.delete {
			msgs = append(msgs, "internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead")
		} else {
			msgs = append(msgs, "internal versioning can not be used for optimistic concurrency control. Please use `if_seq_no` and `if_primary_term` instead")
		}
	}
	if op.create && op.versionType != shard.Internal {
		msgs = append(msgs, "create operations only support internal versioning. use index instead")
	}
	if op.ifSeqNo != shard.NoSeqNo && op.hasVersion {
		msgs = append(msgs, "compare and write operations can not use versioning")
	}
	if op.ifSeqNo != shard.NoSeqNo && op.ifTerm == 0 {
		msgs = append(msgs, "ifSeqNo is set, but primary term is [0]")
	}
	if op.ifSeqNo == shard.NoSeqNo && op.ifTerm != 0 {
		msgs = append(msgs, "ifSeqNo is unassigned, but primary term is ["+strconv.FormatInt(op.ifTerm, 10)+"]")
	}
	if len(op.id) > 512 {
		msgs = append(msgs, "id ["+op.id+"] is too long, must be no longer than 512 bytes but was: "+strconv.Itoa(len(op.id)))
	}
	if msgs != nil {
		return apierr.Validation(msgs...)
	}
	return nil
}

// run executes the operation, auto-creating the index for writes.
func (b *Backend) run(op *docOp) (*docResult, *apierr.Error) {
	pw, d, e := b.prepareWrite(op)
	if pw == nil {
		return d, e
	}
	defer pw.release()
	res, num, e := pw.x.Write(pw.w, op.delete)
	if e != nil {
		return nil, e
	}
	return b.wrote(op, pw.x, res, num), nil
}

// pendingWrite is a write ready for its shard: the index resolved (or
// created), the source parsed and analysed.
type pendingWrite struct {
	x        *indices.Index
	w        *shard.Write // &write
	prepared *indices.Prepared
	write    shard.Write
}

// release hands back the analysed source once the shard took it.
func (pw *pendingWrite) release() {
	if pw.prepared != nil {
		pw.x.Release(pw.prepared)
	}
}

// prepareWrite does all of a write that needs no shard lock, in the order
// the single-document APIs do it. It returns the write, or a result without
// one (a document an ingest pipeline dropped), or the error that stops it.
func (b *Backend) prepareWrite(op *docOp) (*pendingWrite, *docResult, *apierr.Error) {
	if op.id == "" && !op.autoID {
		return nil, nil, apierr.IllegalArgument("if _id is specified it must not be empty")
	}
	if err := op.validate(); err != nil {
		return nil, nil, err
	}
	requested := op.index
	target, aliasRouting, terr := b.Indices.WriteTarget(op.index)
	if terr != nil {
		return nil, nil, terr
	}
	op.index = target
	if op.routing == "" {
		op.routing = aliasRouting
	}
	if !op.delete && b.Ingest != nil {
		dropped, e := b.Ingest(op)
		if e != nil {
			return nil, nil, e
		}
		if dropped {
			return nil, &docResult{dropped: true, status: http.StatusOK}, nil
		}
		if op.index != target {
			// A pipeline that sets _index sends the document on to that
			// name, resolved as the bulk action resolves it afterwards.
			requested = op.index
			if target, _, terr = b.Indices.WriteTarget(op.index); terr != nil {
				return nil, nil, terr
			}
			op.index = target
		}
	}
	// TransportBulkAction checks require_alias once the pipelines ran, on
	// the name the document then goes to.
	if op.requireAlias && !b.Indices.IsAlias(requested) {
		return nil, nil, apierr.New(apierr.TypeIndexNotFound, "no such index ["+requested+"] and [require_alias] request flag is [true] and ["+requested+"] is not an alias",
			apierr.Meta{Key: "index", Value: requested}, apierr.Meta{Key: "index_uuid", Value: apierr.UnknownUUID})
	}
	var x *indices.Index
	var prepared *indices.Prepared
	if op.delete {
		var ok bool
		if x, ok = b.Indices.Get(op.index); !ok {
			if err := indices.ValidateName(op.index); err != nil {
				return nil, nil, err
			}
			// TransportBulkAction auto-creates indexes for deletes only with
			// external versioning; otherwise the delete finds no index.
			if op.versionType == shard.Internal {
				return nil, nil, apierr.IndexNotFound(op.index, apierr.ResourceIndexExpression)
			}
			var e *apierr.Error
			if x, _, e = b.Indices.GetOrCreate(op.index); e != nil {
				return nil, nil, e
			}
		}
		if e := x.Blocked(indices.BlockWrite); e != nil {
			return nil, nil, e
		}
	} else {
		var e *apierr.Error
		if x, _, e = b.Indices.GetOrCreate(op.index); e != nil {
			return nil, nil, e
		}
		if op.autoID {
			op.id = b.Indices.IDs.Next()
		}
		if e := x.Blocked(indices.BlockWrite); e != nil {
			return nil, nil, e
		}
		if prepared, e = x.ParseSourceRouted(op.id, op.routing, op.source); e != nil {
			return nil, nil, e
		}
	}
	var fields *shard.Fields
	if prepared != nil {
		fields = &prepared.Fields
	}
	pw := &pendingWrite{x: x, prepared: prepared, write: shard.Write{ID: op.id, Routing: op.routing, Source: op.source, Fields: fields, Create: op.create, IfSeqNo: op.ifSeqNo,
		IfPrimaryTerm: op.ifTerm, Version: op.version, VersionType: op.versionType, Now: b.Clock.Now()}}
	pw.w = &pw.write // one allocation for both
	return pw, nil, nil
}

// wrote finishes a write its shard took: the write hook, and the status.
func (b *Backend) wrote(op *docOp, x *indices.Index, res shard.Result, num int) *docResult {
	if b.OnWrite != nil {
		b.OnWrite(x, op.id, op.routing, res.Version)
	}
	status := http.StatusOK
	switch {
	case op.delete && !res.Found:
		status = http.StatusNotFound
	case !op.delete && res.Created:
		status = http.StatusCreated
	}
	return &docResult{x: x, res: res, shard: num, status: status}
}

// body renders a DocWriteResponse: _index, _id, _version, result,
// [forced_refresh], _shards, _seq_no, _primary_term.
func (b *Backend) writeBody(op *docOp, d *docResult, forced bool) jsonout.Object {
	if d.dropped {
		return droppedBody(op)
	}
	result := "updated"
	switch {
	case op.delete && d.res.Found:
		result = "deleted"
	case op.delete:
		result = "not_found"
	case d.res.Created:
		result = "created"
	}
	o := jsonout.Object{{Key: "_index", Value: d.x.Name}, {Key: "_id", Value: op.id}, {Key: "_version", Value: d.res.Version},
		{Key: "result", Value: result}}
	if forced {
		o = append(o, jsonout.Field{Key: "forced_refresh", Value: true})
	}
	return append(o, jsonout.Field{Key: "_shards", Value: b.shardsHeader(1, d.x.Replicas())},
		jsonout.Field{Key: "_seq_no", Value: d.res.SeqNo}, jsonout.Field{Key: "_primary_term", Value: d.res.PrimaryTerm})
}

// applyRefresh honours refresh=true|wait_for on the shard a write touched
// and reports whether it forced a refresh (the response's forced_refresh).
func (b *Backend) applyRefresh(r *Request, policy refreshPolicy, d *docResult) bool {
	if d.dropped {
		return false
	}
	switch policy {
	case refreshImmediate:
		d.x.Shards[d.shard].Refresh(b.Clock.Now())
		return true
	case refreshWaitFor:
		return b.waitForRefresh(r, d.x, d.x.Shards[d.shard], d.res.SeqNo)
	}
	return false
}

// parseDocParams reads the URL parameters shared by index, create and delete.
func parseDocParams(r *Request, op *docOp) error {
	op.index = r.PathParam("index")
	op.routing = r.Params["routing"]
	op.ifSeqNo = shard.NoSeqNo
	var err error
	if v, ok := r.Param("if_seq_no"); ok {
		if op.ifSeqNo, err = r.Int("if_seq_no", 0); err != nil {
			return err
		}
		_ = v
	}
	if op.ifTerm, err = r.Int("if_primary_term", 0); err != nil {
		return err
	}
	if _, ok := r.Param("version"); ok {
		op.hasVersion = true
		if op.version, err = r.Int("version", 0); err != nil {
			return err
		}
	}
	if op.versionType, err = parseVersionType(r.Params["version_type"]); err != nil {
		return err
	}
	var err2 error
	if op.requireAlias, err2 = r.Bool("require_alias", false); err2 != nil {
		return err2
	}
	op.pipeline, op.hasPipeline = r.Param("pipeline")
	return checkTimeouts(r, "timeout")
}

func (b *Backend) indexDoc(r *Request) (*Response, error) { return b.writeDoc(r, false) }

func (b *Backend) createDoc(r *Request) (*Response, error) { return b.writeDoc(r, true) }

// writeDoc is PUT|POST /{index}/_doc[/{id}] and /{index}/_create/{id}.
func (b *Backend) writeDoc(r *Request, create bool) (*Response, error) {
	op := &docOp{create: create}
	if err := parseDocParams(r, op); err != nil {
		return nil, err
	}
	id, hasID := r.PathParams["id"]
	op.id, op.autoID = id, !hasID
	if v, ok := r.Param("op_type"); ok {
		switch v {
		case "create":
			op.create = true
		case "index":
			if create {
				return nil, illegalArg("opType must be 'create' or 'index', found: [%s]", v)
			}
		default:
			return nil, illegalArg("opType must be 'create' or 'index', found: [%s]", v)
		}
	}
	if op.autoID {
		op.create = true // auto-generated ids are create operations
	}
	if len(strings.TrimSpace(string(r.Body))) == 0 {
		return nil, apierr.Parse("request body is required")
	}
	op.source = r.Body
	if err := b.checkWriteActiveShards(r, op.index); err != nil {
		return nil, err
	}
	policy, err := parseRefresh(r.Params["refresh"], hasParam(r, "refresh"))
	if err != nil {
		return nil, err
	}
	d, e := b.run(op)
	if e != nil {
		return nil, e
	}
	forced := b.applyRefresh(r, policy, d)
	r.facts.docID = op.id
	resp := &Response{Status: d.status, Body: b.writeBody(op, d, forced)}
	if d.status == http.StatusCreated {
		loc := "/" + url.PathEscape(d.x.Name) + "/_doc/" + url.PathEscape(op.id)
		if op.routing != "" {
			loc += "?routing=" + url.QueryEscape(op.routing)
		}
		resp.Header = http.Header{"Location": {loc}}
	}
	return resp, nil
}

func hasParam(r *Request, name string) bool { _, ok := r.Params[name]; return ok }

// deleteDoc is DELETE /{index}/_doc/{id}.
func (b *Backend) deleteDoc(r *Request) (*Response, error) {
	op := &docOp{delete: true, id: r.PathParam("id")}
	if err := parseDocParams(r, op); err != nil {
		return nil, err
	}
	policy, err := parseRefresh(r.Params["refresh"], hasParam(r, "refresh"))
	if err != nil {
		return nil, err
	}
	if err := b.checkWriteActiveShards(r, op.index); err != nil {
		return nil, err
	}
	target, _, terr := b.Indices.WriteTarget(op.index)
	if terr != nil {
		return nil, terr
	}
	if _, ok := b.Indices.Get(target); !ok {
		if err := indices.ValidateName(op.index); err != nil {
			return nil, err
		}
		return nil, apierr.IndexNotFound(op.index, apierr.ResourceIndexExpression)
	}
	d, e := b.run(op)
	if e != nil {
		return nil, e
	}
	forced := b.applyRefresh(r, policy, d)
	return &Response{Status: d.status, Body: b.writeBody(op, d, forced)}, nil
}
