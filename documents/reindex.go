package documents

import (
	"context"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// ReindexRequest is the body of Reindex. Source.Index and Dest.Index are required.
type ReindexRequest struct {
	Conflicts Conflicts     `json:"conflicts,omitempty"` // ConflictsAbort (default) or ConflictsProceed
	MaxDocs   *int64        `json:"max_docs,omitempty"`  // copy at most this many documents
	Size      *int64        `json:"size,omitempty"`      // deprecated upstream alias of MaxDocs
	Source    ReindexSource `json:"source"`
	Dest      ReindexDest   `json:"dest"`
	Script    *types.Script `json:"script,omitempty"` // runs on each document (lang painless, expression, mustache, java)
}

// ReindexSource selects the documents to copy.
type ReindexSource struct {
	Index  []string            // one or more source indexes
	Query  query.Query         // which documents; default all
	Size   *int                // batch size of each scroll
	Remote *RemoteSource       // copy from another cluster
	Slice  *ManualSlice        // this request's slice of a manually sliced reindex
	Source *query.SourceFilter // _source: fields to copy (list) or true
	Sort   []any               // order of copying (deprecated upstream; with max_docs)
}

// MarshalJSON renders the source object.
func (s ReindexSource) MarshalJSON() ([]byte, error) {
	if len(s.Index) == 0 {
		return nil, errors.New("documents: reindex source needs an index")
	}
	return jsonx.Marshal(struct {
		Index  indexOrList         `json:"index"`
		Query  query.Query         `json:"query,omitempty"`
		Size   *int                `json:"size,omitempty"`
		Remote *RemoteSource       `json:"remote,omitempty"`
		Slice  *ManualSlice        `json:"slice,omitempty"`
		Source *query.SourceFilter `json:"_source,omitempty"`
		Sort   []any               `json:"sort,omitempty"`
	}{s.Index, s.Query, s.Size, s.Remote, s.Slice, s.Source, s.Sort})
}

// RemoteSource is a remote cluster to reindex from, with its credentials.
type RemoteSource struct {
	Host           string            `json:"host"` // e.g. "https://other:9200"
	Username       string            `json:"username,omitempty"`
	Password       string            `json:"password,omitempty"`
	Headers        map[string]string `json:"headers,omitempty"`
	SocketTimeout  types.Duration    `json:"socket_timeout,omitempty"`  // default 30s
	ConnectTimeout types.Duration    `json:"connect_timeout,omitempty"` // default 30s
}

// ManualSlice is slice {id, max, field}: this request handles slice ID of
// Max, split on Field (_id when empty; or a numeric, date or boolean field
// with doc values).
type ManualSlice struct {
	ID    int    `json:"id"`
	Max   int    `json:"max"`
	Field string `json:"field,omitempty"`
}

// ReindexDest is where documents are written.
type ReindexDest struct {
	Index       string            `json:"index"`
	VersionType types.VersionType `json:"version_type,omitempty"`
	OpType      OpType            `json:"op_type,omitempty"` // OpTypeCreate skips ids that exist; OpTypeIndex (default) overwrites
	Pipeline    string            `json:"pipeline,omitempty"`
	Routing     string            `json:"routing,omitempty"` // keep, discard or =<value>
}

func (r *ReindexRequest) check() error {
	if r == nil {
		return errors.New("documents: Reindex needs a body")
	}
	if r.Dest.Index == "" {
		return errors.New("documents: reindex dest needs an index")
	}
	if len(r.Source.Index) == 0 {
		return errors.New("documents: reindex source needs an index")
	}
	return nil
}

// Reindex copies documents from Source into Dest and waits for the result (POST /_reindex).
// With params.WaitForCompletion false the server answers with a task id instead; use
// ReindexAsync for that. A run that stopped on failures (a version conflict with
// conflicts=abort, a failed write or search shard) is answered with the failure's status:
// Reindex then returns the response, whose Failures list them, together with the *types.Error.
func (s *Service) Reindex(ctx context.Context, body *ReindexRequest, params *ReindexParams) (*ReindexResponse, error) {
	if err := body.check(); err != nil {
		return nil, err
	}
	if params != nil && params.WaitForCompletion != nil && !*params.WaitForCompletion {
		return nil, errors.New("documents: Reindex with wait_for_completion=false answers a task; use ReindexAsync")
	}
	return s.doByQuery(ctx, &transport.Request{Method: http.MethodPost, Path: "/_reindex", Params: params, Body: body})
}

// ReindexAsync starts the reindex as a task (wait_for_completion=false) and returns its id.
func (s *Service) ReindexAsync(ctx context.Context, body *ReindexRequest, params *ReindexParams) (*TaskStarted, error) {
	if err := body.check(); err != nil {
		return nil, err
	}
	p := ReindexParams{}
	if params != nil {
		p = *params
	}
	p.WaitForCompletion = new(bool)
	return s.startTask(ctx, &transport.Request{Method: http.MethodPost, Path: "/_reindex", Params: &p, Body: body})
}
