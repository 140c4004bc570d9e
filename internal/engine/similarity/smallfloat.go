// Package similarity holds the scoring primitives of the fake: Lucene's SmallFloat norm
// encoding, BM25 (OpenSearch 2.x LegacyBM25 with its (k1+1) boost, or plain 3.x BM25)
// evaluated in float32 in Lucene's operation order, and explanation trees rendered as
// OpenSearch renders them.
package similarity

import "math/bits"

// numFreeValues is 255 - longToInt4(math.MaxInt32): the byte values below it encode
// lengths exactly.
const numFreeValues = 255 - 231

// longToInt4 encodes a non-negative integer as a 4-bit-mantissa float in an int, like
// Lucene's SmallFloat.longToInt4. Values below 8 are exact; above, the low bits are
// truncated, so decoding never gives more than the input.
func longToInt4(i int64) int {
	if i < 0 {
		return 0
	}
	nb := 64 - bits.LeadingZeros64(uint64(i))
	if nb < 4 {
		return int(i)
	}
	shift := nb - 4
	enc := int(uint64(i)>>uint(shift)) & 0x07
	return enc | (shift+1)<<3
}

// int4ToLong decodes the output of longToInt4.
func int4ToLong(i int) int64 {
	b := int64(i & 0x07)
	shift := (i >> 3) - 1
	if shift == -1 {
		return b
	}
	return (b | 0x08) << uint(shift)
}

// IntToByte4 encodes a field length (number of terms) into the norm byte Lucene writes at
// index time: lengths 0..39 are exact, longer ones lose precision (always rounding down).
// Negative input encodes as 0.
func IntToByte4(i int) byte {
	if i < 0 {
		return 0
	}
	if i < numFreeValues {
		return byte(i)
	}
	return byte(numFreeValues + longToInt4(int64(i)-numFreeValues))
}

// Byte4ToInt decodes a norm byte back to the (approximate) field length.
func Byte4ToInt(b byte) int {
	i := int(b)
	if i < numFreeValues {
		return i
	}
	return numFreeValues + int(int4ToLong(i-numFreeValues))
}

// LengthTable returns the decoded field length of a norm byte as the float32 that
// BM25Similarity's LENGTH_TABLE holds (and explain prints as dl).
func LengthTable(norm byte) float32 {
	return float32(Byte4ToInt(norm))
}

// NormForLength returns the norm byte for a field with numTerms indexed terms, where
// numTerms already excludes tokens with a zero position increment (discount_overlaps).
func NormForLength(numTerms int) byte {
	return IntToByte4(numTerms)
}

// NoNormsByte is the norm byte Lucene scores with when a field has no norms (keyword
// fields, norms disabled): BM25 then uses cache[1], i.e. dl = 1.
const NoNormsByte byte = 1
