package notify

import (
	"sort"
	"sync"
)

// record is one stored configuration with the document metadata the
// plugin keeps.
type record struct {
	id      string
	created int64 // created_time_ms
	updated int64 // last_updated_time_ms
	// version is the document's _version (1 on create, +1 per update).
	version int64
	// order is the Lucene doc order: every write appends the document,
	// which decides ties when sorting.
	order uint64
	cfg   *configDoc
}

// store holds a cluster's configurations. It is safe for concurrent use.
type store struct {
	mu    sync.RWMutex
	recs  map[string]*record
	order uint64
}

func newStore() *store {
	return &store{recs: map[string]*record{}}
}

// get returns a copy of the record (nil if absent). Records are never
// mutated in place, so sharing the Config pointer is safe.
func (s *store) get(id string) *record {
	s.mu.RLock()
	defer s.mu.RUnlock()
	r := s.recs[id]
	if r == nil {
		return nil
	}
	c := *r
	return &c
}

// all returns copies of every record in doc order.
func (s *store) all() []*record {
	s.mu.RLock()
	out := make([]*record, 0, len(s.recs))
	for _, r := range s.recs {
		c := *r
		out = append(out, &c)
	}
	s.mu.RUnlock()
	sort.Slice(out, func(i, j int) bool { return out[i].order < out[j].order })
	return out
}

// create adds a record; it returns the current version of an existing
// record with the same id instead (0 when created).
func (s *store) create(id string, cfg *configDoc, now int64) (conflictVersion int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r := s.recs[id]; r != nil {
		return r.version
	}
	s.order++
	s.recs[id] = &record{id: id, created: now, updated: now, version: 1, order: s.order, cfg: cfg}
	return 0
}

// update replaces a record's config, checking the type has not changed.
// It reports (found, typeChanged).
func (s *store) update(id string, cfg *configDoc, now int64) (found, typeChanged bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.recs[id]
	if r == nil {
		return false, false
	}
	if r.cfg.Type != cfg.Type {
		return true, true
	}
	s.order++
	s.recs[id] = &record{id: id, created: r.created, updated: now, version: r.version + 1, order: s.order, cfg: cfg}
	return true, false
}

// deleteAll removes every id if all exist, else nothing; it returns the
// missing ids in request order.
func (s *store) deleteAll(ids []string) (missing []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range ids {
		if s.recs[id] == nil {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		return missing
	}
	for _, id := range ids {
		delete(s.recs, id)
	}
	return nil
}

// replace swaps the whole content (used by Restore).
func (s *store) replace(recs []*record) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.recs = make(map[string]*record, len(recs))
	s.order = 0
	for _, r := range recs {
		s.order++
		r.order = s.order
		s.recs[r.id] = r
	}
}
