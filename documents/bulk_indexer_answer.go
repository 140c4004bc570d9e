package documents

import (
	"bytes"
	"context"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/transport"
)

// bulkAnswerItem is what the bulk indexer reads of one item of a _bulk
// answer to settle it: the action, status, result and whether it failed.
// The whole item, typed, is decoded only for a callback that receives it
// (or from the answer's fallback decoding).
type bulkAnswerItem struct {
	action string
	status int
	result string // "created", "updated", "deleted", "noop", ...
	failed bool   // the item has an error
	raw    []byte // the item's JSON; nil when typed is set
	typed  *BulkItem
}

// item returns the whole item.
func (a *bulkAnswerItem) item() (BulkItem, error) {
	if a.typed != nil {
		return *a.typed, nil
	}
	var it BulkItem
	err := jsonx.Unmarshal(a.raw, &it)
	return it, err
}

// bulkNDJSONAnswer sends an encoded bulk body of n operations as
// BulkNDJSON does and returns its answer items, read without decoding each
// into a BulkItem.
func (s *Service) bulkNDJSONAnswer(ctx context.Context, index string, body []byte, n int, params *BulkParams) ([]bulkAnswerItem, error) {
	req := &transport.Request{
		Method:      http.MethodPost,
		Path:        transport.Path(index, "_bulk"),
		Params:      params,
		Body:        body,
		ContentType: "application/x-ndjson",
	}
	resp, err := s.t.Perform(ctx, req)
	if err != nil {
		return nil, err
	}
	if items, ok := scanBulkAnswer(resp.Body, n); ok {
		return items, nil
	}
	// An answer of another shape than the usual one: the codec decodes it,
	// and says what is wrong with it when it does not decode.
	var full BulkResponse
	if err := jsonx.Unmarshal(resp.Body, &full); err != nil {
		return nil, errors.New("clustersearch: decoding the answer to POST " + req.Path + ": " + err.Error())
	}
	items := make([]bulkAnswerItem, len(full.Items))
	for i := range full.Items {
		it := &full.Items[i]
		items[i] = bulkAnswerItem{action: it.Action, status: it.Result.Status, result: it.Result.Result, failed: it.Result.Error != nil, typed: it}
	}
	return items, nil
}

// scanBulkAnswer reads the items of a _bulk answer of the usual shape: an
// object whose "items" array holds objects of one action key, whose own
// keys and strings have no escapes and whose status is a plain integer.
// It reports false for anything else, which the caller then decodes with
// the codec. It follows the structure only (as jsonx.ValueEnd does): the
// values it skips are not checked. n is how many items are expected.
func scanBulkAnswer(data []byte, n int) ([]bulkAnswerItem, bool) {
	i := jsonx.SkipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return nil, false
	}
	var items []bulkAnswerItem
	seen := false
	i++
	for first := true; ; first = false {
		i = jsonx.SkipSpace(data, i)
		if i < len(data) && data[i] == '}' && first {
			break
		}
		key, next, ok := plainString(data, i)
		if !ok {
			return nil, false
		}
		if i = colon(data, next); i < 0 {
			return nil, false
		}
		if string(key) == "items" {
			if seen {
				return nil, false
			}
			seen = true
			if items, i, ok = scanAnswerItems(data, i, n); !ok {
				return nil, false
			}
		} else {
			end, err := jsonx.ValueEnd(data, i)
			if err != nil {
				return nil, false
			}
			i = end
		}
		if i = jsonx.SkipSpace(data, i); i >= len(data) {
			return nil, false
		}
		if data[i] == '}' {
			break
		}
		if data[i] != ',' {
			return nil, false
		}
		i++
	}
	if !seen || jsonx.SkipSpace(data, i+1) != len(data) {
		return nil, false
	}
	return items, true
}

// scanAnswerItems reads the items array starting at data[i], with room
// for the n items expected.
func scanAnswerItems(data []byte, i, n int) ([]bulkAnswerItem, int, bool) {
	i = jsonx.SkipSpace(data, i)
	if i >= len(data) || data[i] != '[' {
		return nil, 0, false
	}
	// An item takes over 16 bytes: a count that cannot be is not trusted.
	items := make([]bulkAnswerItem, 0, min(n, len(data)/16+1))
	i++
	for first := true; ; first = false {
		i = jsonx.SkipSpace(data, i)
		if i < len(data) && data[i] == ']' && first {
			return items, i + 1, true
		}
		it, end, ok := scanAnswerItem(data, i)
		if !ok {
			return nil, 0, false
		}
		items = append(items, it)
		if i = jsonx.SkipSpace(data, end); i >= len(data) {
			return nil, 0, false
		}
		if data[i] == ']' {
			return items, i + 1, true
		}
		if data[i] != ',' {
			return nil, 0, false
		}
		i++
	}
}

// scanAnswerItem reads the item {"<action>":{...}} starting at data[start]
// and returns it with the offset past it.
func scanAnswerItem(data []byte, start int) (bulkAnswerItem, int, bool) {
	var it bulkAnswerItem
	if start >= len(data) || data[start] != '{' {
		return it, 0, false
	}
	action, i, ok := plainString(data, jsonx.SkipSpace(data, start+1))
	if !ok {
		return it, 0, false
	}
	switch string(action) {
	case "index":
		it.action = "index"
	case "create":
		it.action = "create"
	case "update":
		it.action = "update"
	case "delete":
		it.action = "delete"
	default:
		return it, 0, false
	}
	if i = colon(data, i); i < 0 {
		return it, 0, false
	}
	if i = jsonx.SkipSpace(data, i); i >= len(data) || data[i] != '{' {
		return it, 0, false
	}
	i++
	hasStatus := false
	for {
		key, next, ok := plainString(data, jsonx.SkipSpace(data, i))
		if !ok {
			return it, 0, false // no key (an empty result has no status either)
		}
		if i = colon(data, next); i < 0 {
			return it, 0, false
		}
		i = jsonx.SkipSpace(data, i)
		vend, err := jsonx.ValueEnd(data, i)
		if err != nil {
			return it, 0, false
		}
		value := data[i:vend]
		switch string(key) {
		case "status":
			if it.status, ok = plainInt(value); !ok || hasStatus {
				return it, 0, false
			}
			hasStatus = true
		case "result":
			result, _, ok := plainString(value, 0)
			if !ok {
				return it, 0, false
			}
			it.result = resultName(result)
		case "error":
			it.failed = !bytes.Equal(value, []byte("null"))
		}
		if i = jsonx.SkipSpace(data, vend); i >= len(data) {
			return it, 0, false
		}
		if data[i] == '}' {
			break
		}
		if data[i] != ',' {
			return it, 0, false
		}
		i++
	}
	// The result object ends; so must the item, with no second action.
	if i = jsonx.SkipSpace(data, i+1); i >= len(data) || data[i] != '}' || !hasStatus {
		return it, 0, false
	}
	it.raw = data[start : i+1]
	return it, i + 1, true
}

// plainString reads the string starting at data[i] when it has no escapes,
// returning its bytes and the offset past it.
func plainString(data []byte, i int) ([]byte, int, bool) {
	if i >= len(data) || data[i] != '"' {
		return nil, 0, false
	}
	end, err := jsonx.StringEnd(data, i)
	if err != nil || bytes.IndexByte(data[i+1:end-1], '\\') >= 0 {
		return nil, 0, false
	}
	return data[i+1 : end-1], end, true
}

// resultName returns a result as a string, without allocating for the
// results a write answers.
func resultName(b []byte) string {
	switch string(b) {
	case "created":
		return "created"
	case "updated":
		return "updated"
	case "deleted":
		return "deleted"
	case "not_found":
		return "not_found"
	case "noop":
		return "noop"
	}
	return string(b)
}

// colon returns the offset past the ':' after a key, or -1.
func colon(data []byte, i int) int {
	i = jsonx.SkipSpace(data, i)
	if i >= len(data) || data[i] != ':' {
		return -1
	}
	return i + 1
}

// plainInt reads a JSON integer of a few digits.
func plainInt(v []byte) (int, bool) {
	if len(v) == 0 || len(v) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range v {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
