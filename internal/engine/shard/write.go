package shard

import (
	"fmt"
	"time"
)

// VersionType is how a request's version is checked.
type VersionType int

// Version types of the index and delete APIs.
const (
	Internal VersionType = iota
	External
	ExternalGTE
)

// NoSeqNo marks an unset if_seq_no / if_primary_term.
const NoSeqNo = -2

// Write is one index or delete request for a shard.
type Write struct {
	ID            string
	Routing       string
	Source        []byte  // nil for a delete
	Fields        *Fields // indexable values (nil: stored only)
	Create        bool    // op_type=create: fail if the document exists
	IfSeqNo       int64   // NoSeqNo when unset
	IfPrimaryTerm int64   // 0 when unset
	Version       int64   // for external versioning
	VersionType   VersionType
	Now           time.Time
	GCDeletes     time.Duration
}

// Result is the outcome of a successful write.
type Result struct {
	Created     bool // a new document (index) / found (delete)
	Found       bool
	Version     int64
	SeqNo       int64
	PrimaryTerm int64
}

// Conflict is a version conflict; Explanation follows "version conflict, ".
type Conflict struct {
	Explanation string
}

// Error implements the error interface.
func (c *Conflict) Error() string { return "version conflict, " + c.Explanation }

// current returns the live version's version and seq_no, or the tombstone's.
func (s *Shard) current(w *Write) (version, seqNo int64, live, known bool) {
	if slot, ok := s.byID[w.ID]; ok {
		d := &s.docs[slot]
		return d.Version, d.SeqNo, true, true
	}
	if t, ok := s.tombs[w.ID]; ok {
		if w.GCDeletes >= 0 && w.Now.Sub(t.at) > w.GCDeletes {
			delete(s.tombs, w.ID)
			return 0, 0, false, false
		}
		return t.version, t.seqNo, false, true
	}
	return 0, 0, false, false
}

// check applies if_seq_no, op_type=create and external versioning.
func (s *Shard) check(w *Write) (*Conflict, int64) {
	curVersion, curSeq, live, known := s.current(w)
	if w.IfSeqNo != NoSeqNo {
		if !live {
			return &Conflict{fmt.Sprintf("required seqNo [%d], primary term [%d]. but no document was found", w.IfSeqNo, w.IfPrimaryTerm)}, 0
		}
		if curSeq != w.IfSeqNo || s.primaryTerm != w.IfPrimaryTerm {
			return &Conflict{fmt.Sprintf("required seqNo [%d], primary term [%d]. current document has seqNo [%d] and primary term [%d]",
				w.IfSeqNo, w.IfPrimaryTerm, curSeq, s.primaryTerm)}, 0
		}
	}
	if w.Create && live {
		return &Conflict{fmt.Sprintf("document already exists (current version [%d])", curVersion)}, 0
	}
	switch w.VersionType {
	case External:
		if known && curVersion >= w.Version {
			return &Conflict{fmt.Sprintf("current version [%d] is higher or equal to the one provided [%d]", curVersion, w.Version)}, 0
		}
		return nil, w.Version
	case ExternalGTE:
		if known && curVersion > w.Version {
			return &Conflict{fmt.Sprintf("current version [%d] is higher than the one provided [%d]", curVersion, w.Version)}, 0
		}
		return nil, w.Version
	}
	if !known {
		return nil, 1
	}
	return nil, curVersion + 1
}

// Index stores a document version.
func (s *Shard) Index(w *Write) (Result, *Conflict) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.indexLocked(w)
}

// indexLocked is Index with the write lock held.
func (s *Shard) indexLocked(w *Write) (Result, *Conflict) {
	conflict, version := s.check(w)
	if conflict != nil {
		return Result{}, conflict
	}
	s.seqNo++
	seq := s.seqNo
	s.markPending(w.Now)
	prev, existed := s.byID[w.ID]
	if existed {
		s.docs[prev].supersededAt = seq + 1
		s.hiddenLive -= int(s.docs[prev].nested)
	}
	delete(s.tombs, w.ID)
	nested := s.addNested(w.Fields)
	s.docs = append(s.docs, Doc{ID: w.ID, Routing: w.Routing, Source: w.Source, Version: version, SeqNo: seq, PrimaryTerm: s.primaryTerm,
		nested: nested})
	slot := int32(len(s.docs) - 1)
	s.byID[w.ID] = slot
	if w.Fields != nil {
		s.inv.add(slot, w.Fields, &s.scratch)
	}
	return Result{Created: !existed, Found: existed, Version: version, SeqNo: seq, PrimaryTerm: s.primaryTerm}, nil
}

// Delete removes a document. A missing document still takes a sequence
// number and reports Found=false, as the real engine does.
func (s *Shard) Delete(w *Write) (Result, *Conflict) {
	s.mu.Lock()
	defer s.mu.Unlock()
	conflict, version := s.check(w)
	if conflict != nil {
		return Result{}, conflict
	}
	s.seqNo++
	seq := s.seqNo
	s.markPending(w.Now)
	prev, existed := s.byID[w.ID]
	if existed {
		s.docs[prev].supersededAt = seq + 1
		s.hiddenLive -= int(s.docs[prev].nested)
		delete(s.byID, w.ID)
	}
	s.tombs[w.ID] = tomb{version: version, seqNo: seq, at: w.Now}
	return Result{Found: existed, Version: version, SeqNo: seq, PrimaryTerm: s.primaryTerm}, nil
}
