package notify

import "github.com/clustersearch/clustersearch-go/internal/engine/javahash"

// javaHashMapOrder returns entries in the iteration order of a
// java.util.HashMap of default capacity filled with them, keyed by key, in
// the given order.
func javaHashMapOrder[T any](items []T, key func(T) string) []T {
	return javahash.OrderBy(items, key, javahash.TableSize(len(items), javahash.DefaultCapacity))
}

func headerName(h header) string { return h.Name }
