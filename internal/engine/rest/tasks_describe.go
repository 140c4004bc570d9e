package rest

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// maxSourceInDescription is IndexRequest.MAX_SOURCE_LENGTH_IN_TOSTRING.
const maxSourceInDescription = 2048

// taskDescriber returns the lazy description of a request's task, as the
// request's getDescription() prints it, or nil for operations whose
// description the fake leaves empty.
func taskDescriber(r *Request) func() string {
	switch r.Op {
	case "index", "create":
		return func() string {
			id, ok := r.PathParams["id"]
			if !ok {
				id = "null"
			}
			return "index {[" + r.PathParam("index") + "][" + id + "], source[" + sourceForDescription(r.Body) + "]}"
		}
	case "delete":
		return func() string { return "delete {[" + r.PathParam("index") + "][" + r.PathParam("id") + "]}" }
	case "bulk":
		return func() string { return bulkDescription(r) }
	}
	return nil
}

// sourceForDescription is IndexRequest.toString's source: compact JSON, or a
// size note past 2kb.
func sourceForDescription(body []byte) string {
	if len(body) > maxSourceInDescription {
		return "n/a, actual length: [" + descByteSize(int64(len(body))) + "], max length: 2kb"
	}
	var b bytes.Buffer
	if err := json.Compact(&b, body); err != nil {
		return "_na_"
	}
	return b.String()
}

// descByteSize is ByteSizeValue.toString: the largest unit with at least one
// whole unit and one decimal, truncated (Strings.format1Decimals), dropped when
// zero.
func descByteSize(n int64) string {
	units := []string{"b", "kb", "mb", "gb"}
	v, u := float64(n), 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	s := strconv.FormatFloat(math.Floor(v*10)/10, 'f', 1, 64)
	s = strings.TrimSuffix(s, ".0")
	return s + units[u]
}

// bulkDescription is BulkRequest.getDescription: the number of requests and
// the set of target indexes (a HashSet, printed in its iteration order).
func bulkDescription(r *Request) string {
	items, err := parseBulk(r.Body, r.PathParam("index"), r.Params["routing"], false)
	if err != nil {
		return "requests[0], indices[]"
	}
	set := painless.NewHashMap(4)
	for i := range items {
		set.Set(items[i].op.index, true)
	}
	names := make([]string, 0, set.Len())
	for _, k := range set.Keys() {
		names = append(names, k.(string))
	}
	return "requests[" + strconv.Itoa(len(items)) + "], indices[" + strings.Join(names, ", ") + "]"
}
