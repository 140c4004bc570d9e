package shard

// A term in a large share of the documents keeps, beside its postings, the
// set of its documents as bits: a conjunction led by a rarer term then
// tests each candidate with one load instead of walking this term's
// postings to it, which for two frequent terms is most of a phrase
// query's work. The set costs denseRatio/8 bytes per posting at most.

// denseRatio: a term gets its set once it is in at least one document in
// denseRatio, counted over the slots so far.
const denseRatio = 16

// minDense is the fewest postings a term with a set has: below it walking
// the postings costs too little to matter.
const minDense = 1024

// markDense adds doc, just added, to the list's set, building the set
// when the list has just become dense enough.
func (p *postingList) markDense(doc int32) {
	if p.docs != nil {
		p.docs.set(doc)
		return
	}
	if p.n < minDense || int64(p.n)*denseRatio < int64(doc)+1 {
		return
	}
	docs := make(bitset, doc/64+1, (doc/64+1)*5/4)
	it := p.iterator(false)
	for it.next() {
		docs.set(it.Doc)
	}
	p.docs = docs
}

// Dense reports whether Holds can answer for the list.
func (it *Iterator) Dense() bool { return it.p.docs != nil }

// Holds reports whether the list has a visible posting for doc, a doc below
// the reader's MaxDoc (documents a refresh point saw; every document a
// posting list of the same reader returns is). Only for a Dense list.
func (it *Iterator) Holds(doc int32) bool { return it.p.docs.Has(doc) }
