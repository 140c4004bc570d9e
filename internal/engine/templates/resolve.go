package templates

import (
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// hiddenOf reads index.hidden from a create request's settings (nil when
// the request does not set it).
func hiddenOf(s settings.Settings) *bool {
	v, ok := s.Get(settings.Hidden)
	if !ok {
		return nil
	}
	b := v == "true"
	return &b
}

// Apply is the template half of MetadataCreateIndexService: it finds the
// templates matching req.Name (the composable one of the highest
// priority, else the legacy ones by order) and returns req with their
// settings, mappings and aliases under its own, and whether any matched.
// auto says the index is created by a write; a composable template with
// a data stream then asks for a data stream, which the fake does not
// serve (501), while an explicit create is refused as OpenSearch does.
func (s *Store) Apply(req indices.CreateRequest, auto bool) (indices.CreateRequest, bool, *apierr.Error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	hidden := hiddenOf(req.Settings)
	v2, err := s.findComposableLocked(req.Name, hidden != nil && *hidden)
	if err != nil {
		return req, false, err
	}
	var tmplSettings settings.Settings
	var aliases []NamedAlias
	var merged jsonout.Object
	if v2 != "" {
		c := s.composable[v2]
		if c.DataStream != nil {
			if auto {
				return req, false, apierr.Unsupported("data streams: index template [" + v2 + "] would create the data stream [" + req.Name + "]")
			}
			return req, false, apierr.IllegalArgument("cannot create index with name [%s], because it matches with template [%s] that creates data streams only, use create data stream api instead", req.Name, v2)
		}
		tmplSettings = s.composableSettingsLocked(c)
		aliases = s.composableAliasesLocked(c)
		if merged, err = s.composableMappingLocked(c, req.RawMapping); err != nil {
			return req, false, err
		}
	} else {
		names, err := s.findLegacyLocked(req.Name, hidden)
		if err != nil {
			return req, false, err
		}
		if len(names) == 0 {
			return req, false, nil
		}
		if len(names) > 1 && req.Warn != nil {
			sorted := append([]string(nil), names...)
			sort.Strings(sorted)
			req.Warn("index [" + req.Name + "] matches multiple legacy templates [" + strings.Join(sorted, ", ") + "], composable templates will only match a single template")
		}
		tmplSettings = settings.Settings{}
		for i := len(names) - 1; i >= 0; i-- { // lowest order first: higher orders override
			for k, v := range s.legacy[names[i]].Settings {
				tmplSettings[k] = v
			}
		}
		if len(req.RawMapping) > 0 {
			merged = append(jsonout.Object{}, req.RawMapping...)
		}
		for _, n := range names {
			l := s.legacy[n]
			aliases = append(aliases, l.Aliases...)
			if len(l.Mappings) > 0 {
				merged = mergeDefaults(merged, l.Mappings)
			}
		}
	}
	out := req
	out.Templated = true
	out.Settings = settings.Settings{}
	for k, v := range tmplSettings {
		out.Settings[k] = v
	}
	for k, v := range req.Settings {
		out.Settings[k] = v
	}
	if merged != nil {
		m, err := mapping.ParseMappings(merged)
		if err == nil {
			err = m.Validate()
		}
		if err != nil {
			return req, false, err
		}
		out.Mapping, out.RawMapping = m, merged
	}
	out.Aliases = map[string]*indices.Alias{}
	for n, a := range req.Aliases {
		out.Aliases[n] = a
	}
	for _, a := range aliases {
		name := strings.ReplaceAll(a.Name, "{index}", req.Name)
		if _, ok := out.Aliases[name]; ok {
			continue
		}
		if s.ValidateAlias != nil {
			if err := s.ValidateAlias(name, a.Alias); err != nil {
				return req, false, err
			}
		}
		out.Aliases[name] = a.Alias
	}
	return out, true, nil
}
