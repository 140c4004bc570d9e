package rest

import (
	"encoding/json"
)

// restoreTemplates puts back the templates a snapshot or log record held.
func (p *Persister) restoreTemplates(data json.RawMessage) error {
	if len(data) == 0 || p.templates == nil {
		return nil
	}
	return p.templates.Restore(data)
}
