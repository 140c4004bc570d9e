package search

import "github.com/clustersearch/clustersearch-go/internal/engine/mapping"

// valueColumns names where each field's values live for exists: a
// completion field keeps its inputs in a hidden column.
func (c *shardCtx) valueColumns(fields []string) []string {
	out := fields
	for i, name := range fields {
		if f := c.field(name); f != nil && f.Type == mapping.TypeCompletion {
			if &out[0] == &fields[0] {
				out = append([]string(nil), fields...)
			}
			out[i] = mapping.CompletionColumn(name)
		}
	}
	return out
}
