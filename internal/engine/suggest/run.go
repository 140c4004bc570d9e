package suggest

import (
	"math"
	"sort"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// Target is one shard of one index.
type Target struct {
	Index *indices.Index
	Shard int
}

// Result is one reduced suggestion of the response.
type Result struct {
	Name    string
	Kind    string
	Entries []Entry
}

// Entry is one analysed token of the suggest text (term) or the whole text
// (phrase) with its options.
type Entry struct {
	Text   string
	Offset int // in UTF-16 units of the suggest text
	Length int
	// Options are the suggestions, best first.
	Options []Option
	// cutoff is a phrase entry's score threshold (input score * confidence).
	cutoff float64
}

// prepared is a suggestion built against one index's mapping (the shard
// side SuggestionBuilder.build).
type prepared struct {
	s        *Suggestion
	field    string
	analyzer analysis.Analyzer
	text     string
	gens     []builtGenerator // phrase
	// completion is the completion query (completion.go).
	completion *completionQuery
}

// shardSize is the number of options (or candidates) a shard keeps.
func (p *prepared) shardSize() int {
	if p.s.ShardSize != nil {
		return *p.s.ShardSize
	}
	return max(p.s.Size, 5)
}

// Check builds every suggestion against an index as its shards do, and
// returns the error they would fail with (no mapping for the field, unknown
// analyzer, no text).
func Check(req *Request, x *indices.Index) *apierr.Error {
	_, err := prepare(req, x)
	return err
}

func prepare(req *Request, x *indices.Index) ([]prepared, *apierr.Error) {
	out := make([]prepared, 0, len(req.Suggestions))
	for _, s := range req.Suggestions {
		f := x.Mapping().Lookup(s.Field)
		if f == nil || f.IsObject() {
			return nil, apierr.IllegalArgument("no mapping found for field [%s]", s.Field)
		}
		name := s.Analyzer
		if name == "" {
			name = searchAnalyzer(f)
		}
		a, ok := x.Analyzer(name)
		if !ok {
			return nil, apierr.IllegalArgument("analyzer [%s] doesn't exists", name)
		}
		p := prepared{s: s, field: f.Path, analyzer: a}
		switch {
		case s.Text != nil:
			p.text = *s.Text
		case s.Prefix != nil:
			p.text = *s.Prefix
		case s.Regex != nil:
			p.text = *s.Regex
		case req.GlobalText != nil:
			p.text = *req.GlobalText
		default:
			return nil, apierr.IllegalArgument("The required text option is missing")
		}
		if s.Phrase != nil {
			var err *apierr.Error
			if p.gens, err = buildGenerators(s.Phrase.Generators, p.field, x); err != nil {
				return nil, err
			}
		}
		if s.Completion != nil {
			var err *apierr.Error
			if p.completion, err = prepareCompletion(s, f, x, req.GlobalText); err != nil {
				return nil, err
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// searchAnalyzer is the field type's search analyzer: a text field's
// search_analyzer or analyzer, the keyword analyzer for other types.
func searchAnalyzer(f *mapping.Field) string {
	if f.Type != mapping.TypeText {
		return "keyword"
	}
	if v, ok := f.Params["search_analyzer"].(string); ok {
		return v
	}
	return f.Analyzer()
}

// ExistsFunc tells whether a query matches a document of a shard (the
// phrase suggester's collate check).
type ExistsFunc func(t Target, q dsl.Query) (bool, *apierr.Error)

// Run runs the suggestions on every target and reduces them. Callers have
// run Check on each target's index.
func Run(req *Request, svc *indices.Service, targets []Target, exists ExistsFunc) ([]Result, *apierr.Error) {
	perIndex := map[*indices.Index][]prepared{}
	views := map[*indices.Index][]shard.View{}
	shards := make([][]Result, 0, len(targets))
	for _, t := range targets {
		ps, ok := perIndex[t.Index]
		if !ok {
			var err *apierr.Error
			if ps, err = prepare(req, t.Index); err != nil {
				return nil, err
			}
			perIndex[t.Index] = ps
			views[t.Index] = t.Index.Views(svc)
		}
		v := views[t.Index][t.Shard]
		var res []Result
		t.Index.Shards[t.Shard].Read(&v, func(r *shard.Reader) {
			res = runShard(ps, &readerIndex{r: r, sorted: map[string][]string{}}, hasLiveDoc(r))
		})
		// Collate queries search the shard, so they run once it is released.
		for i := range ps {
			if c := ps[i].s.Phrase; c != nil && c.Collate != nil && len(res[i].Entries) > 0 {
				opts, err := collate(c.Collate, res[i].Entries[0].Options, t, exists)
				if err != nil {
					return nil, err
				}
				res[i].Entries[0].Options = opts
			}
		}
		markCompletion(res, t)
		shards = append(shards, res)
	}
	return reduce(req, shards)
}

// runShard runs each suggestion on one shard. A shard without live
// documents answers empty suggestions (Suggester.execute), even when
// deleted documents left terms behind.
func runShard(ps []prepared, ix PhraseIndex, live bool) []Result {
	out := make([]Result, len(ps))
	for i := range ps {
		p := &ps[i]
		out[i] = Result{Name: p.s.Name, Kind: p.s.Kind}
		if ri, ok := ix.(*readerIndex); ok && p.completion != nil {
			out[i].Entries = runCompletion(p, ri.r)
			continue
		}
		if !live {
			out[i].Entries = emptyEntries(p)
			continue
		}
		if p.s.Phrase != nil {
			ph := runPhrase(p, ix)
			out[i].Entries = []Entry{{Text: p.text, Length: utf16Len(p.text), Options: ph.options, cutoff: ph.cutoff}}
			continue
		}
		out[i].Entries = runTerm(p, ix)
	}
	return out
}

// emptyEntries are the entries of a suggestion with no options.
func emptyEntries(p *prepared) []Entry {
	if p.s.Phrase != nil {
		return []Entry{{Text: p.text, Length: utf16Len(p.text), cutoff: math.SmallestNonzeroFloat64}}
	}
	toks := p.analyzer.Analyze(nil, p.text)
	analysis.UTF16Offsets(p.text, toks)
	entries := make([]Entry, len(toks))
	for j, tok := range toks {
		entries[j] = Entry{Text: tok.Term, Offset: tok.StartOffset, Length: tok.EndOffset - tok.StartOffset}
	}
	return entries
}

// runTerm is TermSuggester.innerExecute: one entry per token.
func runTerm(p *prepared, ix TermIndex) []Entry {
	toks := p.analyzer.Analyze(nil, p.text)
	analysis.UTF16Offsets(p.text, toks)
	entries := make([]Entry, len(toks))
	for j, tok := range toks {
		entries[j] = Entry{Text: tok.Term, Offset: tok.StartOffset, Length: tok.EndOffset - tok.StartOffset,
			Options: spellCheck(ix, p.field, tok.Term, p.shardSize(), &p.s.Term)}
	}
	return entries
}

// reduce merges the shard results as Suggest.reduce does: one shard's
// entries are kept as they are; several merge options by text (highest
// score, summed freq) and sort again; then each entry keeps size options.
func reduce(req *Request, shards [][]Result) ([]Result, *apierr.Error) {
	out := make([]Result, len(req.Suggestions))
	for i, s := range req.Suggestions {
		out[i] = Result{Name: s.Name, Kind: s.Kind, Entries: []Entry{}}
		var parts []Result
		for _, sh := range shards {
			parts = append(parts, sh[i])
		}
		if len(parts) == 0 {
			continue
		}
		if s.Completion != nil {
			out[i] = reduceCompletion(s, parts)
			continue
		}
		lead := parts[0]
		if len(parts) > 1 {
			for _, p := range parts[1:] {
				if len(p.Entries) != len(lead.Entries) {
					return nil, apierr.Newf(apierr.TypeIllegalState, "Can't merge suggest result, this might be caused by suggest calls across multiple indices with different analysis chains. Suggest entries have different sizes actual [%d] expected [%d]", len(p.Entries), len(lead.Entries))
				}
			}
			for j := range lead.Entries {
				merged := map[string]int{}
				var opts []Option
				for _, p := range parts {
					e := p.Entries[j]
					if e.Text != lead.Entries[j].Text {
						return nil, apierr.Newf(apierr.TypeIllegalState, "Can't merge suggest entries, this might be caused by suggest calls across multiple indices with different analysis chains. Suggest entries have different text actual [%s] expected [%s]", e.Text, lead.Entries[j].Text)
					}
					lead.Entries[j].cutoff = max(lead.Entries[j].cutoff, e.cutoff)
					for _, w := range e.Options {
						if k, ok := merged[w.Text]; ok {
							opts[k].mergeFrom(w)
							continue
						}
						merged[w.Text] = len(opts)
						opts = append(opts, w)
					}
				}
				if s.Phrase != nil {
					opts = aboveCutoff(opts, lead.Entries[j].cutoff)
					sort.Slice(opts, func(a, b int) bool {
						if opts[a].Score != opts[b].Score {
							return opts[a].Score > opts[b].Score
						}
						return opts[a].Text < opts[b].Text
					})
				} else {
					sortWords(opts, s.Term.Sort)
				}
				lead.Entries[j].Options = opts
			}
		}
		for j := range lead.Entries {
			if len(lead.Entries[j].Options) > s.Size {
				lead.Entries[j].Options = lead.Entries[j].Options[:s.Size]
			}
			if lead.Entries[j].Options == nil {
				lead.Entries[j].Options = []Option{}
			}
		}
		out[i].Entries = lead.Entries
	}
	return out, nil
}

// readerIndex is a TermIndex over a shard reader, sorting each field's
// terms once.
type readerIndex struct {
	r      *shard.Reader
	sorted map[string][]string
}

// hasLiveDoc reports whether the view has a live document (numDocs > 0).
func hasLiveDoc(r *shard.Reader) bool {
	for slot := int32(0); slot < r.MaxDoc(); slot++ {
		if r.Live(slot) {
			return true
		}
	}
	return false
}

func (x *readerIndex) TotalTermFreq(field, term string) int64 { return x.r.TotalTermFreq(field, term) }

func (x *readerIndex) SumTotalTermFreq(field string) int64 {
	st, _ := x.r.FieldStats(field)
	return st.SumTotalTermFreq
}

func (x *readerIndex) SortedTerms(field string) []string {
	if t, ok := x.sorted[field]; ok {
		return t
	}
	var terms []string
	x.r.Terms(field, func(t string) bool {
		terms = append(terms, t)
		return true
	})
	sort.Strings(terms)
	x.sorted[field] = terms
	return terms
}

func (x *readerIndex) DocFreq(field, term string) int { return int(x.r.DocFreq(field, term)) }

func (x *readerIndex) MaxDoc() int { return int(x.r.MaxDoc()) }
