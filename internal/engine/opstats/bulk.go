package opstats

import (
	"bytes"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
)

// recordBulk walks the request's action lines beside the response items,
// counting each item on the shard its id and routing select.
func (rc *Recorder) recordBulk(op *Op) {
	took := op.Took
	o, ok := op.Response.(jsonout.Object)
	if !ok {
		return
	}
	iv, _ := o.Get("items")
	items, _ := iv.([]any)
	// Action lines are read again only when they matter: a routing value
	// moves an item to another shard, and sizes count transport bytes.
	var actions []bulkAction
	if len(rc.Cluster.Nodes) > 1 || op.Facts.BulkRouted {
		actions = bulkActions(op.Body)
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
			rc.onCopies(s.x, s.num, "write")
		}
	}()
	var lastName string
	var lastX *indices.Index
	for i, it := range items {
		action, name, docID, code, ok := bulkItemFacts(it)
		if !ok {
			continue
		}
		x := lastX
		if x == nil || name != lastName {
			var found bool
			if x, found = rc.Indices.Get(name); !found {
				x = nil
			}
			lastName, lastX = name, x
		}
		if x == nil || docID == "" {
			continue
		}
		routing := op.Params["routing"]
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
			shards = append(shards, bulkShard{shardRef: shardRef{x: x, num: num}, ops: rc.Reg.Shard(nodestats.ShardKey{IndexUUID: x.UUID, Shard: num})})
		}
		ops := shards[k].ops
		switch {
		case action == "delete" && (code == statusOK || code == statusNotFound):
			ops.RecordDelete(per)
			rc.replicate(x, num, 0)
		case action != "delete" && action != "update" && (code == statusOK || code == statusCreated):
			ops.RecordIndex(per, false)
			rc.replicate(x, num, size)
		case action != "delete" && action != "update" && code == statusConflict:
			ops.RecordIndex(per, true)
		}
	}
}

// BulkItem is a bulk answer item that states its facts itself (the HTTP
// layer's items written straight to JSON); other items are read as objects.
type BulkItem interface {
	BulkItemFacts() (action, index, id string, status int)
}

// bulkShard is a shard bulk items reached, with its counters.
type bulkShard struct {
	shardRef
	ops *nodestats.ShardOps
}

// bulkItemFacts reads an item of a bulk answer: its action, index, id and
// status (ok false for an item of another shape).
func bulkItemFacts(it any) (op, index, id string, status int, ok bool) {
	if w, isItem := it.(BulkItem); isItem {
		op, index, id, status = w.BulkItemFacts()
		return op, index, id, status, true
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
