package indices

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// completionKeyword analyses one completion input with the field's index
// analyzer and stores the entry, form included, in the field's hidden
// keyword column, where the completion suggester reads it per document.
func (x *Index) completionKeyword(v *mapping.Value, scratch *[]analysis.Token) shard.KeywordValue {
	e, _ := mapping.DecodeCompletion(v.Str)
	name, _, sep, posInc := v.Field.CompletionSettings()
	a, ok := x.analyzer(name)
	if !ok {
		a, _ = analysis.Builtin("simple")
	}
	*scratch = a.Analyze((*scratch)[:0], e.Input)
	e.Form = mapping.CompletionForm(*scratch, sep, posInc)
	return shard.KeywordValue{Field: mapping.CompletionColumn(v.Field.Path), Value: mapping.EncodeCompletion(&e)}
}
