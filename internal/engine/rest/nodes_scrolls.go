package rest

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
)

// recordScrollStart registers the scroll a search opened: a context on each
// shard it searched, kept alive for the scroll parameter.
func (a *NodesAPI) recordScrollStart(r *Request, resp *Response, shards []*nodestats.ShardOps, refs []shardRef) {
	v, ok := r.Param("scroll")
	id := bodyString(resp, "_scroll_id")
	if !ok || id == "" {
		return
	}
	ka, err := keepAlive(v, a.b.clusterSettings().Values().MaxKeepAlive)
	if err != nil {
		return
	}
	nodes := make([]int, len(refs))
	for i, s := range refs {
		nodes[i] = nodestats.Allocate(len(a.b.Cluster.Nodes), s.x.Name, s.num, s.x.Replicas())[0]
	}
	a.reg.Scrolls().Open(id, shards, nodes, a.b.Clock.Now(), ka)
}

// scrollRequest is what a scroll or clear-scroll body may carry.
type scrollRequest struct {
	ScrollID json.RawMessage `json:"scroll_id"`
	Scroll   string          `json:"scroll"`
}

// recordScroll counts a scroll round as the server does: a query phase on
// each shard of the scroll, and a fetch phase on each when hits came back.
func (a *NodesAPI) recordScroll(r *Request, resp *Response, took time.Duration) {
	id := bodyString(resp, "_scroll_id")
	ka := r.Params["scroll"]
	var body scrollRequest
	if len(r.Body) > 0 && json.Unmarshal(r.Body, &body) == nil && body.Scroll != "" {
		ka = body.Scroll
	}
	var d time.Duration
	if ka != "" {
		var aerr *apierr.Error
		if d, aerr = keepAlive(ka, a.b.clusterSettings().Values().MaxKeepAlive); aerr != nil {
			return
		}
	}
	fetch := hasHits(resp)
	shards, nodes := a.reg.Scrolls().Continue(id, a.b.Clock.Now(), d)
	for i, ops := range shards {
		ops.RecordQuery(took)
		a.task(nodes[i], "search")
		if fetch {
			ops.RecordFetch(0)
			a.task(nodes[i], "search")
		}
	}
}

// recordClearScroll frees the scrolls a clear-scroll request named.
func (a *NodesAPI) recordClearScroll(r *Request, st int) {
	if st != http.StatusOK {
		return
	}
	var ids []string
	if p := r.PathParam("scroll_id"); p != "" {
		ids = strings.Split(p, ",")
	}
	var body scrollRequest
	if len(r.Body) > 0 && json.Unmarshal(r.Body, &body) == nil && len(body.ScrollID) > 0 {
		var one string
		var many []string
		if json.Unmarshal(body.ScrollID, &one) == nil {
			ids = append(ids, one)
		} else if json.Unmarshal(body.ScrollID, &many) == nil {
			ids = append(ids, many...)
		}
	}
	all := len(ids) == 1 && ids[0] == "_all"
	a.reg.Scrolls().Clear(ids, all, a.b.Clock.Now())
}
