// Package javahash reproduces the iteration order of java.util.HashMap and
// HashSet with String keys. OpenSearch builds many responses and error
// messages from such maps, so their key order is part of the wire format the
// fake must match.
//
// A HashMap iterates its table bucket by bucket; a key's bucket is its
// spread hash (Spread of String.hashCode) masked by the table size, and keys
// sharing a bucket keep their insertion order (a resize splits a bucket
// without reordering it, so only the final table size matters). Buckets of
// eight or more keys, which Java turns into trees, are not modelled: the maps
// ordered this way are far smaller.
package javahash

import "sort"

// DefaultCapacity is the table size of new HashMap<>() and new HashSet<>().
const DefaultCapacity = 16

// StringHash is String.hashCode: s as UTF-16 code units, h = 31*h + unit,
// wrapping in 32 bits. A character outside the BMP counts as its two
// surrogates.
func StringHash(s string) int32 {
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

// Spread is HashMap.hash: the hashCode with its high half folded into the
// low half (h ^ h>>>16), whose low bits pick the bucket.
func Spread(hashCode int32) uint32 {
	h := uint32(hashCode)
	return h ^ h>>16
}

// Bucket is the bucket of a key with this hashCode in a table of tableSize
// (a power of two) buckets.
func Bucket(hashCode int32, tableSize int) int {
	return int(Spread(hashCode) & uint32(tableSize-1))
}

// TableSizeFor is HashMap.tableSizeFor: the power of two at or above c (1
// for c <= 1), the table size a HashMap created with capacity c starts at.
func TableSizeFor(c int) int {
	n := 1
	for n < c {
		n <<= 1
	}
	return n
}

// TableSize is the table size of a HashMap created with initialCapacity
// (new HashMap<>(initialCapacity); DefaultCapacity for new HashMap<>())
// after n distinct keys were put: the table starts at
// TableSizeFor(initialCapacity) and doubles whenever the size passes three
// quarters of it.
func TableSize(n, initialCapacity int) int {
	size := TableSizeFor(initialCapacity)
	for n > size*3/4 {
		size <<= 1
	}
	return size
}

// CollectionCapacity is the initial capacity new HashSet<>(c) gives itself
// for a collection of n elements (duplicates included):
// max((int) (n/.75f) + 1, 16).
func CollectionCapacity(n int) int {
	return max(int(float32(n)/0.75)+1, DefaultCapacity)
}

// Order returns items in the iteration order of a HashMap (or HashSet) with
// tableSize buckets into which they were put in the given order, given each
// item's hashCode. Items must be distinct keys; the input is not modified.
func Order[T any](items []T, hashCodes []int32, tableSize int) []T {
	idx := make([]int, len(items))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		return Bucket(hashCodes[idx[a]], tableSize) < Bucket(hashCodes[idx[b]], tableSize)
	})
	out := make([]T, len(items))
	for i, j := range idx {
		out[i] = items[j]
	}
	return out
}

// OrderBy is Order for items keyed by a String: key gives each item's key,
// whose StringHash is its hashCode.
func OrderBy[T any](items []T, key func(T) string, tableSize int) []T {
	hashCodes := make([]int32, len(items))
	for i, it := range items {
		hashCodes[i] = StringHash(key(it))
	}
	return Order(items, hashCodes, tableSize)
}

// Strings returns distinct keys in the iteration order of a HashMap with
// tableSize buckets into which they were put in the given order.
func Strings(keys []string, tableSize int) []string {
	return OrderBy(keys, func(s string) string { return s }, tableSize)
}

// HashMapOrder returns distinct keys in the iteration order of a
// new HashMap<>() (or HashSet) into which they were put in the given order.
func HashMapOrder(keys []string) []string {
	return Strings(keys, TableSize(len(keys), DefaultCapacity))
}
