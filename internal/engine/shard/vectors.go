package shard

import (
	"encoding/binary"
	"math"
)

// VectorValue is a document's knn_vector value: Raw holds its components
// as little-endian float32 (byte and binary vectors hold their byte values
// the same way), so parsing and indexing pass it without allocating.
type VectorValue struct {
	Field string
	Raw   string
}

// vectorColumn holds one knn_vector field's vectors: float32 arrays in
// chunks of chunkVectors vectors (4 bytes a dimension; growing never
// copies or over-allocates more than one chunk), as the plugin's flat
// vector files hold them.
type vectorColumn struct {
	dim    int
	chunks [][]float32
	n      int32   // vectors stored
	at     []int32 // slot -> 1 + vector number (0: no vector)
}

// chunkVectors is how many vectors one chunk holds.
const chunkVectors = 512

func (c *vectorColumn) add(slot int32, raw string) {
	dim := len(raw) / 4
	if c.dim == 0 {
		c.dim = dim
	}
	if dim != c.dim || dim == 0 {
		return // the mapping fixes the dimension; a mismatch never reaches here
	}
	for int32(len(c.at)) <= slot {
		c.at = append(c.at, 0)
	}
	if int(c.n)%chunkVectors == 0 {
		// The first chunk starts small and grows (small indexes stay
		// small); later ones are allocated whole.
		size := chunkVectors * dim
		if len(c.chunks) == 0 {
			size = 8 * dim
		}
		c.chunks = append(c.chunks, make([]float32, 0, size))
	}
	last := &c.chunks[len(c.chunks)-1]
	for j := 0; j+4 <= len(raw); j += 4 {
		u := uint32(raw[j]) | uint32(raw[j+1])<<8 | uint32(raw[j+2])<<16 | uint32(raw[j+3])<<24
		*last = append(*last, math.Float32frombits(u))
	}
	c.n++
	c.at[slot] = c.n
}

// addVectors indexes a document's vectors at slot.
func (x *invertedIndex) addVectors(slot int32, f *Fields) {
	for i := range f.Vectors {
		v := &f.Vectors[i]
		if x.vectors == nil {
			x.vectors = map[string]*vectorColumn{}
		}
		c := x.vectors[v.Field]
		if c == nil {
			c = &vectorColumn{}
			x.vectors[v.Field] = c
		}
		c.add(slot, v.Raw)
	}
}

// VectorColumn is a read view of a knn_vector field's vectors.
type VectorColumn struct {
	Dim    int
	chunks [][]float32
	at     []int32
}

// Vectors returns a field's vectors (an empty column when none).
func (r *Reader) Vectors(field string) *VectorColumn {
	c := r.index(field).vectors[field]
	if c == nil {
		return &VectorColumn{}
	}
	return &VectorColumn{Dim: c.dim, chunks: c.chunks, at: c.at}
}

// Get returns a slot's vector, or nil. The slice is the column's memory:
// read it only while the reader is valid, never write it.
func (c *VectorColumn) Get(slot int32) []float32 {
	if int(slot) >= len(c.at) || c.at[slot] == 0 {
		return nil
	}
	k := int(c.at[slot] - 1)
	chunk := c.chunks[k/chunkVectors]
	i := (k % chunkVectors) * c.Dim
	return chunk[i : i+c.Dim : i+c.Dim]
}

// Len is the number of slots the column covers.
func (c *VectorColumn) Len() int32 { return int32(len(c.at)) }

// VectorBytes is the memory a shard's vectors take (components and
// slot entries in use), for the k-NN stats.
func (s *Shard) VectorBytes() int64 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var n int64
	for _, c := range s.inv.vectors {
		n += int64(c.n)*int64(c.dim)*4 + int64(len(c.at))*4
	}
	return n
}

// EncodeVector packs components for VectorValue.Raw.
func EncodeVector(v []float32) string {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return string(b)
}

// hasVector reports whether a slot has a vector in field (exists).
func (r *Reader) hasVector(field string, slot int32) bool {
	c := r.index(field).vectors[field]
	return c != nil && int(slot) < len(c.at) && c.at[slot] != 0
}
