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

// postingList holds one term's postings in slot order. Full blocks of
// blockSize postings are stored packed (pack.go): doc deltas and
// frequencies at a fixed bit width each. The last block, while it fills,
// holds for each document a varint of the doc delta shifted left once, its
// low bit set when the frequency is 1, then the frequency as a varint when
// it is not; it is packed when its last posting arrives. pos holds, for
// fields with positions, each document's freq varint position deltas.
// Keeping positions apart lets a search walk documents and frequencies
// without reading them (Lucene's .doc and .pos files). Skip entries every
// blockSize postings let iterators jump ahead, let DocFreq count postings
// below a refresh point quickly and bound each block's scores; the first
// block's entry is implicit (see skipAt), which keeps rare terms (most of
// a vocabulary) small.
type postingList struct {
	buf   []byte
	pos   []byte
	skips []skip
	imp0  impact // the first block's impact
	n     int32  // postings
	last  int32  // last doc id, -1 when empty
	ttf   int64  // total term frequency
	// docs is the set of the list's docs (bit d for doc d) once the term
	// is in at least one document in denseRatio (see dense.go).
	docs bitset
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
	p.n++
	p.last = doc
	p.ttf += int64(freq)
	if p.n%blockSize == 0 {
		buf, pos = p.pack(buf, pos)
	}
	p.buf, p.pos = buf, pos
	p.markDense(doc)
}

// pack rewrites the last block of buf, just filled, from varints to its
// packed form, leaving slack bytes of capacity after it, and its positions
// at the end of pos to masks when they qualify (see minMaskBytes).
func (p *postingList) pack(buf, pos []byte) ([]byte, []byte) {
	s := p.skipAt(int(p.n/blockSize) - 1)
	var docs, freqs [blockSize]int32
	decodeVarints(buf, int(s.off), s.doc, blockSize, &docs, &freqs)
	flag := uint8(0)
	if len(pos)-int(s.posOff) >= minMaskBytes {
		var masks [blockSize]uint64
		if positionMasks(pos[s.posOff:], &freqs, &masks) {
			flag = posMasks
			pos = pos[:s.posOff]
			for _, m := range masks {
				pos = binary.LittleEndian.AppendUint64(pos, m)
			}
		}
	}
	if flag == 0 && len(pos) > int(s.posOff) {
		sum := 0
		for _, f := range freqs {
			sum += int(f)
		}
		if sum == len(pos)-int(s.posOff) {
			flag = posBytes
		}
	}
	buf = appendBlock(buf[:s.off], s.doc, &docs, &freqs, flag)
	if cap(buf)-len(buf) < slack {
		buf = append(buf, make([]byte, slack)...)[:len(buf)]
	}
	return buf, pos
}

// decodeVarints reads n varint postings from buf at off, the doc deltas
// counted from base, into docs and freqs.
func decodeVarints(buf []byte, off int, base int32, n int, docs, freqs *[blockSize]int32) {
	doc := base
	for i := 0; i < n; i++ {
		v, o := readUvarint(buf, off)
		freq := uint64(1)
		if v&1 == 0 {
			freq, o = readUvarint(buf, o)
		}
		doc += int32(v >> 1)
		docs[i], freqs[i] = doc, int32(freq)
		off = o
	}
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
	Doc       int32
	end       int32 // postings visible: the refresh point saw the first end
	// blk is the block of the current posting, decoded into docs when
	// lim >= 0: its first lim postings are visible, j is the index of the
	// next one. lim < 0 means the iterator stands before block blk's first
	// posting, not yet decoded. Walking and advancing inside a block read
	// docs only.
	blk  int32
	j    int32
	lim  int32
	docs [blockSize]int32
	// dlim is lim once docs holds the block, 0 while an advance that
	// jumped into it has only searched its packed docs (dbuf, width dw,
	// above dbase): a search for one document reads five of them, where
	// decoding reads all 32.
	dlim  int32
	dbuf  []byte
	dw    uint8
	dbase int32
	// fblk is the block whose frequencies freqs holds, decoded on demand
	// from fbuf (width fw) for a full block.
	fblk  int32
	fbuf  []byte
	fw    uint8
	freqs [blockSize]int32
	// pmask is set when block blk's positions are masks, pbytes when its
	// position varints are one byte each (pack.go); they start at pmOff in
	// p.pos.
	pmask  bool
	pbytes bool
	pmOff  int
	// ps holds what reading positions needs, made on the first read:
	// iterators of queries that never read positions (most of them, and
	// the many of a query over expanded terms) stay small.
	ps *posState
	// posOff is an offset in p.pos at the position ordinal posAt of block
	// posBlock: reading positions skips from there to the posting's, so
	// walking documents never reads positions. curPos is where the
	// positions of the posting of ordinal curAt start, so they can be read
	// again.
	posBlock int32
	posOff   int
	posAt    int32
	curAt    int32
	curPos   int
}

// posState is an iterator's state for reading positions.
type posState struct {
	// cum[k] is the ordinal of posting k's first position in block
	// cumBlock.
	cum      [blockSize]int32
	cumBlock int32
	// masks holds PositionMask's answer for every posting of block
	// -maskBlock-2 (fits bit k set when posting k's positions are all
	// below 64), decoded in one pass once more than blockMaskReads
	// postings of the block asked: conjunctions of frequent terms read
	// most postings of a block, and one pass beats skipping to each.
	// maskReads counts the postings of block maskBlock read before that.
	masks     [blockSize]uint64
	fits      uint32
	maskBlock int32
	maskReads int32
}

// pos returns the iterator's position state, made on first use.
func (it *Iterator) pos() *posState {
	if it.ps == nil {
		it.ps = &posState{cumBlock: -1, maskBlock: -1}
	}
	return it.ps
}

// iterator returns an iterator before the first posting.
func (p *postingList) iterator(positions bool) *Iterator {
	return &Iterator{p: p, positions: positions, Doc: -1, end: p.n, lim: -1, fblk: -1, posBlock: -1, curAt: -1}
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
	it := p.iterator(positions)
	it.jump(block)
	return it
}

// jump moves before the first posting of block b.
func (it *Iterator) jump(b int) {
	it.blk, it.j, it.lim, it.dlim, it.Doc = int32(b), 0, -1, 0, it.p.skipAt(b).doc
}

// load decodes block blk's docs; false when none of it is visible.
func (it *Iterator) load() bool {
	if !it.loadPacked() {
		return false
	}
	it.decode()
	return true
}

// loadPacked makes block blk the current one, decoding its docs only when
// they are varints (the last block, while it fills); false when none of it
// is visible.
func (it *Iterator) loadPacked() bool {
	b := it.blk
	if b*blockSize >= it.end {
		it.j, it.lim, it.dlim = 0, -1, 0
		return false
	}
	p := it.p
	s := p.skipAt(int(b))
	it.j, it.lim = 0, min(blockSize, it.end-b*blockSize)
	if n := p.n - b*blockSize; n < blockSize {
		decodeVarints(p.buf, int(s.off), s.doc, int(n), &it.docs, &it.freqs)
		it.fblk, it.pmask, it.pbytes, it.dlim = b, false, false, it.lim
		return true
	}
	buf := p.buf[s.off:cap(p.buf)]
	it.dw, it.dbuf, it.dbase, it.dlim = buf[0], buf[2:], s.doc+1, 0
	it.fw, it.fbuf = buf[1]&^posFlags, buf[2+packedLen(it.dw):]
	it.pmask, it.pbytes, it.pmOff = buf[1]&posMasks != 0, buf[1]&posBytes != 0, int(s.posOff)
	return true
}

// decode fills docs from the packed block when it is not yet.
func (it *Iterator) decode() {
	if it.dlim == 0 && it.lim > 0 {
		unpack(&it.docs, it.dbuf, it.dw, it.dbase)
		it.dlim = it.lim
	}
}

// packedDoc reads doc k of the current packed block without decoding it.
func (it *Iterator) packedDoc(k int32) int32 {
	bit := uint(k) * uint(it.dw)
	o := bit >> 3
	return it.dbase + int32(binary.LittleEndian.Uint64(it.dbuf[o:o+8])>>(bit&7)&(uint64(1)<<(it.dw&63)-1))
}

// ord is the ordinal of the next posting.
func (it *Iterator) ord() int32 { return it.blk*blockSize + max(it.j, 0) }

// Freq is the current posting's frequency.
func (it *Iterator) Freq() int32 {
	if it.fblk != it.blk {
		unpack(&it.freqs, it.fbuf, it.fw, 1)
		it.fblk = it.blk
	}
	return it.freqs[it.j-1]
}

// positionsStart returns the offset of the current posting's positions and
// marks them read: the next positions to skip to start after them.
func (it *Iterator) positionsStart() int {
	if it.curAt == it.ord() {
		return it.curPos
	}
	it.Freq() // decodes the block's frequencies
	b := it.blk
	ps := it.pos()
	if ps.cumBlock != b {
		at := int32(0)
		for k := int32(0); k < it.lim; k++ {
			ps.cum[k] = at
			at += it.freqs[k]
		}
		ps.cumBlock = b
	}
	at := ps.cum[it.j-1]
	if it.pbytes {
		it.posBlock, it.curPos, it.curAt = b, it.pmOff+int(at), it.ord()
		it.posOff, it.posAt = it.curPos, at
		return it.curPos
	}
	if it.posBlock != b || it.posAt > at {
		it.posBlock, it.posOff, it.posAt = b, int(it.p.skipAt(int(b)).posOff), 0
	}
	it.curPos = skipUvarints(it.p.pos, it.posOff, int(at-it.posAt))
	it.curAt = it.ord()
	it.posOff, it.posAt = it.curPos, at
	return it.curPos
}

// positionsRead records that the current posting's positions end at off.
func (it *Iterator) positionsRead(off int) {
	it.posOff, it.posAt = off, it.ps.cum[it.j-1]+it.freqs[it.j-1]
}

// next moves to the next posting; false at the end.
func (it *Iterator) next() bool {
	if j := it.j; j < it.dlim {
		it.Doc, it.j = it.docs[j], j+1
		return true
	}
	return it.nextBlock()
}

// nextBlock moves to the first posting of the block after the current
// one (or of the current one when it is not decoded yet).
func (it *Iterator) nextBlock() bool {
	if j := it.j; j < it.lim {
		it.decode() // a block an advance only searched
		it.Doc, it.j = it.docs[j], j+1
		return true
	}
	if it.lim >= 0 {
		it.blk++
	}
	if !it.load() {
		return false
	}
	it.Doc, it.j = it.docs[0], 1
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
	if it.Doc >= target && it.Doc >= 0 {
		return true
	}
	// Most targets lie in the decoded block: scan it.
	if j := it.j; j < it.dlim && it.docs[it.dlim-1] >= target {
		for it.docs[j] < target {
			j++
		}
		it.Doc, it.j = it.docs[j], j+1
		return true
	}
	return it.advanceBlocks(target)
}

// advanceBlocks is Advance past the decoded block. It jumps with the skip
// list when the target lies beyond the next posting's block: gallop from
// it (targets mostly lie a few blocks ahead), then search between the
// last two probes.
func (it *Iterator) advanceBlocks(target int32) bool {
	if it.lim >= 0 && it.j >= it.lim {
		it.blk, it.j, it.lim, it.dlim = it.blk+1, 0, -1, 0 // the block is used up
	}
	p := it.p
	if b := int(it.blk); b+1 < p.blocks() && p.skips[b].doc < target {
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
	// The target lies in block blk (the last doc before the following
	// block is at or past it) unless the refresh point cuts the block.
	entered := it.lim < 0
	if entered && !it.loadPacked() {
		return false
	}
	if !entered {
		it.decode() // a second advance in the block: decode it
	}
	if it.dlim == 0 {
		// Just entered: search the packed docs; decode them only if the
		// walk goes on in the block.
		lo, hi := it.j, it.lim-1
		if it.packedDoc(hi) < target {
			it.j = it.lim
			return false
		}
		for lo < hi {
			mid := (lo + hi) / 2
			if it.packedDoc(mid) < target {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		it.Doc, it.j = it.packedDoc(lo), lo+1
		return true
	}
	if it.docs[it.lim-1] < target {
		it.j = it.lim
		return false
	}
	j := it.j
	for it.docs[j] < target {
		j++
	}
	it.Doc, it.j = it.docs[j], j+1
	return true
}

// Positions appends the current posting's positions to dst.
func (it *Iterator) Positions(dst []int32) []int32 {
	if !it.positions {
		return dst
	}
	if it.pmask {
		for m := it.maskAt(it.j - 1); m != 0; m &= m - 1 {
			dst = append(dst, int32(bits.TrailingZeros64(m)))
		}
		return dst
	}
	buf := it.p.pos
	off, prev := it.positionsStart(), int32(0)
	for i, n := int32(0), it.Freq(); i < n; i++ {
		var d uint64
		d, off = readUvarint(buf, off)
		prev += int32(d)
		dst = append(dst, prev)
	}
	it.positionsRead(off)
	return dst
}

// blockMaskReads is how many postings of a block PositionMask reads one by
// one before it decodes the whole block's masks.
const blockMaskReads = 6

// PositionMask returns the current posting's positions as bits of a word
// (bit p for position p) and true when all are below 64, the common case
// of short fields, which lets a phrase be checked with shifts and ands.
// With a position of 64 or more it returns false, and Positions reads them.
func (it *Iterator) PositionMask() (uint64, bool) {
	if !it.positions {
		return 0, false
	}
	k := it.j - 1
	if it.pmask {
		return it.maskAt(k), true
	}
	ps := it.pos()
	if ps.maskBlock != -it.blk-2 {
		if ps.maskBlock != it.blk {
			ps.maskBlock, ps.maskReads = it.blk, 0
		}
		if ps.maskReads++; ps.maskReads <= blockMaskReads {
			return it.positionMask()
		}
		ps.maskBlock = -it.blk - 2
		it.blockMasks()
	}
	return ps.masks[k], ps.fits>>uint(k)&1 != 0
}

// maskAt reads posting k's positions in a block of masks.
func (it *Iterator) maskAt(k int32) uint64 {
	o := it.pmOff + 8*int(k)
	return binary.LittleEndian.Uint64(it.p.pos[o : o+8])
}

// positionMask is PositionMask for one posting, read where it lies.
func (it *Iterator) positionMask() (uint64, bool) {
	buf := it.p.pos
	off, p, mask := it.positionsStart(), uint64(0), uint64(0)
	for i, n := int32(0), it.Freq(); i < n; i++ {
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
	it.positionsRead(off)
	return mask, true
}

// blockMasks decodes the position masks of every posting of the block in
// one pass over its positions.
func (it *Iterator) blockMasks() {
	it.Freq() // decodes the block's frequencies
	buf := it.p.pos
	off := int(it.p.skipAt(int(it.blk)).posOff)
	fits := uint32(0)
	if it.pbytes {
		// One byte a position: no varint to finish, and the last
		// position, the largest, tells whether all are below 64.
		for k := int32(0); k < it.lim; k++ {
			end := off + int(it.freqs[k])
			p, mask := uint64(0), uint64(0)
			for _, b := range buf[off:end] {
				p += uint64(b)
				mask |= 1 << (p & 63)
			}
			it.ps.masks[k] = mask
			if p < 64 {
				fits |= 1 << uint(k)
			}
			off = end
		}
		it.ps.fits = fits
		return
	}
	for k := int32(0); k < it.lim; k++ {
		p, mask, ok := uint64(0), uint64(0), true
		for n := it.freqs[k]; n > 0; n-- {
			b := buf[off]
			off++
			if b >= 0x80 {
				ok = false
				for buf[off-1] >= 0x80 {
					off++
				}
				continue
			}
			p += uint64(b)
			ok = ok && p < 64
			mask |= 1 << (p & 63)
		}
		it.ps.masks[k] = mask
		if ok {
			fits |= 1 << uint(k)
		}
	}
	it.ps.fits = fits
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
func (it *Iterator) Block() int {
	if it.lim >= 0 && it.j >= it.lim {
		return int(it.blk) + 1
	}
	return int(it.blk)
}

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
		it.blk, it.j, it.lim, it.dlim = int32(b), 0, -1, 0
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
