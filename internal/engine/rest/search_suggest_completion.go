package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/suggest"
)

// completionOption renders a completion option as CompletionSuggestion's
// Option does: its text, then the fetched hit inline (_index, _id, the
// version and seq_no when asked, _score, _routing, the filtered _source),
// then the matched contexts.
func completionOption(w *suggest.Option, spec *searchreq.Spec) jsonout.Object {
	h := w.Completion
	o := make(jsonout.Object, 0, 8)
	o = append(o, jsonout.Field{Key: "text", Value: w.Text},
		jsonout.Field{Key: "_index", Value: h.Target.Index.Name}, jsonout.Field{Key: "_id", Value: h.Doc.ID})
	if spec.Version {
		o = append(o, jsonout.Field{Key: "_version", Value: h.Doc.Version})
	}
	if spec.SeqNo {
		o = append(o, jsonout.Field{Key: "_seq_no", Value: h.Doc.SeqNo}, jsonout.Field{Key: "_primary_term", Value: h.Doc.PrimaryTerm})
	}
	o = append(o, jsonout.Field{Key: "_score", Value: search.Score(w.Score)})
	if h.Doc.Routing != "" {
		o = append(o, jsonout.Field{Key: "_routing", Value: h.Doc.Routing})
	}
	if spec.WantsSource() {
		if src, ok, err := spec.Source.Apply(h.Doc.Source); err == nil && ok {
			o = append(o, jsonout.Field{Key: "_source", Value: src})
		}
	}
	if len(h.Contexts) > 0 {
		ctx := make(jsonout.Object, len(h.Contexts))
		for i, c := range h.Contexts {
			ctx[i] = jsonout.Field{Key: c.Name, Value: c.Values}
		}
		o = append(o, jsonout.Field{Key: "contexts", Value: ctx})
	}
	return o
}
