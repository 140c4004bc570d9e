package documents

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// BulkOperation is one action of a Bulk request: *BulkIndex, *BulkCreate, *BulkUpdate
// or *BulkDelete.
type BulkOperation interface {
	// appendLines writes the action's NDJSON lines to buf.
	appendLines(buf []byte) ([]byte, error)
}

// BulkMeta is the metadata line common to every bulk action.
type BulkMeta struct {
	Index         string // may be empty when Bulk is given a default index
	ID            string // required for create (unless generated), update and delete
	Routing       string
	IfSeqNo       *int64
	IfPrimaryTerm *int64
	Version       *int64
	VersionType   types.VersionType
	RequireAlias  *bool
	Pipeline      string // index and create only
}

type bulkMetaJSON struct {
	Index           string            `json:"_index,omitempty"`
	ID              string            `json:"_id,omitempty"`
	Routing         string            `json:"routing,omitempty"`
	IfSeqNo         *int64            `json:"if_seq_no,omitempty"`
	IfPrimaryTerm   *int64            `json:"if_primary_term,omitempty"`
	Version         *int64            `json:"version,omitempty"`
	VersionType     types.VersionType `json:"version_type,omitempty"`
	RequireAlias    *bool             `json:"require_alias,omitempty"`
	Pipeline        string            `json:"pipeline,omitempty"`
	RetryOnConflict *int              `json:"retry_on_conflict,omitempty"`
	// Source is the action line's _source (update items only).
	Source *query.SourceFilter `json:"_source,omitempty"`
}

func (m *BulkMeta) json() bulkMetaJSON {
	return bulkMetaJSON{m.Index, m.ID, m.Routing, m.IfSeqNo, m.IfPrimaryTerm, m.Version, m.VersionType, m.RequireAlias, m.Pipeline, nil, nil}
}

// BulkIndex writes Document, replacing any document with the same id.
type BulkIndex struct {
	BulkMeta
	Document any // a value that marshals to an object, or raw JSON ([]byte / json.RawMessage)
}

// BulkCreate writes Document only if its id is free.
type BulkCreate struct {
	BulkMeta
	Document any
}

// BulkUpdate applies an update (partial doc or script, with upsert options).
type BulkUpdate struct {
	BulkMeta
	RetryOnConflict *int
	// Source, on the action line, selects the _source of the item's "get"
	// block; it overrides Body.Source and the request's _source parameters.
	Source *query.SourceFilter
	Body   UpdateRequest
}

// BulkDelete deletes a document.
type BulkDelete struct {
	BulkMeta
}

func (op *BulkIndex) appendLines(buf []byte) ([]byte, error) {
	if op == nil {
		return nil, errNilOp
	}
	return appendDocAction(buf, "index", op.json(), op.Document)
}

func (op *BulkCreate) appendLines(buf []byte) ([]byte, error) {
	if op == nil {
		return nil, errNilOp
	}
	return appendDocAction(buf, "create", op.json(), op.Document)
}

func (op *BulkUpdate) appendLines(buf []byte) ([]byte, error) {
	if op == nil {
		return nil, errNilOp
	}
	if op.ID == "" {
		return nil, errors.New("an update needs an id")
	}
	if err := op.Body.check(); err != nil {
		return nil, err
	}
	meta := op.json()
	meta.RetryOnConflict = op.RetryOnConflict
	meta.Source = op.Source
	buf, err := appendAction(buf, "update", meta)
	if err != nil {
		return nil, err
	}
	body, err := jsonx.Marshal(&op.Body)
	if err != nil {
		return nil, err
	}
	return appendLine(buf, body), nil
}

func (op *BulkDelete) appendLines(buf []byte) ([]byte, error) {
	if op == nil {
		return nil, errNilOp
	}
	if op.ID == "" {
		return nil, errors.New("a delete needs an id")
	}
	return appendAction(buf, "delete", op.json())
}

func appendAction(buf []byte, action string, meta bulkMetaJSON) ([]byte, error) {
	m, err := jsonx.Marshal(meta)
	if err != nil {
		return nil, err
	}
	buf = append(buf, `{"`...)
	buf = append(buf, action...)
	buf = append(buf, `":`...)
	buf = append(buf, m...)
	return append(buf, "}\n"...), nil
}

func appendDocAction(buf []byte, action string, meta bulkMetaJSON, document any) ([]byte, error) {
	doc, err := documentBody(document)
	if err != nil {
		return nil, err
	}
	raw, ok := doc.([]byte)
	if !ok {
		if raw, err = jsonx.Marshal(doc); err != nil {
			return nil, err
		}
	}
	// Room for both lines at once: an item encoded on its own (the bulk
	// indexer's) would otherwise grow its buffer three times.
	buf = slices.Grow(buf, len(raw)+len(action)+128)
	if buf, err = appendAction(buf, action, meta); err != nil {
		return nil, err
	}
	return appendLine(buf, raw), nil
}

var errNilOp = errors.New("the operation is nil")

// appendLine appends one JSON value on its own line. Newlines between the tokens of raw JSON
// become spaces (a JSON string cannot hold a raw newline, so no value changes).
func appendLine(buf, value []byte) []byte {
	start := len(buf)
	buf = append(buf, value...)
	if bytes.IndexByte(value, '\n') >= 0 || bytes.IndexByte(value, '\r') >= 0 { // rare: skip the loop otherwise
		for i := start; i < len(buf); i++ {
			if buf[i] == '\n' || buf[i] == '\r' {
				buf[i] = ' '
			}
		}
	}
	return append(buf, '\n')
}

// BulkResponse is the answer to Bulk: one item per action, in order. Errors is true when at
// least one item failed; a failed item never fails the call.
type BulkResponse struct {
	types.ResponseMeta

	Took       int64      `json:"took"`
	IngestTook *int64     `json:"ingest_took,omitempty"`
	Errors     bool       `json:"errors"`
	Items      []BulkItem `json:"items"`
}

// Failed returns the items that failed.
func (r *BulkResponse) Failed() []BulkItem {
	var out []BulkItem
	for _, it := range r.Items {
		if it.Result.Error != nil {
			out = append(out, it)
		}
	}
	return out
}

// BulkItem is the outcome of one action: Action is index, create, update or delete.
type BulkItem struct {
	Action string
	Result BulkItemResult
}

// bulkItemWire is the wire form of an item: an object with exactly one action key. Decoding
// into it takes one pass, with no intermediate map.
type bulkItemWire struct {
	Index  *BulkItemResult `json:"index"`
	Create *BulkItemResult `json:"create"`
	Update *BulkItemResult `json:"update"`
	Delete *BulkItemResult `json:"delete"`
}

func (w *bulkItemWire) item() (BulkItem, error) {
	var out BulkItem
	n := 0
	for _, a := range [...]struct {
		name string
		res  *BulkItemResult
	}{{"index", w.Index}, {"create", w.Create}, {"update", w.Update}, {"delete", w.Delete}} {
		if a.res != nil {
			out = BulkItem{Action: a.name, Result: *a.res}
			n++
		}
	}
	if n != 1 {
		return BulkItem{}, errors.New("documents: a bulk item must hold exactly one of index, create, update and delete, got " + strconv.Itoa(n))
	}
	return out, nil
}

// UnmarshalJSON reads {"<action>": {...}}.
func (it *BulkItem) UnmarshalJSON(b []byte) error {
	var w bulkItemWire
	if err := jsonx.Unmarshal(b, &w); err != nil {
		return err
	}
	item, err := w.item()
	if err != nil {
		return err
	}
	*it = item
	return nil
}

// MarshalJSON writes {"<action>": {...}}.
func (it BulkItem) MarshalJSON() ([]byte, error) {
	return jsonx.Marshal(map[string]BulkItemResult{it.Action: it.Result})
}

// bulkResponseWire mirrors BulkResponse with items in their wire form, so the whole answer
// decodes in a single pass.
type bulkResponseWire struct {
	Took       int64          `json:"took"`
	IngestTook *int64         `json:"ingest_took,omitempty"`
	Errors     bool           `json:"errors"`
	Items      []bulkItemWire `json:"items"`
}

// UnmarshalJSON decodes the answer in one pass (no per-item decode call).
func (r *BulkResponse) UnmarshalJSON(b []byte) error {
	var w bulkResponseWire
	if err := jsonx.Unmarshal(b, &w); err != nil {
		return err
	}
	r.Took, r.IngestTook, r.Errors = w.Took, w.IngestTook, w.Errors
	r.Items = nil
	if w.Items != nil {
		r.Items = make([]BulkItem, len(w.Items))
	}
	for i := range w.Items {
		item, err := w.Items[i].item()
		if err != nil {
			return errors.New("documents: bulk item " + strconv.Itoa(i) + ": " + err.Error())
		}
		r.Items[i] = item
	}
	return nil
}

// BulkItemResult is the per-document result of a bulk action. On failure Error is set and
// the write fields are absent.
type BulkItemResult struct {
	Index         string                 `json:"_index"`
	ID            string                 `json:"_id"`
	Version       *int64                 `json:"_version,omitempty"`
	Result        string                 `json:"result,omitempty"`
	ForcedRefresh *bool                  `json:"forced_refresh,omitempty"`
	Shards        *types.ShardStatistics `json:"_shards,omitempty"`
	SeqNo         *int64                 `json:"_seq_no,omitempty"`
	PrimaryTerm   *int64                 `json:"_primary_term,omitempty"`
	Status        int                    `json:"status"`
	Error         *types.ErrorCause      `json:"error,omitempty"`
	Get           *InlineGet             `json:"get,omitempty"`
}

// Bulk runs many index, create, update and delete actions in one request
// (POST /_bulk or /<index>/_bulk). index, when not empty, is the default for actions that
// name none. The NDJSON body is written for you.
func (s *Service) Bulk(ctx context.Context, index string, ops []BulkOperation, params *BulkParams) (*BulkResponse, error) {
	if len(ops) == 0 {
		return nil, errors.New("documents: Bulk needs at least one operation")
	}
	var buf []byte
	for i, op := range ops {
		if op == nil {
			return nil, errors.New("documents: bulk operation " + strconv.Itoa(i) + ": " + errNilOp.Error())
		}
		var err error
		if buf, err = op.appendLines(buf); err != nil {
			return nil, errors.New("documents: bulk operation " + strconv.Itoa(i) + ": " + err.Error())
		}
	}
	return s.BulkNDJSON(ctx, index, buf, params)
}
