package shard

// LongColumn is an integer-like field's doc values for tight
// per-document loops (aggregations): Single reads a slot's first value
// without a call through a closure.
type LongColumn struct {
	present bitset
	first   []int64
	// Multi reports whether any slot holds more than one value (then
	// Append must be used).
	Multi bool
	c     *longColumn
}

// DoubleColumn is LongColumn for floating-point fields.
type DoubleColumn struct {
	present bitset
	first   []float64
	Multi   bool
	c       *doubleColumn
}

// OrdColumn is a keyword field's doc values as ordinals into Dict (first
// indexing order, not term order).
type OrdColumn struct {
	Dict    []string
	present bitset
	first   []uint32
	Multi   bool
	c       *keywordColumn
	slots   [][]uint32 // set by OrdColumnOf instead of the column
}

// OrdColumnOf builds an ordinal column from each slot's ordinals, as
// fielddata uninverted from a text field's postings gives them.
func OrdColumnOf(dict []string, perSlot [][]uint32) *OrdColumn {
	c := &OrdColumn{Dict: dict, slots: perSlot}
	for _, o := range perSlot {
		if len(o) > 1 {
			c.Multi = true
			break
		}
	}
	return c
}

// LongColumn returns a field's integer-like doc values (an empty column
// when the field has none).
func (r *Reader) LongColumn(field string) *LongColumn {
	c := r.index(field).longs[field]
	if c == nil {
		return &LongColumn{}
	}
	return &LongColumn{present: c.present, first: c.first, Multi: len(c.more) > 0, c: c}
}

// DoubleColumn returns a field's floating-point doc values.
func (r *Reader) DoubleColumn(field string) *DoubleColumn {
	c := r.index(field).doubles[field]
	if c == nil {
		return &DoubleColumn{}
	}
	return &DoubleColumn{present: c.present, first: c.first, Multi: len(c.more) > 0, c: c}
}

// OrdColumn returns a keyword field's doc values.
func (r *Reader) OrdColumn(field string) *OrdColumn {
	c := r.index(field).keywords[field]
	if c == nil {
		return &OrdColumn{}
	}
	return &OrdColumn{Dict: c.dict, present: c.present, first: c.first, Multi: len(c.more) > 0, c: c}
}

// Single returns a slot's first value.
func (c *LongColumn) Single(slot int32) (int64, bool) {
	if !c.present.Has(slot) {
		return 0, false
	}
	return c.first[slot], true
}

// Append appends every value of a slot to dst.
func (c *LongColumn) Append(dst []int64, slot int32) []int64 { return c.c.appendTo(dst, slot) }

// Single returns a slot's first value.
func (c *DoubleColumn) Single(slot int32) (float64, bool) {
	if !c.present.Has(slot) {
		return 0, false
	}
	return c.first[slot], true
}

// Append appends every value of a slot to dst.
func (c *DoubleColumn) Append(dst []float64, slot int32) []float64 { return c.c.appendTo(dst, slot) }

// Single returns a slot's first ordinal.
func (c *OrdColumn) Single(slot int32) (uint32, bool) {
	if c.slots != nil {
		if int(slot) < len(c.slots) && len(c.slots[slot]) > 0 {
			return c.slots[slot][0], true
		}
		return 0, false
	}
	if !c.present.Has(slot) {
		return 0, false
	}
	return c.first[slot], true
}

// Append appends every ordinal of a slot to dst (repeats included).
func (c *OrdColumn) Append(dst []uint32, slot int32) []uint32 {
	if c.slots != nil {
		if int(slot) < len(c.slots) {
			dst = append(dst, c.slots[slot]...)
		}
		return dst
	}
	if c.c == nil {
		return dst
	}
	return c.c.appendTo(dst, slot)
}

// TermHashes returns hash of every dictionary term, by ordinal (nil for a
// column built by OrdColumnOf, whose caller hashes what it needs). The column
// keeps them, so each term is hashed once however many searches ask
// (cardinality hashes every distinct term it meets); every caller must
// pass the same function. Safe for concurrent readers.
func (c *OrdColumn) TermHashes(hash func(string) uint64) []uint64 {
	if c.c == nil {
		return nil // fielddata built for one search: nothing to keep
	}
	if p := c.c.hashes.Load(); p != nil && len(*p) >= len(c.Dict) {
		return (*p)[:len(c.Dict)]
	}
	var have []uint64
	if p := c.c.hashes.Load(); p != nil {
		have = *p
	}
	out := make([]uint64, len(c.Dict))
	copy(out, have)
	for i := len(have); i < len(c.Dict); i++ {
		out[i] = hash(c.Dict[i])
	}
	c.c.hashes.Store(&out)
	return out
}
