package rest

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
)

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
			return "index {[" + r.PathParam("index") + "][" + id + "], source[" + sourceForMessage(r.Body) + "]}"
		}
	case "delete":
		return func() string { return "delete {[" + r.PathParam("index") + "][" + r.PathParam("id") + "]}" }
	case "bulk":
		return func() string { return bulkDescription(r) }
	case "update":
		return func() string { return updateDescription(r) }
	case "search", "count", "scroll", "msearch":
		return searchDescriber(r)
	}
	return nil
}

// updateDescription is UpdateRequest.toString: the partial document and the
// upsert print as their IndexRequests (no index or id of their own).
func updateDescription(r *Request) string {
	var b strings.Builder
	b.WriteString("update {[" + r.PathParam("index") + "][" + r.PathParam("id") + "]")
	body, err := parseUpdateBody(r.Body)
	if err != nil {
		body = &updateBody{req: upd.Request{DetectNoop: true}}
	}
	req := &body.req
	b.WriteString(", doc_as_upsert[" + strconv.FormatBool(req.DocAsUpsert) + "]")
	if req.Doc != nil {
		b.WriteString(", doc[index {[null][null], source[" + sourceForMessage(req.Doc) + "]}]")
	}
	if req.Script != nil {
		b.WriteString(", script[" + scriptString(req.Script) + "]")
	}
	if req.Upsert != nil {
		b.WriteString(", upsert[index {[null][null], source[" + sourceForMessage(req.Upsert) + "]}]")
	}
	b.WriteString(", scripted_upsert[" + strconv.FormatBool(req.ScriptedUpsert) + "]")
	b.WriteString(", detect_noop[" + strconv.FormatBool(req.DetectNoop) + "]}")
	return b.String()
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
		set.Set(items[i].op.Index, true)
	}
	names := make([]string, 0, set.Len())
	for _, k := range set.Keys() {
		names = append(names, k.(string))
	}
	return "requests[" + strconv.Itoa(len(items)) + "], indices[" + strings.Join(names, ", ") + "]"
}
