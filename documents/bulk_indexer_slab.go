package documents

// bulkSlab is where Add encodes items: their lines are carved from one
// large buffer and their bookkeeping from one array, rather than taking
// two allocations per item. A slab is used by one Add at a time (the
// indexer's pool hands it out) and never written behind a carved piece;
// it is dropped, not reused, once full, and the collector frees it when
// the last of its items is settled.
type bulkSlab struct {
	buf     []byte
	pending []bulkPending
}

const (
	slabBytes   = 64 << 10 // a slab's buffer
	slabMinFree = 8 << 10  // less room than this left: start a new buffer
	slabItems   = 128      // a slab's bookkeeping array
)

// encode appends op's lines to the slab and returns a new pending item
// holding them.
func (s *bulkSlab) encode(item BulkIndexerItem) (*bulkPending, error) {
	if cap(s.buf)-len(s.buf) < slabMinFree {
		s.buf = make([]byte, 0, slabBytes)
	}
	start := len(s.buf)
	buf, err := AppendBulkLines(s.buf, item.Operation)
	if err != nil {
		return nil, err
	}
	var lines []byte
	if start < len(buf) && cap(buf) == cap(s.buf) {
		lines = buf[start:len(buf):len(buf)] // capped: an append to it copies
		s.buf = buf
	} else {
		// The item outgrew the room left: it keeps the new array appending
		// made for it (after a copy of the slab so far, which it leaves).
		lines = buf[start:len(buf):len(buf)]
		s.buf = nil
	}
	if len(s.pending) == 0 {
		s.pending = make([]bulkPending, slabItems)
	}
	p := &s.pending[0]
	s.pending = s.pending[1:]
	p.item, p.lines = item, lines
	return p, nil
}
