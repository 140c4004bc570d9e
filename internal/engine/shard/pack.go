package shard

import "encoding/binary"

// A full block of postings is stored frame-of-reference style: a byte with
// the bit width of its docs, a byte with the width of its frequencies,
// (its high bit set when the block's positions are stored as masks, see
// appendMasks), then the blockSize docs, each less the block's base (the doc before the
// block) less one, and the blockSize frequencies less one, each at its
// fixed width (blockSize/8 bytes per bit of width). A block decodes with
// one load, shift and mask per value and no branch, where varints cost a
// branch per byte and a chain of additions; its frequencies are decoded
// only when a search asks for one.

// slack is how many bytes a packed block's buffer holds past its end: a
// value is read with one 8-byte load, which may run past the last byte.
const slack = 8

// bitWidth is the number of bits needed for the largest of vals.
func bitWidth(vals *[blockSize]uint32) uint8 {
	var or uint32
	for _, v := range vals {
		or |= v
	}
	w := uint8(0)
	for or != 0 {
		w++
		or >>= 1
	}
	return w
}

// appendPacked appends vals at w bits each, the first value in the lowest
// bits; blockSize values of any width fill whole bytes.
func appendPacked(dst []byte, vals *[blockSize]uint32, w uint8) []byte {
	if w == 0 {
		return dst
	}
	var acc uint64
	var nb uint8
	for _, v := range vals {
		acc |= uint64(v) << nb
		nb += w
		for nb >= 8 {
			dst = append(dst, byte(acc))
			acc >>= 8
			nb -= 8
		}
	}
	return dst
}

// Flags in a packed block's frequency width byte: posMasks marks a block
// whose positions are masks, posBytes one whose position varints are all
// one byte long, so a posting's lie at its frequencies' sum from the
// block's first.
const (
	posMasks = 0x80
	posBytes = 0x40
	posFlags = posMasks | posBytes
)

// appendBlock appends a packed block of docs (each above base) and freqs,
// with the position flags.
func appendBlock(dst []byte, base int32, docs, freqs *[blockSize]int32, flag uint8) []byte {
	var ds, fs [blockSize]uint32
	for i := range docs {
		ds[i] = uint32(docs[i]-base) - 1
		fs[i] = uint32(freqs[i]) - 1
	}
	dw, fw := bitWidth(&ds), bitWidth(&fs)
	dst = append(dst, dw, fw|flag)
	dst = appendPacked(dst, &ds, dw)
	return appendPacked(dst, &fs, fw)
}

// packedLen is the number of bytes blockSize values of w bits take.
func packedLen(w uint8) int { return int(w) * blockSize / 8 }

// blockLen is the length of the packed block at the start of b.
func blockLen(b []byte) int { return 2 + packedLen(b[0]) + packedLen(b[1]) }

// unpack decodes the blockSize values of width w at b (which has slack
// bytes past them) into dst, each plus add.
//
//go:noinline
func unpack(dst *[blockSize]int32, b []byte, w uint8, add int32) {
	if w == 0 {
		for i := range dst {
			dst[i] = add
		}
		return
	}
	b = b[:packedLen(w)+slack]
	// Shift counts masked with 63 compile to bare shifts (Go otherwise
	// checks for counts of 64 and more).
	mask, w1 := uint64(1)<<(w&63)-1, uint(w)&63
	if w <= 14 {
		// Four values per load: frequencies and the docs of frequent terms.
		w2, w3 := 2*w1&63, 3*w1&63
		for i, bit := 0, uint(0); i < blockSize; i, bit = i+4, bit+4*w1 {
			o := bit >> 3
			x := binary.LittleEndian.Uint64(b[o:o+8]) >> (bit & 7)
			d := dst[i : i+4 : i+4]
			d[0] = int32(x&mask) + add
			d[1] = int32(x>>w1&mask) + add
			d[2] = int32(x>>w2&mask) + add
			d[3] = int32(x>>w3&mask) + add
		}
		return
	}
	for i, bit := 0, uint(0); i < blockSize; i, bit = i+1, bit+w1 {
		o := bit >> 3
		dst[i] = int32(binary.LittleEndian.Uint64(b[o:o+8])>>(bit&7)&mask) + add
	}
}

// The positions of a full block are stored as one little-endian word per
// posting, bit p for position p, when every position of the block is below
// 64 (short fields) and they took at least minMaskBytes as varints (terms
// occurring several times per document). A phrase then checks a posting's
// positions with one load, and a block's words take at most twice the
// varints' room.
const minMaskBytes = 4 * blockSize

// blockMasks turns the varint positions of a block's postings (freqs[k]
// of them each, pos holding nothing else) into masks; false when a
// position is 64 or more or repeats (a mask could not tell the count).
func positionMasks(pos []byte, freqs *[blockSize]int32, masks *[blockSize]uint64) bool {
	off := 0
	for k, f := range freqs {
		p, m := uint64(0), uint64(0)
		for i := int32(0); i < f; i++ {
			v, o := readUvarint(pos, off)
			off = o
			if i > 0 && v == 0 {
				return false
			}
			if p += v; p >= 64 {
				return false
			}
			m |= 1 << p
		}
		masks[k] = m
	}
	return off == len(pos)
}
