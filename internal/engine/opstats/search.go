package opstats

import (
	"bytes"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// recordSearch counts a query phase on every shard searched, and a fetch
// phase on each of them when the search returned hits (count has none).
func (rc *Recorder) recordSearch(op *Op) {
	took := op.Took
	f := op.Facts.Search
	if f == nil {
		f = &searchreq.Facts{} // count records none
	}
	if rc.recordPITSearch(f, took) {
		return
	}
	// The target is resolved once for the cache and the shard counts.
	xs := rc.resolve(op.Index)
	if op.Name == "search" {
		spec := f.Spec
		if spec == nil {
			spec = op.reparse()
		}
		if spec != nil {
			rc.recordLookupGets(spec)
			rc.recordRequestCache(op, spec, xs)
		}
	}
	fetch := op.Name == "search" && f.Hits
	only := op.Name == "search" && f.SuggestOnly
	var shards []*nodestats.ShardOps
	rc.forShards(xs, func(ops *nodestats.ShardOps) {
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
	_, scroll := op.Params.Param("scroll")
	scroll = scroll && op.Name == "search"
	rc.searchTasks(refs, fetch, scroll)
	if scroll {
		rc.recordScrollStart(op, f, shards, refs)
	}
}

// recordMsearch counts each search of a multi-search that ran, on the
// shards of its own target.
func (rc *Recorder) recordMsearch(op *Op) {
	took := op.Took
	n := time.Duration(len(op.Facts.Searches))
	for _, f := range op.Facts.Searches {
		if f == nil {
			continue
		}
		if rc.recordPITSearch(f, took/n) {
			continue
		}
		xs := rc.eachShard(f.Index, func(ops *nodestats.ShardOps) {
			if f.SuggestOnly {
				ops.RecordSuggest(took / n)
			} else {
				ops.RecordQuery(took / n)
			}
			if f.Hits {
				ops.RecordFetch(0)
			}
		})
		rc.searchTasks(shardRefs(xs), f.Hits, false)
	}
}

// recordPITSearch counts a search over a point in time on the shards of
// its contexts (not on every index, as a search without an index would);
// it reports whether the search was one.
func (rc *Recorder) recordPITSearch(f *searchreq.Facts, took time.Duration) bool {
	id := f.PITID
	if rc.PITs == nil || id == "" {
		return false
	}
	fetch := f.Hits
	var refs []shardRef
	for _, t := range rc.PITs.PITShards(id) {
		ops := rc.Reg.Shard(nodestats.ShardKey{IndexUUID: t.Index.UUID, Shard: t.Shard})
		ops.RecordQuery(took)
		if fetch {
			ops.RecordFetch(0)
		}
		refs = append(refs, shardRef{x: t.Index, num: t.Shard})
	}
	rc.searchTasks(refs, fetch, false)
	return true
}

// recordRequestCache counts the shard request cache lookups of a search, as
// IndicesService.canCache decides: no scroll, query_then_fetch, and either
// request_cache=true or (no request_cache and the index setting on) a
// search of size 0; a query reading the clock ("now") or running a script
// is not cacheable.
// targets are the indexes the search's target resolves to.
func (rc *Recorder) recordRequestCache(op *Op, spec *searchreq.Spec, targets []*indices.Index) {
	if _, scroll := op.Params.Param("scroll"); scroll || spec.DFS || spec.Scroll || spec.PIT != nil {
		return
	}
	explicit, set := op.Params["request_cache"]
	if set && explicit != "true" {
		return
	}
	if bytes.Contains(op.Body, []byte(`"now`)) || bytes.Contains(op.Body, []byte(`"script"`)) || bytes.Contains(op.Body, []byte(`"script_score"`)) {
		return
	}
	var xs []*indices.Index
	for _, x := range targets {
		if !set {
			if v, ok := x.Settings().Get("index.requests.cache.enable"); (ok && v == "false") || spec.Size != 0 {
				continue
			}
		}
		xs = append(xs, x)
	}
	if len(xs) == 0 {
		return // no shard takes the cache: no key to build
	}
	rc.Cache.Record(rc.Reg, xs, nodestats.RequestCacheKey(op.Params, op.Body), rc.Clock.Now())
}

// recordLookupGets counts the GET each terms lookup of a search makes: the
// coordinating node rewrites the query once, fetching the lookup document
// through the get action, so the lookup index's shard counts one get
// (exists or missing) whatever the number of searched shards.
func (rc *Recorder) recordLookupGets(spec *searchreq.Spec) {
	for _, l := range dsl.TermsLookups(spec.PostFilter, dsl.TermsLookups(spec.Query, nil)) {
		name, routing, terr := rc.Indices.ReadTarget(l.Index)
		if terr != nil {
			continue
		}
		if routing == "" {
			routing = l.Routing
		}
		x, ok := rc.Indices.Get(name)
		if !ok {
			continue
		}
		_, found := x.ShardFor(l.ID, routing).Get(l.ID, true)
		ops, num := rc.shardOpsFor(x, l.ID, routing)
		ops.RecordGet(0, found)
		rc.onPrimary(x, num, "get")
	}
}

// searchTasks counts the search-pool tasks of one search over shards: a
// query phase on each, and a separate fetch phase on each when hits came
// back, except that a single-shard search without a scroll fetches within
// its query task (SearchService's single-session shortcut).
func (rc *Recorder) searchTasks(shards []shardRef, fetch, scroll bool) {
	separate := fetch && (len(shards) > 1 || scroll)
	for _, s := range shards {
		rc.onPrimary(s.x, s.num, "search")
		if separate {
			rc.onPrimary(s.x, s.num, "search")
		}
	}
}

// shardRef names one shard of an index.
type shardRef struct {
	x   *indices.Index
	num int
}

// shardRefs lists the shards of xs in order.
func shardRefs(xs []*indices.Index) []shardRef {
	var out []shardRef
	for _, x := range xs {
		for _, sh := range x.Shards {
			out = append(out, shardRef{x: x, num: sh.Num})
		}
	}
	return out
}
