package suggest

import (
	"sort"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
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

// Entry is one analysed token of the suggest text with its options.
type Entry struct {
	Text   string
	Offset int // in UTF-16 units of the suggest text
	Length int
	// Options are the suggested terms, best first.
	Options []Word
}

// prepared is a suggestion built against one index's mapping (the shard
// side SuggestionBuilder.build).
type prepared struct {
	s        *Suggestion
	field    string
	analyzer analysis.Analyzer
	text     string
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

// Run runs the suggestions on every target and reduces them. Callers have
// run Check on each target's index.
func Run(req *Request, svc *indices.Service, targets []Target) ([]Result, *apierr.Error) {
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
			res = runShard(ps, &readerIndex{r: r, sorted: map[string][]string{}})
		})
		shards = append(shards, res)
	}
	return reduce(req, shards)
}

// runShard is TermSuggester.innerExecute for each suggestion on one shard.
func runShard(ps []prepared, ix TermIndex) []Result {
	out := make([]Result, len(ps))
	for i, p := range ps {
		toks := p.analyzer.Analyze(nil, p.text)
		analysis.UTF16Offsets(p.text, toks)
		numSug := max(p.s.Size, 5)
		if p.s.ShardSize != nil {
			numSug = *p.s.ShardSize
		}
		entries := make([]Entry, len(toks))
		for j, tok := range toks {
			entries[j] = Entry{Text: tok.Term, Offset: tok.StartOffset, Length: tok.EndOffset - tok.StartOffset,
				Options: spellCheck(ix, p.field, tok.Term, numSug, &p.s.Term)}
		}
		out[i] = Result{Name: p.s.Name, Kind: p.s.Kind, Entries: entries}
	}
	return out
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
		lead := parts[0]
		if len(parts) > 1 {
			for _, p := range parts[1:] {
				if len(p.Entries) != len(lead.Entries) {
					return nil, apierr.Newf(apierr.TypeIllegalState, "Can't merge suggest result, this might be caused by suggest calls across multiple indices with different analysis chains. Suggest entries have different sizes actual [%d] expected [%d]", len(p.Entries), len(lead.Entries))
				}
			}
			for j := range lead.Entries {
				merged := map[string]int{}
				var opts []Word
				for _, p := range parts {
					e := p.Entries[j]
					if e.Text != lead.Entries[j].Text {
						return nil, apierr.Newf(apierr.TypeIllegalState, "Can't merge suggest entries, this might be caused by suggest calls across multiple indices with different analysis chains. Suggest entries have different text actual [%s] expected [%s]", e.Text, lead.Entries[j].Text)
					}
					for _, w := range e.Options {
						if k, ok := merged[w.Text]; ok {
							opts[k].Score = max(opts[k].Score, w.Score)
							opts[k].Freq += w.Freq
							continue
						}
						merged[w.Text] = len(opts)
						opts = append(opts, w)
					}
				}
				sortWords(opts, s.Term.Sort)
				lead.Entries[j].Options = opts
			}
		}
		for j := range lead.Entries {
			if len(lead.Entries[j].Options) > s.Size {
				lead.Entries[j].Options = lead.Entries[j].Options[:s.Size]
			}
			if lead.Entries[j].Options == nil {
				lead.Entries[j].Options = []Word{}
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
