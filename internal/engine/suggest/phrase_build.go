package suggest

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// builtGenerator is a direct generator resolved against an index
// (DirectCandidateGeneratorBuilder.build).
type builtGenerator struct {
	field     string
	opts      TermOptions
	size      int
	pre, post analysis.Analyzer
}

// buildGenerators builds the direct generators, or the default one on the
// suggestion's field when there are none.
func buildGenerators(gs []Generator, field string, x *indices.Index) ([]builtGenerator, *apierr.Error) {
	if len(gs) == 0 {
		return []builtGenerator{{field: field, opts: DefaultTermOptions(), size: 5}}, nil
	}
	out := make([]builtGenerator, 0, len(gs))
	for _, g := range gs {
		b := builtGenerator{field: g.Field, opts: DefaultTermOptions(), size: 5}
		if g.Size != nil {
			if *g.Size <= 0 {
				return nil, apierr.IllegalArgument("Size must be positive")
			}
			b.size = *g.Size
		}
		for _, f := range []struct {
			name string
			dst  *analysis.Analyzer
		}{{g.PreFilter, &b.pre}, {g.PostFilter, &b.post}} {
			if f.name == "" {
				continue
			}
			a, ok := x.Analyzer(f.name)
			if !ok {
				return nil, apierr.IllegalArgument("Analyzer [%s] doesn't exists", f.name)
			}
			*f.dst = a
		}
		o := &b.opts
		if g.Accuracy != nil {
			o.Accuracy = *g.Accuracy
		}
		if g.SuggestMode != nil {
			switch m := strings.ToLower(*g.SuggestMode); m {
			case "missing":
				o.Mode = ModeMissing
			case "popular":
				o.Mode = ModePopular
			case "always":
				o.Mode = ModeAlways
			default:
				return nil, apierr.IllegalArgument("Illegal suggest mode %s", m)
			}
		}
		if g.Sort != nil {
			switch u := strings.ToUpper(*g.Sort); u {
			case "SCORE":
				o.Sort = SortScore
			case "FREQUENCY":
				o.Sort = SortFrequency
			default:
				return nil, apierr.IllegalArgument("No enum constant org.opensearch.search.suggest.SortBy.%s", u)
			}
		}
		if g.StringDistance != nil {
			d, ok := distanceByName[strings.ToLower(*g.StringDistance)]
			if !ok {
				return nil, apierr.IllegalArgument("Illegal distance option %s", strings.ToLower(*g.StringDistance))
			}
			o.Distance = d
		}
		if g.MaxEdits != nil {
			o.MaxEdits = *g.MaxEdits
		}
		if o.MaxEdits < 1 || o.MaxEdits > 2 {
			return nil, apierr.IllegalArgument("Illegal max_edits value %d", o.MaxEdits)
		}
		if g.MaxInspections != nil {
			o.MaxInspections = *g.MaxInspections
		}
		if g.MaxTermFreq != nil {
			o.MaxTermFreq = *g.MaxTermFreq
		}
		if g.PrefixLength != nil {
			o.PrefixLength = *g.PrefixLength
		}
		if g.MinWordLength != nil {
			o.MinWordLength = *g.MinWordLength
		}
		if g.MinDocFreq != nil {
			o.MinDocFreq = *g.MinDocFreq
		}
		out = append(out, b)
	}
	return out, nil
}

// Unsupported names a part of the request the fake cannot run ("" when it
// can run all of it).
func (r *Request) Unsupported() string {
	for _, s := range r.Suggestions {
		switch {
		case s.Phrase != nil && s.Phrase.Collate != nil && s.Phrase.Collate.stored:
			return "stored templates in the phrase suggester's collate"
		}
	}
	return ""
}

// collate runs the collate query for each option (PhraseSuggester with a
// collate script): options whose query matches nothing are dropped, or kept
// with collate_match false when pruning.
func collate(c *Collate, opts []Option, t Target, exists ExistsFunc) ([]Option, *apierr.Error) {
	out := opts[:0:0]
	for _, o := range opts {
		src := renderTemplate(c.Source, o.Text, c.Params)
		q, qerr := dsl.ParseJSON([]byte(src))
		if qerr != nil {
			if xe, ok := qerr.(*xcontent.Error); ok {
				return nil, apierr.FromXContent(xe)
			}
			return nil, apierr.Internal(qerr.Error())
		}
		match, err := exists(t, q)
		if err != nil {
			return nil, err
		}
		if !match && !c.Prune {
			continue
		}
		if c.Prune {
			m := match
			o.CollateMatch = &m
		}
		out = append(out, o)
	}
	return out, nil
}

// renderTemplate substitutes {{suggestion}} and the params into a mustache
// template, JSON-escaping the values as the JSON mustache encoder does
// ({{{name}}} inserts them as they are). Unknown names render empty.
func renderTemplate(src, suggestion string, params map[string]string) string {
	var b strings.Builder
	for {
		i := strings.Index(src, "{{")
		if i < 0 {
			b.WriteString(src)
			return b.String()
		}
		b.WriteString(src[:i])
		raw := strings.HasPrefix(src[i:], "{{{")
		open, close := "{{", "}}"
		if raw {
			open, close = "{{{", "}}}"
		}
		j := strings.Index(src[i+len(open):], close)
		if j < 0 {
			b.WriteString(src[i:])
			return b.String()
		}
		name := strings.TrimSpace(src[i+len(open) : i+len(open)+j])
		val, ok := params[name]
		if name == "suggestion" {
			val, ok = suggestion, true
		}
		if ok {
			if raw {
				b.WriteString(val)
			} else {
				b.WriteString(jsonEscape(val))
			}
		}
		src = src[i+len(open)+j+len(close):]
	}
}

func jsonEscape(s string) string {
	q := string(appendQuoted(nil, s))
	return q[1 : len(q)-1]
}

func appendQuoted(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			dst = append(dst, '\\', byte(r))
		case r == '\n':
			dst = append(dst, '\\', 'n')
		case r == '\r':
			dst = append(dst, '\\', 'r')
		case r == '\t':
			dst = append(dst, '\\', 't')
		case r < 0x20:
			dst = append(dst, '\\', 'u', '0', '0', hex[r>>4], hex[r&15])
		default:
			dst = append(dst, string(r)...)
		}
	}
	return append(dst, '"')
}

// mergeFrom folds another shard's option with the same text in: the best
// score, summed freq, and a collate match on any shard.
func (o *Option) mergeFrom(other Option) {
	o.Score = max(o.Score, other.Score)
	o.Freq += other.Freq
	if other.CollateMatch != nil {
		m := *other.CollateMatch
		if o.CollateMatch != nil {
			m = m || *o.CollateMatch
		}
		o.CollateMatch = &m
	}
}

// aboveCutoff keeps the options scoring above the entry's cutoff
// (PhraseSuggestion.Entry.addOption).
func aboveCutoff(opts []Option, cutoff float64) []Option {
	out := opts[:0]
	for _, o := range opts {
		if float64(o.Score) > cutoff {
			out = append(out, o)
		}
	}
	return out
}
