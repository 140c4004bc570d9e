package notify

import (
	"sort"
	"unicode/utf16"
)

// javaHashMapOrder returns entries in the iteration order of a
// java.util.HashMap filled with them in the given order: by bucket index of
// the spread String.hashCode in the smallest table (16, doubling at 0.75
// load) that holds them, insertion order within a bucket.
func javaHashMapOrder[T any](items []T, key func(T) string) []T {
	capacity := 16
	for float64(len(items)) > 0.75*float64(capacity) {
		capacity *= 2
	}
	type entry struct {
		item   T
		bucket int
	}
	es := make([]entry, len(items))
	for i, it := range items {
		hash := javaStringHash(key(it))
		spread := hash ^ (hash >> 16)
		es[i] = entry{item: it, bucket: int(spread & uint32(capacity-1))}
	}
	sort.SliceStable(es, func(a, b int) bool { return es[a].bucket < es[b].bucket })
	out := make([]T, len(es))
	for i, e := range es {
		out[i] = e.item
	}
	return out
}

func headerName(h header) string { return h.Name }

// javaStringHash is String.hashCode over UTF-16 code units.
func javaStringHash(s string) uint32 {
	var h uint32
	for _, u := range utf16.Encode([]rune(s)) {
		h = 31*h + uint32(u)
	}
	return h
}
