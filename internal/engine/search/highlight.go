package search

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// Highlight is a parsed highlight request.
type Highlight struct {
	Fields []HighlightField
}

// HighlightField is one field (or pattern) to highlight with its options,
// the global options already applied (SearchHighlightContext.FieldOptions).
type HighlightField struct {
	Field string
	// Type is the highlighter: "" or "unified" (the default), "plain" or
	// "fvh".
	Type              string
	PreTags, PostTags []string // default <em> and </em>; the unified highlighter uses the first
	FragmentSize      int      // default 100
	NumberOfFragments int      // default 5; 0 returns whole values
	RequireFieldMatch bool     // default true
	NoMatchSize       int
	// Order is "score" to sort fragments by score, else document order.
	Order string
	// Encoder is "html" to escape the text around the tags.
	Encoder string
	// BoundaryScanner is "" (sentence), "sentence", "word" or "chars".
	BoundaryScanner string
	// Fragmenter is the plain highlighter's "span" (default) or "simple".
	Fragmenter string
	// BoundaryScannerLocale is the locale tag; the rules implemented are
	// the JDK's root-locale rules.
	BoundaryScannerLocale string
	// MaxAnalyzerOffset, when set, stops analysing each value after this
	// many characters (max_analyzer_offset).
	MaxAnalyzerOffset *int
	// Query is highlight_query: highlight these terms instead of the
	// search query's.
	Query dsl.Query
	// The fvh highlighter's options: boundary_chars and boundary_max_scan
	// (nil for the defaults), fragment_offset (the margin before the first
	// match, nil for 6) and matched_fields.
	BoundaryChars   *string
	BoundaryMaxScan *int
	FragmentOffset  *int
	MatchedFields   []string
}

// FieldFragments are the highlighted fragments of one field.
type FieldFragments struct {
	Field     string
	Fragments []string
}

// highlight builds a hit's highlight fragments from its _source, as
// HighlightPhase does: each requested field (patterns expanded to text and
// keyword fields) is highlighted by its highlighter type against the
// search query or its highlight_query. An error fails the hit's shard.
func (c *shardCtx) highlight(h *Highlight, q node, d *shard.Doc, slot int32) ([]FieldFragments, *apierr.Error) {
	doc, derr := jsonout.Decode(d.Source)
	if derr != nil {
		return nil, nil
	}
	// The fields to highlight, in order; a field named again (directly or
	// by a pattern) takes the later options in its first place.
	type job struct {
		name     string
		hf       *HighlightField
		wildcard bool
	}
	var jobs []job
	at := map[string]int{}
	for i := range h.Fields {
		hf := &h.Fields[i]
		if hf.Type != "" && hf.Type != "unified" && hf.Type != "plain" && hf.Type != "fvh" {
			return nil, apierr.IllegalArgument("unknown highlighter type [%s] for the field [%s]", hf.Type, hf.Field)
		}
		names := []string{hf.Field}
		wildcard := strings.Contains(hf.Field, "*")
		if wildcard {
			names = c.expand(hf.Field, true)
		}
		for _, name := range names {
			if k, ok := at[name]; ok {
				jobs[k] = job{name, hf, wildcard}
				continue
			}
			at[name] = len(jobs)
			jobs = append(jobs, job{name, hf, wildcard})
		}
	}
	var base *hlQuery
	var out []FieldFragments
	for _, j := range jobs {
		f := c.field(j.name)
		if f == nil || (f.Type != mapping.TypeText && f.Type != mapping.TypeKeyword) {
			continue
		}
		hq := base
		if j.hf.Query != nil {
			n, err := c.compile(j.hf.Query, 1, true)
			if err != nil {
				return nil, err
			}
			hq = extractHL(n)
		} else if base == nil {
			base = extractHL(q)
			hq = base
		}
		texts, err := c.highlightTexts(doc, f, slot)
		if err != nil {
			return nil, err
		}
		var frags []string
		switch j.hf.Type {
		case "fvh":
			if !strings.Contains(termVector(f), "offsets") || !strings.Contains(termVector(f), "positions") {
				if j.wildcard {
					continue
				}
				return nil, apierr.IllegalArgument("the field [%s] should be indexed with term vector with position offsets to be used with fast vector highlighter", j.name)
			}
			frags, err = c.fvh(f, j.name, texts, hq, j.hf)
		case "plain":
			frags, err = c.plain(f, j.name, texts, hq, j.hf, d.ID)
		default:
			frags, err = c.unified(f, j.name, texts, hq, j.hf, slot)
		}
		if err != nil {
			return nil, err
		}
		if len(frags) > 0 {
			out = append(out, FieldFragments{Field: j.name, Fragments: frags})
		}
	}
	return out, nil
}

// termVector is a field's term_vector mapping ("" when unset).
func termVector(f *mapping.Field) string {
	s, _ := f.Params["term_vector"].(string)
	return s
}

// analysisOffsets reports whether the unified highlighter finds a field's
// offsets by re-analysing its text (no offsets in postings or term
// vectors), which index.highlight.max_analyzed_offset limits.
func analysisOffsets(f *mapping.Field) bool {
	if s, _ := f.Params["index_options"].(string); s == "offsets" {
		return false
	}
	return !strings.Contains(termVector(f), "offsets")
}

// maxAnalyzedOffset is the index's index.highlight.max_analyzed_offset.
func (c *shardCtx) maxAnalyzedOffset() int {
	return settings.IntOr(c.idx.Settings(), "index.highlight.max_analyzed_offset", 1000000)
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

// highlightTexts are the values a field's highlighting reads: the source's,
// or a derived field's emitted strings.
func (c *shardCtx) highlightTexts(doc any, f *mapping.Field, slot int32) ([]string, *apierr.Error) {
	if f.Derived == nil || c.derived == nil {
		return sourceValues(doc, c.sourcePath(f), f), nil
	}
	vals, err := c.derived.values(f, slot)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, v := range vals {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out, nil
}

// sourceValues collects a field's values at a dotted path as the field's
// value fetcher shows them: strings as they are, numbers and booleans as
// text, and keyword values longer than ignore_above left out.
func sourceValues(v any, path string, f *mapping.Field) []string {
	var out []string
	ignoreAbove := 0
	if f.Type == mapping.TypeKeyword {
		ignoreAbove = f.IgnoreAbove()
	}
	add := func(s string) {
		if ignoreAbove > 0 && newHLText(s).len() > ignoreAbove {
			return
		}
		out = append(out, s)
	}
	eachSourceValue(v, path, func(v any) {
		switch x := v.(type) {
		case string:
			add(x)
		case bool:
			add(strconv.FormatBool(x))
		case json.Number:
			add(x.String())
		}
	})
	return out
}
