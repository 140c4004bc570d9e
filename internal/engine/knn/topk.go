package knn

import "sort"

// Hit is one scored vector of a search.
type Hit struct {
	Slot  int32
	Score float32
}

// TopK keeps the k best hits seen (a min-heap on score; on equal scores
// the lower slot wins, as Lucene's top-docs collectors keep the earlier
// document).
type TopK struct {
	k    int
	heap []Hit
}

// NewTopK returns an empty collector of k hits.
func NewTopK(k int) *TopK { return &TopK{k: k, heap: make([]Hit, 0, min(k, 1024))} }

// worse reports whether a ranks below b.
func worse(a, b Hit) bool { return a.Score < b.Score || (a.Score == b.Score && a.Slot > b.Slot) }

// Full reports whether k hits are held; then Floor is the lowest score kept.
func (t *TopK) Full() bool { return len(t.heap) >= t.k }

// Floor returns the lowest kept score (valid when Full).
func (t *TopK) Floor() float32 { return t.heap[0].Score }

// Add offers a hit.
func (t *TopK) Add(h Hit) {
	if len(t.heap) < t.k {
		t.heap = append(t.heap, h)
		t.up(len(t.heap) - 1)
		return
	}
	if !worse(t.heap[0], h) {
		return
	}
	t.heap[0] = h
	t.down(0)
}

func (t *TopK) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !worse(t.heap[i], t.heap[p]) {
			return
		}
		t.heap[i], t.heap[p] = t.heap[p], t.heap[i]
		i = p
	}
}

func (t *TopK) down(i int) {
	n := len(t.heap)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		m := l
		if r := l + 1; r < n && worse(t.heap[r], t.heap[l]) {
			m = r
		}
		if !worse(t.heap[m], t.heap[i]) {
			return
		}
		t.heap[i], t.heap[m] = t.heap[m], t.heap[i]
		i = m
	}
}

// BySlot returns the kept hits in slot order.
func (t *TopK) BySlot() []Hit {
	out := append([]Hit(nil), t.heap...)
	sort.Slice(out, func(i, j int) bool { return out[i].Slot < out[j].Slot })
	return out
}
