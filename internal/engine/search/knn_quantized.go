package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/knn"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// quantize prepares a search of a binary-quantized field as the plugin
// runs it: the thresholds trained over the shard's live vectors (the
// plugin trains per segment, over at most 25,000 sampled vectors; the fake
// holds one segment per shard and uses all of them), the query's code
// first and then each slot's at slot+1. rescoreK is the number of
// candidates a rescored search takes before scoring them at full
// precision, 0 when the query is not rescored (rescore false, or neither
// asked for nor the on_disk default). codes is nil for other fields.
func (c *shardCtx) quantize(cfg *mapping.KNNConfig, x *dsl.KNN, col *shard.VectorColumn) (codes [][]uint64, rescoreK int) {
	if cfg.QuantBits == 0 {
		return nil, 0
	}
	n := min(col.Len(), c.r.MaxDoc())
	live := func(yield func(slot int32, v []float32)) {
		for slot := int32(0); slot < n; slot++ {
			if v := col.Get(slot); v != nil && c.r.Live(slot) {
				yield(slot, v)
			}
		}
	}
	qz := knn.TrainQuantizer(cfg.QuantBits, cfg.Dimension, func(yield func([]float32)) {
		live(func(_ int32, v []float32) { yield(v) })
	})
	if qz == nil {
		return nil, 0
	}
	codes = make([][]uint64, n+1)
	codes[0] = qz.Quantize(x.Vector, nil)
	live(func(slot int32, v []float32) { codes[slot+1] = qz.Quantize(v, nil) })
	switch r := x.Rescore; {
	case r != nil && !r.Disabled:
		rescoreK = knn.FirstPassK(x.K, r.OversampleFactor)
	case r == nil:
		if f, ok := knn.DefaultOversample(cfg.Mode, cfg.Compression, cfg.Dimension); ok {
			rescoreK = knn.FirstPassK(x.K, f)
		}
	}
	return codes, rescoreK
}
