package search

import (
	"errors"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/types"
)

// SortByScript sorts by a script's value per document: typ "number" (the script returns a
// number; Hit.Sort holds doubles) or "string"; order ascending by default.
func SortByScript(typ string, s *types.Script, order types.SortOrder) Sort {
	return Sort{Script: s, ScriptType: typ, Order: order}
}

// marshalScript renders {"_script": {"type": ..., "script": ..., "order": ..., "mode": ...}}.
func (s Sort) marshalScript() ([]byte, error) {
	if s.ScriptType != "number" && s.ScriptType != "string" {
		return nil, errors.New(`search: a script sort needs type "number" or "string"`)
	}
	if s.Field != "" {
		return nil, errors.New("search: a script sort has no field")
	}
	return jsonx.Marshal(map[string]any{"_script": struct {
		Type   string          `json:"type"`
		Script *types.Script   `json:"script"`
		Order  types.SortOrder `json:"order,omitempty"`
		Mode   string          `json:"mode,omitempty"`
		Nested *NestedSort     `json:"nested,omitempty"`
	}{s.ScriptType, s.Script, s.Order, s.Mode, s.Nested}})
}
