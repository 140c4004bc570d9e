package search

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// MultiSearchItem is one search of a multi-search: the metadata line and the body line.
type MultiSearchItem struct {
	Header MultiSearchHeader
	Body   *Request // nil sends {} (match_all)
}

// MultiSearchHeader is the metadata line of one search. Empty fields are left out, so the
// URL parameters and index apply.
type MultiSearchHeader struct {
	Index                     []string              // one name goes out as a string, several as a list
	AllowNoIndices            *bool                 // allow_no_indices
	AllowPartialSearchResults *bool                 // allow_partial_search_results
	CancelAfterTimeInterval   types.Duration        // cancel_after_time_interval
	CCSMinimizeRoundtrips     *bool                 // ccs_minimize_roundtrips
	ExpandWildcards           types.ExpandWildcards // expand_wildcards
	IgnoreThrottled           *bool                 // ignore_throttled
	IgnoreUnavailable         *bool                 // ignore_unavailable
	PhaseTook                 *bool                 // phase_took
	Preference                string                // _local, _only_local, _prefer_nodes:..., _only_nodes:..., _shards:...
	RequestCache              *bool                 // request_cache
	Routing                   []string              // routing, comma-joined
	SearchType                types.SearchType      // search_type
}

// MarshalJSON renders the metadata object.
func (h MultiSearchHeader) MarshalJSON() ([]byte, error) {
	var index any
	switch len(h.Index) {
	case 0:
	case 1:
		index = h.Index[0]
	default:
		index = h.Index
	}
	return jsonx.Marshal(struct {
		Index                     any                   `json:"index,omitempty"`
		AllowNoIndices            *bool                 `json:"allow_no_indices,omitempty"`
		AllowPartialSearchResults *bool                 `json:"allow_partial_search_results,omitempty"`
		CancelAfterTimeInterval   types.Duration        `json:"cancel_after_time_interval,omitempty"`
		CCSMinimizeRoundtrips     *bool                 `json:"ccs_minimize_roundtrips,omitempty"`
		ExpandWildcards           types.ExpandWildcards `json:"expand_wildcards,omitempty"`
		IgnoreThrottled           *bool                 `json:"ignore_throttled,omitempty"`
		IgnoreUnavailable         *bool                 `json:"ignore_unavailable,omitempty"`
		PhaseTook                 *bool                 `json:"phase_took,omitempty"`
		Preference                string                `json:"preference,omitempty"`
		RequestCache              *bool                 `json:"request_cache,omitempty"`
		Routing                   string                `json:"routing,omitempty"`
		SearchType                types.SearchType      `json:"search_type,omitempty"`
	}{index, h.AllowNoIndices, h.AllowPartialSearchResults, h.CancelAfterTimeInterval, h.CCSMinimizeRoundtrips,
		h.ExpandWildcards, h.IgnoreThrottled, h.IgnoreUnavailable, h.PhaseTook, h.Preference, h.RequestCache,
		strings.Join(h.Routing, ","), h.SearchType})
}

// MultiSearchResponse is a multi-search response with raw _source.
type MultiSearchResponse = MultiSearchResult[json.RawMessage]

// MultiSearchResult holds one entry per search, in request order.
type MultiSearchResult[S any] struct {
	types.ResponseMeta

	Took      int64                 `json:"took"`
	Responses []MultiSearchEntry[S] `json:"responses"`
}

// MultiSearchEntry is the outcome of one search: a search response, or Error when that search
// failed. A failed entry never fails the whole call. Status is its HTTP status. The search
// fields (Hits, Took...) of a failed entry are empty, never a nil pointer: reading them is
// safe, but check Failed to tell "no hits" from "no search".
type MultiSearchEntry[S any] struct {
	Result[S]
	Status int               `json:"status"`
	Error  *types.ErrorCause `json:"error,omitempty"`
}

// MarshalJSON writes the entry as the server does: a failed one as its error
// and status only, a successful one as the search response and its status.
func (e MultiSearchEntry[S]) MarshalJSON() ([]byte, error) {
	if e.Error != nil {
		return jsonx.Marshal(struct {
			Error  *types.ErrorCause `json:"error"`
			Status int               `json:"status"`
		}{e.Error, e.Status})
	}
	return jsonx.Marshal(struct {
		Result[S]
		Status int `json:"status"`
	}{e.Result, e.Status})
}

// Failed reports whether this search failed.
func (e *MultiSearchEntry[S]) Failed() bool { return e.Error != nil || e.Status >= 300 }

// MultiSearch runs several searches in one request. indices (may be empty) apply to the
// searches whose header names no index. The NDJSON body is written for you. Like Search,
// it asks for typed_keys when a search has aggregations and params leave TypedKeys unset.
func (s *Service) MultiSearch(ctx context.Context, indices []string, searches []MultiSearchItem, params *MultiSearchParams) (*MultiSearchResponse, error) {
	return MultiSearchAs[json.RawMessage](ctx, s, indices, searches, params)
}

// MultiSearchAs is MultiSearch with every hit's _source decoded into S in one pass.
func MultiSearchAs[S any](ctx context.Context, s *Service, indices []string, searches []MultiSearchItem, params *MultiSearchParams) (*MultiSearchResult[S], error) {
	target, err := joinNames(indices)
	if err != nil {
		return nil, err
	}
	body, err := encodeMultiSearch(searches)
	if err != nil {
		return nil, err
	}
	var forced bool
	if params == nil || params.TypedKeys == nil {
		for _, item := range searches {
			forced = forced || wantsTypedKeys(item.Body, nil)
		}
	}
	if forced {
		var p MultiSearchParams
		if params != nil {
			p = *params
		}
		t := true
		p.TypedKeys = &t
		params = &p
	}
	out := new(MultiSearchResult[S])
	req := &transport.Request{
		Method:      http.MethodPost,
		Path:        transport.Path(target, "_msearch"),
		Params:      params,
		Body:        body,
		ContentType: "application/x-ndjson",
	}
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	if forced {
		for i := range out.Responses {
			if !out.Responses[i].Failed() {
				out.Responses[i].Result.untypeSuggest()
			}
		}
	}
	return out, nil
}

// encodeMultiSearch writes header and body lines, each one compact JSON object, ending with a newline.
func encodeMultiSearch(searches []MultiSearchItem) ([]byte, error) {
	if len(searches) == 0 {
		return nil, errors.New("search: MultiSearch needs at least one search")
	}
	var buf []byte
	for i, item := range searches {
		header, err := jsonx.Marshal(item.Header)
		if err != nil {
			return nil, errors.New("search: multi-search entry " + strconv.Itoa(i) + " header: " + err.Error())
		}
		body := []byte("{}")
		if item.Body != nil {
			if body, err = jsonx.Marshal(item.Body); err != nil {
				return nil, errors.New("search: multi-search entry " + strconv.Itoa(i) + " body: " + err.Error())
			}
		}
		buf = appendLine(buf, header)
		buf = appendLine(buf, body)
	}
	return buf, nil
}

// appendLine appends one JSON value and a newline. Raw JSON given by the user may hold
// newlines between tokens; they are replaced by spaces (a newline cannot occur inside a JSON
// string, so this never changes a value) to keep one object per line.
func appendLine(buf, value []byte) []byte {
	start := len(buf)
	buf = append(buf, value...)
	for i := start; i < len(buf); i++ {
		if buf[i] == '\n' || buf[i] == '\r' {
			buf[i] = ' '
		}
	}
	return append(buf, '\n')
}
