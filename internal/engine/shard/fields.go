package shard

import (
	"slices"
	"strings"
	"sync/atomic"
)

// Token is one analysed term occurrence of a text field.
type Token struct {
	Term     string
	Position int32
}

// Fields are the indexable values of one document, produced by the mapping
// and the analyzers outside the shard lock.
type Fields struct {
	Text     []TextValue    // analysed fields (text)
	Keywords []KeywordValue // exact terms (keyword, also _id-like fields)
	Longs    []LongValue    // integer types, dates (epoch millis), booleans (0/1)
	Doubles  []DoubleValue  // float and double
	Vectors  []VectorValue  // knn_vector (vectors.go)
	// Nested are the hidden documents of the document's nested objects,
	// indexed in the slots just before it (see nested.go); Path is a hidden
	// document's nested path.
	Nested []Fields
	Path   string
}

// TextValue is the tokens of one text field of a document (all its values).
type TextValue struct {
	Field  string
	Tokens []Token
	Norm   byte       // SmallFloat norm of the field length
	Groups TermGroups // Tokens grouped by term, when GroupTerms built it (text_groups.go)
}

// KeywordValue is one keyword value. DocOnly values go to the doc values
// column only, without postings (ip addresses, binary); IndexOnly values
// to the postings only (a flat_object's leaf values under its root name,
// whose doc values are its keys).
type KeywordValue struct {
	Field, Value string
	DocOnly      bool
	IndexOnly    bool
}

// LongValue is one integer-like value.
type LongValue struct {
	Field string
	Value int64
}

// DoubleValue is one floating-point value.
type DoubleValue struct {
	Field string
	Value float64
}

// FieldStats are Lucene's per-field collection statistics.
type FieldStats struct {
	DocCount         int64 // documents with at least one term
	SumTotalTermFreq int64
	SumDocFreq       int64
}

// termField is the inverted index of one text or keyword field. Posting
// lists live by value in one slice (fewer allocations and pointers for the GC).
type termField struct {
	positions bool
	terms     map[string]int32 // term -> index in lists
	lists     []postingList
	norms     []byte // slot-indexed; text fields only
	stats     FieldStats
}

func newTermField(positions bool) *termField {
	return &termField{positions: positions, terms: map[string]int32{}}
}

// list returns the posting list of term, creating it when create is set.
func (tf *termField) list(term string, create bool) *postingList {
	if i, ok := tf.terms[term]; ok {
		return &tf.lists[i]
	}
	if !create {
		return nil
	}
	tf.terms[term] = int32(len(tf.lists))
	tf.lists = append(tf.lists, postingList{last: -1})
	return &tf.lists[len(tf.lists)-1]
}

// bitset is a growable set of slot numbers.
type bitset []uint64

func (b *bitset) set(i int32) {
	w := int(i >> 6)
	for len(*b) <= w {
		*b = append(*b, 0)
	}
	(*b)[w] |= 1 << (uint(i) & 63)
}

// Has reports whether i is in the set.
func (b bitset) Has(i int32) bool {
	w := int(i >> 6)
	return w < len(b) && b[w]&(1<<(uint(i)&63)) != 0
}

// slotValues holds one field's doc values by slot: the first value of each
// slot in a slice, the rest of multi-valued slots in a map.
type slotValues[T any] struct {
	present bitset
	first   []T           // slot-indexed first value
	more    map[int32][]T // further values of multi-valued documents
}

func (c *slotValues[T]) add(slot int32, v T) {
	if c.present.Has(slot) {
		if c.more == nil {
			c.more = map[int32][]T{}
		}
		c.more[slot] = append(c.more[slot], v)
		return
	}
	var zero T
	for int32(len(c.first)) <= slot {
		c.first = append(c.first, zero)
	}
	c.first[slot] = v
	c.present.set(slot)
}

// appendTo appends the slot's values to dst.
func (c *slotValues[T]) appendTo(dst []T, slot int32) []T {
	if c == nil || !c.present.Has(slot) {
		return dst
	}
	dst = append(dst, c.first[slot])
	if c.more != nil {
		dst = append(dst, c.more[slot]...)
	}
	return dst
}

// longColumn holds the doc values of an integer-like field.
type longColumn = slotValues[int64]

// doubleColumn holds the doc values of a floating-point field.
type doubleColumn = slotValues[float64]

// keywordColumn holds keyword doc values as ordinals into a dictionary.
type keywordColumn struct {
	slotValues[uint32]
	dict []string
	ids  map[string]uint32
	// hashes caches a hash of each dictionary term (OrdColumn.TermHashes);
	// the dictionary only grows, so a shorter cache is a valid prefix.
	hashes atomic.Pointer[[]uint64]
}

func (c *keywordColumn) addKeyword(slot int32, v string) {
	id, ok := c.ids[v]
	if !ok {
		if c.ids == nil {
			c.ids = map[string]uint32{}
		}
		id = uint32(len(c.dict))
		c.dict = append(c.dict, v)
		c.ids[v] = id
	}
	c.add(slot, id)
}

// invertedIndex is every field index of a shard.
type invertedIndex struct {
	terms    map[string]*termField
	longs    map[string]*longColumn
	doubles  map[string]*doubleColumn
	keywords map[string]*keywordColumn
	vectors  map[string]*vectorColumn // knn_vector fields (vectors.go)
}

func newInvertedIndex() invertedIndex {
	return invertedIndex{terms: map[string]*termField{}, longs: map[string]*longColumn{},
		doubles: map[string]*doubleColumn{}, keywords: map[string]*keywordColumn{}}
}

// termScratch groups the positions of the text being indexed by term; it
// is reused between documents. Plain numbers: filling it stores no pointer,
// which costs a write barrier each while the collector runs.
type termScratch struct {
	uniq   []int32 // the text's distinct terms (indexes in termField.lists), by first occurrence
	count  []int32 // each distinct term's occurrences, then where its positions end in pos
	termOf []int32 // each token's distinct term (index in uniq)
	pos    []int32 // the positions, grouped by term
}

// recentTerm is a term of the text being indexed and its posting list
// (list is the index in termField.lists plus one; zero: no term).
type recentTerm struct {
	term string
	list int32
}

// recentSlot picks a term's place in the recent terms: from its length and
// its first and last bytes, which tell most words of a text apart.
func recentSlot(term string) int {
	if term == "" {
		return 0
	}
	return (len(term)*7 + int(term[0])*3 + int(term[len(term)-1])) & 15
}

// add indexes one document's fields at slot. scratch is reused between calls.
func (x *invertedIndex) add(slot int32, f *Fields, scratch *termScratch) {
	for i := range f.Text {
		tv := &f.Text[i]
		tf := x.terms[tv.Field]
		if tf == nil {
			tf = newTermField(true)
			x.terms[tv.Field] = tf
		}
		if len(tv.Tokens) == 0 {
			continue
		}
		if tv.grouped() {
			// Grouped before the lock (GroupTerms): a posting per distinct term.
			tf.addGrouped(slot, tv)
			tf.addTextStats(slot, tv)
			continue
		}
		sc := scratch
		sc.uniq, sc.count, sc.termOf = sc.uniq[:0], sc.count[:0], sc.termOf[:0]
		mark := slot + 1
		// Terms recur within a text: the last few seen answer without
		// hashing them for the field's map.
		var recent [16]recentTerm
		for _, t := range tv.Tokens {
			r := &recent[recentSlot(t.Term)]
			idx := r.list - 1
			if idx < 0 || r.term != t.Term {
				var ok bool
				idx, ok = tf.terms[t.Term]
				if !ok {
					idx = int32(len(tf.lists))
					// Clone: the analyzer's term may share a buffer with the whole text.
					tf.terms[strings.Clone(t.Term)] = idx
					tf.lists = append(tf.lists, postingList{last: -1})
				}
				r.term, r.list = t.Term, idx+1
			}
			pl := &tf.lists[idx]
			if pl.mark != mark {
				pl.mark, pl.pending = mark, int32(len(sc.uniq))
				sc.uniq = append(sc.uniq, idx)
				sc.count = append(sc.count, 0)
			}
			sc.count[pl.pending]++
			sc.termOf = append(sc.termOf, pl.pending)
		}
		// Group the positions by term, each term's in text order: count
		// becomes where a term's positions start, then where they end.
		total := int32(0)
		for k, c := range sc.count {
			sc.count[k] = total
			total += c
		}
		sc.pos = slices.Grow(sc.pos[:0], int(total))[:total]
		for i, t := range tv.Tokens {
			k := sc.termOf[i]
			sc.pos[sc.count[k]] = t.Position
			sc.count[k]++
		}
		from := int32(0)
		for k, idx := range sc.uniq {
			to := sc.count[k]
			tf.lists[idx].add(slot, int(to-from), sc.pos[from:to], tv.Norm)
			tf.stats.SumDocFreq++
			from = to
		}
		tf.addTextStats(slot, tv)
	}
	var seen map[string]bool
	for i := range f.Keywords {
		kv := &f.Keywords[i]
		tf := x.terms[kv.Field]
		if tf == nil && !kv.DocOnly {
			tf = newTermField(false)
			x.terms[kv.Field] = tf
		}
		if !kv.IndexOnly {
			col := x.keywords[kv.Field]
			if col == nil {
				col = &keywordColumn{}
				x.keywords[kv.Field] = col
			}
			col.addKeyword(slot, kv.Value)
		}
		if kv.DocOnly {
			continue
		}
		pl := tf.list(kv.Value, true)
		if pl.last == slot {
			continue // the same value twice in one document counts once (IndexOptions.DOCS)
		}
		pl.add(slot, 1, nil, noNorms)
		tf.stats.SumDocFreq++
		tf.stats.SumTotalTermFreq++
		if seen == nil {
			seen = map[string]bool{}
		}
		if !seen[kv.Field] {
			seen[kv.Field] = true
			tf.stats.DocCount++
		}
	}
	for i := range f.Longs {
		col := x.longs[f.Longs[i].Field]
		if col == nil {
			col = &longColumn{}
			x.longs[f.Longs[i].Field] = col
		}
		col.add(slot, f.Longs[i].Value)
	}
	for i := range f.Doubles {
		col := x.doubles[f.Doubles[i].Field]
		if col == nil {
			col = &doubleColumn{}
			x.doubles[f.Doubles[i].Field] = col
		}
		col.add(slot, f.Doubles[i].Value)
	}
	x.addVectors(slot, f)
}

// snapshotStats copies the field statistics for a refresh point.
func (x *invertedIndex) snapshotStats() map[string]FieldStats {
	out := make(map[string]FieldStats, len(x.terms))
	for name, tf := range x.terms {
		out[name] = tf.stats
	}
	return out
}
