package search

import (
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// Highlight is a parsed highlight request.
type Highlight struct {
	Fields []HighlightField
}

// HighlightField is one field (or pattern) to highlight with its options.
type HighlightField struct {
	Field             string
	PreTags, PostTags []string // default <em> and </em>
	FragmentSize      int      // default 100
	NumberOfFragments int      // default 5; 0 returns whole values
	RequireFieldMatch bool     // default true
	NoMatchSize       int
}

// FieldFragments are the highlighted fragments of one field.
type FieldFragments struct {
	Field     string
	Fragments []string
}

// termMatcher decides which terms of a field the query looks for.
type termMatcher struct {
	exact map[string]bool
	preds []func(string) bool
}

func (m *termMatcher) match(t string) bool {
	if m.exact[t] {
		return true
	}
	for _, p := range m.preds {
		if p(t) {
			return true
		}
	}
	return false
}

// queryTerms collects, per field, the terms a compiled query matches on
// (prohibited clauses left out), as the highlighter's query extraction does.
func queryTerms(n node, out map[string]*termMatcher) {
	get := func(f string) *termMatcher {
		m := out[f]
		if m == nil {
			m = &termMatcher{exact: map[string]bool{}}
			out[f] = m
		}
		return m
	}
	switch x := n.(type) {
	case *termNode:
		get(x.field).exact[x.term] = true
	case *phraseNode:
		m := get(x.field)
		for i, t := range x.terms {
			if x.alts != nil {
				for _, a := range x.alts[i] {
					m.exact[a] = true
				}
				continue
			}
			m.exact[t] = true
		}
	case *constNode:
		if x.keep != nil {
			get(x.field).preds = append(get(x.field).preds, x.keep)
		}
	case *boolNode:
		for _, c := range x.clauses {
			if c.occur != mustNot {
				queryTerms(c.n, out)
			}
		}
	case *disMaxNode:
		for _, s := range x.subs {
			queryTerms(s, out)
		}
	case *scoreNode:
		queryTerms(x.inner, out)
	case *postFilterNode:
		queryTerms(x.main, out)
	case *aliasFilterNode:
		queryTerms(x.main, out)
	case *funcScoreNode:
		queryTerms(x.inner, out)
	}
}

// highlight builds a hit's highlight fragments from its _source.
func (c *shardCtx) highlight(h *Highlight, q node, source []byte) []FieldFragments {
	terms := map[string]*termMatcher{}
	queryTerms(q, terms)
	doc, err := jsonout.Decode(source)
	if err != nil {
		return nil
	}
	var out []FieldFragments
	for _, hf := range h.Fields {
		names := []string{hf.Field}
		if strings.Contains(hf.Field, "*") {
			names = c.expand(hf.Field, true)
		}
		for _, name := range names {
			f := c.field(name)
			if f == nil || (f.Type != mapping.TypeText && f.Type != mapping.TypeKeyword) {
				continue
			}
			m := terms[name]
			if !hf.RequireFieldMatch {
				m = &termMatcher{exact: map[string]bool{}}
				for _, tm := range terms {
					for t := range tm.exact {
						m.exact[t] = true
					}
					m.preds = append(m.preds, tm.preds...)
				}
			}
			if m == nil {
				continue
			}
			values := sourceValues(doc, c.sourcePath(f))
			frags := c.fragments(f, values, m, hf)
			if len(frags) > 0 {
				out = append(out, FieldFragments{Field: name, Fragments: frags})
			}
		}
	}
	return out
}

// sourcePath is where a field's values live in _source (a multi-field reads
// its parent's).
func (c *shardCtx) sourcePath(f *mapping.Field) string {
	if i := strings.LastIndexByte(f.Path, '.'); i > 0 {
		if p := c.m.Lookup(f.Path[:i]); p != nil && p.Multi != nil && p.Multi[f.Path[i+1:]] != nil {
			return p.Path
		}
	}
	return f.Path
}

// sourceValues collects the string values at a dotted path.
func sourceValues(v any, path string) []string {
	var out []string
	var walk func(v any, rest string)
	walk = func(v any, rest string) {
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				walk(e, rest)
			}
		case jsonout.Object:
			for _, fl := range x {
				if fl.Key == rest {
					walk(fl.Value, "")
				} else if strings.HasPrefix(rest, fl.Key+".") {
					walk(fl.Value, rest[len(fl.Key)+1:])
				}
			}
		case string:
			if rest == "" {
				out = append(out, x)
			}
		}
	}
	walk(v, path)
	return out
}

// fragments tags the matching tokens of each value and cuts fragments of
// about fragment_size characters around them, in document order.
func (c *shardCtx) fragments(f *mapping.Field, values []string, m *termMatcher, hf HighlightField) []string {
	pre, post := "<em>", "</em>"
	if len(hf.PreTags) > 0 {
		pre = hf.PreTags[0]
	}
	if len(hf.PostTags) > 0 {
		post = hf.PostTags[0]
	}
	var a analysis.Analyzer
	if f.Type == mapping.TypeText {
		a, _ = c.idx.Analyzer(f.Analyzer())
	}
	type span struct{ start, end int }
	type scored struct {
		text  string
		order int
	}
	var frags []scored
	for vi, v := range values {
		var spans []span
		if a == nil {
			if m.match(v) {
				spans = append(spans, span{0, len(v)})
			}
		} else {
			for _, t := range a.Analyze(nil, v) {
				if m.match(t.Term) {
					spans = append(spans, span{t.StartOffset, t.EndOffset})
				}
			}
		}
		if len(spans) == 0 {
			continue
		}
		windows := []span{{0, len(v)}}
		if hf.NumberOfFragments != 0 && len(v) > hf.FragmentSize {
			windows = windows[:0]
			for _, s := range spans {
				if len(windows) > 0 && s.end <= windows[len(windows)-1].end {
					continue
				}
				// Centre the match in about fragment_size characters, then
				// snap both ends to word boundaries.
				start := max(0, s.start-(hf.FragmentSize-(s.end-s.start))/2)
				if start > 0 && v[start-1] != ' ' {
					for start < s.start && v[start-1] != ' ' {
						start++
					}
				}
				end := min(len(v), start+hf.FragmentSize)
				for end < len(v) && v[end] != ' ' {
					end++
				}
				if end < s.end {
					end = s.end
				}
				windows = append(windows, span{start, end})
			}
		}
		for _, w := range windows {
			var b strings.Builder
			pos := w.start
			for _, s := range spans {
				if s.start < w.start || s.end > w.end {
					continue
				}
				b.WriteString(v[pos:s.start])
				b.WriteString(pre)
				b.WriteString(v[s.start:s.end])
				b.WriteString(post)
				pos = s.end
			}
			b.WriteString(v[pos:w.end])
			frags = append(frags, scored{text: strings.TrimSpace(b.String()), order: vi*1_000_000 + w.start})
		}
	}
	sort.SliceStable(frags, func(i, j int) bool { return frags[i].order < frags[j].order })
	n := hf.NumberOfFragments
	if n == 0 || n > len(frags) {
		n = len(frags)
	}
	out := make([]string, n)
	for i := range out {
		out[i] = frags[i].text
	}
	return out
}
