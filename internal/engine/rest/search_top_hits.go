package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
)

// compileTopHits parses each top_hits aggregation's fetch options (sort,
// _source, highlight, version, seq_no_primary_term, explain, ...) with the
// parsers of inner hits, which take the same options, and hands the engine
// the compiled definition; the hits render with the options' own spec.
func (s *searchSpec) compileTopHits() error {
	if s.aggs == nil {
		return nil
	}
	for _, th := range s.aggs.TopHits() {
		o, err := parseInnerHitsOpts(th.Body)
		if err != nil {
			return err
		}
		sub := o.spec
		def := &search.TopHitsDef{Sort: sub.sort, TrackScores: sub.trackScores, Explain: sub.explain, Highlight: sub.highlight,
			ScriptFields: sub.scriptDefs}
		for _, f := range sub.docValues {
			def.DocValueFields = append(def.DocValueFields, f.field)
		}
		th.Compiled = def
		if s.topHits == nil {
			s.topHits = map[*search.TopHitsDef]*searchSpec{}
		}
		s.topHits[def] = sub
	}
	return nil
}

// bindTopHits gives each compiled top_hits definition its renderer: the
// search hit rendering with the aggregation's own options.
func (b *Backend) bindTopHits(s *searchSpec) {
	for def, sub := range s.topHits {
		sub := sub
		if s.inner != nil {
			// The query's nested inner hits come with each top hit.
			sub.inner = s.inner
			def.InnerHits = s.inner.nested
		}
		def.Render = func(h *search.Hit) jsonout.Object { return b.renderHit(h, sub) }
	}
}
