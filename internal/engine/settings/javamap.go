package settings

// javaHashOrder returns keys in the iteration order of a java.util.HashMap
// filled with them in the given order (default capacity 16, load factor 0.75).
func javaHashOrder(keys []string) []string { return javaHashOrderFrom(keys, 16) }

// structuredOrder is the key order of one level of nested settings output:
// Settings.getAsStructuredMap builds every level as new HashMap<>(2), whose
// table grows 2, 4, 8, 16... as keys arrive, so a level of up to six keys
// iterates over a smaller table than a default HashMap's.
func structuredOrder(keys []string) []string { return javaHashOrderFrom(keys, 2) }

// javaHashOrderFrom is the iteration order of a HashMap created with the
// given initial capacity (a power of two) and filled with keys in order. A
// resize keeps the relative order of the keys that share a bucket, so the
// order is that of the final table.
func javaHashOrderFrom(keys []string, initial int) []string {
	hashes := make([]int32, len(keys))
	for i, k := range keys {
		hashes[i] = javaStringHash(k)
	}
	return javaBucketOrder(keys, hashes, javaTableSize(len(keys), initial))
}

// javaTableSize is the table size of a HashMap created with capacity
// initial after n puts: it doubles whenever the size passes 0.75 of it.
func javaTableSize(n, initial int) int {
	size := initial
	for n > size*3/4 {
		size *= 2
	}
	return size
}

// javaStringHash is String.hashCode over UTF-16 code units.
func javaStringHash(s string) int32 {
	var h int32
	for _, r := range s {
		if r >= 0x10000 {
			r -= 0x10000
			h = 31*h + int32(0xD800+(r>>10))
			h = 31*h + int32(0xDC00+(r&0x3FF))
			continue
		}
		h = 31*h + int32(r)
	}
	return h
}

// HashMapOrder returns keys in the iteration order of a java.util.HashMap
// filled with them in the given order, for responses the server builds from
// such a map (GET _settings keys its indexes that way).
func HashMapOrder(keys []string) []string { return javaHashOrder(keys) }
