package transport

import (
	"net/http"
	"net/url"
	"strings"
)

// idempotent reports whether sending the request twice leaves the cluster as
// sending it once does, so that an attempt whose answer was lost may be
// repeated. It is true for GET, HEAD and OPTIONS, for PUT, POST and DELETE of one
// document by id without a condition (op_type=create, if_seq_no, version) that
// would turn the repeat into a conflict, and for the POSTs that only read or
// that converge (readPOSTs, the clears of scroll and point-in-time ids).
//
// Everything else is a write: index without an id, create, update, bulk,
// reindex, by-query, task cancel, index and settings changes, scroll
// continuation (the server moves the cursor on, so a repeat would skip a page)
// and anything Client.Do sends that this table does not know.
func idempotent(method, escapedPath, rawQuery string) bool {
	seg := strings.Split(strings.Trim(escapedPath, "/"), "/")
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return true
	case http.MethodPost:
		return readPOST(seg) || simulatesTemplate(seg) || (documentByID(seg) && unconditional(rawQuery))
	case http.MethodPut:
		return documentByID(seg) && unconditional(rawQuery)
	case http.MethodDelete:
		return documentByID(seg) || clearsByID(seg)
	}
	return false
}

// readPOSTs are the endpoints, named by their last path segment (or last two),
// whose POST only reads: the body carries the query, nothing is stored.
var readPOSTs = map[string]bool{
	"_search": true, "_msearch": true, "_count": true, "_mget": true,
	"_field_caps": true, "_analyze": true, "_termvectors": true, "_mtermvectors": true,
	"_rank_eval": true, "_search_shards": true,
	"_search/template": true, "_msearch/template": true, "_render/template": true,
	"_validate/query": true,
}

// readPOST reports whether seg is one of readPOSTs, alone or after a target
// (/_search, /<index>/_search, /<index>/_search/template), or explain and term
// vectors of one document (/<index>/_explain/<id>, /<index>/_termvectors/<id>).
// Positions matter: /<index>/_update/_search updates the document "_search".
func readPOST(seg []string) bool {
	switch n := len(seg); {
	case n == 1:
		return readPOSTs[seg[0]]
	case n == 2:
		return readPOSTs[seg[0]+"/"+seg[1]] || (isTarget(seg[0]) && readPOSTs[seg[1]])
	case n == 3 && isTarget(seg[0]):
		return readPOSTs[seg[1]+"/"+seg[2]] || seg[1] == "_explain" || seg[1] == "_termvectors"
	}
	return false
}

// simulatesTemplate reports whether seg is a template simulation
// (/_index_template/_simulate[/<name>], /_index_template/_simulate_index/<index>):
// it resolves templates without storing any.
func simulatesTemplate(seg []string) bool {
	return len(seg) >= 2 && seg[0] == "_index_template" && (seg[1] == "_simulate" || seg[1] == "_simulate_index")
}

// documentByID reports whether seg is /<index>/_doc/<id>.
func documentByID(seg []string) bool {
	return len(seg) == 3 && isTarget(seg[0]) && seg[1] == "_doc" && seg[2] != ""
}

// clearsByID reports whether seg is the clear of scroll or point-in-time ids
// named in the body (DELETE /_search/scroll, DELETE /_search/point_in_time):
// freeing an id twice frees it once. The "_all" forms are not included.
func clearsByID(seg []string) bool {
	return len(seg) == 2 && seg[0] == "_search" && (seg[1] == "scroll" || seg[1] == "point_in_time")
}

// isTarget reports whether a first path segment names indices rather than an
// API: index names cannot start with "_", but "_all" is a target.
func isTarget(s string) bool { return s != "" && (!strings.HasPrefix(s, "_") || s == "_all") }

// conditionalParams turn a repeated document write into a version conflict or a
// new version number: with them the repeat is not the same operation.
var conditionalParams = []string{"op_type", "if_seq_no", "if_primary_term", "version", "version_type"}

// unconditional reports whether a document write carries none of conditionalParams.
func unconditional(rawQuery string) bool {
	if rawQuery == "" {
		return true
	}
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		return false
	}
	for _, p := range conditionalParams {
		if _, ok := q[p]; ok {
			return false
		}
	}
	return true
}
