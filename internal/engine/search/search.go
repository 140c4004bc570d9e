package search

import (
	"container/heap"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/aggs"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Target is one shard to search.
type Target struct {
	Index *indices.Index
	Shard int
	// IndexBoost multiplies the scores of the index's hits (indices_boost).
	IndexBoost float32
	// Filter is the filter of the aliases the index was reached through
	// (nil for none): a FILTER clause beside the query.
	Filter dsl.Query
}

// Request is a parsed search over a set of shards.
type Request struct {
	Service *indices.Service
	Targets []Target
	// Query is nil for match_all.
	Query dsl.Query
	// PostFilter restricts hits without changing scores or totals... (not
	// supported yet; always nil).
	From, Size int
	Sort       []Sort
	// TrackTotalHits is the count cap (math.MaxInt32 counts exactly); -1
	// means no total is wanted.
	TrackTotalHits int
	TrackScores    bool
	// PrimaryScoreMax reports max_score when the first sort key is _score
	// descending (OpenSearch 3.2 and later; 2.x reports null for any sort
	// without track_scores).
	PrimaryScoreMax bool
	MinScore        *float32
	TerminateAfter  int
	DFS             bool
	Explain         bool
	// SearchAfter holds one value per sort key, or nil.
	SearchAfter []any
	Similarity  similarity.BM25
	Now         time.Time
	// Scroll keeps every match in order for later pages (Result.Scroll).
	Scroll bool
	// DisallowExpensive is search.allow_expensive_queries=false: prefix,
	// wildcard, regexp, fuzzy, range on strings, joining and script queries
	// fail.
	DisallowExpensive bool
	// DocValueFields are field names or patterns whose doc values each hit
	// carries (docvalue_fields).
	DocValueFields []string
	// FetchFields are the "fields" option's patterns and formats; the
	// fetch phase checks them (fetch_fields.go), the REST layer renders.
	FetchFields []FetchField
	// PostFilter, when set, drops hits (and their count) after scoring.
	PostFilter dsl.Query
	// Highlight, when set, adds highlighted fragments to the hits.
	Highlight *Highlight
	// Collapse keeps the best hit per value of this keyword or numeric
	// field (field collapsing); Hit.CollapseValue carries the value.
	Collapse string
	// Slice, when set, keeps one partition of a sliced scroll.
	Slice *Slice
	// InnerHits are the inner_hits definitions of the query's nested
	// queries (see inner_hits.go); nested sorts travel in Sort.Nested.
	InnerHits []*InnerHitsDef
	// Views, when set, holds one frozen refresh point per target (a point
	// in time) to search instead of the shards' current ones.
	Views []shard.View
	// PIT marks a search over a point in time (slices are allowed).
	PIT bool
	// Scripts compiles the request's scripts; ScriptFields are computed for each hit.
	Scripts      ScriptCompiler
	ScriptFields []ScriptField
	// Rescore are the rescorers applied in order to each shard's top hits
	// (a request with Sort, Scroll or Collapse must not have any).
	Rescore []dsl.Rescore
	// Cancel, when set, is polled as the shards run (cancel.go).
	Cancel Canceller
	// Aggs are the request's aggregations (nil for none): every document
	// the query matches (before PostFilter) is collected, and the shards'
	// results are reduced into Result.Aggs (aggs.go).
	Aggs *aggs.Tree
	// MaxBuckets is search.max_buckets, checked during the reduce.
	MaxBuckets int
	// Profile times each shard's query, collectors and aggregations into
	// Result.Profiles (profile.go).
	Profile bool
	// Derived are the request's derived field definitions (they win over
	// the mapping's of the same name); FetchFields also fetch derived
	// fields' values into Hit.DerivedFields.
	Derived map[string]*mapping.DerivedField
	// DerivedErr, when set, is why the request's derived definitions could
	// not be read: every shard fails with it.
	DerivedErr *apierr.Error
	// exhaustive turns the pruned collectors off, so tests can compare
	// them with collecting every match.
	exhaustive bool
}

// FieldValues are one field's doc values for a hit: int64 for integer
// types, dates (epoch millis) and booleans (0/1), float64 for float and
// double, string for keyword.
type FieldValues struct {
	Field  string
	Type   string // the mapped type
	Values []any
}

// Hit is one result document.
type Hit struct {
	Target Target
	Slot   int32
	Doc    shard.Doc
	// Score is NaN when scores were not computed (field sort without
	// track_scores).
	Score       float32
	SortValues  []any
	Explanation *similarity.Explanation
	// DocValues holds the requested docvalue_fields present on the hit.
	DocValues []FieldValues
	// Highlight holds the highlighted fields, when asked for.
	Highlight []FieldFragments
	// CollapseValue is the hit's collapse key (nil when it has none).
	CollapseValue any
	// InnerHits holds the hit's nested inner hits, one per definition.
	InnerHits []InnerHits
	// ScriptFields holds the script_fields values, each one JSON (json.RawMessage).
	ScriptFields []FieldValues
	// DerivedFields holds the values of the derived fields the fields
	// option asked for, as they render.
	DerivedFields []FieldValues
	// Ignored are the fields whose malformed values ignore_malformed
	// dropped (the _ignored metadata field).
	Ignored []string
	// MatchedQueries are the named queries the hit matches (matched_queries).
	MatchedQueries []MatchedQuery
	// Nested is the identity of a nested object hit (a top_hits under a
	// nested aggregation), whose Doc is its root document and NestedSource
	// the object itself; empty for root documents.
	Nested       []NestedLevel
	NestedSource jsonout.Object
}

// ShardFailure is one shard that failed.
type ShardFailure struct {
	Index string
	Shard int
	Err   *apierr.Error
}

// Result is the outcome of a search.
type Result struct {
	Total    int64
	Relation string // "eq" or "gte"
	// MaxScore is NaN when no score was computed or nothing matched.
	MaxScore        float32
	Hits            []Hit
	Failures        []ShardFailure
	TerminatedEarly bool
	// Err is a failure of the whole request before any shard ran (a terms
	// lookup on a missing index).
	Err    *apierr.Error
	scroll *Scroll
	// Warnings are the deprecation warnings the request's scripts logged.
	Warnings []string
	// Aggs are the reduced aggregations (nil without a request for them).
	Aggs *aggs.Result
	// Profiles are the shards' profiles (Request.Profile), one per shard
	// that did not fail.
	Profiles []ShardProfile
}

// Scroll returns the scroll cursor of a Request with Scroll set: the matches
// after the first page, served by Scroll.Next.
func (r *Result) Scroll() *Scroll { return r.scroll }

// entry is one collected candidate.
type entry struct {
	target int
	slot   int32
	score  float32
	keys   []sortValue
}

// Run executes a search. Shard errors are reported in Failures; the caller
// decides whether they fail the request (all shards failed).
func Run(req *Request) *Result {
	res := &Result{MaxScore: float32(math.NaN()), Relation: "eq"}
	if req.Profile {
		res.Profiles = []ShardProfile{} // printed even when no shard ran
	}
	if c, _ := req.cancelled(); c {
		failAllCancelled(req, res)
		return res
	}
	lookups := map[*dsl.Terms][]xcontent.Value{}
	queries := []dsl.Query{req.Query, req.PostFilter}
	if req.Aggs != nil {
		queries = append(queries, req.Aggs.Queries()...)
	}
	for _, q := range queries {
		if q != nil {
			if err := resolveLookups(req.Service, q, lookups); err != nil {
				res.Err = err
				return res
			}
		}
	}
	if err := resolveTargetLookups(req, req.Targets, lookups); err != nil {
		res.Err = err
		return res
	}
	if err := rescoreLookups(req, lookups); err != nil {
		res.Err = err
		return res
	}
	targetViews := req.Views
	if targetViews == nil {
		targetViews = Snapshot(req.Service, req.Targets)
	}
	readers := make([]*shard.Reader, len(req.Targets))
	var run func(i int)
	run = func(i int) {
		if i < len(req.Targets) {
			t := req.Targets[i]
			v := targetViews[i]
			t.Index.Shards[t.Shard].Read(&v, func(r *shard.Reader) {
				readers[i] = r
				run(i + 1)
			})
			return
		}
		execute(req, readers, lookups, res)
	}
	run(0)
	if res.scroll != nil {
		res.scroll.views = targetViews
	}
	return res
}

func needsScores(req *Request) bool {
	if len(req.Sort) == 0 || req.TrackScores || req.MinScore != nil {
		return true
	}
	for _, s := range req.Sort {
		if s.Kind == SortScore || scriptSortUsesScore(s) {
			return true
		}
	}
	return false
}

func execute(req *Request, readers []*shard.Reader, lookups map[*dsl.Terms][]xcontent.Value, res *Result) {
	// Derived fields are set up on every shard first, so the readers
	// dfs_query_then_fetch sums statistics over see them too.
	derived := prepareDerived(req, readers, lookups, &res.Warnings)
	var dfs *dfsStats
	if req.DFS {
		dfs = &dfsStats{fields: map[string]shard.FieldStats{}, terms: map[[2]string]int64{}, rs: readers}
	}
	scores := needsScores(req)
	sorts := req.Sort
	if len(sorts) == 0 {
		sorts = []Sort{{Kind: SortScore, Desc: true}}
	}
	k := req.From + req.Size
	if req.Scroll || (req.Collapse != "" && k > 0) {
		k = math.MaxInt // collapsing drops hits after sorting: keep them all
	}
	rescoring := len(req.Rescore) > 0 && req.Size > 0
	var rescores []*shardRescore // per target, when rescoring
	rescoredMax := float32(math.NaN())
	if rescoring {
		k = rescoreWindow(req, k)
		rescores = make([]*shardRescore, len(readers))
	}
	var all []entry
	var total int64
	var aggResults []*aggs.ShardResult
	if req.Aggs != nil && req.Scripts != nil {
		req.Aggs.UseScripts(req.Scripts, req.Now)
	}
	ctxs := make([]*shardCtx, len(readers))
	nodes := make([]node, len(readers))
	maxScore := float32(math.Inf(-1))
	for i, r := range readers {
		t := req.Targets[i]
		err := req.shardStarting(i)
		if err == nil {
			err = req.DerivedErr
		}
		if err != nil {
			res.Failures = append(res.Failures, ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: err})
			continue
		}
		c := &shardCtx{lookups: lookups, r: r, idx: t.Index, m: t.Index.Mapping(), sim: req.Similarity, now: req.Now, shard: t.Shard, scripts: req.Scripts, warnings: &res.Warnings,
			noExpensive: req.DisallowExpensive}
		if d := derived[i]; d != nil {
			c.derived, c.m = d.derived, d.m
		}
		c.stats = readerStats{r}
		if dfs != nil {
			c.stats = dfs
		}
		ctxs[i] = c
		var sp *shardProfile
		if req.Profile {
			sp, c.qprof = &shardProfile{}, &queryProfiler{weights: map[node]int64{}}
		}
		n, err := c.shardQuery(req, i, scores)
		if err == nil {
			err = c.checkDocValueFields(req.DocValueFields)
		}
		if err == nil && len(req.ScriptFields) > 0 && req.Size != 0 {
			c.fieldScripts, err = c.compileScriptFields(req.ScriptFields)
		}
		if err == nil && req.Collapse != "" {
			err = c.checkCollapse(req.Collapse)
		}
		if err == nil && len(req.InnerHits) > 0 {
			err = c.prepareInnerHits(req.InnerHits)
		}
		var shardAggs *aggs.Shard
		if err == nil && sp != nil {
			c.queryShape = aggQueryShape(req, t, n)
		}
		if err == nil && req.Aggs != nil {
			shardAggs, err = c.newShardAggs(req.Aggs, req.MaxBuckets, i, n)
		}
		var keys []*keyReader
		for _, s := range sorts {
			if err != nil {
				break
			}
			var kr *keyReader
			kr, err = c.keyReader(s)
			keys = append(keys, kr)
		}
		if err == nil && req.SearchAfter != nil {
			err = checkSearchAfter(keys, req.SearchAfter)
		}
		if err != nil {
			res.Failures = append(res.Failures, ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: err})
			continue
		}
		nodes[i] = n
		boost := t.IndexBoost
		if boost == 0 {
			boost = 1
		}
		h := &topK{k: k, sorts: sorts}
		run := n
		scoresWanted := collectorsNeedScores(req, k, scores)
		if sp != nil {
			// A profiled shard computes scores only when a collector reads
			// them, so the breakdown counts the calls OpenSearch makes.
			run = c.profiledRun(n, scoresWanted, sp)
		}
		var it iterator
		if sp != nil && r.MaxDoc() == 0 {
			it = newEmpty() // no segment: Lucene builds no scorer
		} else {
			it = run.iter()
		}
		count := 0
		allLive := r.AllLive()
		scoreOnly := len(keys) == 1 && sorts[0].Kind == SortScore && sorts[0].Desc && req.SearchAfter == nil
		scratch := make([]sortValue, len(keys))
		after := adaptAfter(keys, req.SearchAfter)
		polls := 0
		var stopped *apierr.Error
		if aggsOnlyMatchAll(req, t, c, shardAggs, k) {
			// Every live document matches with the same score and no hit
			// is kept: collect the aggregations over the slots directly.
			count, stopped = collectAllSlots(req, r, shardAggs, boost, scores, allLive)
			it = newEmpty()
		}
		if stopped == nil && prunable(req, k, scores, scoreOnly, sp != nil, shardAggs != nil, allLive, boost) {
			// A plain top-k by score: a pruned collector, when the query
			// has one, gives the same hits, maximum and total (prune.go).
			if n, ok, err := pruneCollect(req, it, r, h, i); ok {
				count, stopped, it = n, err, newEmpty()
				for _, e := range h.items {
					maxScore = max(maxScore, e.score)
				}
			}
		}
		first := it.next
		if sp != nil {
			// Lucene's bulk scorer starts each segment with advance(0).
			first = func() int32 { return it.advance(0) }
		}
		for d := first(); d != noMore; d = it.next() {
			if polls++; polls&cancelMask == 0 && req.Cancel != nil {
				if c, reason := req.Cancel.Cancelled(); c {
					stopped = cancelledWhileRunning(reason)
					break
				}
			}
			if !allLive && !r.Live(d) {
				continue
			}
			if sp != nil {
				sp.begin()
			}
			var sc float32
			if scores && (sp == nil || scoresWanted) {
				sc = it.score()
				if boost != 1 {
					sc *= boost
				}
				if req.MinScore != nil && sc < *req.MinScore {
					if sp != nil {
						sp.end()
					}
					continue
				}
				if sc > maxScore {
					maxScore = sc
				}
			}
			if shardAggs != nil {
				if sp != nil {
					sp.aggsBegin()
				}
				shardAggs.Collect(d, sc)
				if sp != nil {
					sp.aggsEnd()
				}
				if c.aggPost != nil && !c.aggPost(d) {
					if sp != nil {
						sp.end()
					}
					continue
				}
			}
			count++
			if k > 0 {
				if scoreOnly {
					// Fast path: a full heap only takes a strictly better
					// score (an equal one loses on the later slot).
					if len(h.items) < h.k || sc > h.items[0].score {
						h.offer(entry{target: i, slot: d, score: sc})
					}
				} else {
					for j, kr := range keys {
						scratch[j] = kr.value(d, sc)
					}
					if req.SearchAfter == nil || afterCursor(sorts, scratch, after) {
						if h.offer(entry{target: i, slot: d, score: sc, keys: scratch}) {
							scratch = make([]sortValue, len(keys))
						}
					}
				}
			}
			if sp != nil {
				sp.end()
			}
			if req.TerminateAfter > 0 && count >= req.TerminateAfter {
				res.TerminatedEarly = true
				break
			}
		}
		if stopped == nil && shardAggs != nil {
			stopped = shardAggs.Err()
		}
		if stopped != nil {
			res.Failures = append(res.Failures, ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: stopped})
			continue
		}
		if c.runErr == nil && c.derived != nil && c.derived.err != nil {
			c.runErr = c.derived.err
		}
		if c.runErr != nil {
			res.Failures = append(res.Failures, ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: c.runErr})
			continue
		}
		var shardAggRes *aggs.ShardResult
		if shardAggs != nil {
			// Building the results runs the fetches of top_hits and the
			// combine scripts: a failure there, or while collecting,
			// fails the shard.
			if shardAggRes = shardAggs.Finish(); shardAggs.Err() != nil {
				res.Failures = append(res.Failures, ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: shardAggs.Err()})
				continue
			}
		}
		items := h.items
		if rescoring {
			var rerr *apierr.Error
			if items, rescores[i], rerr = c.rescore(req.Rescore, items); rerr != nil {
				res.Failures = append(res.Failures, ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: rerr})
				continue
			}
			if len(items) > 0 && (math.IsNaN(float64(rescoredMax)) || items[0].score > rescoredMax) {
				rescoredMax = items[0].score // RescorePhase: the shard's best rescored hit
			}
		}
		total += int64(count)
		all = append(all, items...)
		if shardAggRes != nil {
			aggResults = append(aggResults, shardAggRes)
		}
		if sp != nil {
			res.Profiles = append(res.Profiles, shardProfileResult(req, t, allLive, k, sp, shardAggs))
		}
	}
	if req.Aggs != nil {
		if req.Scripts != nil {
			req.Aggs.SetScripts(req.Scripts)
		}
		res.Aggs, res.Err = req.Aggs.Reduce(aggResults, req.MaxBuckets)
	}
	slices.SortStableFunc(all, func(a, b entry) int {
		switch {
		case less(sorts, a, b):
			return -1
		case less(sorts, b, a):
			return 1
		}
		return 0
	})
	if req.Collapse != "" {
		all = collapse(req, readers, all)
	}
	if scores && k > 0 && maxScore != float32(math.Inf(-1)) {
		res.MaxScore = maxScore
	}
	if len(req.Sort) > 0 && !req.TrackScores && !(req.PrimaryScoreMax && req.Sort[0].Kind == SortScore && req.Sort[0].Desc) {
		res.MaxScore = float32(math.NaN())
	}
	if rescoring && !math.IsNaN(float64(rescoredMax)) {
		res.MaxScore = rescoredMax
	}
	if len(req.Targets) == 0 {
		res.MaxScore = 0 // SearchHits.empty(): nothing was searched
	}
	res.Total = total
	if req.TrackTotalHits >= 0 && total > int64(req.TrackTotalHits) {
		res.Total, res.Relation = int64(req.TrackTotalHits), "gte"
	}
	if req.From < len(all) {
		all = all[req.From:]
	} else {
		all = nil
	}
	if req.Scroll {
		res.scroll = newScroll(req, all[min(req.Size, len(all)):], lookups, dfs, ctxs, res)
	}
	if len(all) > req.Size {
		all = all[:req.Size]
	}
	res.Hits = make([]Hit, 0, len(all))
	var fetchErrs map[int]*apierr.Error
	for _, e := range all {
		var rs *shardRescore
		if rescores != nil {
			rs = rescores[e.target]
		}
		h, err := fetchHit(req, readers[e.target], ctxs[e.target], nodes[e.target], e, scores, rs)
		if err != nil && fetchErrs[e.target] == nil {
			if fetchErrs == nil {
				fetchErrs = map[int]*apierr.Error{}
			}
			fetchErrs[e.target] = err
		}
		res.Hits = append(res.Hits, h)
	}
	if fetchErrs != nil {
		failFetches(req, all, res, fetchErrs)
	}
	if len(req.ScriptFields) > 0 {
		fetchScriptFields(ctxs, res, req.Targets)
	}
	if len(req.FetchFields) > 0 {
		fetchDerivedFields(ctxs, res, req)
	}
}

func sortsByScore(s []Sort) bool {
	for _, x := range s {
		if x.Kind == SortScore {
			return true
		}
	}
	return false
}

// less orders collected entries: the sort keys, then shard order, then slot
// (Lucene's tie-break on shard index and doc id).
func less(sorts []Sort, a, b entry) bool {
	if a.keys == nil || b.keys == nil {
		// Score order without keys (the collector's fast path).
		if a.score != b.score {
			return a.score > b.score
		}
	}
	for j, s := range sorts {
		if a.keys == nil || b.keys == nil {
			break
		}
		c := compareKey(s, a.keys[j], b.keys[j])
		if s.Desc && !a.keys[j].missing && !b.keys[j].missing {
			c = -c
		}
		if c != 0 {
			return c < 0
		}
	}
	if a.target != b.target {
		return a.target < b.target
	}
	return a.slot < b.slot
}

// afterCursor reports whether keys sort after the search_after values.
func afterCursor(sorts []Sort, keys []sortValue, after []any) bool {
	for j, s := range sorts {
		if j >= len(after) {
			return true
		}
		c := compareKey(s, keys[j], cursorValue(keys[j], after[j]))
		if s.Desc && !keys[j].missing {
			c = -c
		}
		if c != 0 {
			return c > 0
		}
	}
	return false
}

func cursorValue(like sortValue, v any) sortValue {
	switch x := v.(type) {
	case nil:
		return sortValue{missing: true}
	case bool:
		return cursorValue(like, strconv.FormatBool(x))
	case string:
		if like.isLong {
			n, _ := strconv.ParseInt(x, 10, 64)
			return sortValue{isLong: true, long: n}
		}
		if !like.isStr {
			f, _ := strconv.ParseFloat(x, 64)
			return sortValue{num: f}
		}
		return sortValue{isStr: true, str: x}
	case float64:
		if like.isLong {
			return sortValue{isLong: true, long: int64(x)}
		}
		return sortValue{num: x}
	case int64:
		if like.isLong {
			return sortValue{isLong: true, long: x}
		}
		return sortValue{num: float64(x)}
	case uint64:
		return sortValue{num: float64(x), isLong: like.isLong, long: int64(x)}
	}
	return sortValue{missing: true}
}

// renderSortValue is the hit's "sort" entry for a key.
func renderSortValue(c *shardCtx, s Sort, v sortValue) any {
	switch s.Kind {
	case SortScore:
		return scoreJSON(float32(v.num))
	case SortDoc, SortShardDoc:
		return v.long
	case SortScript:
		if v.isStr {
			return v.str
		}
		return v.num
	case SortGeoDistance:
		if math.IsInf(v.num, 1) {
			return "Infinity"
		}
		return v.num
	}
	if v.missing {
		if v.isStr {
			return nil
		}
		if v.isLong || s.UnmappedType != "" {
			if (s.Missing == "_first") != s.Desc {
				return int64(math.MinInt64)
			}
			return int64(math.MaxInt64)
		}
		if (s.Missing == "_first") != s.Desc {
			return "-Infinity"
		}
		return "Infinity"
	}
	f := c.field(s.Field)
	switch {
	case v.isStr:
		if f != nil && f.Type == mapping.TypeIP {
			return mapping.FormatIP(v.str)
		}
		return v.str
	case v.isLong:
		if f != nil && f.Type == mapping.TypeUnsignedLong {
			return mapping.DecodeUnsigned(v.long)
		}
		return v.long
	}
	if f != nil && f.Type == "float" {
		return scoreJSON(float32(v.num))
	}
	return v.num
}

// topK keeps the best k entries of one shard.
type topK struct {
	k     int
	sorts []Sort
	items []entry
}

func (h *topK) Len() int           { return len(h.items) }
func (h *topK) Less(i, j int) bool { return less(h.sorts, h.items[j], h.items[i]) } // worst on top
func (h *topK) Swap(i, j int)      { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *topK) Push(x any)         { h.items = append(h.items, x.(entry)) }
func (h *topK) Pop() any {
	n := len(h.items) - 1
	x := h.items[n]
	h.items = h.items[:n]
	return x
}

// offer adds e if it ranks among the best k, reporting whether it was kept.
func (h *topK) offer(e entry) bool {
	if len(h.items) < h.k {
		heap.Push(h, e)
		return true
	}
	if less(h.sorts, e, h.items[0]) {
		h.items[0] = e
		heap.Fix(h, 0)
		return true
	}
	return false
}

// materialize turns a collected entry into a hit, reading its document.
func materialize(req *Request, r *shard.Reader, e entry, scores bool) Hit {
	t := req.Targets[e.target]
	h := Hit{Target: t, Slot: e.slot, Doc: *r.Doc(e.slot), Score: e.score}
	if !scores || (len(req.Sort) > 0 && !req.TrackScores && !sortsByScore(req.Sort)) {
		h.Score = float32(math.NaN())
	}
	c := &shardCtx{r: r, m: t.Index.Mapping()}
	if len(req.DocValueFields) > 0 {
		h.DocValues = c.docValues(req.DocValueFields, e.slot)
	}
	h.Ignored = r.Keywords(mapping.IgnoredField, e.slot, nil)
	if len(req.Sort) > 0 {
		for j, s := range req.Sort {
			v := sortValue{num: float64(e.score)} // the fast path keeps no keys
			if e.keys != nil {
				v = e.keys[j]
			}
			h.SortValues = append(h.SortValues, renderSortValue(c, s, v))
		}
	}
	return h
}
