package templates

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// snapshot is the persisted form: each kind's templates by name, rendered
// as the get APIs show them (settings flat), so restoring reads them with
// the put parsers.
type snapshot struct {
	IndexTemplates     map[string]json.RawMessage `json:"index_templates,omitempty"`
	ComponentTemplates map[string]json.RawMessage `json:"component_templates,omitempty"`
	Templates          map[string]json.RawMessage `json:"templates,omitempty"`
}

func raw(o jsonout.Object) json.RawMessage {
	b, _ := jsonout.Marshal(o)
	return b
}

// Snapshot returns every template as JSON, for the data directory.
func (s *Store) Snapshot() []byte {
	s.mu.RLock()
	defer s.mu.RUnlock()
	snap := snapshot{IndexTemplates: map[string]json.RawMessage{}, ComponentTemplates: map[string]json.RawMessage{}, Templates: map[string]json.RawMessage{}}
	for n, c := range s.composable {
		snap.IndexTemplates[n] = raw(renderComposable(c, true))
	}
	for n, c := range s.component {
		snap.ComponentTemplates[n] = raw(renderComponent(c, true))
	}
	for n, l := range s.legacy {
		snap.Templates[n] = raw(renderLegacy(l, true))
	}
	out, _ := json.Marshal(snap) // maps of raw JSON always marshal, keys sorted
	return out
}

// Restore replaces the templates with a snapshot's, without the put-time
// validation (they were valid when stored).
func (s *Store) Restore(data []byte) error {
	if len(data) == 0 {
		return nil
	}
	var snap snapshot
	if err := json.Unmarshal(data, &snap); err != nil {
		return fmt.Errorf("clustersearch-fake: reading the index templates: %w", err)
	}
	composable, component, legacy := map[string]*Composable{}, map[string]*Component{}, map[string]*Legacy{}
	for _, n := range sortedKeys(snap.IndexTemplates) {
		c, err := ParseComposable(snap.IndexTemplates[n])
		if err != nil {
			return fmt.Errorf("clustersearch-fake: reading index template [%s]: %s", n, err.Reason)
		}
		composable[n] = c
	}
	for _, n := range sortedKeys(snap.ComponentTemplates) {
		c, err := ParseComponent(snap.ComponentTemplates[n])
		if err != nil {
			return fmt.Errorf("clustersearch-fake: reading component template [%s]: %s", n, err.Reason)
		}
		component[n] = c
	}
	for _, n := range sortedKeys(snap.Templates) {
		l, err := ParseLegacy(snap.Templates[n], LegacyRequest{})
		if err != nil {
			return fmt.Errorf("clustersearch-fake: reading legacy template [%s]: %s", n, err.Reason)
		}
		legacy[n] = l
	}
	s.mu.Lock()
	s.composable, s.component, s.legacy = composable, component, legacy
	s.changes++
	s.mu.Unlock()
	return nil
}

func sortedKeys(m map[string]json.RawMessage) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
