package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Explain explains how req's query scores the document id on the request's
// single target shard (the _explain API). found is false when the document
// is not visible at the shard's last refresh.
func Explain(req *Request, id string) (ex similarity.Explanation, found bool, err *apierr.Error) {
	ex, _, found, err = ExplainDoc(req, id)
	return ex, found, err
}

// ExplainDoc is Explain that also returns the document explained.
func ExplainDoc(req *Request, id string) (ex similarity.Explanation, doc shard.Doc, found bool, err *apierr.Error) {
	t := req.Targets[0]
	lookups := map[*dsl.Terms][]xcontent.Value{}
	if req.Query != nil {
		if err := resolveLookups(req.Service, req.Query, lookups); err != nil {
			return ex, doc, false, err
		}
	}
	if err := resolveTargetLookups(req, []Target{t}, lookups); err != nil {
		return ex, doc, false, err
	}
	views := t.Index.Views(req.Service)
	v := views[t.Shard]
	t.Index.Shards[t.Shard].Read(&v, func(r *shard.Reader) {
		slot := r.Slot(id)
		if slot < 0 {
			return
		}
		found = true
		doc = *r.Doc(slot)
		c := &shardCtx{lookups: lookups, r: r, idx: t.Index, m: t.Index.Mapping(), stats: readerStats{r}, sim: req.Similarity, now: req.Now, shard: t.Shard, scripts: req.Scripts,
			noExpensive: req.DisallowExpensive}
		c.setupDerived(req.Derived)
		c.stats = readerStats{c.r}
		var n node
		if req.Query == nil {
			n = c.matchAll(1)
		} else {
			n, err = c.compile(req.Query, 1, true)
		}
		if err == nil {
			n, err = c.withAliasFilter(n, t)
		}
		if err != nil {
			return
		}
		ex = n.explain(slot)
		err = c.runErr
	})
	return ex, doc, found, err
}

// Match calls fn for every document the query matches on one shard, in slot
// order, with the document and its score, until fn returns false. It is the
// executor's entry point for by-query operations (update/delete by query,
// reindex): the shard's read lock is held while fn runs, so fn must not
// write to the same shard; collect what you need and write afterwards.
func Match(req *Request, t Target, fn func(d *shard.Doc, score float32) bool) *apierr.Error {
	lookups := map[*dsl.Terms][]xcontent.Value{}
	if req.Query != nil {
		if err := resolveLookups(req.Service, req.Query, lookups); err != nil {
			return err
		}
	}
	if err := resolveTargetLookups(req, []Target{t}, lookups); err != nil {
		return err
	}
	views := t.Index.Views(req.Service)
	v := views[t.Shard]
	var err *apierr.Error
	t.Index.Shards[t.Shard].Read(&v, func(r *shard.Reader) {
		c := &shardCtx{lookups: lookups, r: r, idx: t.Index, m: t.Index.Mapping(), stats: readerStats{r}, sim: req.Similarity, now: req.Now, shard: t.Shard, scripts: req.Scripts,
			noExpensive: req.DisallowExpensive}
		c.setupDerived(req.Derived)
		c.stats = readerStats{c.r}
		var n node
		if req.Query == nil {
			n = c.matchAll(1)
		} else if n, err = c.compile(req.Query, 1, true); err != nil {
			return
		}
		if n, err = c.withAliasFilter(n, t); err != nil {
			return
		}
		if n, err = c.withSlice(n, req, t); err != nil {
			return
		}
		it := n.iter()
		for d := it.next(); d != noMore && c.runErr == nil; d = it.next() {
			if r.Live(d) && !fn(r.Doc(d), it.score()) {
				break
			}
		}
		err = c.runErr
	})
	return err
}
