package shard

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// refPostings is a posting list's content kept plainly, to check the
// encoded list against.
type refPostings struct {
	docs []int32
	pos  [][]int32 // nil entries for a list without positions
}

// buildPostings adds n postings drawn by gap, freq and positions to a new
// list and keeps them in a refPostings.
func buildPostings(r *rand.Rand, n int, gap func() int32, positions func(freq int) []int32, freq func() int) (*postingList, refPostings) {
	p := newPostingList()
	var ref refPostings
	doc := int32(-1)
	for i := 0; i < n; i++ {
		doc += gap()
		f := freq()
		var ps []int32
		if positions != nil {
			ps = positions(f)
		}
		p.add(doc, f, ps, byte(1+r.IntN(200)))
		ref.docs = append(ref.docs, doc)
		if ps == nil {
			ps = make([]int32, f) // only the count matters without positions
		}
		ref.pos = append(ref.pos, ps)
	}
	return p, ref
}

// flagsOf returns the position flags of the list's packed blocks.
func flagsOf(p *postingList) (masks, bytes, varints int) {
	for b := 0; b < int(p.n/blockSize); b++ {
		switch f := p.buf[p.skipAt(b).off+1]; {
		case f&posMasks != 0:
			masks++
		case f&posBytes != 0:
			bytes++
		default:
			varints++
		}
	}
	return masks, bytes, varints
}

// checkPostings walks p (limited to the postings below maxDoc) with Next,
// reading frequencies, positions and masks, then with Advance to random
// targets, and checks Holds for dense lists.
func checkPostings(t *testing.T, r *rand.Rand, p *postingList, ref refPostings, withPos bool, maxDoc int32) {
	t.Helper()
	want := 0
	for want < len(ref.docs) && ref.docs[want] < maxDoc {
		want++
	}
	it := p.iterator(withPos)
	it.end = p.docFreq(maxDoc, withPos)
	if int(it.end) != want {
		t.Fatalf("docFreq(%d) = %d, want %d", maxDoc, it.end, want)
	}
	for i := 0; i < want; i++ {
		if !it.Next() || it.Doc != ref.docs[i] || it.Freq() != int32(len(ref.pos[i])) {
			t.Fatalf("posting %d: doc %d freq %d, want %d %d", i, it.Doc, it.Freq(), ref.docs[i], len(ref.pos[i]))
		}
		if !withPos || r.IntN(3) == 0 {
			continue
		}
		var mask uint64
		fits := true
		for _, q := range ref.pos[i] {
			fits = fits && q < 64
			mask |= 1 << (uint(q) & 63)
		}
		if got, ok := it.PositionMask(); ok != fits || ok && got != mask {
			t.Fatalf("posting %d: mask %x %v, want %x %v", i, got, ok, mask, fits)
		}
		if got := it.Positions(nil); !slices.Equal(got, ref.pos[i]) {
			t.Fatalf("posting %d: positions %v, want %v", i, got, ref.pos[i])
		}
	}
	if it.Next() {
		t.Fatalf("Next past the last visible posting found %d", it.Doc)
	}
	it = p.iterator(withPos)
	it.end = int32(want)
	at := -1
	for {
		target := int32(0)
		if at >= 0 {
			target = ref.docs[at] + 1 + int32(r.IntN(1+r.IntN(5000)))
		}
		next, _ := slices.BinarySearch(ref.docs[:want], target)
		ok := it.Advance(target)
		if ok != (next < want) {
			t.Fatalf("Advance(%d) = %v, want posting %d of %d", target, ok, next, want)
		}
		if !ok {
			break
		}
		if it.Doc != ref.docs[next] || it.Freq() != int32(len(ref.pos[next])) {
			t.Fatalf("Advance(%d): doc %d freq %d, want %d %d", target, it.Doc, it.Freq(), ref.docs[next], len(ref.pos[next]))
		}
		if withPos && !slices.Equal(it.Positions(nil), ref.pos[next]) {
			t.Fatalf("Advance(%d): positions %v, want %v", target, it.Positions(nil), ref.pos[next])
		}
		at = next
	}
	if it.Dense() {
		for d := int32(0); d < maxDoc; d++ {
			_, has := slices.BinarySearch(ref.docs, d)
			if it.Holds(d) != has {
				t.Fatalf("Holds(%d) = %v, want %v", d, !has, has)
			}
		}
	}
}

// TestPostingLayouts covers each way a block is stored: packed docs of any
// width, frequencies of any width, positions as masks, as one-byte varints
// or as longer ones, lists without positions, lists dense enough for a
// document set, and refresh points inside packed blocks.
func TestPostingLayouts(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	increasing := func(limit int) func(int) []int32 {
		return func(f int) []int32 {
			ps := make([]int32, f)
			at := int32(-1)
			for i := range ps {
				at += 1 + int32(r.IntN(limit))
				ps[i] = at
			}
			return ps
		}
	}
	cases := []struct {
		name       string
		n          int
		gap        func() int32
		freq       func() int
		positions  func(int) []int32
		masks      bool // some blocks must be masks
		bytes      bool // some blocks must be one-byte varints
		varints    bool // some blocks must be longer varints
		dense      bool
		withoutPos bool
	}{
		{name: "wide gaps", n: 300, gap: func() int32 { return 1 + int32(r.IntN(1<<uint(r.IntN(22)))) }, freq: func() int { return 1 },
			positions: increasing(3), bytes: true},
		{name: "large frequencies", n: 200, gap: func() int32 { return 1 + int32(r.IntN(40)) }, freq: func() int { return 1 + r.IntN(1+r.IntN(400)) },
			positions: increasing(300), varints: true},
		{name: "frequent short-field term", n: 1200, gap: func() int32 { return 1 + int32(r.IntN(2)) }, freq: func() int { return 4 + r.IntN(6) },
			positions: increasing(6), masks: true, dense: true},
		{name: "positions past 63", n: 1100, gap: func() int32 { return 1 }, freq: func() int { return 4 + r.IntN(6) },
			positions: increasing(30), bytes: true, dense: true},
		{name: "repeated positions", n: 96, gap: func() int32 { return 1 }, freq: func() int { return 5 },
			positions: func(f int) []int32 { return []int32{1, 2, 2, 3, 4}[:f] }, bytes: true},
		{name: "keyword", n: 2000, gap: func() int32 { return 1 + int32(r.IntN(30)) }, freq: func() int { return 1 }, withoutPos: true, dense: true},
		{name: "exact blocks", n: 4 * blockSize, gap: func() int32 { return 1 + int32(r.IntN(300)) }, freq: func() int { return 1 + r.IntN(3) },
			positions: increasing(100)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			positions := c.positions
			if c.withoutPos {
				positions = nil
			}
			p, ref := buildPostings(r, c.n, c.gap, positions, c.freq)
			masks, bytes, varints := flagsOf(p)
			if c.masks && masks == 0 || c.bytes && bytes == 0 || c.varints && varints == 0 {
				t.Fatalf("blocks as masks %d, one-byte %d, varints %d", masks, bytes, varints)
			}
			if c.dense != (p.docs != nil) {
				t.Fatalf("dense %v, want %v", p.docs != nil, c.dense)
			}
			last := ref.docs[len(ref.docs)-1]
			for _, maxDoc := range []int32{0, ref.docs[0] + 1, ref.docs[len(ref.docs)/2], ref.docs[min(len(ref.docs)-1, 2*blockSize)], last, last + 1} {
				checkPostings(t, r, p, ref, !c.withoutPos, maxDoc)
			}
		})
	}
}
