package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

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

// noFielddata is MappedFieldType.fielddataBuilder's refusal for a field
// type without field data (completion), or nil for other types.
func noFielddata(f *mapping.Field) *apierr.Error {
	if f != nil && f.Type == mapping.TypeCompletion {
		return apierr.IllegalArgument("Fielddata is not supported on field [%s] of type [%s]", f.Path, f.Type)
	}
	return nil
}
