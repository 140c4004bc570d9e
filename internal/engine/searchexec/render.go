package searchexec

import (
	"encoding/json"
	"math"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/suggest"
)

// Render builds a search's answer: took, timed_out, terminated_early,
// _shards, hits (each rendered with the request's fetch options), the
// aggregations, suggestions and profile. start is when the request arrived.
func (ex Executor) Render(req *search.Request, spec *searchreq.Spec, res *search.Result, start time.Time) jsonout.Object {
	total := len(req.Targets)
	shards := ex.shardsSection(total, res.Failures)
	// Sized for their fields up front: growing them cost five allocations
	// per search.
	hits := make(jsonout.Object, 0, 3)
	switch {
	case spec.TotalAsInt && spec.TrackTotal == -1:
		hits = append(hits, jsonout.Field{Key: "total", Value: -1})
	case spec.TotalAsInt:
		hits = append(hits, jsonout.Field{Key: "total", Value: res.Total})
	case spec.TrackTotal != -1:
		hits = append(hits, jsonout.Field{Key: "total", Value: jsonout.Object{{Key: "value", Value: res.Total}, {Key: "relation", Value: res.Relation}}})
	}
	hits = append(hits, jsonout.Field{Key: "max_score", Value: scoreOrNull(res.MaxScore)})
	list := make([]jsonout.Object, 0, len(res.Hits))
	slab := newHitSlab(len(res.Hits))
	for i := range res.Hits {
		list = append(list, ex.renderHitIn(slab, &res.Hits[i], spec))
	}
	hits = append(hits, jsonout.Field{Key: "hits", Value: list})
	if spec.Facts != nil {
		spec.Facts.Hits = len(list) > 0
	}
	out := make(jsonout.Object, 0, 8) // took to profile
	out = append(out, jsonout.Field{Key: "took", Value: time.Since(start).Milliseconds()}, jsonout.Field{Key: "timed_out", Value: false})
	if spec.TerminateAfter > 0 {
		out = append(out, jsonout.Field{Key: "terminated_early", Value: res.TerminatedEarly})
	}
	out = append(out, jsonout.Field{Key: "_shards", Value: shards}, jsonout.Field{Key: "hits", Value: hits})
	if res.Aggs != nil && !res.Aggs.Empty() {
		out = append(out, jsonout.Field{Key: "aggregations", Value: res.Aggs.RenderWith(spec.TypedKeys, spec.TotalAsInt)})
	}
	out = appendSuggest(out, spec)
	if res.Profiles != nil {
		out = append(out, jsonout.Field{Key: "profile", Value: search.RenderProfiles(res.Profiles, spec.Human, ex.NodeOf)})
	}
	return out
}

func scoreOrNull(f float32) any {
	if math.IsNaN(float64(f)) {
		return nil
	}
	return search.Score(f)
}

func (ex Executor) renderHit(h *search.Hit, spec *searchreq.Spec) jsonout.Object {
	return ex.renderHitIn(nil, h, spec)
}

// renderHitIn renders a hit with its parts kept in slab (nil: allocated
// for this hit alone).
func (ex Executor) renderHitIn(slab *hitSlab, h *search.Hit, spec *searchreq.Spec) jsonout.Object {
	o := slab.object()
	if h.Explanation != nil {
		o = append(o, jsonout.Field{Key: "_shard", Value: "[" + h.Target.Index.Name + "][" + strconv.Itoa(h.Target.Shard) + "]"},
			jsonout.Field{Key: "_node", Value: ex.NodeOf(h.Target.Shard)})
	}
	o = append(o, jsonout.Field{Key: "_index", Value: slab.indexName(h.Target.Index)}, jsonout.Field{Key: "_id", Value: slab.str(h.Doc.ID)})
	if spec.Version {
		o = append(o, jsonout.Field{Key: "_version", Value: h.Doc.Version})
	}
	if spec.SeqNo {
		o = append(o, jsonout.Field{Key: "_seq_no", Value: h.Doc.SeqNo}, jsonout.Field{Key: "_primary_term", Value: h.Doc.PrimaryTerm})
	}
	o = append(o, jsonout.Field{Key: "_score", Value: slab.score(h.Score)})
	if h.Doc.Routing != "" {
		o = append(o, jsonout.Field{Key: "_routing", Value: h.Doc.Routing})
	}
	if len(h.Ignored) > 0 {
		o = append(o, jsonout.Field{Key: "_ignored", Value: h.Ignored})
	}
	if m := h.Target.Index.Mapping(); spec.WantsSource() && (m == nil || m.SourceEnabled == nil || *m.SourceEnabled) {
		var raw any // the source as sent, kept in the slab
		if spec.Source.Unfiltered() {
			raw = slab.source(h.Doc.Source)
		}
		if raw != nil {
			o = append(o, jsonout.Field{Key: "_source", Value: raw})
		} else if src, ok, err := spec.Source.Apply(h.Doc.Source); err == nil && ok {
			o = append(o, jsonout.Field{Key: "_source", Value: src})
		}
	}
	if fields := hitFields(h, spec); len(fields) > 0 {
		o = append(o, jsonout.Field{Key: "fields", Value: fields})
	}
	if len(h.Highlight) > 0 {
		hl := make(jsonout.Object, 0, len(h.Highlight))
		for _, f := range h.Highlight {
			hl = append(hl, jsonout.Field{Key: f.Field, Value: f.Fragments})
		}
		o = append(o, jsonout.Field{Key: "highlight", Value: search.HashOrdered(hl)})
	}
	if h.SortValues != nil {
		o = append(o, jsonout.Field{Key: "sort", Value: h.SortValues})
	}
	if mq := renderMatchedQueries(h.MatchedQueries, spec.NamedScores); mq != nil {
		o = append(o, jsonout.Field{Key: "matched_queries", Value: mq})
	}
	if h.Explanation != nil {
		o = append(o, jsonout.Field{Key: "_explanation", Value: json.RawMessage(h.Explanation.AppendJSON(nil))})
	}
	if ih := ex.renderInnerHits(h, spec); ih != nil {
		o = append(o, jsonout.Field{Key: "inner_hits", Value: ih})
	}
	return o
}

// renderMatchedQueries is SearchHit's matched_queries: the names, or with
// include_named_queries_score each name with its score; nothing when none
// matched.
func renderMatchedQueries(mq []search.MatchedQuery, scores bool) any {
	if len(mq) == 0 {
		return nil
	}
	if scores {
		o := make(jsonout.Object, 0, len(mq))
		for _, m := range mq {
			o = append(o, jsonout.Field{Key: m.Name, Value: search.Score(m.Score)})
		}
		return o
	}
	names := make([]string, len(mq))
	for i, m := range mq {
		names[i] = m.Name
	}
	return names
}

// appendSuggest adds the "suggest" section after the hits
// (search.RenderSuggestions), completion options rendered with the
// request's hit options.
func appendSuggest(out jsonout.Object, spec *searchreq.Spec) jsonout.Object {
	sg := spec.Suggest
	if sg == nil || !sg.Ran {
		return out
	}
	named := search.RenderSuggestions(sg.Results, sg.TypedKeys, func(w *suggest.Option) jsonout.Object { return completionOption(w, spec) })
	return append(out, jsonout.Field{Key: "suggest", Value: named})
}

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

// shardsSection is a search answer's _shards: the shards searched, those
// that answered and the failures (grouped by cause).
func (ex Executor) shardsSection(total int, fails []search.ShardFailure) jsonout.Object {
	shards := jsonout.Object{{Key: "total", Value: total}, {Key: "successful", Value: total - len(fails)},
		{Key: "skipped", Value: 0}, {Key: "failed", Value: len(fails)}}
	if len(fails) > 0 {
		shards = append(shards, jsonout.Field{Key: "failures", Value: ex.ShardFailures(fails, true)})
	}
	return shards
}

// RenderCount builds a _count answer from a search of no hits with exact
// totals: count, terminated_early (with terminate_after), _shards.
func (ex Executor) RenderCount(req *search.Request, spec *searchreq.Spec, res *search.Result) jsonout.Object {
	out := jsonout.Object{{Key: "count", Value: res.Total}}
	if spec.TerminateAfter > 0 {
		out = append(out, jsonout.Field{Key: "terminated_early", Value: res.TerminatedEarly})
	}
	return append(out, jsonout.Field{Key: "_shards", Value: ex.shardsSection(len(req.Targets), res.Failures)})
}
