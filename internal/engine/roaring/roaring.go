// Package roaring reads the portable serialization of a 32-bit Roaring
// bitmap (github.com/RoaringBitmap/RoaringFormatSpec), the form a terms
// query with value_type bitmap carries in base64. Only reading and
// membership are needed, so this is a small decoder rather than a
// dependency.
package roaring

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"sort"
)

// The format's cookies: with run containers the low 16 bits are
// serialCookie and the high 16 the container count minus one.
const (
	serialCookieNoRun = 12346
	serialCookie      = 12347
	// noOffsetThreshold: a bitmap with run containers and fewer
	// containers than this has no offset header.
	noOffsetThreshold = 4
	// arrayMax is the largest cardinality kept as an array container.
	arrayMax = 4096
)

// Bitmap is a decoded bitmap: containers by their key (the high 16 bits).
type Bitmap struct {
	keys       []uint16
	containers []container
}

// container holds the low 16 bits of its values in one of the three forms.
type container struct {
	array []uint16    // sorted values (array container)
	words []uint64    // 1024 words (bitmap container)
	runs  [][2]uint16 // (start, length-1) pairs (run container)
}

// ErrCookie reports bytes that do not start with a Roaring cookie (the
// Java library's InvalidRoaringFormat); ErrFormat bytes that end too soon
// (its BufferUnderflowException).
var (
	ErrCookie = errors.New("I failed to find one of the right cookies.")
	ErrFormat = errors.New("roaring: the serialized bitmap ends too soon")
)

// reader walks the input, failing once past its end.
type reader struct {
	b   []byte
	off int
	bad bool
}

func (r *reader) u16() uint16 {
	if r.off+2 > len(r.b) {
		r.bad = true
		return 0
	}
	v := binary.LittleEndian.Uint16(r.b[r.off:])
	r.off += 2
	return v
}

func (r *reader) u32() uint32 {
	if r.off+4 > len(r.b) {
		r.bad = true
		return 0
	}
	v := binary.LittleEndian.Uint32(r.b[r.off:])
	r.off += 4
	return v
}

func (r *reader) skip(n int) {
	if n < 0 || r.off+n > len(r.b) {
		r.bad = true
		return
	}
	r.off += n
}

// Decode reads a serialized bitmap. Bytes after it are ignored, as the
// Java reader ignores what follows in its buffer.
func Decode(b []byte) (*Bitmap, error) {
	r := &reader{b: b}
	cookie := r.u32()
	if r.bad {
		return nil, ErrFormat
	}
	var size int
	var runFlags []byte
	hasRuns := cookie&0xFFFF == serialCookie
	switch {
	case hasRuns:
		size = int(cookie>>16) + 1
		n := (size + 7) / 8
		if r.off+n > len(b) {
			return nil, ErrFormat
		}
		runFlags = b[r.off : r.off+n]
		r.off += n
	case cookie == serialCookieNoRun:
		size = int(r.u32())
	default:
		return nil, ErrCookie
	}
	if r.bad || size < 0 || size > 1<<16 || 4*size > len(b) {
		return nil, ErrFormat
	}
	bm := &Bitmap{keys: make([]uint16, size), containers: make([]container, size)}
	cards := make([]int, size)
	for i := 0; i < size; i++ {
		bm.keys[i] = r.u16()
		cards[i] = int(r.u16()) + 1
	}
	if !hasRuns || size >= noOffsetThreshold {
		r.skip(4 * size) // the offsets: the containers follow in order anyway
	}
	for i := 0; i < size && !r.bad; i++ {
		c := &bm.containers[i]
		switch {
		case hasRuns && runFlags[i/8]&(1<<(i%8)) != 0:
			n := int(r.u16())
			if r.off+4*n > len(b) {
				return nil, ErrFormat
			}
			c.runs = make([][2]uint16, n)
			for j := range c.runs {
				c.runs[j] = [2]uint16{r.u16(), r.u16()}
			}
		case cards[i] <= arrayMax:
			if r.off+2*cards[i] > len(b) {
				return nil, ErrFormat
			}
			c.array = make([]uint16, cards[i])
			for j := range c.array {
				c.array[j] = r.u16()
			}
		default:
			if r.off+8192 > len(b) {
				return nil, ErrFormat
			}
			c.words = make([]uint64, 1024)
			for j := range c.words {
				c.words[j] = binary.LittleEndian.Uint64(b[r.off:])
				r.off += 8
			}
		}
	}
	if r.bad {
		return nil, ErrFormat
	}
	return bm, nil
}

// Contains reports whether v is in the bitmap.
func (bm *Bitmap) Contains(v uint32) bool {
	hi, lo := uint16(v>>16), uint16(v)
	i := sort.Search(len(bm.keys), func(i int) bool { return bm.keys[i] >= hi })
	if i == len(bm.keys) || bm.keys[i] != hi {
		// Keys out of order (not written by a Roaring library): look
		// through all of them.
		for j, k := range bm.keys {
			if k == hi && bm.containers[j].contains(lo) {
				return true
			}
		}
		return false
	}
	return bm.containers[i].contains(lo)
}

func (c *container) contains(lo uint16) bool {
	switch {
	case c.words != nil:
		return c.words[lo/64]&(1<<(lo%64)) != 0
	case c.runs != nil:
		for _, r := range c.runs {
			if lo >= r[0] && uint32(lo) <= uint32(r[0])+uint32(r[1]) {
				return true
			}
		}
		return false
	}
	j := sort.Search(len(c.array), func(j int) bool { return c.array[j] >= lo })
	return j < len(c.array) && c.array[j] == lo
}

// Cardinality is the number of values in the bitmap.
func (bm *Bitmap) Cardinality() int {
	n := 0
	for i := range bm.containers {
		c := &bm.containers[i]
		switch {
		case c.words != nil:
			for _, w := range c.words {
				n += bits.OnesCount64(w)
			}
		case c.runs != nil:
			for _, r := range c.runs {
				n += int(r[1]) + 1
			}
		default:
			n += len(c.array)
		}
	}
	return n
}
