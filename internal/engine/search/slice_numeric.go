package search

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// doubleSlice is DocValuesSliceQuery on a double or float field: the
// values it hashes are the sortable integer forms Lucene stores in doc
// values (NumericUtils.doubleToSortableLong, floatToSortableInt); a
// document without values falls in the slice that holds hash 0.
func (c *shardCtx) doubleSlice(field, typ string, in func(int32) bool) node {
	r := c.r
	return &constNode{desc: "slice(" + field + ")", score: 1, make: func() iterator {
		var docs []int32
		var vals []float64
		for d := int32(0); d < r.MaxDoc(); d++ {
			if !r.Live(d) {
				continue
			}
			vals = r.Doubles(field, d, vals[:0])
			match := len(vals) == 0 && in(0)
			for _, v := range vals {
				if in(int32(mix64(sortableBits(v, typ)))) {
					match = true
					break
				}
			}
			if match {
				docs = append(docs, d)
			}
		}
		if len(docs) == 0 {
			return newEmpty()
		}
		return newSetIter(docs, 0)
	}}
}

// sortableBits is the doc-values form of a floating-point value.
func sortableBits(v float64, typ string) int64 {
	if typ == mapping.TypeFloat {
		bits := int32(math.Float32bits(float32(v)))
		return int64(bits ^ (bits>>31)&0x7fffffff)
	}
	bits := int64(math.Float64bits(v))
	return bits ^ (bits>>63)&0x7fffffffffffffff
}
