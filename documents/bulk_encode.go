package documents

import (
	"context"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
)

// AppendBulkLines appends an operation's NDJSON lines (the action line and,
// for index, create and update, the document line) to buf, as Bulk writes
// them. Helpers that batch operations themselves (the bulk indexer) encode
// each one once and send the bytes with BulkNDJSON.
func AppendBulkLines(buf []byte, op BulkOperation) ([]byte, error) {
	if op == nil {
		return buf, errNilOp
	}
	return op.appendLines(buf)
}

// BulkNDJSON sends an already encoded bulk body (lines from
// AppendBulkLines, each ending in a newline).
func (s *Service) BulkNDJSON(ctx context.Context, index string, body []byte, params *BulkParams) (*BulkResponse, error) {
	if len(body) == 0 {
		return nil, errors.New("documents: BulkNDJSON needs at least one operation")
	}
	out := new(BulkResponse)
	req := &transport.Request{
		Method:      http.MethodPost,
		Path:        transport.Path(index, "_bulk"),
		Params:      params,
		Body:        body,
		ContentType: "application/x-ndjson",
	}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}
