package settings

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// OpenIndex names an open index for NonDynamicError.
type OpenIndex struct {
	Name, UUID string
}

// NonDynamicError is MetadataUpdateSettingsService's refusal to change static
// settings of open indexes. Both lists are printed as the Java HashSets the
// server collects them in, so their order is the sets' iteration order; keys
// come in sorted (Settings' TreeMap), indexes in resolution order.
func NonDynamicError(keys []string, open []OpenIndex) *apierr.Error {
	keyHashes := make([]int32, len(keys))
	for i, k := range keys {
		keyHashes[i] = javaStringHash(k)
	}
	idxHashes := make([]int32, len(open))
	idxNames := make([]string, len(open))
	for i, x := range open {
		// Index.hashCode: 31 * name.hashCode() + uuid.hashCode().
		idxHashes[i] = 31*javaStringHash(x.Name) + javaStringHash(x.UUID)
		idxNames[i] = "[" + x.Name + "/" + x.UUID + "]"
	}
	return apierr.IllegalArgument("Can't update non dynamic settings [[%s]] for open indices [%s]",
		strings.Join(javaSetOrder(keys, keyHashes), ", "), strings.Join(javaSetOrder(idxNames, idxHashes), ", "))
}

// javaSetOrder returns items in the iteration order of a java.util.HashSet
// filled with them in order, given each item's hashCode.
func javaSetOrder(items []string, hashes []int32) []string {
	return javaBucketOrder(items, hashes, javaTableSize(len(items), 16))
}

// javaBucketOrder lists items by their bucket in a HashMap table of the
// given size (hash spread as HashMap.hash does), insertion order within one.
func javaBucketOrder(items []string, hashes []int32, capacity int) []string {
	buckets := make([][]string, capacity)
	for i, it := range items {
		h := hashes[i]
		h ^= int32(uint32(h) >> 16)
		b := int(uint32(h) & uint32(capacity-1))
		buckets[b] = append(buckets[b], it)
	}
	out := make([]string, 0, len(items))
	for _, b := range buckets {
		out = append(out, b...)
	}
	return out
}
