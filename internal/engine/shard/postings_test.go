package shard

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestPostingList(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	p := newPostingList()
	var docs []int32
	var freqs []int32
	var pos [][]int32
	doc := int32(-1)
	for i := 0; i < 1000; i++ {
		doc += 1 + int32(r.IntN(5))
		f := 1 + r.IntN(4)
		ps := make([]int32, f)
		cur := int32(0)
		for j := range ps {
			cur += int32(r.IntN(10))
			ps[j] = cur
		}
		p.add(doc, f, ps, byte(f))
		docs, freqs, pos = append(docs, doc), append(freqs, int32(f)), append(pos, ps)
	}
	it := p.iterator(true)
	for i := 0; it.Next(); i++ {
		if it.Doc != docs[i] || it.Freq() != freqs[i] || !slices.Equal(it.Positions(nil), pos[i]) {
			t.Fatalf("posting %d: doc %d freq %d pos %v, want %d %d %v", i, it.Doc, it.Freq(), it.Positions(nil), docs[i], freqs[i], pos[i])
		}
	}
	for _, target := range []int32{0, 5, docs[300], docs[300] + 1, docs[999], docs[999] + 1} {
		it := p.iterator(true)
		i, _ := slices.BinarySearch(docs, target)
		ok := it.Advance(target)
		if ok != (i < len(docs)) || (ok && (it.Doc != docs[i] || !slices.Equal(it.Positions(nil), pos[i]))) {
			t.Errorf("Advance(%d) = %v at %d, want %d", target, ok, it.Doc, docs[min(i, len(docs)-1)])
		}
	}
	for _, max := range []int32{0, 1, docs[127], docs[128], docs[129] + 1, docs[999], docs[999] + 1} {
		want := int32(0)
		for _, d := range docs {
			if d < max {
				want++
			}
		}
		if got := p.docFreq(max, true); got != want {
			t.Errorf("docFreq(%d) = %d, want %d", max, got, want)
		}
	}
}

func TestAppendUvarintMatchesBinary(t *testing.T) {
	for _, v := range []uint64{0, 1, 127, 128, 300, 16383, 16384, 1 << 40} {
		if got, want := appendUvarint(nil, v), binary.AppendUvarint(nil, v); !slices.Equal(got, want) {
			t.Errorf("appendUvarint(%d) = %x, want %x", v, got, want)
		}
	}
}

// TestPostingWalkReadsPositionsOnDemand mixes Next, Advance and Positions
// read for only some documents, and checks each block's bounds, over lists
// long enough for many skip entries.
func TestPostingWalkReadsPositionsOnDemand(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for round := 0; round < 20; round++ {
		p := newPostingList()
		var docs, freqs []int32
		var norms []byte
		var pos [][]int32
		doc := int32(-1)
		n := 1 + r.IntN(2000)
		for i := 0; i < n; i++ {
			doc += 1 + int32(r.IntN(1+r.IntN(300)))
			f := 1 + r.IntN(1+r.IntN(20))
			ps := make([]int32, f)
			cur := int32(r.IntN(3))
			spread := []int{3, 10, 500}[r.IntN(3)]
			for j := range ps {
				cur += 1 + int32(r.IntN(1+r.IntN(spread)))
				ps[j] = cur
			}
			norm := byte(1 + r.IntN(255))
			p.add(doc, f, ps, norm)
			docs, freqs, norms, pos = append(docs, doc), append(freqs, int32(f)), append(norms, norm), append(pos, ps)
		}
		it := p.iterator(true)
		i := -1
		for {
			if r.IntN(3) == 0 {
				target := docs[min(len(docs)-1, i+1+r.IntN(400))] + int32(r.IntN(3)) - 1
				j, _ := slices.BinarySearch(docs, target)
				if i >= 0 && j <= i {
					j = i // a target at or before the current posting stays there
				}
				ok := it.Advance(target)
				if ok != (j < len(docs)) {
					t.Fatalf("Advance(%d) = %v, want posting %d of %d", target, ok, j, len(docs))
				}
				i = j
			} else {
				ok := it.Next()
				i++
				if ok != (i < len(docs)) {
					t.Fatalf("Next = %v at posting %d of %d", ok, i, len(docs))
				}
			}
			if i >= len(docs) {
				break
			}
			if it.Doc != docs[i] || it.Freq() != freqs[i] {
				t.Fatalf("posting %d: doc %d freq %d, want %d %d", i, it.Doc, it.Freq(), docs[i], freqs[i])
			}
			for k := r.IntN(3); k > 0 && r.IntN(2) == 0; k-- {
				// Read once or more, as a mask or in full, in any order.
				if r.IntN(2) == 0 {
					if got := it.Positions(nil); !slices.Equal(got, pos[i]) {
						t.Fatalf("posting %d: positions %v, want %v", i, got, pos[i])
					}
					continue
				}
				var want uint64
				fits := true
				for _, p := range pos[i] {
					fits = fits && p < 64
					want |= 1 << (uint(p) & 63)
				}
				if got, ok := it.PositionMask(); ok != fits || ok && got != want {
					t.Fatalf("posting %d: mask %x %v, want %x %v (%v)", i, got, ok, want, fits, pos[i])
				}
			}
		}
		for b := 0; b < it.Blocks(); b++ {
			last, maxFreq, minNorm, count := it.BlockBounds(b)
			lo, hi := b*blockSize, min(len(docs), (b+1)*blockSize)
			if last != docs[hi-1] || maxFreq != slices.Max(freqs[lo:hi]) || minNorm != slices.Min(norms[lo:hi]) || int(count) != hi-lo {
				t.Fatalf("block %d: bounds %d %d %d %d", b, last, maxFreq, minNorm, count)
			}
			it.SkipTo(b)
			if !it.Next() || it.Doc != docs[lo] || !slices.Equal(it.Positions(nil), pos[lo]) {
				t.Fatalf("SkipTo(%d) then Next: doc %d, want %d", b, it.Doc, docs[lo])
			}
		}
	}
}

func TestSkipUvarints(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var buf []byte
	var offs []int
	for i := 0; i < 5000; i++ {
		offs = append(offs, len(buf))
		buf = appendUvarint(buf, uint64(r.IntN(1<<uint(r.IntN(30)))))
	}
	offs = append(offs, len(buf))
	for k := 0; k < 2000; k++ {
		from := r.IntN(len(offs))
		n := r.IntN(len(offs) - from)
		if got := skipUvarints(buf, offs[from], n); got != offs[from+n] {
			t.Fatalf("skipUvarints(%d, %d) = %d, want %d", offs[from], n, got, offs[from+n])
		}
	}
}

// TestPostingsStopAtRefreshPoint checks that an iterator limited to the
// postings a refresh point saw ends there under Next and Advance.
func TestPostingsStopAtRefreshPoint(t *testing.T) {
	p := newPostingList()
	for d := int32(0); d < 500; d += 3 {
		p.add(d, 1, []int32{0}, 1)
	}
	for _, maxDoc := range []int32{0, 1, 95, 96, 97, 400, 500} {
		it := p.iterator(true)
		it.end = p.docFreq(maxDoc, true)
		n := 0
		for it.Next() {
			if it.Doc >= maxDoc {
				t.Fatalf("maxDoc %d: Next reached %d", maxDoc, it.Doc)
			}
			n++
		}
		if int32(n) != it.end {
			t.Errorf("maxDoc %d: %d postings, want %d", maxDoc, n, it.end)
		}
		it = p.iterator(true)
		it.end = p.docFreq(maxDoc, true)
		if it.Advance(maxDoc) {
			t.Errorf("maxDoc %d: Advance past the refresh point found %d", maxDoc, it.Doc)
		}
	}
}
