package searchreq

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
)

// compileTopHits parses each top_hits aggregation's fetch options (sort,
// _source, highlight, version, seq_no_primary_term, explain, ...) with the
// parsers of inner hits, which take the same options, and hands the engine
// the compiled definition; the hits render with the options' own spec.
func (s *Spec) compileTopHits() error {
	if s.Aggs == nil {
		return nil
	}
	for _, th := range s.Aggs.TopHits() {
		o, err := parseInnerHitsOpts(th.Body)
		if err != nil {
			return err
		}
		sub := o.Spec
		def := &search.TopHitsDef{Sort: sub.Sort, TrackScores: sub.TrackScores, Explain: sub.Explain, Highlight: sub.Highlight,
			ScriptFields: sub.ScriptFields}
		for _, f := range sub.DocValues {
			def.DocValueFields = append(def.DocValueFields, f.Field)
		}
		th.Compiled = def
		if s.TopHits == nil {
			s.TopHits = map[*search.TopHitsDef]*Spec{}
		}
		s.TopHits[def] = sub
	}
	return nil
}
