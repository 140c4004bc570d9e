package aggs

// pool hands out the slices and structs of one decode from shared slabs, so
// a response of thousands of buckets costs a few dozen allocations instead
// of several per bucket. A list is built in place at the tail of the slab of
// its nesting depth (a terms bucket list, the date buckets inside one of its
// buckets and the sub-aggregations of those each have their own), so no
// element is copied once decoded, except when a slab fills up and the list
// so far moves to a larger one.
type pool[T any] struct {
	depth  int   // lists of T open now
	slabs  [][]T // per depth
	from   []int // per depth, the input offset where its slab began
	single []T   // for one
}

// listMark is an open list: its depth and where it starts in that slab.
type listMark struct {
	depth, start int
}

// maxSlab bounds the slabs small lists share: past it, doubling wastes more
// than the allocations it saves. A longer list gets a slab of its size.
const maxSlab = 256

// begin opens a list.
func (p *pool[T]) begin() listMark {
	d := p.depth
	p.depth++
	if d == len(p.slabs) {
		p.slabs = append(p.slabs, nil)
		p.from = append(p.from, 0)
	}
	return listMark{d, len(p.slabs[d])}
}

// slot returns the zero element the next item of the list decodes into. at
// is the input offset the scanner is at, size the input's length: a full
// slab is followed by one sized for as many items as the rest of the input
// holds at the rate the full one filled (between 16 and maxSlab), so a
// response's lists at one depth take about the room they need.
func (p *pool[T]) slot(m *listMark, at, size int) *T {
	s := p.slabs[m.depth]
	if len(s) == cap(s) {
		n := len(s) - m.start
		want := 16
		if used := at - p.from[m.depth]; len(s) > 0 && used > 0 {
			want = n + 1 + int(int64(len(s))*int64(size-at)/int64(used))
		}
		want = min(max(want, 16), maxSlab)
		want = max(want, 2*(n+1))
		grown := make([]T, n, want)
		copy(grown, s[m.start:])
		s, m.start = grown, 0
		p.from[m.depth] = at
	}
	s = s[:len(s)+1]
	p.slabs[m.depth] = s
	return &s[len(s)-1]
}

// end closes the list and returns it, with no spare capacity so an append
// by the caller copies instead of overwriting the next list; an empty list
// is nil.
func (p *pool[T]) end(m listMark) []T {
	p.depth--
	s := p.slabs[m.depth]
	if len(s) == m.start {
		return nil
	}
	return s[m.start:len(s):len(s)]
}

// one returns a pointer to a new zero element.
func (p *pool[T]) one() *T {
	if len(p.single) == cap(p.single) {
		p.single = make([]T, 0, min(max(2*cap(p.single), 8), maxSlab))
	}
	p.single = p.single[:len(p.single)+1]
	return &p.single[len(p.single)-1]
}
