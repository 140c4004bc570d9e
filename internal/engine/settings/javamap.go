package settings

// javaHashOrder returns keys in the iteration order of a java.util.HashMap
// filled with them in the given order (default capacity 16, load factor 0.75).
// The real server builds nested settings with such maps, so this order is the
// key order of GET _settings.
func javaHashOrder(keys []string) []string {
	hashes := make([]int32, len(keys))
	for i, k := range keys {
		hashes[i] = javaStringHash(k)
	}
	return javaSetOrder(keys, hashes)
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
