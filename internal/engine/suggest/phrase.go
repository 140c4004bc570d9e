package suggest

import (
	"container/heap"
	"math"
	"sort"
	"strings"
	"unicode/utf16"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
)

// PhraseIndex is what the phrase suggester reads from one shard on top of
// a TermIndex: total term frequencies and field sizes.
type PhraseIndex interface {
	TermIndex
	// TotalTermFreq is the number of occurrences of the term.
	TotalTermFreq(field, term string) int64
	// SumTotalTermFreq is the number of tokens of the field.
	SumTotalTermFreq(field string) int64
}

// termStats are a term's docFreq and totalTermFreq in a generator's field.
type termStats struct {
	df  int
	ttf int64
}

// candidate is one candidate term of a token (DirectCandidateGenerator.Candidate).
type candidate struct {
	term      string
	stats     termStats
	dist      float64 // the string distance: the channel score
	score     float64
	userInput bool
}

// candidateSet is a token of the text and its candidates, strongest first.
type candidateSet struct {
	original candidate
	cands    []candidate
}

// add merges candidates in (new ones win over equal terms) and sorts them
// by score, then term (CandidateSet.addCandidates).
func (s *candidateSet) add(cs []candidate) {
	seen := map[string]bool{}
	var out []candidate
	for _, c := range cs {
		if !seen[c.term] {
			seen[c.term] = true
			out = append(out, c)
		}
	}
	for _, c := range s.cands {
		if !seen[c.term] {
			seen[c.term] = true
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].score != out[j].score {
			return out[i].score > out[j].score
		}
		return out[i].term < out[j].term
	})
	s.cands = out
}

// generator is a DirectCandidateGenerator on one shard.
type generator struct {
	ix        PhraseIndex
	field     string
	opts      TermOptions
	size      int
	pre, post analysis.Analyzer
	dictSize  int64
	plateau   int64
	nonError  float64
}

func newGenerator(g *builtGenerator, ix PhraseIndex, nonError float64) *generator {
	gen := &generator{ix: ix, field: g.field, opts: g.opts, size: g.size, pre: g.pre, post: g.post, nonError: nonError,
		dictSize: ix.SumTotalTermFreq(g.field)}
	if t := g.opts.MinDocFreq; t >= 1 {
		gen.plateau = int64(t)
	} else {
		gen.plateau = int64(float32(ix.MaxDoc()) * t)
	}
	return gen
}

func (g *generator) stats(term string) termStats {
	df := g.ix.DocFreq(g.field, term)
	if df == 0 {
		return termStats{}
	}
	return termStats{df: df, ttf: g.ix.TotalTermFreq(g.field, term)}
}

// termStats applies the pre filter first (DirectCandidateGenerator.termStats).
func (g *generator) termStats(term string) termStats { return g.stats(g.preFilter(term)) }

func (g *generator) score(st termStats, errorScore float64) float64 {
	return errorScore * ((float64(st.ttf) + 1) / (float64(g.dictSize) + 1))
}

func (g *generator) candidate(term string, st termStats, channel float64, userInput bool) candidate {
	return candidate{term: term, stats: st, dist: channel, score: g.score(st, channel), userInput: userInput}
}

// preFilter is the last token of the pre_filter analyzer's output.
func (g *generator) preFilter(term string) string {
	if g.pre == nil {
		return term
	}
	toks := g.pre.Analyze(nil, term)
	if len(toks) == 0 {
		return term
	}
	return toks[len(toks)-1].Term
}

// thresholdTermFrequency raises the frequency a candidate needs above the
// token's own (log base 5 of its docFreq over the plateau).
func (g *generator) thresholdTermFrequency(docFreq int) int {
	if docFreq <= 0 {
		return 0
	}
	r := javaRound(float64(docFreq)*(math.Log10(float64(int64(docFreq)-g.plateau))*(1.0/math.Log10(5))) + 1)
	return int(min(max(0, r), math.MaxInt32))
}

// javaRound is Math.round(double).
func javaRound(x float64) int64 {
	switch {
	case math.IsNaN(x):
		return 0
	case x <= math.MinInt64:
		return math.MinInt64
	case x >= math.MaxInt64:
		return math.MaxInt64
	}
	return int64(math.Floor(x + 0.5))
}

// draw adds the generator's candidates for a token (drawCandidates).
func (g *generator) draw(set *candidateSet) {
	term := g.preFilter(set.original.term)
	opts := g.opts
	if opts.Mode != ModeAlways {
		threshold := g.thresholdTermFrequency(set.original.stats.df)
		if threshold == math.MaxInt32 {
			return
		}
		if opts.MinDocFreq < float32(threshold) {
			opts.MinDocFreq = float32(threshold)
		}
	}
	var cands []candidate
	for _, w := range spellCheck(g.ix, g.field, term, g.size, &opts) {
		st := g.stats(w.Text)
		cands = g.postFilter(candidate{term: w.Text, stats: st, dist: float64(w.Score), score: g.score(st, float64(w.Score))}, cands)
	}
	set.add(cands)
}

// postFilter runs candidates through the post_filter analyzer: tokens that
// are the candidate keep its distance, others count as real words.
func (g *generator) postFilter(c candidate, out []candidate) []candidate {
	if g.post == nil {
		return append(out, c)
	}
	toks := g.post.Analyze(nil, c.term)
	for i, t := range toks {
		posInc := i == 0 || t.Position != toks[i-1].Position
		if posInc && t.Term == c.term {
			out = append(out, candidate{term: t.Term, stats: g.stats(t.Term), dist: c.dist, score: g.score(c.stats, c.dist)})
		} else {
			out = append(out, candidate{term: t.Term, stats: c.stats, dist: g.nonError, score: g.score(c.stats, c.dist)})
		}
	}
	return out
}

// wordScorer is WordScorer with its smoothing model.
type wordScorer struct {
	ix        PhraseIndex
	field     string
	vocab     int64
	numTerms  int64
	realWord  float64
	separator string
	model     Smoothing
	lambdas   [3]float64 // linear interpolation: trigram, bigram, unigram over their sum
}

func newWordScorer(ix PhraseIndex, field string, realWord float64, separator string, model Smoothing) *wordScorer {
	w := &wordScorer{ix: ix, field: field, vocab: ix.SumTotalTermFreq(field), numTerms: int64(len(ix.SortedTerms(field))),
		realWord: realWord, separator: separator, model: model}
	if model.Kind == "linear_interpolation" {
		sum := model.Unigr + model.Bigram + model.Trigram
		w.lambdas = [3]float64{model.Trigram / sum, model.Bigram / sum, model.Unigr / sum}
	}
	return w
}

func (w *wordScorer) frequency(term string) int64 { return w.ix.TotalTermFreq(w.field, term) }

func (w *wordScorer) channel(c *candidate) float64 {
	if c.dist == 1 {
		return w.realWord
	}
	return c.dist
}

// score is the log10 probability of path[at] given the words before it.
func (w *wordScorer) score(path []*candidate, at, gramSize int) float64 {
	c := path[at]
	switch {
	case at == 0 || gramSize == 1:
		return math.Log10(w.channel(c) * w.unigram(c))
	case at == 1 || gramSize == 2:
		return math.Log10(w.channel(c) * w.bigram(c, path[at-1]))
	}
	return math.Log10(w.channel(c) * w.trigram(c, path[at-1], path[at-2]))
}

func (w *wordScorer) join(terms ...string) string { return strings.Join(terms, w.separator) }

func (w *wordScorer) unigram(c *candidate) float64 {
	if w.model.Kind == "laplace" {
		return (w.model.Alpha + float64(w.frequency(c.term))) / (float64(w.vocab) + w.model.Alpha*float64(w.numTerms))
	}
	return (1.0 + float64(w.frequency(c.term))) / float64(w.vocab+w.numTerms)
}

func (w *wordScorer) bigram(c, w1 *candidate) float64 {
	count := w.frequency(w.join(w1.term, c.term))
	switch w.model.Kind {
	case "laplace":
		return (w.model.Alpha + float64(count)) / (float64(w1.stats.ttf) + w.model.Alpha*float64(w.numTerms))
	case "linear_interpolation":
		if count < 1 {
			return w.lambdas[2] * w.unigram(c)
		}
		return w.lambdas[1]*(float64(count)/(0.5+float64(w1.stats.ttf))) + w.lambdas[2]*w.unigram(c)
	}
	if count < 1 {
		return w.model.Discount * w.unigram(c)
	}
	return float64(count) / (float64(w1.stats.ttf) + 0.00000000001)
}

func (w *wordScorer) trigram(c, w1, w2 *candidate) float64 {
	switch w.model.Kind {
	case "laplace":
		tri := w.frequency(w.join(w2.term, w1.term, c.term))
		bi := w.frequency(w.join(w1.term, c.term))
		return (w.model.Alpha + float64(tri)) / (float64(bi) + w.model.Alpha*float64(w.numTerms))
	case "linear_interpolation":
		// LinearInterpolatingScorer joins these newest word first.
		count := w.frequency(w.join(c.term, w1.term, w2.term))
		if count < 1 {
			return w.bigram(c, w1)
		}
		return w.lambdas[0]*(float64(count)/(1+float64(w.frequency(w.join(c.term, w1.term))))) + w.bigram(c, w1)
	}
	bi := w.frequency(w.join(w1.term, c.term))
	if bi < 1 {
		return w.model.Discount * w.unigram(c)
	}
	tri := w.frequency(w.join(w2.term, w1.term, c.term))
	if tri < 1 {
		return w.model.Discount * (float64(bi) / (float64(w1.stats.ttf) + 0.00000000001))
	}
	return float64(tri) / (float64(bi) + 0.00000000001)
}

// correction is one scored combination of candidates.
type correction struct {
	score float64
	path  []*candidate
}

// less orders corrections weakest first: lower score, then later terms.
func (a *correction) less(score float64, path []*candidate) bool {
	if a.score != score {
		return a.score < score
	}
	for i := 0; i < min(len(a.path), len(path)); i++ {
		if a.path[i].term != path[i].term {
			return a.path[i].term > path[i].term
		}
	}
	return len(a.path) < len(path)
}

type correctionQueue []*correction

func (q correctionQueue) Len() int           { return len(q) }
func (q correctionQueue) Less(i, j int) bool { return q[i].less(q[j].score, q[j].path) }
func (q correctionQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *correctionQueue) Push(x any)        { *q = append(*q, x.(*correction)) }
func (q *correctionQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// candidateScorer is CandidateScorer: it walks the combinations with at most
// a number of corrected tokens, keeping the best above the cutoff.
type candidateScorer struct {
	w        *wordScorer
	max      int
	gramSize int
	sets     []candidateSet
	queue    correctionQueue
	cutoff   float64
}

func (s *candidateScorer) scoreOf(path []*candidate) float64 {
	sum := 0.0
	for i := range path {
		sum += s.w.score(path, i, s.gramSize)
	}
	return math.Exp(sum)
}

func (s *candidateScorer) find(path []*candidate, ord, left int, pathScore float64) {
	cur := &s.sets[ord]
	last := ord == len(s.sets)-1
	visit := func(c *candidate, left int) {
		path[ord] = c
		score := pathScore + s.w.score(path, ord, s.gramSize)
		if last {
			s.update(path, score)
		} else {
			s.find(path, ord+1, left, score)
		}
	}
	if last {
		visit(&cur.original, left)
		if left > 0 {
			for i := range cur.cands {
				visit(&cur.cands[i], left)
			}
		}
		return
	}
	visit(&cur.original, left)
	if left > 0 {
		for i := range cur.cands {
			visit(&cur.cands[i], left-1)
		}
	}
}

func (s *candidateScorer) update(path []*candidate, logScore float64) {
	score := math.Exp(logScore)
	if score <= s.cutoff || s.max <= 0 {
		return
	}
	if len(s.queue) < s.max {
		heap.Push(&s.queue, &correction{score: score, path: append([]*candidate(nil), path...)})
	} else if top := s.queue[0]; top.less(score, path) {
		top.score = score
		copy(top.path, path)
		heap.Fix(&s.queue, 0)
	}
}

// best returns the corrections strongest first.
func (s *candidateScorer) best(maxErrors float32) []*correction {
	if len(s.sets) == 0 {
		return nil
	}
	var misspellings int
	if maxErrors >= 1 {
		misspellings = int(maxErrors)
	} else {
		misspellings = int(math.Floor(float64(maxErrors*float32(len(s.sets)) + 0.5)))
	}
	s.find(make([]*candidate, len(s.sets)), 0, max(1, misspellings), 0)
	out := make([]*correction, len(s.queue))
	for i := len(out) - 1; i >= 0; i-- {
		out[i] = heap.Pop(&s.queue).(*correction)
	}
	return out
}

// phraseShard is one shard's phrase suggestion before collation.
type phraseShard struct {
	cutoff  float64
	options []Option
}

// runPhrase is PhraseSuggester.innerExecute on one shard, without the
// collate queries (they run after the shard is released).
func runPhrase(p *prepared, ix PhraseIndex) phraseShard {
	o := p.s.Phrase
	out := phraseShard{cutoff: math.SmallestNonzeroFloat64}
	rwl := float64(o.RealWordErrorLikelihood)
	var gens []*generator
	for i := range p.gens {
		if len(ix.SortedTerms(p.gens[i].field)) > 0 {
			gens = append(gens, newGenerator(&p.gens[i], ix, rwl))
		}
	}
	if len(gens) == 0 || len(ix.SortedTerms(p.field)) == 0 {
		return out
	}
	var sets []candidateSet
	for _, t := range p.analyzer.Analyze(nil, p.text) {
		sets = append(sets, candidateSet{original: gens[0].candidate(t.Term, gens[0].termStats(t.Term), 1, true)})
	}
	if len(sets) == 0 || len(sets) >= o.TokenLimit {
		return out
	}
	numCandidates := max(p.shardSize(), 0)
	for i := range sets {
		for _, g := range gens {
			g.draw(&sets[i])
		}
		if len(sets[i].cands) > numCandidates {
			sort.SliceStable(sets[i].cands, func(a, b int) bool { return sets[i].cands[a].score > sets[i].cands[b].score })
			sets[i].cands = sets[i].cands[:numCandidates]
		}
	}
	gramSize := max(o.GramSize, 1)
	sc := &candidateScorer{w: newWordScorer(ix, p.field, rwl, o.Separator, o.Model), max: numCandidates, gramSize: gramSize, sets: sets,
		cutoff: math.SmallestNonzeroFloat64}
	if o.Confidence > 0 {
		path := make([]*candidate, len(sets))
		for i := range sets {
			path[i] = &sets[i].original
		}
		sc.cutoff = sc.scoreOf(path) * float64(o.Confidence)
	}
	out.cutoff = sc.cutoff
	for _, c := range sc.best(o.MaxErrors) {
		opt := Option{Text: joinPath(c.path, nil, nil), Score: float32(c.score)}
		if float64(opt.Score) <= out.cutoff {
			continue // PhraseSuggestion.Entry.addOption compares the float score
		}
		if o.PreTag != nil {
			h := joinPath(c.path, o.PreTag, o.PostTag)
			opt.Highlighted = &h
		}
		out.options = append(out.options, opt)
	}
	return out
}

// joinPath is Correction.join with a space: with tags, runs of corrected
// terms are wrapped in one pre/post tag pair.
func joinPath(path []*candidate, pre, post *string) string {
	var b strings.Builder
	for i, c := range path {
		if i > 0 {
			b.WriteByte(' ')
		}
		if pre == nil || c.userInput {
			b.WriteString(c.term)
			continue
		}
		if i == 0 || path[i-1].userInput {
			b.WriteString(*pre)
		}
		b.WriteString(c.term)
		if i == len(path)-1 || path[i+1].userInput {
			b.WriteString(*post)
		}
	}
	return b.String()
}

func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }
