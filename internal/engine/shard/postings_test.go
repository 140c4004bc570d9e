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
		p.add(doc, f, ps)
		docs, freqs, pos = append(docs, doc), append(freqs, int32(f)), append(pos, ps)
	}
	it := p.iterator(true)
	for i := 0; it.Next(); i++ {
		if it.Doc != docs[i] || it.Freq != freqs[i] || !slices.Equal(it.Positions(nil), pos[i]) {
			t.Fatalf("posting %d: doc %d freq %d pos %v, want %d %d %v", i, it.Doc, it.Freq, it.Positions(nil), docs[i], freqs[i], pos[i])
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
