// Package routing places documents on shards exactly as OpenSearch's
// OperationRouting does: murmur3 of the routing value (or _id) over the
// routing shards.
package routing

import (
	"math/bits"
	"unicode/utf8"
)

// Hash is Murmur3HashFunction.hash(String): each UTF-16 code unit as two
// little-endian bytes, hashed with murmur3 x86_32, seed 0, as a signed int32.
func Hash(s string) int32 {
	buf := make([]byte, 0, 2*len(s))
	for _, r := range s {
		if r == utf8.RuneError {
			r = 0xFFFD
		}
		if r >= 0x10000 {
			r -= 0x10000
			hi, lo := 0xD800+(r>>10), 0xDC00+(r&0x3FF)
			buf = append(buf, byte(hi), byte(hi>>8), byte(lo), byte(lo>>8))
			continue
		}
		buf = append(buf, byte(r), byte(r>>8))
	}
	return int32(murmur3x86(buf, 0))
}

// murmur3x86 is MurmurHash3_x86_32.
func murmur3x86(data []byte, seed uint32) uint32 {
	const c1, c2 = 0xcc9e2d51, 0x1b873593
	h := seed
	n := len(data) / 4 * 4
	for i := 0; i < n; i += 4 {
		k := uint32(data[i]) | uint32(data[i+1])<<8 | uint32(data[i+2])<<16 | uint32(data[i+3])<<24
		k *= c1
		k = bits.RotateLeft32(k, 15)
		k *= c2
		h ^= k
		h = bits.RotateLeft32(h, 13)
		h = h*5 + 0xe6546b64
	}
	var k uint32
	switch len(data) - n {
	case 3:
		k ^= uint32(data[n+2]) << 16
		fallthrough
	case 2:
		k ^= uint32(data[n+1]) << 8
		fallthrough
	case 1:
		k ^= uint32(data[n])
		k *= c1
		k = bits.RotateLeft32(k, 15)
		k *= c2
		h ^= k
	}
	h ^= uint32(len(data))
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return h
}
