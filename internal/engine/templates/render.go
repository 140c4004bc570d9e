package templates

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// renderSettings prints settings nested, or flat with flat_settings.
func renderSettings(s settings.Settings, flat bool) jsonout.Object {
	if s == nil {
		s = settings.Settings{}
	}
	if flat {
		return s.Flat()
	}
	return s.Nested()
}

func renderAliases(as []NamedAlias) jsonout.Object {
	out := jsonout.Object{}
	for _, a := range as {
		out = append(out, jsonout.Field{Key: a.Name, Value: a.Alias.Render()})
	}
	return out
}

// renderTemplate is Template.toXContent.
func renderTemplate(t *Template, flat bool) jsonout.Object {
	out := jsonout.Object{}
	if t.Settings != nil {
		out = append(out, jsonout.Field{Key: "settings", Value: renderSettings(t.Settings, flat)})
	}
	if len(t.Mappings) > 0 {
		out = append(out, jsonout.Field{Key: "mappings", Value: t.Mappings})
	}
	if t.Aliases != nil {
		out = append(out, jsonout.Field{Key: "aliases", Value: renderAliases(t.Aliases)})
	}
	return out
}

// renderComposable is ComposableIndexTemplate.toXContent.
func renderComposable(c *Composable, flat bool) jsonout.Object {
	out := jsonout.Object{{Key: "index_patterns", Value: c.IndexPatterns}}
	if c.Template != nil {
		out = append(out, jsonout.Field{Key: "template", Value: renderTemplate(c.Template, flat)})
	}
	if c.ComposedOf != nil {
		out = append(out, jsonout.Field{Key: "composed_of", Value: c.ComposedOf})
	}
	if c.Priority != nil {
		out = append(out, jsonout.Field{Key: "priority", Value: *c.Priority})
	}
	if c.Version != nil {
		out = append(out, jsonout.Field{Key: "version", Value: *c.Version})
	}
	if c.Meta != nil {
		out = append(out, jsonout.Field{Key: "_meta", Value: c.Meta})
	}
	if c.DataStream != nil {
		out = append(out, jsonout.Field{Key: "data_stream", Value: jsonout.Object{
			{Key: "timestamp_field", Value: jsonout.Object{{Key: "name", Value: c.DataStream.TimestampField}}}}})
	}
	return out
}

// renderComponent is ComponentTemplate.toXContent.
func renderComponent(c *Component, flat bool) jsonout.Object {
	out := jsonout.Object{{Key: "template", Value: renderTemplate(&c.Template, flat)}}
	if c.Version != nil {
		out = append(out, jsonout.Field{Key: "version", Value: *c.Version})
	}
	if c.Meta != nil {
		out = append(out, jsonout.Field{Key: "_meta", Value: c.Meta})
	}
	return out
}

// renderLegacy is IndexTemplateMetadata.Builder.toXContent without types.
func renderLegacy(l *Legacy, flat bool) jsonout.Object {
	out := jsonout.Object{{Key: "order", Value: l.Order}}
	if l.Version != nil {
		out = append(out, jsonout.Field{Key: "version", Value: *l.Version})
	}
	out = append(out, jsonout.Field{Key: "index_patterns", Value: l.Patterns},
		jsonout.Field{Key: "settings", Value: renderSettings(l.Settings, flat)})
	mappings := jsonout.Object{}
	if len(l.Mappings) > 0 {
		mappings = l.Mappings
	}
	return append(out, jsonout.Field{Key: "mappings", Value: mappings},
		jsonout.Field{Key: "aliases", Value: renderAliases(l.Aliases)})
}

// RenderClusterState is the legacy templates as the cluster state's
// metadata shows them (toXContentWithTypes: mappings under _doc), by name.
func (s *Store) RenderClusterState(flat bool) jsonout.Object {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := jsonout.Object{}
	for _, n := range hashOrder(keys(s.legacy)) {
		t := renderLegacy(s.legacy[n], flat)
		if m, ok := getObj(t, "mappings"); ok && len(m) > 0 {
			t = put(t, "mappings", jsonout.Object{{Key: "_doc", Value: m}})
		}
		out = append(out, jsonout.Field{Key: n, Value: t})
	}
	return out
}

// RenderComposables is the GET _index_template body.
func RenderComposables(names []string, ts map[string]*Composable, flat bool) jsonout.Object {
	list := make([]any, 0, len(names))
	for _, n := range names {
		list = append(list, jsonout.Object{{Key: "name", Value: n}, {Key: "index_template", Value: renderComposable(ts[n], flat)}})
	}
	return jsonout.Object{{Key: "index_templates", Value: list}}
}

// RenderComponents is the GET _component_template body.
func RenderComponents(names []string, ts map[string]*Component, flat bool) jsonout.Object {
	list := make([]any, 0, len(names))
	for _, n := range names {
		list = append(list, jsonout.Object{{Key: "name", Value: n}, {Key: "component_template", Value: renderComponent(ts[n], flat)}})
	}
	return jsonout.Object{{Key: "component_templates", Value: list}}
}

// RenderLegacies is the GET _template body.
func RenderLegacies(names []string, ts map[string]*Legacy, flat bool) jsonout.Object {
	out := jsonout.Object{}
	for _, n := range names {
		out = append(out, jsonout.Field{Key: n, Value: renderLegacy(ts[n], flat)})
	}
	return out
}
