package analysis

import (
	"sort"
	"strings"
)

// javaStringHash is Java's String.hashCode over UTF-16 units.
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

// javaHashSetString prints names, added in this order to a java.util.HashSet of default
// capacity, as the set's toString does: by bucket of the final table, and within a
// bucket in insertion order (buckets of eight or more, which Java turns into trees, are
// not modelled: error messages print sets far too small for that).
func javaHashSetString(names []string) string {
	capacity := 16
	for len(names) > capacity*3/4 {
		capacity *= 2
	}
	type entry struct {
		name          string
		bucket, index int
	}
	entries := make([]entry, len(names))
	for i, n := range names {
		h := uint32(javaStringHash(n))
		h ^= h >> 16
		entries[i] = entry{n, int(h) & (capacity - 1), i}
	}
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].bucket < entries[j].bucket })
	var b strings.Builder
	b.WriteByte('[')
	for i, e := range entries {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(e.name)
	}
	b.WriteByte(']')
	return b.String()
}
