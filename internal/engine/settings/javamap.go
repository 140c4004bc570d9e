package settings

import "github.com/clustersearch/clustersearch-go/internal/engine/javahash"

// javaHashOrder returns keys in the iteration order of a java.util.HashMap
// filled with them in the given order (default capacity 16, load factor 0.75).
func javaHashOrder(keys []string) []string { return javahash.HashMapOrder(keys) }

// structuredOrder is the key order of one level of nested settings output:
// Settings.getAsStructuredMap builds every level as new HashMap<>(2), whose
// table grows 2, 4, 8, 16... as keys arrive, so a level of up to six keys
// iterates over a smaller table than a default HashMap's.
func structuredOrder(keys []string) []string {
	return javahash.Strings(keys, javahash.TableSize(len(keys), 2))
}

// HashMapOrder returns keys in the iteration order of a java.util.HashMap
// filled with them in the given order, for responses the server builds from
// such a map (GET _settings keys its indexes that way).
func HashMapOrder(keys []string) []string { return javaHashOrder(keys) }
