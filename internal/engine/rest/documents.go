package rest

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
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

// body renders a DocWriteResponse: _index, _id, _version, result,
// [forced_refresh], _shards, _seq_no, _primary_term.
func (b *Backend) writeBody(op *write.Op, d *write.Result, forced bool) jsonout.Object {
	if d.Dropped {
		return droppedBody(op)
	}
	result := "updated"
	switch {
	case op.Delete && d.Write.Found:
		result = "deleted"
	case op.Delete:
		result = "not_found"
	case d.Write.Created:
		result = "created"
	}
	o := jsonout.Object{{Key: "_index", Value: d.Index.Name}, {Key: "_id", Value: op.ID}, {Key: "_version", Value: d.Write.Version},
		{Key: "result", Value: result}}
	if forced {
		o = append(o, jsonout.Field{Key: "forced_refresh", Value: true})
	}
	return append(o, jsonout.Field{Key: "_shards", Value: b.shardsHeader(d.Index)},
		jsonout.Field{Key: "_seq_no", Value: d.Write.SeqNo}, jsonout.Field{Key: "_primary_term", Value: d.Write.PrimaryTerm})
}

// applyRefresh honours refresh=true|wait_for on the shard a write touched
// and reports whether it forced a refresh (the response's forced_refresh).
func (b *Backend) applyRefresh(r *Request, policy refreshPolicy, d *write.Result) bool {
	if d.Dropped {
		return false
	}
	switch policy {
	case refreshImmediate:
		d.Index.Shards[d.Shard].Refresh(b.Clock.Now())
		return true
	case refreshWaitFor:
		return b.waitForRefresh(r, d.Index, d.Index.Shards[d.Shard], d.Write.SeqNo)
	}
	return false
}

// writer runs document writes with the backend's hooks.
func (b *Backend) writer() write.Writer {
	return write.Writer{Indices: b.Indices, Clock: b.Clock, Ingest: b.Ingest, OnWrite: b.OnWrite}
}

// parseDocParams reads the URL parameters shared by index, create and delete.
func parseDocParams(r *Request, op *write.Op) error {
	op.Index = r.PathParam("index")
	op.Routing = r.Params["routing"]
	op.IfSeqNo = shard.NoSeqNo
	var err error
	if v, ok := r.Param("if_seq_no"); ok {
		if op.IfSeqNo, err = r.Int("if_seq_no", 0); err != nil {
			return err
		}
		_ = v
	}
	if op.IfPrimaryTerm, err = r.Int("if_primary_term", 0); err != nil {
		return err
	}
	if _, ok := r.Param("version"); ok {
		op.HasVersion = true
		if op.Version, err = r.Int("version", 0); err != nil {
			return err
		}
	}
	if op.VersionType, err = write.ParseVersionType(r.Params["version_type"]); err != nil {
		return err
	}
	var err2 error
	if op.RequireAlias, err2 = r.Bool("require_alias", false); err2 != nil {
		return err2
	}
	op.Pipeline, op.HasPipeline = r.Param("pipeline")
	return checkTimeouts(r, "timeout")
}

func (b *Backend) indexDoc(r *Request) (*Response, error) { return b.writeDoc(r, false) }

func (b *Backend) createDoc(r *Request) (*Response, error) { return b.writeDoc(r, true) }

// writeDoc is PUT|POST /{index}/_doc[/{id}] and /{index}/_create/{id}.
func (b *Backend) writeDoc(r *Request, create bool) (*Response, error) {
	op := &write.Op{Create: create}
	if err := parseDocParams(r, op); err != nil {
		return nil, err
	}
	id, hasID := r.PathParams["id"]
	op.ID, op.AutoID = id, !hasID
	if v, ok := r.Param("op_type"); ok {
		switch v {
		case "create":
			op.Create = true
		case "index":
			if create {
				return nil, illegalArg("opType must be 'create' or 'index', found: [%s]", v)
			}
		default:
			return nil, illegalArg("opType must be 'create' or 'index', found: [%s]", v)
		}
	}
	if op.AutoID {
		op.Create = true // auto-generated ids are create operations
	}
	if len(strings.TrimSpace(string(r.Body))) == 0 {
		return nil, apierr.Parse("request body is required")
	}
	op.Source = r.Body
	if err := b.checkWriteActiveShards(r, op.Index); err != nil {
		return nil, err
	}
	policy, err := parseRefresh(r.Params["refresh"], hasParam(r, "refresh"))
	if err != nil {
		return nil, err
	}
	d, e := b.writer().Run(op)
	if e != nil {
		return nil, e
	}
	forced := b.applyRefresh(r, policy, d)
	r.facts.DocID = op.ID
	resp := &Response{Status: d.Status, Body: b.writeBody(op, d, forced)}
	if d.Status == http.StatusCreated {
		loc := "/" + url.PathEscape(d.Index.Name) + "/_doc/" + url.PathEscape(op.ID)
		if op.Routing != "" {
			loc += "?routing=" + url.QueryEscape(op.Routing)
		}
		resp.Header = http.Header{"Location": {loc}}
	}
	return resp, nil
}

func hasParam(r *Request, name string) bool { _, ok := r.Params[name]; return ok }

// deleteDoc is DELETE /{index}/_doc/{id}.
func (b *Backend) deleteDoc(r *Request) (*Response, error) {
	op := &write.Op{Delete: true, ID: r.PathParam("id")}
	if err := parseDocParams(r, op); err != nil {
		return nil, err
	}
	policy, err := parseRefresh(r.Params["refresh"], hasParam(r, "refresh"))
	if err != nil {
		return nil, err
	}
	if err := b.checkWriteActiveShards(r, op.Index); err != nil {
		return nil, err
	}
	target, _, terr := b.Indices.WriteTarget(op.Index)
	if terr != nil {
		return nil, terr
	}
	if _, ok := b.Indices.Get(target); !ok {
		if err := indices.ValidateName(op.Index); err != nil {
			return nil, err
		}
		return nil, apierr.IndexNotFound(op.Index, apierr.ResourceIndexExpression)
	}
	d, e := b.writer().Run(op)
	if e != nil {
		return nil, e
	}
	forced := b.applyRefresh(r, policy, d)
	return &Response{Status: d.Status, Body: b.writeBody(op, d, forced)}, nil
}
