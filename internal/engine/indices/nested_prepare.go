package indices

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// nestedObjectsLimit is index.mapping.nested_objects.limit.
const nestedObjectsLimit = "index.mapping.nested_objects.limit"

// ReparseSource is ParseSource for a document already stored (a force merge
// indexing it again): index-time limits, checked when it was written, do not
// apply.
func (x *Index) ReparseSource(id string, source []byte) (*Prepared, *apierr.Error) {
	return x.parseSource(id, "", false, source, false)
}

// checkNestedLimit rejects a document with more nested objects than
// index.mapping.nested_objects.limit, as ParseContext.addDoc does.
func (x *Index) checkNestedLimit(p *mapping.Parsed) *apierr.Error {
	if len(p.Nested) == 0 {
		return nil
	}
	if limit := settings.IntOr(x.Settings(), nestedObjectsLimit, 10000); len(p.Nested) > limit {
		return apierr.MapperParsing("The number of nested documents has exceeded the allowed limit of [%d]. This limit can be set by changing the [%s] index level setting.", limit, nestedObjectsLimit)
	}
	return nil
}

// prepareNested gives pr the indexable form of p's nested objects, each its
// own hidden document (shard.Fields.Nested), analysed like the root.
func (x *Index) prepareNested(pr *Prepared, p *mapping.Parsed) {
	pr.Fields.Nested = pr.Fields.Nested[:0]
	for i := range p.Nested {
		sub := x.prepare(&mapping.Parsed{Values: p.Nested[i].Values})
		pr.nested = append(pr.nested, sub)
		sub.Fields.Path = p.Nested[i].Path
		pr.Fields.Nested = append(pr.Fields.Nested, sub.Fields)
	}
}

// releaseNested hands back the buffers of pr's nested documents.
func (x *Index) releaseNested(pr *Prepared) {
	for _, sub := range pr.nested {
		x.Release(sub)
	}
	clear(pr.nested)
	pr.nested = pr.nested[:0]
	clear(pr.Fields.Nested)
	pr.Fields.Nested, pr.Fields.Path = pr.Fields.Nested[:0], ""
}
