package rest

import (
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// pitInitKeepAlive is pit.init.keep_alive, the keep-alive a reader context
// starts with, which a shorter request never lowers. The cluster settings
// search.max_open_pit_context (contexts per node) and
// point_in_time.max_keep_alive bound points in time further.
const pitInitKeepAlive = 30 * time.Second

// pitListener follows the shard reader contexts of points in time, for the
// node statistics (point_in_time_current, _total and _time). It is called
// with the search state locked and must not call back into it.
type pitListener interface {
	pitOpened(t search.Target)
	pitClosed(t search.Target, lifetime time.Duration)
}

// pitStore is the point-in-time part of SearchState, guarded by its mutex:
// one reader context per shard of each point in time, keyed by context id.
type pitStore struct {
	session  string // ShardSearchContextId's session: ids of another server are missing here
	next     int64
	seq      int64
	ctxs     map[int64]*pitShardCtx
	svc      *indices.Service
	listener pitListener
}

// pitLife is what the shard contexts of one point in time share: they are
// created, used and extended together.
type pitLife struct {
	id         string
	seq        int64 // creation order, for listing
	created    time.Time
	keepAlive  time.Duration // the longest asked for (ReaderContext keeps the max)
	lastAccess time.Time
}

func (l *pitLife) expiresAt() time.Time { return l.lastAccess.Add(l.keepAlive) }

// pitShardCtx is one shard's reader context: the shard's refresh point when
// the point in time was created, searched instead of the current one.
type pitShardCtx struct {
	life    *pitLife
	target  search.Target
	view    shard.View
	node    int
	release func() // unpins the view from the shard
}

// pitSearch is the body's "pit": the id and the optional keep-alive, and,
// once resolved, the frozen shards to search.
type pitSearch struct {
	id        string
	keepAlive time.Duration // 0: not given
	refs      []pitShardRef // the decoded id
	targets   []search.Target
	views     []shard.View
}

// setPITListener makes l follow the points in time (nil stops it).
func (st *SearchState) setPITListener(l pitListener) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.pits.listener = l
}

// expirePITs frees the point-in-time contexts whose keep-alive ran out and
// those of deleted indexes.
func (st *SearchState) expirePITs() {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expirePITsLocked()
}

// pitShards returns the live shards of the point in time id (nil when it
// names none), for node statistics.
func (st *SearchState) pitShards(id string) []search.Target {
	refs, err := decodePITID(id)
	if err != nil {
		return nil
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	var out []search.Target
	for _, ref := range refs {
		if c := st.pits.ctxs[ref.ctx]; c != nil && ref.session == st.pits.session {
			out = append(out, c.target)
		}
	}
	return out
}

func (st *SearchState) expirePITsLocked() {
	if len(st.pits.ctxs) == 0 {
		return
	}
	now := st.clock.Now()
	for n, c := range st.pits.ctxs {
		switch {
		case now.Sub(c.life.lastAccess) > c.life.keepAlive:
			st.freePITLocked(n, c.life.expiresAt())
		case !st.pits.indexLive(c.target.Index):
			st.freePITLocked(n, now)
		}
	}
}

func (p *pitStore) indexLive(x *indices.Index) bool {
	cur, ok := p.svc.Get(x.Name)
	return ok && cur == x
}

func (st *SearchState) freePITLocked(n int64, at time.Time) {
	c := st.pits.ctxs[n]
	delete(st.pits.ctxs, n)
	c.release()
	if st.pits.listener != nil {
		st.pits.listener.pitClosed(c.target, at.Sub(c.life.created))
	}
}

// pitContextCount is the number of live point-in-time shard contexts.
func (st *SearchState) pitContextCount() int { return len(st.pits.ctxs) }

func (st *SearchState) pitInitLocked(svc *indices.Service) {
	if st.pits.ctxs == nil {
		st.pits.ctxs = map[int64]*pitShardCtx{}
		var b [15]byte
		_, _ = rand.Read(b[:])
		st.pits.session = base64.RawURLEncoding.EncodeToString(b[:])
	}
	st.pits.svc = svc
}

// pitRoutes are the point-in-time routes.
func (b *Backend) pitRoutes(st *SearchState) []Route {
	createParams := []string{"allow_no_indices", "allow_partial_pit_creation", "expand_wildcards", "ignore_throttled",
		"ignore_unavailable", "keep_alive", "preference", "routing"}
	return []Route{
		{Op: "create_pit", Method: "POST", Path: "/{index}/_search/point_in_time", Params: createParams, Handler: b.createPIT(st)},
		{Op: "delete_pit", Method: "DELETE", Path: "/_search/point_in_time", Body: true, Handler: b.deletePITs(st, false)},
		{Op: "delete_all_pits", Method: "DELETE", Path: "/_search/point_in_time/_all", Handler: b.deletePITs(st, true)},
		{Op: "get_all_pits", Method: "GET", Path: "/_search/point_in_time/_all", Handler: b.listPITs(st)},
	}
}

// createPIT is POST /{index}/_search/point_in_time (RestCreatePitAction,
// then CreatePitController's two phases: a reader context per shard, then
// the id, keep-alive and creation time set on each).
func (b *Backend) createPIT(st *SearchState) Handler {
	return func(r *Request) (*Response, error) {
		allowPartial, err := r.Bool("allow_partial_pit_creation", true)
		if err != nil {
			return nil, err
		}
		v, hasKeepAlive := r.Param("keep_alive")
		var keepAlive time.Duration
		if hasKeepAlive {
			d, terr := settings.ParseTimeValue(v, "keep_alive")
			if terr != nil {
				return nil, terr
			}
			keepAlive = d
		}
		o, err := indicesOptions(r, indices.DefaultOptions())
		if err != nil {
			return nil, err
		}
		if _, err := r.BoolOrDefault("ignore_throttled", false); err != nil {
			return nil, err
		}
		if !hasKeepAlive {
			return nil, apierr.Validation("keep alive not specified")
		}
		pref := &searchSpec{}
		if p, ok := r.Param("preference"); ok {
			if err := pref.parsePreference(p); err != nil {
				return nil, err
			}
		}
		names, aerr := b.Indices.Resolve(r.PathParam("index"), o)
		if aerr != nil {
			return nil, aerr
		}
		if aerr := b.readBlocked(names); aerr != nil {
			return nil, aerr
		}
		targets := b.pitTargets(names, r.Params["routing"], pref.shardsPref)
		if len(targets) == 0 {
			// A search over no shard answers at once without an id, which
			// the update phase then fails to decode (a null string).
			return nil, apierr.IllegalArgument("invalid id: [null]").WithCause(apierr.New("null_pointer_exception",
				`Cannot invoke "String.getBytes(java.nio.charset.Charset)" because "<parameter1>" is null`))
		}
		views := search.Snapshot(b.Indices, targets)
		now := b.Clock.Now()
		refs, fails := st.openPIT(b, targets, views, now)
		switch {
		case len(refs) == 0:
			e := b.searchFailed(fails)
			e.Meta[0].Value = "create_pit"
			return nil, e
		case len(fails) > 0 && !allowPartial:
			st.closePIT(refs, now)
			e := b.searchFailed(fails)
			e.Meta[0].Value = "create_pit"
			e.Reason = "Partial shards failure"
			return nil, e
		}
		id := encodePITID(b.Cluster.Version.ID(), refs)
		if maxPITKeepAlive := b.clusterSettings().Values().PITMaxKeepAlive; keepAlive > maxPITKeepAlive {
			st.closePIT(refs, now)
			return nil, apierr.IllegalArgument("Keep alive for request (%s) is too large. It must be less than (%s). This limit can be set by changing the [point_in_time.max_keep_alive] cluster level setting.",
				nodestats.Duration(keepAlive), nodestats.Duration(maxPITKeepAlive))
		}
		st.namePIT(refs, id, keepAlive, now)
		shards := jsonout.Object{{Key: "total", Value: len(targets)}, {Key: "successful", Value: len(refs)},
			{Key: "skipped", Value: 0}, {Key: "failed", Value: len(fails)}}
		if len(fails) > 0 {
			shards = append(shards, jsonout.Field{Key: "failures", Value: b.shardFailures(fails, true)})
		}
		return OK(jsonout.Object{{Key: "pit_id", Value: id}, {Key: "_shards", Value: shards},
			{Key: "creation_time", Value: now.UnixMilli()}}), nil
	}
}

// pitTargets lists the shards a new point in time reads: every shard of
// the indexes, or those routing or a _shards preference select.
func (b *Backend) pitTargets(names []string, routing string, only map[int]bool) []search.Target {
	var out []search.Target
	for _, n := range names {
		x, ok := b.Indices.Get(n)
		if !ok {
			continue
		}
		shards := allShards(x)
		if routing != "" {
			shards = shards[:0]
			seen := map[int]bool{}
			for _, rv := range strings.Split(routing, ",") {
				if sh := x.Routing.Shard("", rv); !seen[sh] {
					seen[sh] = true
					shards = append(shards, sh)
				}
			}
			sort.Ints(shards)
		}
		for _, sh := range shards {
			if only == nil || only[sh] {
				out = append(out, search.Target{Index: x, Shard: sh})
			}
		}
	}
	search.OrderTargets(out)
	return out
}

// openPIT creates a reader context on each target (SearchService.
// createPitReaderContext): a node already holding search.max_open_pit_context
// of them rejects the shard.
func (st *SearchState) openPIT(b *Backend, targets []search.Target, views []shard.View, now time.Time) ([]pitShardRef, []search.ShardFailure) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.pitInitLocked(b.Indices)
	st.expirePITsLocked()
	maxOpenPITContexts := b.clusterSettings().Values().MaxOpenPITContext
	perNode := map[int]int{}
	for _, c := range st.pits.ctxs {
		perNode[c.node]++
	}
	st.pits.seq++
	life := &pitLife{seq: st.pits.seq, created: now, keepAlive: pitInitKeepAlive, lastAccess: now}
	var refs []pitShardRef
	var fails []search.ShardFailure
	for i, t := range targets {
		node := t.Shard % len(b.Cluster.Nodes)
		if perNode[node]+1 > maxOpenPITContexts {
			fails = append(fails, search.ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: apierr.Newf(apierr.TypeRejectedExecution,
				"Trying to create too many Point In Time contexts. Must be less than or equal to: [%d]. This limit can be set by changing the [search.max_open_pit_context] setting.", maxOpenPITContexts)})
			continue
		}
		perNode[node]++
		v := views[i]
		if v.Stats == nil {
			// A shard never refreshed: an empty view, not "the current one".
			v.Stats = map[string]shard.FieldStats{}
		}
		st.pits.next++
		st.pits.ctxs[st.pits.next] = &pitShardCtx{life: life, target: t, view: v, node: node, release: t.Index.Shards[t.Shard].Pin(v)}
		if st.pits.listener != nil {
			st.pits.listener.pitOpened(t)
		}
		refs = append(refs, pitShardRef{index: t.Index.Name, uuid: t.Index.UUID, shard: t.Shard,
			node: b.Cluster.Nodes[node].ID, session: st.pits.session, ctx: st.pits.next})
	}
	return refs, fails
}

// namePIT is the update phase: the contexts learn their id, creation time
// and keep-alive.
func (st *SearchState) namePIT(refs []pitShardRef, id string, keepAlive time.Duration, now time.Time) {
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, ref := range refs {
		if c := st.pits.ctxs[ref.ctx]; c != nil {
			c.life.id = id
			c.life.keepAlive = max(c.life.keepAlive, keepAlive)
			c.life.lastAccess = now
		}
	}
}

// closePIT frees the contexts of a point in time that could not be created.
func (st *SearchState) closePIT(refs []pitShardRef, now time.Time) {
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, ref := range refs {
		if _, ok := st.pits.ctxs[ref.ctx]; ok {
			st.freePITLocked(ref.ctx, now)
		}
	}
}

// deletePITs is DELETE /_search/point_in_time (ids in the body) and
// DELETE /_search/point_in_time/_all. Ids whose contexts are gone count as
// deleted (SearchService.freeReaderContextsIfFound).
func (b *Backend) deletePITs(st *SearchState, all bool) Handler {
	return func(r *Request) (*Response, error) {
		var ids []string
		if all {
			ids = []string{"_all"}
		} else if len(strings.TrimSpace(string(r.Body))) > 0 {
			var err error
			if ids, err = parseDeletePITBody(r.Body); err != nil {
				return nil, err
			}
		}
		if len(ids) == 0 {
			return nil, apierr.Validation("no pit ids specified")
		}
		var freed jsonout.Object // id -> success, gathered in a HashMap keyed by id
		if len(ids) == 1 && ids[0] == "_all" {
			freed = st.freeAllPITs()
		} else {
			refs := make([][]pitShardRef, len(ids))
			for i, id := range ids {
				var aerr *apierr.Error
				if refs[i], aerr = decodePITID(id); aerr != nil {
					return nil, aerr
				}
			}
			nodes := map[string]bool{}
			for _, n := range b.Cluster.Nodes {
				nodes[n.ID] = true
			}
			freed = st.freePITs(ids, refs, nodes)
		}
		list := make([]any, 0, len(freed))
		for _, f := range hashOrdered(freed) {
			list = append(list, jsonout.Object{{Key: "pit_id", Value: f.Key}, {Key: "successful", Value: f.Value}})
		}
		return OK(jsonout.Object{{Key: "pits", Value: list}}), nil
	}
}

// parseDeletePITBody is DeletePitRequest.fromXContent.
func parseDeletePITBody(body []byte) ([]string, error) {
	v, err := parseXContent(body)
	if err != nil {
		return nil, err
	}
	if v.Kind != xcontent.Object {
		return nil, apierr.IllegalArgument("Malformed content, must start with an object")
	}
	var ids []string
	for _, m := range v.Members {
		if m.Key != "pit_id" {
			return nil, apierr.IllegalArgument("Unknown parameter [%s] in request body or parameter is of the wrong type[%s] ", m.Key, m.Value.Token())
		}
		switch m.Value.Kind {
		case xcontent.Array:
			for _, it := range m.Value.Items {
				if it.Kind == xcontent.Array || it.Kind == xcontent.Object {
					return nil, apierr.IllegalArgument("pit_id array element should only contain pit_id")
				}
				ids = append(ids, it.Text())
			}
		case xcontent.Object:
			return nil, apierr.IllegalArgument("pit_id element should only contain pit_id")
		default:
			ids = append(ids, m.Value.Text())
		}
	}
	return ids, nil
}

// freePITs frees the contexts the ids name and returns each distinct id
// with its outcome: a context found or already gone is a success, a node the
// cluster does not know fails the id (PitService.deletePitContexts).
func (st *SearchState) freePITs(ids []string, refs [][]pitShardRef, nodes map[string]bool) jsonout.Object {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expirePITsLocked()
	now := st.clock.Now()
	at := map[string]int{}
	var out jsonout.Object
	for i, id := range ids {
		ok := true
		for _, ref := range refs[i] {
			if !nodes[ref.node] {
				ok = false
				continue
			}
			if _, live := st.pits.ctxs[ref.ctx]; live && ref.session == st.pits.session {
				st.freePITLocked(ref.ctx, now)
			}
		}
		if len(refs[i]) == 0 {
			continue
		}
		if j, seen := at[id]; seen {
			out[j].Value = out[j].Value.(bool) && ok
			continue
		}
		at[id] = len(out)
		out = append(out, jsonout.Field{Key: id, Value: ok})
	}
	return out
}

// freeAllPITs frees every context and returns the distinct ids, each a
// success.
func (st *SearchState) freeAllPITs() jsonout.Object {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expirePITsLocked()
	now := st.clock.Now()
	var out jsonout.Object
	for _, l := range st.livePITsLocked() {
		out = append(out, jsonout.Field{Key: l.id, Value: true})
	}
	for n := range st.pits.ctxs {
		st.freePITLocked(n, now)
	}
	return out
}

// livePITsLocked lists the points in time with a live context, oldest first.
func (st *SearchState) livePITsLocked() []*pitLife {
	seen := map[*pitLife]bool{}
	var out []*pitLife
	for _, c := range st.pits.ctxs {
		if !seen[c.life] {
			seen[c.life] = true
			out = append(out, c.life)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].seq < out[j].seq })
	return out
}

// listPITs is GET /_search/point_in_time/_all.
func (b *Backend) listPITs(st *SearchState) Handler {
	return func(r *Request) (*Response, error) {
		st.mu.Lock()
		defer st.mu.Unlock()
		st.expirePITsLocked()
		list := []any{}
		for _, l := range st.livePITsLocked() {
			list = append(list, jsonout.Object{{Key: "pit_id", Value: l.id}, {Key: "creation_time", Value: l.created.UnixMilli()},
				{Key: "keep_alive", Value: l.keepAlive.Milliseconds()}})
		}
		return &Response{Status: http.StatusOK, Body: jsonout.Object{{Key: "pits", Value: list}}}, nil
	}
}
