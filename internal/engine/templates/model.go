package templates

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// NamedAlias is one alias a template gives the indexes it creates.
type NamedAlias struct {
	Name  string
	Alias *indices.Alias
}

// Template is the settings, mappings and aliases part of a composable or
// component template (Template.java); a nil field was not given.
type Template struct {
	// Settings are flat, every key under "index." (normalizePrefix).
	Settings settings.Settings
	// Mappings is the mapping as given, without a _doc wrapper; an empty
	// object is kept as absent, as Template's parser does.
	Mappings jsonout.Object
	// Aliases keep their request order; nil when the key was absent.
	Aliases []NamedAlias
}

// Composable is a composable index template (ComposableIndexTemplate).
type Composable struct {
	IndexPatterns []string
	Template      *Template
	// ComposedOf names the component templates, merged in this order;
	// nil when the key was absent.
	ComposedOf []string
	Priority   *int64
	Version    *int64
	Meta       jsonout.Object
	// DataStream is the data stream section, nil when absent.
	DataStream *DataStream
}

// PriorityOrZero is the priority, 0 when unset.
func (c *Composable) PriorityOrZero() int64 {
	if c.Priority == nil {
		return 0
	}
	return *c.Priority
}

// DataStream is a composable template's data_stream section.
type DataStream struct {
	// TimestampField is the timestamp field's name (@timestamp by default).
	TimestampField string
}

// Component is a component template (ComponentTemplate).
type Component struct {
	Template Template
	Version  *int64
	Meta     jsonout.Object
}

// Legacy is a legacy index template (IndexTemplateMetadata).
type Legacy struct {
	Order    int
	Version  *int
	Patterns []string
	Settings settings.Settings
	Mappings jsonout.Object // without the _doc wrapper; nil when none
	Aliases  []NamedAlias
}
