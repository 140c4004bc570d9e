package indices

import "github.com/clustersearch/clustersearch-go/internal/engine/shard"

// ForceMerge merges every shard of the index into one segment, re-reading
// each live document's source with the current mapping so its indexed
// fields are rebuilt; a document whose source no longer parses stays
// stored only, as it was accepted before.
func (x *Index) ForceMerge() {
	for _, sh := range x.Shards {
		sh.ForceMerge(func(d *shard.Doc, add func(f *shard.Fields)) {
			p, perr := x.ReparseSource(d.ID, d.Source)
			if perr != nil {
				return
			}
			add(&p.Fields)
			x.Release(p)
		})
	}
}
