package searchexec

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// bindTopHits gives each compiled top_hits definition its renderer: the
// search hit rendering with the aggregation's own options.
func (ex Executor) bindTopHits(s *searchreq.Spec) {
	for def, sub := range s.TopHits {
		sub := sub
		if s.Inner != nil {
			// The query's nested inner hits come with each top hit.
			sub.Inner = s.Inner
			def.InnerHits = s.Inner.Nested
		}
		def.Render = func(h *search.Hit) jsonout.Object {
			if len(h.Nested) > 0 {
				return ex.renderNestedTopHit(h, sub)
			}
			return ex.renderHit(h, sub)
		}
	}
}

// renderNestedTopHit renders a nested object a top_hits under a nested
// aggregation collected, as SearchHit does for a nested hit: the root's
// index and id, the _nested identity, and the object as _source (filtered
// with full paths; none when the mapping disables _source).
func (ex Executor) renderNestedTopHit(h *search.Hit, spec *searchreq.Spec) jsonout.Object {
	o := make(jsonout.Object, 0, 10)
	o = append(o, jsonout.Field{Key: "_index", Value: h.Target.Index.Name}, jsonout.Field{Key: "_id", Value: h.Doc.ID},
		jsonout.Field{Key: "_nested", Value: search.NestedIdentity(h.Nested)})
	if spec.Version {
		// Nested documents hold the placeholder version 1 (VersionFieldMapper);
		// they have no primary term, so no _seq_no either.
		o = append(o, jsonout.Field{Key: "_version", Value: 1})
	}
	o = append(o, jsonout.Field{Key: "_score", Value: scoreOrNull(h.Score)})
	wrapped := search.WrapNested(h.NestedSource, h.Nested)
	if m := h.Target.Index.Mapping(); spec.WantsSource() && !spec.Source.Disabled && (m == nil || m.SourceEnabled == nil || *m.SourceEnabled) {
		o = append(o, jsonout.Field{Key: "_source", Value: search.NestedSource(wrapped, h.Nested, spec.Source)})
	}
	if len(h.DocValues) > 0 || len(h.ScriptFields) > 0 || len(spec.FetchFields) > 0 || len(spec.StoredFields) > 0 {
		src, _ := jsonout.Marshal(wrapped)
		fh := &search.Hit{Target: h.Target, Doc: shard.Doc{Source: src}, DocValues: h.DocValues, ScriptFields: h.ScriptFields}
		if fields := hitFields(fh, spec); len(fields) > 0 {
			o = append(o, jsonout.Field{Key: "fields", Value: fields})
		}
	}
	if h.SortValues != nil {
		o = append(o, jsonout.Field{Key: "sort", Value: h.SortValues})
	}
	return o
}
