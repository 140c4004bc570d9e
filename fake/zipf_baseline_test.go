package fake

import (
	"container/heap"
	"math"
)

// baselineIndex is the plain in-memory inverted index the search benchmark
// measures the fake against: postings with positions for the body field,
// the tag and num columns, BM25 (the 2.x form with the k1+1 factor) and a
// top-10 heap. It is what a search costs with no query language, no
// mapping and no HTTP, so the fake's figures read as ratios to it.
type baselineIndex struct {
	postings map[string]*baselinePostings
	docLen   []float32
	avgLen   float32
	tag      []uint8
	num      []int32
	source   [][]byte
	// scratch for the OR accumulator: one score per document and the
	// documents touched.
	acc     []float32
	touched []int32
}

// baselinePostings lists a term's documents in order, with each
// occurrence's position: positions of docs[i] are pos[start[i]:start[i+1]].
type baselinePostings struct {
	docs  []int32
	start []int32
	pos   []int32
}

func (p *baselinePostings) freq(i int) int { return int(p.start[i+1] - p.start[i]) }

func newBaselineIndex(c *zipfCorpus) *baselineIndex {
	x := &baselineIndex{
		postings: map[string]*baselinePostings{},
		docLen:   make([]float32, len(c.docs)),
		tag:      make([]uint8, len(c.docs)),
		num:      make([]int32, len(c.docs)),
		source:   make([][]byte, len(c.docs)),
		acc:      make([]float32, len(c.docs)),
	}
	var total float64
	for d := range c.docs {
		doc := &c.docs[d]
		x.docLen[d] = float32(len(doc.body))
		total += float64(len(doc.body))
		x.tag[d], x.num[d], x.source[d] = uint8(doc.tag), int32(doc.num), doc.source()
		for i, w := range doc.body {
			p := x.postings[w]
			if p == nil {
				p = &baselinePostings{}
				x.postings[w] = p
			}
			if n := len(p.docs); n == 0 || p.docs[n-1] != int32(d) {
				p.docs = append(p.docs, int32(d))
				p.start = append(p.start, int32(len(p.pos)))
			}
			p.pos = append(p.pos, int32(i))
		}
	}
	for _, p := range x.postings {
		p.start = append(p.start, int32(len(p.pos)))
	}
	x.avgLen = float32(total / float64(len(c.docs)))
	return x
}

// baselineHit is one top-10 entry.
type baselineHit struct {
	doc    int32
	score  float32
	source []byte
}

const baselineK1, baselineB = 1.2, 0.75

func (x *baselineIndex) idf(p *baselinePostings) float32 {
	n, df := float64(len(x.docLen)), float64(len(p.docs))
	return float32(math.Log(1 + (n-df+0.5)/(df+0.5)))
}

func (x *baselineIndex) tfNorm(freq float32, doc int32) float32 {
	return freq * (baselineK1 + 1) / (freq + baselineK1*(1-baselineB+baselineB*x.docLen[doc]/x.avgLen))
}

// match scores the OR of the words; keep (nil for all) filters documents.
// It returns the number of matching documents and the top 10.
func (x *baselineIndex) match(words []string, keep func(int32) bool) (int, []baselineHit) {
	x.touched = x.touched[:0]
	for _, w := range words {
		p := x.postings[w]
		if p == nil {
			continue
		}
		idf := x.idf(p)
		for i, d := range p.docs {
			if keep != nil && !keep(d) {
				continue
			}
			if x.acc[d] == 0 {
				x.touched = append(x.touched, d)
			}
			x.acc[d] += idf * x.tfNorm(float32(p.freq(i)), d)
		}
	}
	var top baselineTop
	for _, d := range x.touched {
		top.offer(d, x.acc[d])
		x.acc[d] = 0
	}
	return len(x.touched), x.hits(top)
}

// boolQuery is match with the tag term and the num range as filters.
func (x *baselineIndex) boolQuery(words []string, tag, lo int) (int, []baselineHit) {
	return x.match(words, func(d int32) bool {
		return int(x.tag[d]) == tag && int(x.num[d]) >= lo && int(x.num[d]) < lo+2500
	})
}

// phrase scores documents where the two words are adjacent: it walks both
// postings lists together and reads positions only where both occur.
func (x *baselineIndex) phrase(a, b string) (int, []baselineHit) {
	pa, pb := x.postings[a], x.postings[b]
	if pa == nil || pb == nil {
		return 0, nil
	}
	idf := x.idf(pa) + x.idf(pb)
	var top baselineTop
	count := 0
	for i, j := 0, 0; i < len(pa.docs) && j < len(pb.docs); {
		switch da, db := pa.docs[i], pb.docs[j]; {
		case da < db:
			i++
		case da > db:
			j++
		default:
			if f := adjacent(pa.pos[pa.start[i]:pa.start[i+1]], pb.pos[pb.start[j]:pb.start[j+1]]); f > 0 {
				count++
				top.offer(da, idf*x.tfNorm(float32(f), da))
			}
			i, j = i+1, j+1
		}
	}
	return count, x.hits(top)
}

// adjacent counts the positions of a directly followed by b.
func adjacent(a, b []int32) int {
	n := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch want := a[i] + 1; {
		case b[j] < want:
			j++
		case b[j] > want:
			i++
		default:
			n++
			i, j = i+1, j+1
		}
	}
	return n
}

// hits orders the heap best first and fetches each hit's source.
func (x *baselineIndex) hits(top baselineTop) []baselineHit {
	out := make([]baselineHit, len(top))
	for i := len(top) - 1; i >= 0; i-- {
		h := heap.Pop(&top).(baselineHit)
		h.source = x.source[h.doc]
		out[i] = h
	}
	return out
}

// baselineTop is a min-heap of the best 10 hits (the worst on top); ties
// go to the lower document, as in Lucene.
type baselineTop []baselineHit

func (t baselineTop) Len() int { return len(t) }
func (t baselineTop) Less(i, j int) bool {
	if t[i].score != t[j].score {
		return t[i].score < t[j].score
	}
	return t[i].doc > t[j].doc
}
func (t baselineTop) Swap(i, j int) { t[i], t[j] = t[j], t[i] }
func (t *baselineTop) Push(v any)   { *t = append(*t, v.(baselineHit)) }
func (t *baselineTop) Pop() any {
	old := *t
	v := old[len(old)-1]
	*t = old[:len(old)-1]
	return v
}

func (t *baselineTop) offer(doc int32, score float32) {
	h := baselineHit{doc: doc, score: score}
	if len(*t) < 10 {
		heap.Push(t, h)
		return
	}
	if worst := (*t)[0]; score > worst.score || (score == worst.score && doc < worst.doc) {
		(*t)[0] = h
		heap.Fix(t, 0)
	}
}
