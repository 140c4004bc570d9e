package aggs

import (
	"sort"

	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// uninvert builds a text field's fielddata as Lucene's uninverting reader
// does (fielddata=true): the field's terms in order, and each slot's
// ordinals, read from the postings once per shard and field.
func uninvert(env *shardEnv, field string) *shard.OrdColumn {
	var terms []string
	env.r.Terms(field, func(t string) bool {
		terms = append(terms, t)
		return true
	})
	sort.Strings(terms)
	perSlot := make([][]uint32, env.r.MaxDoc())
	for o, t := range terms {
		it := env.r.Postings(field, t)
		for it != nil && it.Next() {
			if it.Doc >= 0 && int(it.Doc) < len(perSlot) {
				perSlot[it.Doc] = append(perSlot[it.Doc], uint32(o))
			}
		}
	}
	return shard.OrdColumnOf(terms, perSlot)
}
