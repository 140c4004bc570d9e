package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Scroll is the rest of a scrolled search: the matches in order as of the
// shards' refresh points when it started. Later pages run the first page's
// fetch phase against those frozen views (slots never change, so they read
// the same document versions), as SearchService fetches a scroll from its
// reader context. Apart from Close it is not safe for concurrent use; the
// caller serialises access to one scroll.
type Scroll struct {
	req     *Request
	views   []shard.View
	entries []entry
	lookups map[*dsl.Terms][]xcontent.Value
	scores  bool
	// dfs are the first page's aggregated statistics (dfs_query_then_fetch),
	// kept as the reader context keeps its AggregatedDfs; nil otherwise.
	dfs *dfsStats
	// inner are the inner hits prepared on each target by the first page:
	// they read only the private nested shards, which never change.
	inner   []map[*InnerHitsDef]*innerRun
	release []func()
	// Total and MaxScore are the first page's, repeated on every page.
	Total    int64
	MaxScore float32
}

// newScroll keeps what later pages of a scroll need from the first page's
// execution: the remaining entries, the terms lookups, the DFS statistics
// and the prepared inner hits.
func newScroll(req *Request, rest []entry, lookups map[*dsl.Terms][]xcontent.Value, dfs *dfsStats, ctxs []*shardCtx, res *Result) *Scroll {
	s := &Scroll{req: req, entries: rest, lookups: lookups, scores: needsScores(req), Total: res.Total, MaxScore: res.MaxScore}
	if dfs != nil {
		// Later lookups of the same query hit these maps; the readers go.
		s.dfs = &dfsStats{fields: dfs.fields, terms: dfs.terms}
	}
	if len(req.InnerHits) > 0 {
		s.inner = make([]map[*InnerHitsDef]*innerRun, len(ctxs))
		for i, c := range ctxs {
			if c != nil {
				s.inner[i] = c.innerRuns
			}
		}
	}
	return s
}

// Remaining is the number of hits not yet returned.
func (s *Scroll) Remaining() int { return len(s.entries) }

// Targets are the shards the scroll reads (for the open contexts count).
func (s *Scroll) Targets() []Target { return s.req.Targets }

// Request is the search the scroll continues.
func (s *Scroll) Request() *Request { return s.req }

// Pin keeps the scroll's views searchable across merges (doc values,
// postings and norms of versions updated since) until Close, as a scroll's
// reader context holds its segments open.
func (s *Scroll) Pin() {
	for i, t := range s.req.Targets {
		s.release = append(s.release, t.Index.Shards[t.Shard].Pin(s.views[i]))
	}
}

// Close releases the views Pin kept. It may be called more than once, and
// while a page is being fetched (that page still reads its views).
func (s *Scroll) Close() {
	for _, f := range s.release {
		f()
	}
}

// Next returns the next page of up to size hits, fetched as the first page
// was. A shard whose fetch fails (a script field that throws) is reported
// in Failures and its hits are left out of the page; they are consumed all
// the same, as the shard's last emitted document moves before its fetch.
func (s *Scroll) Next(size int) *Result {
	n := min(size, len(s.entries))
	page := s.entries[:n]
	s.entries = s.entries[n:]
	res := &Result{Total: s.Total, Relation: "eq", MaxScore: s.MaxScore, Hits: make([]Hit, n)}
	byTarget := make([][]int, len(s.req.Targets))
	for i, e := range page {
		byTarget[e.target] = append(byTarget[e.target], i)
	}
	var failed []bool
	for ti, idx := range byTarget {
		if len(idx) == 0 {
			continue
		}
		t := s.req.Targets[ti]
		v := s.views[ti]
		var err *apierr.Error
		t.Index.Shards[t.Shard].Read(&v, func(r *shard.Reader) { err = s.fetchShard(ti, r, page, idx, res) })
		if err != nil {
			if failed == nil {
				failed = make([]bool, len(s.req.Targets))
			}
			failed[ti] = true
			res.Failures = append(res.Failures, ShardFailure{Index: t.Index.Name, Shard: t.Shard, Err: err})
		}
	}
	if failed != nil {
		kept := res.Hits[:0]
		for i, e := range page {
			if !failed[e.target] {
				kept = append(kept, res.Hits[i])
			}
		}
		res.Hits = kept
	}
	return res
}

// fetchShard fetches the page's hits of target ti (at positions idx of
// page) into res.Hits. Only the fetch options that read the query (highlight,
// explain) compile it, and only script fields compile scripts, so a plain
// page reads documents, doc values and sort values alone.
func (s *Scroll) fetchShard(ti int, r *shard.Reader, page []entry, idx []int, res *Result) *apierr.Error {
	req := s.req
	t := req.Targets[ti]
	c := &shardCtx{lookups: s.lookups, r: r, idx: t.Index, m: t.Index.Mapping(), sim: req.Similarity, now: req.Now, shard: t.Shard, scripts: req.Scripts, warnings: &res.Warnings,
		noExpensive: req.DisallowExpensive}
	c.setupDerived(req.Derived)
	c.stats = readerStats{c.r}
	if s.dfs != nil {
		c.stats = s.dfs
	}
	if s.inner != nil {
		c.innerRuns = s.inner[ti]
	}
	var n node
	if req.Highlight != nil || req.Explain {
		var err *apierr.Error
		if n, err = c.shardQuery(req, ti, s.scores); err != nil {
			return err
		}
	}
	if len(req.ScriptFields) > 0 {
		var err *apierr.Error
		if c.fieldScripts, err = c.compileScriptFields(req.ScriptFields); err != nil {
			return err
		}
	}
	for _, i := range idx {
		h, err := fetchHit(req, r, c, n, page[i], s.scores, nil)
		if err != nil {
			return err
		}
		if c.fieldScripts != nil {
			vals, err := c.scriptFieldValues(c.fieldScripts, h.Slot)
			if err != nil {
				return err
			}
			h.ScriptFields = vals
		}
		if c.derived != nil && len(req.FetchFields) > 0 {
			vals, err := c.derived.fetch(req.FetchFields, h.Slot)
			if err != nil {
				return err
			}
			h.DerivedFields = vals
		}
		res.Hits[i] = h
	}
	return nil
}
