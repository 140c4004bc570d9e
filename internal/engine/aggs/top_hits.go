package aggs

import (
	"math"
	"slices"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// TopHitsSpec is a top_hits aggregation's options. The package reads from
// and size (and checks the field names); the fetch options (sort, _source,
// highlight, version, ...) are the search request's own, so the REST layer
// compiles Body with its parsers into Compiled after Parse (Tree.TopHits),
// and the search executor reads Compiled when it collects.
type TopHitsSpec struct {
	From, Size int
	// Body is the aggregation's options object.
	Body *xcontent.Value
	// Compiled is what the REST layer made of Body for the executor.
	Compiled any
}

// TopHitsCollector gathers one bucket's best documents on a shard.
type TopHitsCollector interface {
	Collect(slot int32, score float32)
	// Result fetches and renders the collected hits (the best from+size).
	Result() TopHitsShard
}

// TopHitsShard is one bucket's top hits on one shard.
type TopHitsShard struct {
	// Hits are the shard's best hits, best first.
	Hits []TopHit
	// Total is the number of documents the bucket collected.
	Total int64
	// MaxScore is NaN when scores are not tracked.
	MaxScore float32
	// Compare orders two hits' keys (negative: a first); ties keep the
	// shards' order.
	Compare func(a, b any) int
	// Err is a fetch failure (a highlighter's): it fails the shard.
	Err *apierr.Error
}

// TopHit is one fetched hit: its sort key and its rendered body.
type TopHit struct {
	Key  any
	Body jsonout.Object
}

// topHitsFetchKeys are the fields TopHitsAggregationBuilder.parse takes
// besides from and size (their values go to the REST layer's parsers).
var topHitsFetchKeys = map[string]bool{"version": true, "seq_no_primary_term": true, "explain": true, "track_scores": true,
	"_source": true, "stored_fields": true, "docvalue_fields": true, "fields": true, "script_fields": true,
	"highlight": true, "sort": true}

func parseTopHits(p *parser) (spec, *apierr.Error) {
	if p.v.Kind != xcontent.Object {
		return nil, xerr(p.v.Line, p.v.Col, "[%s] Expected START_OBJECT but was: %s", p.agg.Type, p.v.Token())
	}
	s := &TopHitsSpec{Size: 3, Body: p.v}
	for i := range p.v.Members {
		m := &p.v.Members[i]
		switch {
		case m.Key == "from" || m.Key == "size":
			if m.Value.Kind != xcontent.Number && m.Value.Kind != xcontent.String {
				return nil, parseErr(m.Value.Line, m.Value.Col, "Unknown key for a %s in [%s]: [%s].", m.Value.Token(), p.agg.Name, m.Key)
			}
			n, err := p.integer(m)
			if err != nil {
				return nil, err
			}
			if n < 0 {
				return nil, apierr.IllegalArgument("[%s] must be greater than or equal to 0. Found [%d] in [%s]", m.Key, n, p.agg.Name)
			}
			if m.Key == "from" {
				s.From = n
			} else {
				s.Size = n
			}
		case topHitsFetchKeys[m.Key]:
		default:
			return nil, parseErr(m.Value.Line, m.Value.Col, "Unknown key for a %s in [%s]: [%s].", m.Value.Token(), p.agg.Name, m.Key)
		}
	}
	return s, nil
}

// TopHits lists the tree's top_hits aggregations, at every level, for the
// REST layer to compile.
func (t *Tree) TopHits() []*TopHitsSpec {
	var out []*TopHitsSpec
	var walk func(list []*Agg)
	walk = func(list []*Agg) {
		for _, a := range list {
			if s, ok := a.spec.(*TopHitsSpec); ok {
				out = append(out, s)
			}
			walk(a.Subs)
		}
	}
	walk(t.Aggs)
	return out
}

// maxInnerResultWindow is index.max_inner_result_window's default.
const maxInnerResultWindow = 100

func (s *TopHitsSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	if s.From+s.Size > maxInnerResultWindow {
		return nil, apierr.IllegalArgument("Top hits result window is too large, the top hits aggregator [%s]'s from + size must be less than or equal to: [%d] but was [%d]. This limit can be set by changing the [index.max_inner_result_window] index level setting.",
			a.Name, maxInnerResultWindow, s.From+s.Size)
	}
	if env.topHits == nil {
		return nil, apierr.Unsupported("the [top_hits] aggregation here")
	}
	c, err := env.topHits(s)
	if err != nil {
		return nil, err
	}
	return &topHitsCollector{env: env, spec: s, c: c}, nil
}

type topHitsCollector struct {
	env  *shardEnv
	spec *TopHitsSpec
	c    TopHitsCollector
}

func (c *topHitsCollector) collect(slot int32, score float32) { c.c.Collect(slot, score) }

func (c *topHitsCollector) result() result {
	r := c.c.Result()
	if r.Err != nil {
		c.env.fail(r.Err)
	}
	return &topHitsResult{spec: c.spec, shards: []TopHitsShard{r}}
}

// topHitsResult is InternalTopHits: on a shard one TopHitsShard, reduced
// the merged page.
type topHitsResult struct {
	spec     *TopHitsSpec
	shards   []TopHitsShard
	reduced  bool
	hits     []TopHit
	total    int64
	maxScore float32
}

func (r *topHitsResult) typeName() string { return "top_hits" }

// reduce merges the shards' hits by their sort (stable: ties keep the
// shards' order) and keeps from..from+size, as TopDocs.merge does.
func (r *topHitsResult) reduce(all []result, _ *reduceCtx) (result, *apierr.Error) {
	out := &topHitsResult{spec: r.spec, reduced: true, maxScore: float32(math.NaN())}
	var cmp func(a, b any) int
	for _, x := range all {
		for _, sh := range x.(*topHitsResult).shards {
			out.total += sh.Total
			out.hits = append(out.hits, sh.Hits...)
			if cmp == nil {
				cmp = sh.Compare
			}
			if !math.IsNaN(float64(sh.MaxScore)) && (math.IsNaN(float64(out.maxScore)) || sh.MaxScore > out.maxScore) {
				out.maxScore = sh.MaxScore
			}
		}
	}
	if cmp != nil {
		slices.SortStableFunc(out.hits, func(a, b TopHit) int { return cmp(a.Key, b.Key) })
	}
	from := min(r.spec.From, len(out.hits))
	out.hits = out.hits[from:min(len(out.hits), from+r.spec.Size)]
	return out, nil
}

func (r *topHitsResult) render(rc *renderCtx) jsonout.Object {
	var total any = jsonout.Object{{Key: "value", Value: r.total}, {Key: "relation", Value: "eq"}}
	if rc.totalHitsAsInt {
		total = r.total
	}
	var maxScore any
	if !math.IsNaN(float64(r.maxScore)) {
		maxScore = scoreJSON(r.maxScore)
	}
	list := make([]any, 0, len(r.hits))
	for _, h := range r.hits {
		list = append(list, h.Body)
	}
	return jsonout.Object{{Key: "hits", Value: jsonout.Object{{Key: "total", Value: total}, {Key: "max_score", Value: maxScore}, {Key: "hits", Value: list}}}}
}

// scoreJSON writes a score as the search hits do (Java's Float.toString).
type scoreJSON float32

// AppendJSON implements jsonout.Appender.
func (s scoreJSON) AppendJSON(dst []byte) []byte { return similarity.AppendFloat(dst, float32(s)) }
