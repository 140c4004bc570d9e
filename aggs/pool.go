package aggs

// pool hands out the slices and structs of one decode from shared slabs, so
// a response of thousands of buckets costs a few dozen allocations instead
// of several per bucket. Lists are gathered on scratch (a stack: nested
// lists of the same type push above and pop before their parent goes on),
// then copied to an exactly sized piece of the slab.
type pool[T any] struct {
	scratch []T
	slab    []T
}

// mark returns where a list being gathered starts on scratch.
func (p *pool[T]) mark() int { return len(p.scratch) }

// push adds one element to the list being gathered.
func (p *pool[T]) push(v T) { p.scratch = append(p.scratch, v) }

// take moves the list gathered since start to the slab and returns it; an
// empty list is nil.
func (p *pool[T]) take(start int) []T {
	n := len(p.scratch) - start
	if n <= 0 {
		return nil
	}
	out := p.carve(n)
	copy(out, p.scratch[start:])
	// The popped elements stay on scratch until overwritten: they only point
	// into the same response, which the results keep alive anyway.
	p.scratch = p.scratch[:start]
	return out
}

// carve returns n zero elements of the slab, with no spare capacity so an
// append by the caller copies instead of overwriting a neighbour.
func (p *pool[T]) carve(n int) []T {
	if cap(p.slab)-len(p.slab) < n {
		size := 2 * cap(p.slab)
		if size < 16 {
			size = 16
		}
		if size > 256 {
			size = 256 // past this, doubling wastes more than the allocations it saves
		}
		if size < n {
			size = n
		}
		p.slab = make([]T, 0, size)
	}
	l := len(p.slab)
	p.slab = p.slab[:l+n]
	return p.slab[l : l+n : l+n]
}

// one returns a pointer to a new zero element.
func (p *pool[T]) one() *T { return &p.carve(1)[0] }
