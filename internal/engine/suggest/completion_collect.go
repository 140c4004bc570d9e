package suggest

import (
	"sort"

	"github.com/clustersearch/clustersearch-go/internal/engine/javahash"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// completionPath is one indexed (context, input) pair of a document that
// matched the query: one path of the FST's top-N search.
type completionPath struct {
	slot    int32
	score   float32
	key     string // the FST input: typed context, separator, analysed form
	surface string
	context *mapping.CompletionContext
}

// runCompletion is CompletionSuggester.innerExecute on one shard: every
// matching path scored, collected by TopSuggestGroupDocsCollector (a
// document once, with the contexts of its paths), cut to size. Deleted
// inputs still count among the FST prefixes the query reaches, which set
// how many results the top-N search takes (size times their number).
func runCompletion(p *prepared, r *shard.Reader) []Entry {
	s := p.s
	q := p.completion
	entry := Entry{Text: p.text, Length: mapping.UTF16Len(p.text)}
	var paths []completionPath
	var vals []string
	var fm fuzzyMatcher
	prefixes := map[string]struct{}{}
	for slot := int32(0); slot < r.MaxDoc(); slot++ {
		live := r.Live(slot)
		vals = r.Keywords(q.column, slot, vals[:0])
		for _, raw := range vals {
			e, ok := mapping.DecodeCompletion(raw)
			if !ok {
				continue
			}
			boost, accept, matched := q.matchForm(e.Form, &fm)
			if !matched {
				continue
			}
			if q.contexts == nil {
				prefixes[e.Form[:accept]] = struct{}{}
				if live {
					paths = append(paths, completionPath{slot: slot, score: completionScore(e.Weight, boost), key: e.Form, surface: e.Input})
				}
				continue
			}
			for ci := range e.Contexts {
				c := &e.Contexts[ci]
				cb, ok := q.contextBoost(c)
				if !ok {
					continue
				}
				typed := string(rune(c.Mapping)) + c.Value + "\x1d"
				prefixes[typed+e.Form[:accept]] = struct{}{}
				if live {
					paths = append(paths, completionPath{slot: slot, score: completionScore(e.Weight, float32(cb)+boost), key: typed + e.Form, surface: e.Input, context: c})
				}
			}
		}
	}
	sort.SliceStable(paths, func(i, j int) bool {
		a, b := &paths[i], &paths[j]
		if a.score != b.score {
			return a.score > b.score
		}
		if a.key != b.key {
			return a.key < b.key
		}
		return a.slot < b.slot
	})
	num := s.Size
	if s.ShardSize != nil {
		num = *s.ShardSize
	}
	hits := collectCompletion(paths, num, num*len(prefixes), s.Completion.SkipDuplicates)
	for i := range hits {
		if i == s.Size {
			break
		}
		h := hits[i]
		entry.Options = append(entry.Options, Option{Text: h.surface, Score: h.score, Completion: &CompletionHit{
			Slot: h.slot, Doc: *r.Doc(h.slot), Contexts: namedContexts(h.contexts, q.mappings)}})
	}
	return []Entry{entry}
}

// collected is one document the collector kept.
type collected struct {
	slot     int32
	score    float32
	surface  string
	contexts []*mapping.CompletionContext
}

// collectCompletion replays TopSuggestDocsCollector over the paths in
// search order: num documents in a queue ordered by score then smaller
// doc, a later path of a kept document only adds its context, and the
// search stops at the first path the full queue rejects, or once topN
// paths were collected (Util.TopNSearcher). With skip duplicates a surface
// form is taken once.
func collectCompletion(paths []completionPath, num, topN int, skipDups bool) []*collected {
	byDoc := map[int32]*collected{}
	var queue []*collected
	seen := map[string]bool{}
	worse := func(a, b *collected) bool { // a ranks below b
		if a.score != b.score {
			return a.score < b.score
		}
		return a.slot > b.slot
	}
	accepted := 0
	for i := range paths {
		if accepted == topN {
			break
		}
		pt := &paths[i]
		if skipDups {
			if seen[pt.surface] {
				continue // rejected, not counted
			}
			seen[pt.surface] = true
		}
		accepted++
		if c, ok := byDoc[pt.slot]; ok {
			if pt.context != nil {
				c.contexts = append(c.contexts, pt.context)
			}
			continue
		}
		c := &collected{slot: pt.slot, score: pt.score, surface: pt.surface}
		if pt.context != nil {
			c.contexts = append(c.contexts, pt.context)
		}
		byDoc[pt.slot] = c
		if len(queue) < num {
			queue = append(queue, c)
			continue
		}
		w := 0
		for k := range queue {
			if worse(queue[k], queue[w]) {
				w = k
			}
		}
		if worse(c, queue[w]) {
			break // CollectionTerminatedException
		}
		queue[w] = c
	}
	sort.SliceStable(queue, func(i, j int) bool {
		a, b := queue[i], queue[j]
		if a.score != b.score {
			return a.score > b.score
		}
		if skipDups && a.surface != b.surface {
			return utf16Less(a.surface, b.surface)
		}
		return a.slot < b.slot
	})
	return queue
}

// completionScore is CompletionScorer.score: the weight, the boost when
// the weight is 0, else their product.
func completionScore(weight int, boost float32) float32 {
	w := float32(weight)
	switch {
	case boost == 0:
		return w
	case w == 0:
		return boost
	}
	return w * boost
}

// namedContexts is ContextMappings.getNamedContexts: the collected
// contexts grouped by mapping name, in hash map and hash set order.
func namedContexts(raw []*mapping.CompletionContext, mappings []mapping.ContextMapping) []NamedContexts {
	if len(raw) == 0 {
		return nil
	}
	values := map[string][]string{}
	var names []string
	for _, c := range raw {
		name := mappings[c.Mapping].Name
		if _, ok := values[name]; !ok {
			names = append(names, name)
		}
		dup := false
		for _, v := range values[name] {
			dup = dup || v == c.Value
		}
		if !dup {
			values[name] = append(values[name], c.Value)
		}
	}
	out := make([]NamedContexts, 0, len(names))
	for _, n := range javaHashOrder(names, len(raw)) {
		out = append(out, NamedContexts{Name: n, Values: javaHashOrder(values[n], 16)})
	}
	return out
}

// javaHashOrder orders distinct keys as a java.util.HashMap created with
// initialCap iterates them.
func javaHashOrder(keys []string, initialCap int) []string {
	return javahash.Strings(keys, javahash.TableSize(len(keys), initialCap))
}

// reduceCompletion is CompletionSuggestion.reduce: one shard's options are
// kept; several are merged through a priority queue of the shards' heads
// (completionBefore), taking each surface form once with skip_duplicates,
// up to size.
func reduceCompletion(s *Suggestion, parts []Result) Result {
	lead := parts[0]
	if len(parts) == 1 {
		return lead
	}
	heads := make([][]Option, len(parts))
	for i, p := range parts {
		heads[i] = p.Entries[0].Options
	}
	var opts []Option
	seen := map[string]bool{}
	for len(opts) < s.Size {
		best := -1
		for i, h := range heads {
			if len(h) > 0 && (best < 0 || completionBefore(&h[0], &heads[best][0])) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		o := heads[best][0]
		heads[best] = heads[best][1:]
		if s.Completion.SkipDuplicates {
			if seen[o.Text] {
				continue
			}
			seen[o.Text] = true
		}
		opts = append(opts, o)
	}
	e := lead.Entries[0]
	e.Options = opts
	return Result{Name: lead.Name, Kind: lead.Kind, Entries: []Entry{e}}
}

// completionBefore is the reduce's priority queue order: score, text
// (Text.compareTo, on UTF-8 bytes), the shard's position in the search
// (ShardId order: shard number, then index name), document.
func completionBefore(a, b *Option) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	if a.Text != b.Text {
		return a.Text < b.Text
	}
	ta, tb := a.Completion.Target, b.Completion.Target
	if ta.Shard != tb.Shard {
		return ta.Shard < tb.Shard
	}
	if ta.Index.Name != tb.Index.Name {
		return ta.Index.Name < tb.Index.Name
	}
	return a.Completion.Slot < b.Completion.Slot
}

// markCompletion records the shard of a shard's completion options, for
// rendering and the reduce.
func markCompletion(res []Result, t Target) {
	for i := range res {
		for j := range res[i].Entries {
			for k := range res[i].Entries[j].Options {
				if h := res[i].Entries[j].Options[k].Completion; h != nil {
					h.Target = t
				}
			}
		}
	}
}
