package aggs

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
)

// double is a number XContent writes with Java's Double.toString ("6.0",
// "1.5E10").
type double float64

// AppendJSON implements jsonout.Appender.
func (d double) AppendJSON(dst []byte) []byte {
	f := float64(d)
	switch {
	case math.IsNaN(f):
		return append(dst, `"NaN"`...)
	case math.IsInf(f, 1):
		return append(dst, `"Infinity"`...)
	case math.IsInf(f, -1):
		return append(dst, `"-Infinity"`...)
	}
	return append(dst, javafmt.Double(f)...)
}

// compensatedSum is Kahan summation as OpenSearch's CompensatedSum does it.
type compensatedSum struct {
	value, delta float64
}

func (c *compensatedSum) add(v float64) {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		c.value += v
	}
	if !math.IsInf(c.value, 0) && !math.IsNaN(c.value) {
		corrected := v + c.delta
		updated := c.value + corrected
		c.delta = corrected - (updated - c.value)
		c.value = updated
	}
}
