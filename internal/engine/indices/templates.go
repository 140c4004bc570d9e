package indices

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// applyTemplates runs the Templates hook on an explicit create; the index
// must not exist yet (MetadataCreateIndexService validates the name and
// its existence before it resolves templates).
func (s *Service) applyTemplates(req CreateRequest) (CreateRequest, *apierr.Error) {
	s.mu.RLock()
	old, exists := s.byName[req.Name]
	s.mu.RUnlock()
	if exists {
		return req, apierr.IndexAlreadyExists(req.Name, old.UUID)
	}
	out, matched, err := s.Templates(req, false)
	if err != nil || !matched {
		return req, err
	}
	return out, nil
}

// autoCreateTemplated creates an index a write names, with what the index
// templates give it; an index nothing matches is created as before.
func (s *Service) autoCreateTemplated(name string) (*Index, bool, *apierr.Error) {
	req, matched, err := s.Templates(CreateRequest{Name: name, Settings: settings.Settings{}}, true)
	if err != nil {
		return nil, false, err
	}
	if !matched {
		return s.autoCreate(name, true)
	}
	x, err := s.Create(req)
	if err != nil {
		if err.Type == apierr.TypeResourceAlreadyExists {
			if x, ok := s.Get(name); ok { // a concurrent write created it first
				return x, false, nil
			}
		}
		return nil, false, err
	}
	return x, true, nil
}

// TemplateSettings returns the settings the index templates would give a
// new index of that name (nil when none matches), for the ingest service
// to find the pipelines of an index a write is about to create.
func (s *Service) TemplateSettings(name string) settings.Settings {
	if s.Templates == nil {
		return nil
	}
	req, matched, err := s.Templates(CreateRequest{Name: name, Settings: settings.Settings{}}, true)
	if err != nil || !matched {
		return nil
	}
	return req.Settings
}

// ValidateNew checks that an index could be created from req (settings,
// analyzers, mapping, its analyzers and limits) without creating it: the
// temporary index MetadataIndexTemplateService validates templates on.
func (s *Service) ValidateNew(req CreateRequest) *apierr.Error {
	if err := settings.ValidateCreate(req.Settings); err != nil {
		return err
	}
	analyzers, err := buildAnalyzers(req.Settings)
	if err != nil {
		return err
	}
	m := req.Mapping
	if m == nil && req.RawMapping != nil {
		if m, err = mapping.ParseMappings(req.RawMapping); err == nil {
			err = m.Validate()
		}
		if err != nil {
			return err
		}
	}
	if m == nil {
		return nil
	}
	if err := mapping.ResolveKNN(m, req.Settings); err != nil {
		return err
	}
	x := &Index{Name: req.Name, analyzers: analyzers}
	x.settings.Store(&req.Settings)
	x.mapping.Store(m)
	if err := x.checkMappingAnalyzers(m.Root); err != nil {
		return err
	}
	return m.CheckLimits(mapping.LimitsOf(req.Settings))
}
