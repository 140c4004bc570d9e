package search

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// eachSourceValue calls leaf with every value (null included) at a dotted
// path of a source: arrays are walked through, and an object's key matches
// the whole rest of the path or its first segments, as a key may itself
// hold dots ("a.b": ... under "a").
func eachSourceValue(v any, path string, leaf func(v any)) {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			eachSourceValue(e, path, leaf)
		}
	case jsonout.Object:
		for _, f := range x {
			if f.Key == path {
				eachSourceValue(f.Value, "", leaf)
			} else if strings.HasPrefix(path, f.Key+".") {
				eachSourceValue(f.Value, path[len(f.Key)+1:], leaf)
			}
		}
	default:
		if path == "" {
			leaf(x)
		}
	}
}
