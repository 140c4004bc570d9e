package shard

import (
	"encoding/binary"
	"math/bits"
)

// blockSize is how many postings lie between two skip entries: small
// enough that advancing a frequent term to a rare term's next document
// decodes few postings, and that block bounds are tight.
const blockSize = 32

// noNorms is the norm byte of fields without norms (keywords): Lucene
// scores them as one term long.
const noNorms byte = 1

// skip marks the start of a block of postings and bounds its scores.
type skip struct {
	doc    int32  // last doc id before the block (the delta base), -1 for the first
	off    uint32 // byte offset of the block in buf
	posOff uint32 // byte offset of the block's first position in pos
	impact impact // the block's
}

// impact bounds the scores of a block's postings: no posting has a higher
// frequency or a shorter field (a lower norm byte), which is what a
// top-k search needs to skip a block it cannot win (Lucene's impacts).
type impact struct {
	maxFreq int32
	minNorm byte
}

// postingList holds one term's postings in slot order. buf holds for each
// document a varint of the doc delta shifted left once, its low bit set
// when the frequency is 1, then the frequency as a varint when it is not;
// pos holds, for fields with positions, each document's freq varint
// position deltas. Keeping positions apart lets a search walk documents
// and frequencies without reading them (Lucene's .doc and .pos files).
// Skip entries every blockSize postings let iterators jump ahead, let
// DocFreq count postings below a refresh point quickly and bound each
// block's scores; the first block's entry is implicit (see skipAt), which
// keeps rare terms (most of a vocabulary) small.
type postingList struct {
	buf   []byte
	pos   []byte
	skips []skip
	imp0  impact // the first block's impact
	n     int32  // postings
	last  int32  // last doc id, -1 when empty
	ttf   int64  // total term frequency
	// mark and pending group one document's occurrences while it is indexed.
	mark    int32 // 1 + slot of the document being indexed
	pending int32 // index into the indexer's pending list
}

func newPostingList() *postingList { return &postingList{last: -1} }

// add appends a document with its norm byte (the field length's, for the
// block's impact); positions may be nil for fields without them.
func (p *postingList) add(doc int32, freq int, positions []int32, norm byte) {
	if p.n%blockSize == 0 && p.n > 0 {
		p.skips = append(p.skips, skip{doc: p.last, off: uint32(len(p.buf)), posOff: uint32(len(p.pos))})
	}
	imp := &p.imp0
	if len(p.skips) > 0 {
		imp = &p.skips[len(p.skips)-1].impact
	}
	if p.n%blockSize == 0 {
		*imp = impact{maxFreq: int32(freq), minNorm: norm}
	} else {
		imp.maxFreq = max(imp.maxFreq, int32(freq))
		imp.minNorm = min(imp.minNorm, norm)
	}
	// Appending to local slices stores each back once: every store of the
	// list's pointers goes through the write barrier while the collector runs.
	buf := p.buf
	delta := uint64(doc-p.last) << 1
	if freq == 1 {
		buf = appendUvarint(buf, delta|1)
	} else {
		buf = appendUvarint(buf, delta)
		buf = appendUvarint(buf, uint64(freq))
	}
	pos := p.pos
	prev := int32(0)
	for _, at := range positions {
		pos = appendUvarint(pos, uint64(at-prev))
		prev = at
	}
	p.buf, p.pos = buf, pos
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
	count := int32(lo * blockSize)
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
	end       int32 // postings visible: the refresh point saw the first end
	// posOff is an offset in p.pos at the position ordinal posAt (counted
	// from the last block jump); docPos is the ordinal of the current
	// posting's first position. Positions skips from one to the other, so
	// walking documents never reads their positions.
	posOff int
	posAt  int32
	docPos int32
	// curPos is the offset of the current posting's positions once they
	// were read (curRead), so they can be read again.
	curPos  int
	curRead bool
}

// iterator returns an iterator before the first posting.
func (p *postingList) iterator(positions bool) *Iterator {
	return &Iterator{p: p, positions: positions, Doc: -1, end: p.n}
}

// blocks is the number of skip entries, the implicit first one included.
func (p *postingList) blocks() int { return len(p.skips) + 1 }

// skipAt returns skip entry i; entry 0 is the start of the list.
func (p *postingList) skipAt(i int) skip {
	if i == 0 {
		return skip{doc: -1, impact: p.imp0}
	}
	return p.skips[i-1]
}

func (p *postingList) iteratorAt(block int, positions bool) *Iterator {
	it := &Iterator{p: p, positions: positions, end: p.n}
	it.jump(block)
	return it
}

// jump moves before the first posting of block b.
func (it *Iterator) jump(b int) {
	s := it.p.skipAt(b)
	it.off, it.read, it.Doc, it.Freq = int(s.off), int32(b*blockSize), s.doc, 0
	it.posOff, it.posAt, it.docPos, it.curRead = int(s.posOff), 0, 0, false
}

// positionsStart returns the offset of the current posting's positions and
// marks them read: the next positions to skip to start after them.
func (it *Iterator) positionsStart() int {
	if !it.curRead {
		it.curPos = skipUvarints(it.p.pos, it.posOff, int(it.docPos-it.posAt))
		it.curRead = true
		it.posOff, it.posAt = it.curPos, it.docPos
	}
	return it.curPos
}

// next moves to the next posting; false at the end.
func (it *Iterator) next() bool {
	if it.read >= it.end {
		return false
	}
	buf := it.p.buf
	v, off := readUvarint(buf, it.off)
	freq := uint64(1)
	if v&1 == 0 {
		freq, off = readUvarint(buf, off)
	}
	it.docPos += it.Freq
	it.curRead = false
	it.Doc, it.Freq = it.Doc+int32(v>>1), int32(freq)
	it.read++
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
	// Jump with the skip list when the target lies beyond the current
	// block: gallop from it (targets mostly lie a few blocks ahead), then
	// search between the last two probes.
	p := it.p
	if b := int(it.read / blockSize); b+1 < p.blocks() && p.skips[b].doc < target {
		lo, hi, step := b+1, b+2, 1
		for hi < p.blocks() && p.skips[hi-1].doc < target {
			lo, step = hi, step*2
			hi += step
		}
		hi = min(hi, p.blocks()) - 1
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if p.skips[mid-1].doc < target {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		it.jump(lo)
	}
	// Scan in locals: most advances pass several postings.
	buf := it.p.buf
	off, read, doc, freq, docPos := it.off, it.read, it.Doc, it.Freq, it.docPos
	found := false
	for read < it.end {
		v, o := readUvarint(buf, off)
		f := uint64(1)
		if v&1 == 0 {
			f, o = readUvarint(buf, o)
		}
		docPos += freq
		doc, freq, off = doc+int32(v>>1), int32(f), o
		read++
		if doc >= target {
			found = true
			break
		}
	}
	it.off, it.read, it.Doc, it.Freq, it.docPos, it.curRead = off, read, doc, freq, docPos, false
	return found
}

// Positions appends the current posting's positions to dst.
func (it *Iterator) Positions(dst []int32) []int32 {
	if !it.positions {
		return dst
	}
	buf := it.p.pos
	off, prev := it.positionsStart(), int32(0)
	for i := int32(0); i < it.Freq; i++ {
		var d uint64
		d, off = readUvarint(buf, off)
		prev += int32(d)
		dst = append(dst, prev)
	}
	it.posOff, it.posAt = off, it.docPos+it.Freq
	return dst
}

// PositionMask returns the current posting's positions as bits of a word
// (bit p for position p) and true when all are below 64, the common case
// of short fields, which lets a phrase be checked with shifts and ands.
// With a position of 64 or more it returns false, and Positions reads them.
func (it *Iterator) PositionMask() (uint64, bool) {
	if !it.positions {
		return 0, false
	}
	buf := it.p.pos
	off, p, mask := it.positionsStart(), uint64(0), uint64(0)
	for i := int32(0); i < it.Freq; i++ {
		b := buf[off]
		if b >= 0x80 {
			return 0, false // a gap of 128 or more: past 63
		}
		off++
		if p += uint64(b); p >= 64 {
			return 0, false
		}
		mask |= 1 << p
	}
	it.posOff, it.posAt = off, it.docPos+it.Freq
	return mask, true
}

// skipUvarints returns the offset n varints after off. A varint ends at
// each byte below 0x80, so whole words of eight bytes are counted at once.
func skipUvarints(buf []byte, off, n int) int {
	const high = 0x8080808080808080
	for n >= 8 && off+8 <= len(buf) {
		ends := bits.OnesCount64(^binary.LittleEndian.Uint64(buf[off:]) & high)
		if ends > n {
			break
		}
		n -= ends
		off += 8
	}
	for ; n > 0; off++ {
		if buf[off] < 0x80 {
			n--
		}
	}
	return off
}

// HasPositions reports whether the postings are a text field's, with
// positions and frequencies (a keyword field's have neither).
func (it *Iterator) HasPositions() bool { return it.positions }

// Blocks is the number of blocks of postings the iterator's list holds.
func (it *Iterator) Blocks() int { return it.p.blocks() }

// Block returns the block holding the next posting Next reads.
func (it *Iterator) Block() int { return int(it.read / blockSize) }

// BlockBounds describes block b: the last doc id in it, the highest
// frequency and the lowest norm byte of its postings (a bound on their
// scores) and how many postings it holds. Postings past the refresh point
// count as well, so the bounds hold for the visible ones.
func (it *Iterator) BlockBounds(b int) (last int32, maxFreq int32, minNorm byte, n int32) {
	p := it.p
	s := p.skipAt(b)
	last, n = p.last, p.n-int32(b*blockSize)
	if b+1 < p.blocks() {
		last, n = p.skips[b].doc, blockSize
	}
	return last, s.impact.maxFreq, s.impact.minNorm, n
}

// SkipTo moves before the first posting of block b (b > Block(), or the
// current block when nothing of it was read), so Next reads that posting.
func (it *Iterator) SkipTo(b int) {
	if b >= it.p.blocks() {
		it.read = it.end
		return
	}
	it.jump(b)
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
