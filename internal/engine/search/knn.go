package search

import (
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/knn"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// knnQuery is the k-NN plugin's knn query (KNNQueryBuilder.doToQuery):
// its checks against the field's mapping, then an exact search over the
// shard's vectors, which gives the true k nearest (or every vector within
// the radius), scored as the plugin scores them.
func (c *shardCtx) knnQuery(x *dsl.KNN, boost float32) (node, *apierr.Error) {
	f := c.field(x.Field)
	if f == nil && x.IgnoreUnmapped {
		return &noneNode{reason: "unmapped field [" + x.Field + "]"}, nil
	}
	fail := func(format string, args ...any) *apierr.Error {
		return c.failedToCreate(apierr.IllegalArgument(format, args...))
	}
	if f == nil || f.Type != mapping.TypeKNNVector || f.KNN() == nil {
		return nil, fail("Field '%s' is not knn_vector type.", x.Field)
	}
	cfg := f.KNN()
	if cfg.ModelID != "" {
		return nil, fail("Model ID '%s' is not created.", cfg.ModelID)
	}
	if cfg.Method == "" {
		return nil, fail("Field '%s' is not built for ANN search.", x.Field)
	}
	queryType := "k"
	switch {
	case x.MaxDistance != nil:
		queryType = "max_distance"
	case x.MinScore != nil:
		queryType = "min_score"
	}
	for _, k := range sortedKeys(x.MethodParameters) {
		if (k == "nprobes") != (cfg.Method == "ivf") {
			return nil, fail("Parameters not valid for [%s]:[%s]:[%s] combination: [Validation Failed: 1: %s is not a valid method parameter;]",
				cfg.Engine.EnumName(), cfg.Method, queryType, k)
		}
	}
	radial := x.MaxDistance != nil || x.MinScore != nil
	if radial {
		unsupported := func(msg string) *apierr.Error {
			return c.failedToCreate(&apierr.Error{Status: 500, Type: apierr.TypeUnsupportedOperation, Reason: msg})
		}
		if !cfg.Engine.SupportsRadial() {
			return nil, unsupported("Engine [" + cfg.Engine.EnumName() + "] does not support radial search")
		}
		if cfg.DataType == mapping.DataBinary {
			return nil, unsupported("Binary data type does not support radial search")
		}
		if cfg.QuantBits > 0 {
			return nil, unsupported("Radial search is not supported for indices which have quantization enabled")
		}
	}
	if x.MaxDistance != nil && *x.MaxDistance < 0 && cfg.Space != knn.InnerProduct {
		return nil, fail("[knn] requires distance to be non-negative for space type: %s", cfg.Space.EnumName())
	}
	if x.MinScore != nil && *x.MinScore > 1 && cfg.Space != knn.InnerProduct {
		return nil, fail("[knn] requires score to be in the range [0, 1] for space type: %s", cfg.Space.EnumName())
	}
	n := len(x.Vector)
	if cfg.DataType == mapping.DataBinary {
		n *= 8
	}
	if n != cfg.Dimension {
		return nil, fail("Query vector has invalid dimension: %d. Dimension should be: %d", n, cfg.Dimension)
	}
	if cfg.DataType != mapping.DataFloat {
		for _, v := range x.Vector {
			if err := mapping.CheckComponent(v, cfg); err != nil {
				return nil, c.failedToCreate(err)
			}
		}
	}
	if cfg.Space == knn.CosineSimil && knn.IsZero(x.Vector) {
		return nil, fail("zero vector is not supported when space type is [cosinesimil]")
	}
	if x.Filter != nil && !cfg.Engine.SupportsFilters() {
		return nil, fail("Engine [%s] does not support filters", cfg.Engine.EnumName())
	}
	expand := x.ExpandNested != nil && *x.ExpandNested
	if expand && c.nestedPath == "" {
		return nil, fail("Invalid value provided for the [expand_nested_docs] field. [expand_nested_docs] is only supported with a nested field.")
	}
	var filter node
	if x.Filter != nil {
		fn, err := c.compile(x.Filter, 1, false)
		if err != nil {
			return nil, err
		}
		filter = fn
	}
	c.countKNN(x)
	n0 := &knnNode{field: x.Field, k: x.K, boost: boost, lucene: cfg.Engine == knn.Lucene, radial: radial}
	n0.search(c, cfg, x, filter, expand)
	return n0, nil
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// knnNode holds a knn query's result on the shard: slots in order with
// their scores (boost applied).
type knnNode struct {
	field  string
	k      int
	boost  float32
	lucene bool
	radial bool
	docs   []int32
	scores []float32
}

// search runs the exact search: every live vector (that the filter
// accepts) is scored; the k best are kept, or all within the radius. In a
// nested context each parent counts once, by its best child, unless
// expand_nested_docs asks for every child of the parents found.
func (n *knnNode) search(c *shardCtx, cfg *mapping.KNNConfig, x *dsl.KNN, filter node, expand bool) {
	col := c.r.Vectors(x.Field)
	q := x.Vector
	space := cfg.Space
	parents := c.nestedParents
	k := x.K
	codes, rescoreK := c.quantize(cfg, x, col)
	if rescoreK > 0 {
		k = rescoreK
	}
	accept := func(slot int32, yield func(slot int32, score float32)) {
		v := col.Get(slot)
		if v == nil || !c.r.Live(slot) {
			return
		}
		if codes != nil {
			yield(slot, knn.Score(knn.Hamming, float32(knn.HammingCodes(codes[0], codes[slot+1]))))
			return
		}
		d := knn.Distance(space, q, v)
		s := knn.Score(space, d)
		if x.MaxDistance != nil && d > *x.MaxDistance || x.MinScore != nil && s < *x.MinScore {
			return
		}
		yield(slot, s)
	}
	walk := func(yield func(slot int32, score float32)) {
		if filter != nil {
			it := filter.iter()
			for d := it.next(); d != noMore; d = it.next() {
				accept(d, yield)
			}
			return
		}
		for slot := int32(0); slot < col.Len() && slot < c.r.MaxDoc(); slot++ {
			accept(slot, yield)
		}
	}
	var hits []knn.Hit
	switch {
	case parents != nil:
		// best child per parent, then the k best parents
		best := map[int32]knn.Hit{}
		walk(func(slot int32, s float32) {
			p := parents[slot]
			if b, ok := best[p]; !ok || s > b.Score || s == b.Score && slot < b.Slot {
				best[p] = knn.Hit{Slot: slot, Score: s}
			}
		})
		top := knn.NewTopK(max(len(best), 1))
		if !n.radial {
			top = knn.NewTopK(k)
		}
		for _, h := range best {
			top.Add(h)
		}
		hits = top.BySlot()
		if expand {
			chosen := map[int32]bool{}
			for _, h := range hits {
				chosen[parents[h.Slot]] = true
			}
			hits = hits[:0]
			walkAll := func(yield func(int32, float32)) {
				for slot := int32(0); slot < col.Len() && slot < c.r.MaxDoc(); slot++ {
					if chosen[parents[slot]] {
						accept(slot, yield)
					}
				}
			}
			walkAll(func(slot int32, s float32) { hits = append(hits, knn.Hit{Slot: slot, Score: s}) })
		}
	case n.radial:
		walk(func(slot int32, s float32) { hits = append(hits, knn.Hit{Slot: slot, Score: s}) })
	case filter == nil:
		hits = parallelTopK(min(col.Len(), c.r.MaxDoc()), k, accept)
	default:
		top := knn.NewTopK(k)
		walk(func(slot int32, s float32) { top.Add(knn.Hit{Slot: slot, Score: s}) })
		hits = top.BySlot()
	}
	if rescoreK > 0 {
		// the quantized first pass's candidates, rescored at full precision
		top := knn.NewTopK(x.K)
		for _, h := range hits {
			top.Add(knn.Hit{Slot: h.Slot, Score: knn.Score(space, knn.Distance(space, q, col.Get(h.Slot)))})
		}
		hits = top.BySlot()
	}
	n.docs = make([]int32, len(hits))
	n.scores = make([]float32, len(hits))
	for i, h := range hits {
		n.docs[i], n.scores[i] = h.Slot, h.Score*n.boost
	}
}

func (n *knnNode) iter() iterator {
	return newScoredSetIter(n.docs, n.scores)
}

// String is the rewritten query's toString (the plugin's DocAndScoreQuery).
func (n *knnNode) String() string {
	docs := make([]string, len(n.docs))
	scores := make([]string, len(n.scores))
	for i := range n.docs {
		docs[i] = strconv.Itoa(int(n.docs[i]))
		scores[i] = similarity.FormatFloat(n.scores[i])
	}
	return "DocAndScore[" + strconv.Itoa(n.k) + "][docs:[" + strings.Join(docs, ", ") + "], scores:[" + strings.Join(scores, ", ") + "]]"
}

// explain is what the plugin prints: the rewritten top-k query's "within
// top k" (Lucene's own query counts the documents found), and KNNWeight's
// constant "No Explanation" for a radial search.
func (n *knnNode) explain(doc int32) similarity.Explanation {
	i := sort.Search(len(n.docs), func(i int) bool { return n.docs[i] >= doc })
	found := i < len(n.docs) && n.docs[i] == doc
	switch {
	case n.radial:
		if !found {
			return similarity.NoMatch("No matching clause")
		}
		return similarity.Match(1, "No Explanation")
	case n.lucene:
		if !found {
			return similarity.NoMatch("not in top " + strconv.Itoa(len(n.docs)) + " docs")
		}
		return similarity.Match(n.scores[i], "within top "+strconv.Itoa(len(n.docs))+" docs")
	}
	if !found {
		return similarity.NoMatch("not in top " + strconv.Itoa(n.k))
	}
	return similarity.Match(n.scores[i], "within top "+strconv.Itoa(n.k))
}

// countKNN records the query in the index's k-NN stats; the first query
// loads the index's "graphs" into the cache, as the plugin does.
func (c *shardCtx) countKNN(x *dsl.KNN) {
	k := &c.idx.KNN
	filtered := x.Filter != nil
	switch {
	case x.MaxDistance != nil:
		k.MaxDistance.Add(1)
		if filtered {
			k.MaxDistanceFilter.Add(1)
		}
	case x.MinScore != nil:
		k.MinScore.Add(1)
		if filtered {
			k.MinScoreFilter.Add(1)
		}
	default:
		k.Queries.Add(1)
		if filtered {
			k.FilterQueries.Add(1)
		}
	}
	k.Warm.Store(true)
}

// parallelTopK scores slots [0, n) in one part per processor and merges
// the parts' top k: the scan is the whole cost of an exact search.
func parallelTopK(n int32, k int, accept func(slot int32, yield func(int32, float32))) []knn.Hit {
	parts := runtime.GOMAXPROCS(0)
	if n < 16384 || parts < 2 {
		parts = 1
	}
	tops := make([]*knn.TopK, parts)
	var wg sync.WaitGroup
	for p := 0; p < parts; p++ {
		lo, hi := n*int32(p)/int32(parts), n*int32(p+1)/int32(parts)
		top := knn.NewTopK(k)
		tops[p] = top
		wg.Add(1)
		go func() {
			defer wg.Done()
			add := func(slot int32, s float32) { top.Add(knn.Hit{Slot: slot, Score: s}) }
			for slot := lo; slot < hi; slot++ {
				accept(slot, add)
			}
		}()
	}
	wg.Wait()
	all := tops[0]
	for _, t := range tops[1:] {
		for _, h := range t.BySlot() {
			all.Add(h)
		}
	}
	return all.BySlot()
}
