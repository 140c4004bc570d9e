package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/suggest"
)

// RenderSuggestions is the "suggest" section of a search response
// (Suggest.toXContent): each suggestion's entries and options, in the
// iteration order of the coordinating node's HashMap of names, prefixed
// with their kind ("term#name") when typedKeys is set. completion renders a
// completion suggester's option, which carries a hit.
func RenderSuggestions(results []suggest.Result, typedKeys bool, completion func(*suggest.Option) jsonout.Object) jsonout.Object {
	named := make(jsonout.Object, 0, len(results))
	for _, r := range results {
		entries := make([]any, len(r.Entries))
		for i, e := range r.Entries {
			opts := make([]any, len(e.Options))
			for j, w := range e.Options {
				if w.Completion != nil {
					opts[j] = completion(&w)
					continue
				}
				if r.Kind == suggest.KindTerm {
					opts[j] = jsonout.Object{{Key: "text", Value: w.Text}, {Key: "score", Value: Score(w.Score)}, {Key: "freq", Value: w.Freq}}
					continue
				}
				o := jsonout.Object{{Key: "text", Value: w.Text}}
				if w.Highlighted != nil {
					o = append(o, jsonout.Field{Key: "highlighted", Value: *w.Highlighted})
				}
				o = append(o, jsonout.Field{Key: "score", Value: Score(w.Score)})
				if w.CollateMatch != nil {
					o = append(o, jsonout.Field{Key: "collate_match", Value: *w.CollateMatch})
				}
				opts[j] = o
			}
			entries[i] = jsonout.Object{{Key: "text", Value: e.Text}, {Key: "offset", Value: e.Offset},
				{Key: "length", Value: e.Length}, {Key: "options", Value: opts}}
		}
		named = append(named, jsonout.Field{Key: r.Name, Value: entries})
	}
	named = HashOrdered(named)
	if typedKeys {
		// Typed keys rename after ordering: the map holds the plain names.
		kinds := map[string]string{}
		for _, r := range results {
			kinds[r.Name] = r.Kind
		}
		for i := range named {
			named[i].Key = kinds[named[i].Key] + "#" + named[i].Key
		}
	}
	return named
}
