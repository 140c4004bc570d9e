package clustersettings

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// Render prints settings as the cluster settings APIs do: flat (sorted
// keys) or nested, each level in the order of the HashMap(2) that
// Settings.getAsStructuredMap fills (settings.Settings.Nested).
func Render(s settings.Settings, flat bool) jsonout.Object {
	if flat {
		return s.Flat()
	}
	return s.Nested()
}
