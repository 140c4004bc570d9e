package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/taskdesc"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// taskDescriber returns the lazy description of a request's task, as the
// request's getDescription() prints it, or nil for operations whose
// description the fake leaves empty. It reads the raw request; a handler
// that parsed the request hands its parsed form over with describeWith, so
// a listing while it runs does not parse the body again.
func taskDescriber(r *Request) func() string {
	switch r.Op {
	case "index", "create":
		return func() string {
			id, ok := r.PathParams["id"]
			if !ok {
				id = "null"
			}
			return taskdesc.Index(r.PathParam("index"), id, r.Body)
		}
	case "delete":
		return func() string { return taskdesc.Delete(r.PathParam("index"), r.PathParam("id")) }
	case "bulk":
		return func() string {
			items, err := parseBulk(r.Body, r.PathParam("index"), r.Params["routing"], false)
			if err != nil {
				return taskdesc.Bulk(0, nil)
			}
			return bulkDescriber(items)()
		}
	case "update":
		return func() string {
			body, err := upd.ParseBody(r.Body)
			if err != nil {
				body = &upd.Body{Req: upd.Request{DetectNoop: true}}
			}
			return updateDescriber(r, &body.Req)()
		}
	case "search":
		return func() string { return taskdesc.Search(r.PathParam("index"), r.Params, taskdesc.ParseBody(r.Body)) }
	case "count":
		return func() string { return taskdesc.Count(r.PathParam("index"), r.Params, taskdesc.ParseBody(r.Body)) }
	case "scroll":
		return func() string { return taskdesc.Scroll(r.PathParam("scroll_id"), r.Params, taskdesc.ParseBody(r.Body)) }
	case "msearch":
		return func() string {
			entries, err := search.ParseMultiSearch(r.Body, r.PathParam("index"))
			if err != nil {
				return taskdesc.Msearch(nil)
			}
			return msearchDescriber(r, entries)()
		}
	}
	return nil
}

// describeWith hands the description of r's task over to describe, built
// from what the handler parsed (no-op outside a task).
func describeWith(r *Request, describe func() string) {
	if r.Ctx == nil {
		return
	}
	if t := requestTask(r); t != nil {
		t.SetDescriber(describe)
	}
}

// describeParsedBody hands over the description of a search or count whose
// body the handler parsed into v (nil: an empty body). The top-level value
// is copied now, on the handler's goroutine: the search parser takes "pit"
// out of v afterwards.
func describeParsedBody(r *Request, v *xcontent.Value) {
	var describe func(index string, params map[string]string, body taskdesc.Body) string
	switch r.Op {
	case "search":
		describe = taskdesc.Search
	case "count":
		describe = taskdesc.Count
	default:
		return
	}
	body := taskdesc.Body{}
	if v != nil {
		cp := *v
		body.Value = &cp
	}
	describeWith(r, func() string { return describe(r.PathParam("index"), r.Params, body) })
}

// bulkDescriber describes a bulk from its parsed items.
func bulkDescriber(items []bulkItem) func() string {
	names := make([]string, len(items))
	for i := range items {
		names[i] = items[i].op.Index
	}
	return func() string { return taskdesc.Bulk(len(names), names) }
}

// updateDescriber describes an update from its parsed body (a copy: the
// handler goes on with its own).
func updateDescriber(r *Request, req *upd.Request) func() string {
	index, id, cp := r.PathParam("index"), r.PathParam("id"), *req
	return func() string { return taskdesc.Update(index, id, &cp) }
}

// msearchDescriber describes a multi-search from its parsed entries.
func msearchDescriber(r *Request, entries []msearchEntry) func() string {
	return func() string {
		parts := make([]string, len(entries))
		for i, e := range entries {
			parts[i] = msearchEntryDescription(r, e)
		}
		return taskdesc.Msearch(parts)
	}
}

// msearchEntryDescription describes one search of a multi-search.
func msearchEntryDescription(r *Request, e msearchEntry) string {
	return taskdesc.Search(e.Index, taskdesc.MsearchParams(r.Params, e.Params), taskdesc.ParseBody(e.Body))
}
