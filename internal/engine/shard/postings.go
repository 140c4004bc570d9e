package shard

import "encoding/binary"

// blockSize is how many postings lie between two skip entries.
const blockSize = 128

// skip marks the start of a block of postings.
type skip struct {
	doc   int32  // last doc id before the block (the delta base), -1 for the first
	off   uint32 // byte offset of the block in buf
	count int32  // postings before the block
}

// postingList holds one term's postings in slot order: for each document a
// varint doc delta, a varint frequency and, for fields with positions, freq
// varint position deltas. Skip entries every blockSize postings let iterators
// jump ahead and let DocFreq count postings below a refresh point quickly; the
// first block's entry is implicit (see skipAt), which keeps rare terms (most
// of a vocabulary) at one allocation.
type postingList struct {
	buf   []byte
	skips []skip
	n     int32 // postings
	last  int32 // last doc id, -1 when empty
	ttf   int64 // total term frequency
	// mark and pending group one document's occurrences while it is indexed.
	mark    int32 // 1 + slot of the document being indexed
	pending int32 // index into the indexer's pending list
}

func newPostingList() *postingList { return &postingList{last: -1} }

// add appends a document; positions may be nil for fields without them.
func (p *postingList) add(doc int32, freq int, positions []int32) {
	if p.n%blockSize == 0 && p.n > 0 {
		p.skips = append(p.skips, skip{doc: p.last, off: uint32(len(p.buf)), count: p.n})
	}
	// Appending to a local slice stores it back once: each store of the
	// list's pointer while the collector runs goes through its write barrier.
	buf := appendUvarint(p.buf, uint64(doc-p.last))
	buf = appendUvarint(buf, uint64(freq))
	prev := int32(0)
	for _, pos := range positions {
		buf = appendUvarint(buf, uint64(pos-prev))
		prev = pos
	}
	p.buf = buf
	p.n++
	p.last = doc
	p.ttf += int64(freq)
}

// docFreq counts postings with doc < maxDoc (documents a refresh point saw,
// superseded versions included, as Lucene counts deleted documents).
func (p *postingList) docFreq(maxDoc int32, positions bool) int32 {
	if p.last < maxDoc {
		return p.n
	}
	// Find the last block starting below maxDoc, then count inside it.
	lo, hi := 0, p.blocks()-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if p.skipAt(mid).doc < maxDoc-1 {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	it := p.iteratorAt(lo, positions)
	count := p.skipAt(lo).count
	for it.next() && it.Doc < maxDoc {
		count++
	}
	return count
}

// Iterator walks a posting list. Doc, Freq and (when read) Positions describe
// the current posting.
type Iterator struct {
	p         *postingList
	positions bool
	off       int
	read      int32
	Doc       int32
	Freq      int32
	posOff    int   // offset of the current positions
	limit     int32 // postings at or above this doc id are not visible (0: none)
}

// iterator returns an iterator before the first posting.
func (p *postingList) iterator(positions bool) *Iterator {
	return &Iterator{p: p, positions: positions, Doc: -1}
}

// blocks is the number of skip entries, the implicit first one included.
func (p *postingList) blocks() int { return len(p.skips) + 1 }

// skipAt returns skip entry i; entry 0 is the start of the list.
func (p *postingList) skipAt(i int) skip {
	if i == 0 {
		return skip{doc: -1}
	}
	return p.skips[i-1]
}

func (p *postingList) iteratorAt(block int, positions bool) *Iterator {
	s := p.skipAt(block)
	return &Iterator{p: p, positions: positions, off: int(s.off), read: s.count, Doc: s.doc}
}

// next moves to the next posting; false at the end.
func (it *Iterator) next() bool {
	if it.read >= it.p.n {
		return false
	}
	buf := it.p.buf
	delta, off := readUvarint(buf, it.off)
	freq, off := readUvarint(buf, off)
	if it.limit > 0 && it.Doc+int32(delta) >= it.limit {
		it.read = it.p.n // past the refresh point: stop
		return false
	}
	it.Doc += int32(delta)
	it.Freq = int32(freq)
	it.read++
	if it.positions {
		// Skip the positions without decoding them: each varint ends at
		// the first byte below 0x80.
		it.posOff = off
		for left := it.Freq; left > 0; off++ {
			if buf[off] < 0x80 {
				left--
			}
		}
	}
	it.off = off
	return true
}

// readUvarint decodes the varint at buf[off:] and returns it with the
// offset after it; the one-byte case (nearly every frequency and position
// gap) is inlined.
func readUvarint(buf []byte, off int) (uint64, int) {
	if b := buf[off]; b < 0x80 {
		return uint64(b), off + 1
	}
	v, n := binary.Uvarint(buf[off:])
	return v, off + n
}

// Next moves to the next posting; false at the end.
func (it *Iterator) Next() bool { return it.next() }

// Advance moves to the first posting with Doc >= target; false if none.
func (it *Iterator) Advance(target int32) bool {
	if it.Doc >= target && it.read > 0 {
		return true
	}
	// Jump with the skip list when the target lies beyond the current block.
	p := it.p
	if b := int(it.read / blockSize); b+1 < p.blocks() && p.skipAt(b+1).doc < target {
		lo, hi := b+1, p.blocks()-1
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if p.skipAt(mid).doc < target {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		sk := p.skipAt(lo)
		it.off, it.read, it.Doc = int(sk.off), sk.count, sk.doc
	}
	for it.next() {
		if it.Doc >= target {
			return true
		}
	}
	return false
}

// Positions appends the current posting's positions to dst.
func (it *Iterator) Positions(dst []int32) []int32 {
	if !it.positions {
		return dst
	}
	off, prev := it.posOff, int32(0)
	buf := it.p.buf
	for i := int32(0); i < it.Freq; i++ {
		var d uint64
		d, off = readUvarint(buf, off)
		prev += int32(d)
		dst = append(dst, prev)
	}
	return dst
}

// appendUvarint is binary.AppendUvarint with the one- and two-byte cases
// inlined: frequencies and position gaps are nearly always below 128, and
// doc deltas of all but the rarest terms below 16384.
func appendUvarint(b []byte, v uint64) []byte {
	if v < 0x80 {
		return append(b, byte(v))
	}
	if v < 0x4000 {
		return append(b, byte(v)|0x80, byte(v>>7))
	}
	return binary.AppendUvarint(b, v)
}
