// Package shard is one primary shard: the document store with per-document
// _version, per-shard _seq_no and _primary_term, realtime GET, and the
// near-real-time view searches read (the state at the last refresh).
//
// Documents live in slots numbered in arrival order (like Lucene doc ids in one
// growing segment). A write appends a slot and marks the slot it replaces as
// superseded at the write's sequence number. A refresh only records how many
// slots exist and the last sequence number, so it costs O(1), and a searcher
// sees slot i when i < that count and the slot was not superseded at or before
// the refresh. Superseded slots stay, as Lucene keeps deleted documents until a
// merge, which is what term statistics need. A view a point in time still
// searches is pinned (Pin): a merge keeps indexing the versions it sees. A
// document's nested objects take hidden slots just before it (nested.go).
package shard

import (
	"sync"
	"time"
)

// Doc is one stored document version.
type Doc struct {
	ID          string
	Routing     string
	Source      []byte // the _source exactly as sent
	Version     int64
	SeqNo       int64
	PrimaryTerm int64
	// supersededAt is 1 + the seq_no of the write that replaced or deleted this
	// version; 0 while it is the live version.
	supersededAt int64
	// hidden marks a nested object's document (its ID holds its nested
	// path: no reader sees it by id); nested is how many of them precede a
	// root document.
	hidden bool
	nested int32
}

// tomb remembers a deleted document's version so a re-index continues from it
// (index.gc_deletes, 60s by default).
type tomb struct {
	version int64
	seqNo   int64
	at      time.Time
}

// View is a refresh point: the slots and operations a searcher sees.
type View struct {
	MaxDoc int   // slots below this existed at the refresh
	SeqNo  int64 // last sequence number covered by the refresh
	// Stats are the per-field statistics at the refresh (superseded
	// versions included, as Lucene counts deleted documents until a merge).
	Stats map[string]FieldStats
}

// Shard is one primary shard. It is safe for concurrent use.
type Shard struct {
	// Num is the shard number within its index.
	Num int

	mu          sync.RWMutex
	primaryTerm int64
	seqNo       int64 // last assigned sequence number, -1 when none
	docs        []Doc
	byID        map[string]int32 // id -> slot of the live version
	tombs       map[string]tomb
	view        View
	lastRefresh time.Time
	schedAt     time.Time     // time of the last scheduled refresh tick (every refresh_interval from creation)
	listeners   int           // requests waiting for a refresh (refresh=wait_for)
	pendingAt   time.Time     // time of the first write the view does not cover
	refreshed   chan struct{} // closed and replaced on every refresh
	inv         invertedIndex
	scratch     termScratch // reused by indexing, under mu
	pins        pinSet      // views points in time search (merges keep what they see)
	hiddenLive  int         // nested documents of the live versions
	segs        segments    // the segments a Lucene shard would hold (segments.go)
}

// New returns an empty shard; now is the time of its first refresh point.
func New(num int, now time.Time) *Shard {
	return &Shard{Num: num, primaryTerm: 1, seqNo: -1, byID: map[string]int32{}, tombs: map[string]tomb{},
		view: View{SeqNo: -1}, lastRefresh: now, schedAt: now, refreshed: make(chan struct{}),
		inv: newInvertedIndex()}
}

// PrimaryTerm returns the shard's primary term.
func (s *Shard) PrimaryTerm() int64 { return s.primaryTerm }

// Get returns the live version of id. With realtime false it reads the last
// refresh instead.
func (s *Shard) Get(id string, realtime bool) (Doc, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	slot, ok := s.byID[id]
	if ok {
		d := s.docs[slot]
		if realtime || s.visible(int(slot), s.view) {
			return d, true
		}
	}
	if realtime {
		return Doc{}, false
	}
	// The live version may be newer than the refresh; find the one the view sees.
	for i := min(len(s.docs), s.view.MaxDoc) - 1; i >= 0; i-- {
		if s.docs[i].ID == id && s.visible(i, s.view) {
			return s.docs[i], true
		}
	}
	return Doc{}, false
}

func (s *Shard) visible(slot int, v View) bool {
	if slot >= v.MaxDoc {
		return false
	}
	d := &s.docs[slot]
	return !d.hidden && (d.supersededAt == 0 || d.supersededAt-1 > v.SeqNo)
}

// Refresh makes every write so far visible to searchers.
func (s *Shard) Refresh(now time.Time) {
	s.mu.Lock()
	s.refreshLocked(now)
	s.mu.Unlock()
}

func (s *Shard) refreshLocked(now time.Time) {
	s.segs.refreshed(s.view.MaxDoc, len(s.docs))
	s.view = View{MaxDoc: len(s.docs), SeqNo: s.seqNo, Stats: s.inv.snapshotStats()}
	s.lastRefresh = now
	close(s.refreshed)
	s.refreshed = make(chan struct{})
}

// MaybeRefresh runs the scheduled refreshes due by now and returns the
// current view. Scheduled refreshes tick every interval from the shard's
// creation (interval <= 0 disables them); the fake runs them lazily, when
// the shard is next read or waited on, at the time of the last tick passed.
func (s *Shard) MaybeRefresh(now time.Time, interval time.Duration) View {
	s.mu.RLock()
	due := interval > 0 && now.Sub(s.schedAt) >= interval
	v := s.view
	s.mu.RUnlock()
	if !due {
		return v
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if since := now.Sub(s.schedAt); since >= interval {
		s.schedAt = s.schedAt.Add(since / interval * interval)
		// Only writes made by the last tick were there to refresh.
		if s.view.SeqNo != s.seqNo && !s.pendingAt.After(s.schedAt) {
			s.refreshLocked(s.schedAt)
		}
	}
	return s.view
}

// WaitRefreshed blocks until a refresh covers seqNo or done is closed; it
// reports whether the refresh happened.
func (s *Shard) WaitRefreshed(seqNo int64, done <-chan struct{}) bool {
	for {
		s.mu.RLock()
		covered := s.view.SeqNo >= seqNo
		ch := s.refreshed
		s.mu.RUnlock()
		if covered {
			return true
		}
		select {
		case <-ch:
		case <-done:
			return false
		}
	}
}

// Live returns the docs visible in view v, in slot order, calling fn for each
// until it returns false.
func (s *Shard) Live(v View, fn func(d *Doc) bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for i := 0; i < v.MaxDoc && i < len(s.docs); i++ {
		if s.visible(i, v) && !fn(&s.docs[i]) {
			return
		}
	}
}

// Count returns how many documents view v sees.
func (s *Shard) Count(v View) int {
	n := 0
	s.Live(v, func(*Doc) bool { n++; return true })
	return n
}

// Stats reports the live and the deleted (superseded) document counts at the
// Lucene level, as DocsStats does: nested objects' hidden documents count.
func (s *Shard) Stats() (live, deleted int) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	live = len(s.byID) + s.hiddenLive
	return live, len(s.docs) - live
}

// SeqNo returns the last assigned sequence number (-1 when none).
func (s *Shard) SeqNo() int64 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.seqNo
}
