package update

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// Merge applies changes to source as XContentHelper.update does: maps are
// merged recursively, anything else (arrays included) is replaced, new keys are
// appended. It reports whether source changed; with detect false every
// touched key counts as a change, as the server skips the comparison then.
func Merge(source, changes *painless.Map, detect bool) bool {
	modified := false
	keys, vals := changes.Keys(), changes.Values()
	for i, k := range keys {
		nv := vals[i]
		old, ok := source.Get(k)
		if !ok {
			source.Set(k, nv)
			modified = true
			continue
		}
		om, oldIsMap := old.(*painless.Map)
		nm, newIsMap := nv.(*painless.Map)
		if oldIsMap && newIsMap {
			if Merge(om, nm, detect && !modified) {
				modified = true
			}
			continue
		}
		source.Set(k, nv)
		if modified {
			continue
		}
		modified = !detect || !JavaEquals(old, nv)
	}
	return modified
}

// JavaEquals is Objects.equals over the values a parsed source holds: numbers
// equal only within the same boxed type (Integer 1 differs from Long 1 and
// from Double 1.0), doubles compare as Double.equals (NaN equals NaN, 0.0 and
// -0.0 differ), lists element by element, maps by their entries in any order.
func JavaEquals(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case float64:
		y, ok := b.(float64)
		return ok && math.Float64bits(x) == math.Float64bits(y) || ok && math.IsNaN(x) && math.IsNaN(y)
	case float32:
		y, ok := b.(float32)
		return ok && math.Float32bits(x) == math.Float32bits(y) || ok && x != x && y != y
	case *painless.List:
		y, ok := b.(*painless.List)
		if !ok || len(x.Items) != len(y.Items) {
			return false
		}
		for i := range x.Items {
			if !JavaEquals(x.Items[i], y.Items[i]) {
				return false
			}
		}
		return true
	case *painless.Map:
		y, ok := b.(*painless.Map)
		if !ok || x.Len() != y.Len() {
			return false
		}
		keys, vals := x.Keys(), x.Values()
		for i, k := range keys {
			v, found := y.Get(k)
			if !found || !JavaEquals(vals[i], v) {
				return false
			}
		}
		return true
	case bool, int32, int64, string:
		return a == b
	}
	return false
}
