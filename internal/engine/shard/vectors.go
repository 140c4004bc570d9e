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

// vectorColumn holds one knn_vector field's vectors: one flat float32
// array (4 bytes a dimension, nothing per vector beyond its slot entry),
// as the plugin's flat vector files do.
type vectorColumn struct {
	dim  int
	data []float32
	at   []int32 // slot -> 1 + vector number (0: no vector)
}

func (c *vectorColumn) add(slot int32, raw string) {
	dim := len(raw) / 4
	if c.dim == 0 {
		c.dim = dim
	}
	if dim != c.dim {
		return // the mapping fixes the dimension; a mismatch never reaches here
	}
	for int32(len(c.at)) <= slot {
		c.at = append(c.at, 0)
	}
	c.at[slot] = int32(len(c.data)/c.dim) + 1
	for j := 0; j+4 <= len(raw); j += 4 {
		u := uint32(raw[j]) | uint32(raw[j+1])<<8 | uint32(raw[j+2])<<16 | uint32(raw[j+3])<<24
		c.data = append(c.data, math.Float32frombits(u))
	}
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
	Dim  int
	data []float32
	at   []int32
}

// Vectors returns a field's vectors (an empty column when none).
func (r *Reader) Vectors(field string) *VectorColumn {
	c := r.s.inv.vectors[field]
	if c == nil {
		return &VectorColumn{}
	}
	return &VectorColumn{Dim: c.dim, data: c.data, at: c.at}
}

// Get returns a slot's vector, or nil. The slice is the column's memory:
// read it only while the reader is valid, never write it.
func (c *VectorColumn) Get(slot int32) []float32 {
	if int(slot) >= len(c.at) || c.at[slot] == 0 {
		return nil
	}
	i := int(c.at[slot]-1) * c.Dim
	return c.data[i : i+c.Dim : i+c.Dim]
}

// Len is the number of slots the column covers.
func (c *VectorColumn) Len() int32 { return int32(len(c.at)) }

// VectorBytes is the memory a shard's vectors take (data and slot
// entries), for the k-NN stats.
func (s *Shard) VectorBytes() int64 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var n int64
	for _, c := range s.inv.vectors {
		n += int64(cap(c.data))*4 + int64(cap(c.at))*4
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
