package templates

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/ids"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// with returns a copy of the store's maps holding c as name, after the
// checks of putting it (the simulate actions add the template to a copy
// of the cluster state with addIndexTemplateV2).
func (s *Store) with(name string, c *Composable, create bool) (*Store, *apierr.Error) {
	if err := validateRequest(c); err != nil {
		return nil, err
	}
	tmp := &Store{Validate: s.Validate, ValidateAlias: s.ValidateAlias, composable: map[string]*Composable{}, component: s.component, legacy: s.legacy}
	for k, v := range s.composable {
		tmp.composable[k] = v
	}
	if _, err := tmp.checkComposableLocked(name, c, create); err != nil {
		return nil, err
	}
	if err := tmp.validateComposableLocked(name, c); err != nil {
		return nil, err
	}
	tmp.composable[name] = c
	return tmp, nil
}

func simulateName(prefix string) string { return prefix + strings.ToLower(ids.RandomUUID()) }

// SimulateIndex is POST _index_template/_simulate_index/{index}: the
// template an index of that name would get, with body (when not nil) as
// an extra template.
func (s *Store) SimulateIndex(index string, body *Composable, create bool) (jsonout.Object, *apierr.Error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	st := s
	if body != nil {
		var err *apierr.Error
		if st, err = s.with(simulateName("simulate_index_template_"), body, create); err != nil {
			return nil, err
		}
	}
	winner, err := st.findComposableLocked(index, false)
	if err != nil {
		return nil, err
	}
	if winner == "" {
		return jsonout.Object{}, nil
	}
	return st.resolveTemplateLocked(winner, index)
}

// Simulate is POST _index_template/_simulate[/{name}]: the template a
// composable template (the named one, or the body) resolves to.
func (s *Store) Simulate(name string, body *Composable, create bool) (jsonout.Object, *apierr.Error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	st := s
	target := name
	if body != nil {
		if target == "" {
			target = simulateName("simulate_template_")
		}
		var err *apierr.Error
		if st, err = s.with(target, body, create); err != nil {
			return nil, err
		}
	}
	if target == "" {
		return nil, apierr.IllegalArgument("a template name to match or a new template body must be specified")
	}
	if _, ok := st.composable[target]; !ok {
		return nil, apierr.IllegalArgument("unable to simulate template [%s] that does not exist", target)
	}
	return st.resolveTemplateLocked(target, simulateName("simulate_template_index_"))
}

// resolveTemplateLocked is TransportSimulateIndexTemplateAction.resolveTemplate
// and the overlapping templates: the resolved settings, the merged mapping
// and the aliases.
func (s *Store) resolveTemplateLocked(name, index string) (jsonout.Object, *apierr.Error) {
	c := s.composable[name]
	st := s.composableSettingsLocked(c)
	tmpl := jsonout.Object{{Key: "settings", Value: renderSettings(st, false)}}
	merged, err := s.composableMappingLocked(c, nil)
	if err != nil {
		return nil, err
	}
	if merged != nil {
		m, err := mapping.ParseMappings(merged)
		if err != nil {
			return nil, err
		}
		tmpl = append(tmpl, jsonout.Field{Key: "mappings", Value: m.Render()})
	}
	aliases := jsonout.Object{}
	for _, a := range s.composableAliasesLocked(c) {
		n := strings.ReplaceAll(a.Name, "{index}", index)
		if _, dup := aliases.Get(n); !dup {
			aliases = append(aliases, jsonout.Field{Key: n, Value: a.Alias.Render()})
		}
	}
	tmpl = append(tmpl, jsonout.Field{Key: "aliases", Value: aliases})
	patterns := map[string][]string{}
	for n, l := range s.legacy {
		if overlap(c.IndexPatterns, l.Patterns) {
			patterns[n] = l.Patterns
		}
	}
	for n, o := range s.composable {
		if n != name && overlap(c.IndexPatterns, o.IndexPatterns) {
			patterns[n] = o.IndexPatterns
		}
	}
	over := []any{}
	for _, n := range hashOrder(keys(patterns)) {
		over = append(over, jsonout.Object{{Key: "name", Value: n}, {Key: "index_patterns", Value: patterns[n]}})
	}
	return jsonout.Object{{Key: "template", Value: tmpl}, {Key: "overlapping", Value: over}}, nil
}
