package rest

import (
	"bytes"
	"errors"
	"net/http"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// Hook returns a handler hook that counts each request in the node
// statistics (thread pool of the coordinating node, shard operations,
// transport messages to the nodes holding copies), then runs next (or the
// handler when next is nil).
func (a *NodesAPI) Hook(next Hook) Hook {
	return func(r *Request, h Handler) (*Response, error) {
		// Scrolls whose keep-alive ran out are freed (and counted) first.
		a.reg.Scrolls().Expire(a.b.Clock.Now())
		if a.pits != nil {
			a.pits.ExpirePITs()
		}
		var end func()
		if meta := r.Meta(); !meta.Has(ShardPool) && meta.Pool != PoolNone {
			if p := a.reg.Node(0).Pool(meta.Pool); p != nil {
				end = p.Begin()
			}
		}
		start := time.Now()
		resp, err := callNext(next, r, h)
		if end != nil {
			end()
		}
		a.record(r, resp, err, time.Since(start))
		return resp, err
	}
}

// status is the HTTP status of an outcome.
func status(resp *Response, err error) int {
	if err != nil {
		var ae *apierr.Error
		if errors.As(err, &ae) {
			return ae.Status
		}
		return http.StatusInternalServerError
	}
	if resp == nil || resp.Status == 0 {
		return http.StatusOK
	}
	return resp.Status
}

// record counts one finished request on the shards it touched.
func (a *NodesAPI) record(r *Request, resp *Response, err error, took time.Duration) {
	st := status(resp, err)
	switch r.Op {
	case "index", "create":
		x, ok := a.b.Indices.Get(r.PathParam("index"))
		if !ok {
			return
		}
		id := r.PathParam("id")
		if id == "" {
			id = r.facts.docID
		}
		if id == "" {
			return
		}
		ops, num := a.shardOpsFor(x, id, r.Params["routing"])
		switch {
		case st == http.StatusOK || st == http.StatusCreated:
			ops.RecordIndex(took, false)
			a.replicate(x, num, int64(len(r.Body)))
			a.onCopies(x, num, "write")
		case st == http.StatusConflict:
			ops.RecordIndex(took, true)
			a.onPrimary(x, num, "write")
		}
	case "update":
		// An update is a get and an index (or nothing, for a noop) on the primary.
		x, ok := a.b.Indices.Get(r.PathParam("index"))
		if !ok || (st != http.StatusOK && st != http.StatusCreated) {
			return
		}
		ops, num := a.shardOpsFor(x, r.PathParam("id"), r.Params["routing"])
		// TransportUpdateAction runs on the primary's write pool; a
		// change then goes through a replicated shard bulk.
		a.onPrimary(x, num, "write")
		switch r.facts.updated {
		case updateNoop:
			ops.RecordNoop()
		case updateDeleted:
			ops.RecordDelete(took)
			a.replicate(x, num, 0)
			a.onCopies(x, num, "write")
		default:
			ops.RecordIndex(took, false)
			a.replicate(x, num, int64(len(r.Body)))
			a.onCopies(x, num, "write")
		}
	case "delete":
		x, ok := a.b.Indices.Get(r.PathParam("index"))
		if !ok || (st != http.StatusOK && st != http.StatusNotFound) {
			return
		}
		ops, num := a.shardOpsFor(x, r.PathParam("id"), r.Params["routing"])
		ops.RecordDelete(took)
		a.replicate(x, num, 0)
		a.onCopies(x, num, "write")
	case "get", "exists":
		x, ok := a.b.Indices.Get(r.PathParam("index"))
		if !ok || (st != http.StatusOK && st != http.StatusNotFound) {
			return
		}
		ops, num := a.shardOpsFor(x, r.PathParam("id"), r.Params["routing"])
		ops.RecordGet(took, st == http.StatusOK)
		a.onPrimary(x, num, "get")
	case "bulk":
		if st == http.StatusOK {
			a.recordBulk(r, resp, took)
		}
	case "search", "count":
		if st == http.StatusOK {
			a.recordSearch(r, took)
		}
	case "explain":
		// The shard operation runs on the get pool of the copy it reads;
		// reading the _source (or stored fields) goes through the shard's
		// get service, which counts an existing document.
		x, ok := a.b.Indices.Get(r.facts.index)
		if !ok || (st != http.StatusOK && st != http.StatusNotFound) {
			return
		}
		ops, num := a.shardOpsFor(x, r.PathParam("id"), r.Params["routing"])
		a.onPrimary(x, num, "get")
		if st == http.StatusOK && r.facts.fetched {
			ops.RecordGet(took, true)
		}
	case "scroll":
		if st == http.StatusOK {
			a.recordScroll(r, took)
		}
	case "clear_scroll":
		a.recordClearScroll(r, st)
	case "msearch":
		if st == http.StatusOK {
			a.recordMsearch(r, took)
		}
	case "indices.refresh":
		if st == http.StatusOK {
			for _, x := range a.eachShard(r.PathParam("index"), func(ops *nodestats.ShardOps) { ops.RecordRefresh(took, true) }) {
				for _, sh := range x.Shards {
					a.onCopies(x, sh.Num, "refresh")
				}
			}
		}
	}
}

// replicate counts the transport messages of a write: the coordinating node
// (0) sends it to every node holding a copy, each of which receives it.
func (a *NodesAPI) replicate(x *indices.Index, shardNum int, size int64) {
	if len(a.b.Cluster.Nodes) < 2 {
		return // every copy is on the coordinating node: nothing is sent
	}
	for _, node := range nodestats.Allocate(len(a.b.Cluster.Nodes), x.Name, shardNum, x.Replicas()) {
		if node == 0 {
			continue
		}
		a.reg.Node(0).Sent(size)
		a.reg.Node(node).Received(size)
	}
}

// eachShard calls fn for every shard of the indexes expr names.
func (a *NodesAPI) eachShard(expr string, fn func(*nodestats.ShardOps)) []*indices.Index {
	names, aerr := a.b.Indices.Resolve(expr, indices.DefaultOptions())
	if aerr != nil {
		return nil
	}
	var out []*indices.Index
	for _, n := range names {
		x, ok := a.b.Indices.Get(n)
		if !ok {
			continue
		}
		out = append(out, x)
		for _, sh := range x.Shards {
			fn(a.reg.Shard(nodestats.ShardKey{IndexUUID: x.UUID, Shard: sh.Num}))
		}
	}
	return out
}

// recordSearch counts a query phase on every shard searched, and a fetch
// phase on each of them when the search returned hits (count has none).
func (a *NodesAPI) recordSearch(r *Request, took time.Duration) {
	f := r.facts.search
	if f == nil {
		f = &searchreq.Facts{} // count records none
	}
	if a.recordPITSearch(f, took) {
		return
	}
	if r.Op == "search" {
		spec := f.Spec
		if spec == nil {
			spec = searchSpecOf(r)
		}
		if spec != nil {
			a.recordLookupGets(spec)
			a.recordRequestCache(r, spec)
		}
	}
	fetch := r.Op == "search" && f.Hits
	only := r.Op == "search" && f.SuggestOnly
	var shards []*nodestats.ShardOps
	xs := a.eachShard(r.PathParam("index"), func(ops *nodestats.ShardOps) {
		if only {
			ops.RecordSuggest(took)
		} else {
			ops.RecordQuery(took)
		}
		if fetch {
			ops.RecordFetch(0)
		}
		shards = append(shards, ops)
	})
	refs := shardRefs(xs)
	_, scroll := r.Param("scroll")
	scroll = scroll && r.Op == "search"
	a.searchTasks(refs, fetch, scroll)
	if scroll {
		a.recordScrollStart(r, f, shards, refs)
	}
}

// recordMsearch counts each search of a multi-search that ran, on the
// shards of its own target.
func (a *NodesAPI) recordMsearch(r *Request, took time.Duration) {
	n := time.Duration(len(r.facts.searches))
	for _, f := range r.facts.searches {
		if f == nil {
			continue
		}
		if a.recordPITSearch(f, took/n) {
			continue
		}
		xs := a.eachShard(f.Index, func(ops *nodestats.ShardOps) {
			if f.SuggestOnly {
				ops.RecordSuggest(took / n)
			} else {
				ops.RecordQuery(took / n)
			}
			if f.Hits {
				ops.RecordFetch(0)
			}
		})
		a.searchTasks(shardRefs(xs), f.Hits, false)
	}
}

// recordBulk walks the request's action lines beside the response items,
// counting each item on the shard its id and routing select.
func (a *NodesAPI) recordBulk(r *Request, resp *Response, took time.Duration) {
	o, ok := resp.Body.(jsonout.Object)
	if !ok {
		return
	}
	iv, _ := o.Get("items")
	items, _ := iv.([]any)
	// Action lines are read again only when they matter: a routing value
	// moves an item to another shard, and sizes count transport bytes.
	var actions []bulkAction
	if len(a.b.Cluster.Nodes) > 1 || r.facts.bulkRouted {
		actions = bulkActions(r.Body)
	}
	per := took
	if len(items) > 0 {
		per = took / time.Duration(len(items))
	}
	// Each shard the items reached runs one shard bulk on its copies. The
	// shards are few: their counters are looked up once, not per item.
	var shards []bulkShard
	defer func() {
		for _, s := range shards {
			a.onCopies(s.x, s.num, "write")
		}
	}()
	var lastName string
	var lastX *indices.Index
	for i, it := range items {
		op, name, docID, code, ok := bulkItemFacts(it)
		if !ok {
			continue
		}
		x := lastX
		if x == nil || name != lastName {
			var found bool
			if x, found = a.b.Indices.Get(name); !found {
				x = nil
			}
			lastName, lastX = name, x
		}
		if x == nil || docID == "" {
			continue
		}
		routing := r.Params["routing"]
		size := int64(0)
		if i < len(actions) {
			if actions[i].routing != "" {
				routing = actions[i].routing
			}
			size = actions[i].size
		}
		num := x.ShardFor(docID, routing).Num
		k := 0
		for k < len(shards) && (shards[k].x != x || shards[k].num != num) {
			k++
		}
		if k == len(shards) {
			shards = append(shards, bulkShard{shardRef: shardRef{x: x, num: num}, ops: a.reg.Shard(nodestats.ShardKey{IndexUUID: x.UUID, Shard: num})})
		}
		ops := shards[k].ops
		switch {
		case op == "delete" && (code == http.StatusOK || code == http.StatusNotFound):
			ops.RecordDelete(per)
			a.replicate(x, num, 0)
		case op != "delete" && op != "update" && (code == http.StatusOK || code == http.StatusCreated):
			ops.RecordIndex(per, false)
			a.replicate(x, num, size)
		case op != "delete" && op != "update" && code == http.StatusConflict:
			ops.RecordIndex(per, true)
		}
	}
}

// bulkShard is a shard bulk items reached, with its counters.
type bulkShard struct {
	shardRef
	ops *nodestats.ShardOps
}

// bulkItemFacts reads an item of a bulk answer: its action, index, id and
// status (ok false for an item of another shape).
func bulkItemFacts(it any) (op, index, id string, status int, ok bool) {
	if w, isWritten := it.(*bulkWritten); isWritten {
		return w.action, w.index, w.id, w.status, true
	}
	item, isObj := it.(jsonout.Object)
	if !isObj || len(item) != 1 {
		return "", "", "", 0, false
	}
	res, isObj := item[0].Value.(jsonout.Object)
	if !isObj {
		return "", "", "", 0, false
	}
	iv, _ := res.Get("_index")
	dv, _ := res.Get("_id")
	sv, _ := res.Get("status")
	index, _ = iv.(string)
	id, _ = dv.(string)
	status, _ = sv.(int)
	return item[0].Key, index, id, status, true
}

// bulkAction is what node statistics need from one bulk action.
type bulkAction struct {
	routing string
	size    int64 // bytes of the source line
}

// bulkActions reads the action lines of a bulk body (sources skipped), in
// order; lines that do not parse end the walk, as they end the bulk.
func bulkActions(body []byte) []bulkAction {
	var out []bulkAction
	lines := bytes.Split(body, []byte("\n"))
	for i := 0; i < len(lines); i++ {
		line := bytes.TrimSpace(lines[i])
		if len(line) == 0 {
			continue
		}
		v, err := jsonout.Decode(line)
		if err != nil {
			return out
		}
		o, ok := v.(jsonout.Object)
		if !ok || len(o) != 1 {
			return out
		}
		act := bulkAction{}
		if meta, ok := o[0].Value.(jsonout.Object); ok {
			if rv, ok := meta.Get("routing"); ok {
				act.routing, _ = rv.(string)
			}
		}
		if o[0].Key != "delete" && i+1 < len(lines) {
			i++
			act.size = int64(len(lines[i]))
		}
		out = append(out, act)
	}
	return out
}
