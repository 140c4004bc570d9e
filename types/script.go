package types

// Script is an inline or stored script, as update, reindex and the by-query
// APIs take it. Set Source for an inline script or ID for a stored one.
type Script struct {
	Source  string            `json:"source,omitempty"`
	ID      string            `json:"id,omitempty"`
	Lang    string            `json:"lang,omitempty"` // "painless" when empty
	Params  map[string]any    `json:"params,omitempty"`
	Options map[string]string `json:"options,omitempty"`
}

// NewScript returns an inline Painless script with the given parameters.
func NewScript(source string, params map[string]any) *Script {
	return &Script{Source: source, Lang: "painless", Params: params}
}
