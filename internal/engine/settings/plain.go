package settings

import "github.com/clustersearch/clustersearch-go/internal/engine/jsonout"

// FlattenPlain turns a decoded JSON object into flat settings keyed exactly
// as written (no "index." prefix), as Settings.Builder.loadFromMap does for
// cluster settings: nested objects join their keys with dots, numbers and
// booleans become strings, null marks a reset.
func FlattenPlain(obj jsonout.Object) (Settings, error) {
	out := Settings{}
	if err := flattenInto(out, "", obj); err != nil {
		return nil, err
	}
	return out, nil
}
