package ingest

import (
	"encoding/json"
	"fmt"
	"sort"
)

// savedPipeline is one pipeline in a [Service.Snapshot].
type savedPipeline struct {
	ID     string          `json:"id"`
	Config json.RawMessage `json:"config"`
}

// Snapshot returns every stored pipeline (id and body as GET returns it),
// sorted by id, for the data directory to persist.
func (s *Service) Snapshot() []byte {
	s.mu.RLock()
	out := make([]savedPipeline, 0, len(s.pipelines))
	for id, st := range s.pipelines {
		out = append(out, savedPipeline{ID: id, Config: st.config})
	}
	s.mu.RUnlock()
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	data, _ := json.Marshal(out) // ids and stored JSON bodies always marshal
	return data
}

// Restore replaces every pipeline with those of a [Service.Snapshot],
// parsing each body again. On error nothing changes.
func (s *Service) Restore(data []byte) error {
	var saved []savedPipeline
	if err := json.Unmarshal(data, &saved); err != nil {
		return fmt.Errorf("ingest pipelines: %w", err)
	}
	next := make(map[string]*stored, len(saved))
	for _, sp := range saved {
		m, aerr := parseBody(sp.Config)
		if aerr != nil {
			return fmt.Errorf("ingest pipeline [%s]: %s", sp.ID, aerr.Reason)
		}
		p, aerr := s.parsePipeline(sp.ID, m)
		if aerr != nil {
			return fmt.Errorf("ingest pipeline [%s]: %s", sp.ID, aerr.Reason)
		}
		next[sp.ID] = &stored{config: sp.Config, p: p, stats: &counters{}}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, st := range next {
		if old := s.pipelines[id]; old != nil {
			st.stats = old.stats
		}
	}
	s.pipelines = next
	return nil
}
