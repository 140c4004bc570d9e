package search

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// more_like_this runs per shard as Lucene's MoreLikeThis does: the like
// texts and documents are analysed per field into term frequencies, each
// term scored tf * idf (ClassicSimilarity's idf over the shard) once it
// passes the frequency and length limits, the best max_query_terms become
// should clauses with minimum_should_match, and the liked documents are
// left out unless include.

// resolveMLTItems fetches the stored documents of the request's
// more_like_this items before any shard is read (a realtime GET, as the
// term vectors request the server sends).
func resolveMLTItems(req *Request, targets []Target) *apierr.Error {
	if req.Query == nil || req.Service == nil {
		return nil
	}
	var items []*dsl.MLTItem
	walkQueries(req.Query, func(q dsl.Query) {
		if m, ok := q.(*dsl.MoreLikeThis); ok {
			items = append(items, m.LikeDocs...)
			items = append(items, m.UnlikeDocs...)
		}
	})
	if len(items) == 0 {
		return nil
	}
	for _, it := range items {
		if it.ID == "" {
			continue
		}
		names := []string{it.Index}
		if it.Index == "" {
			names = names[:0]
			for _, t := range targets {
				names = append(names, t.Index.Name)
			}
		}
		for _, name := range names {
			if it.Sources == nil {
				it.Sources = map[string]jsonout.Object{}
			}
			if _, done := it.Sources[name]; done {
				continue
			}
			x, ok := req.Service.Get(name)
			if !ok {
				return apierr.IndexNotFound(name, apierr.ResourceIndexExpression)
			}
			d, found := x.ShardFor(it.ID, it.Routing).Get(it.ID, true)
			if !found {
				it.Sources[name] = nil
				continue
			}
			src, _ := jsonout.Decode(d.Source)
			o, _ := src.(jsonout.Object)
			it.Sources[name] = o
		}
	}
	return nil
}

// walkQueries visits a query and the queries inside it.
func walkQueries(q dsl.Query, fn func(dsl.Query)) {
	if q == nil {
		return
	}
	fn(q)
	switch x := q.(type) {
	case *dsl.Bool:
		for _, l := range [][]dsl.Query{x.Must, x.Should, x.Filter, x.MustNot} {
			for _, sub := range l {
				walkQueries(sub, fn)
			}
		}
	case *dsl.ConstantScore:
		walkQueries(x.Filter, fn)
	case *dsl.DisMax:
		for _, sub := range x.Queries {
			walkQueries(sub, fn)
		}
	case *dsl.FunctionScore:
		walkQueries(x.Query, fn)
	case *dsl.Nested:
		walkQueries(x.Query, fn)
	case *dsl.HasChild:
		walkQueries(x.Query, fn)
	case *dsl.HasParent:
		walkQueries(x.Query, fn)
	case *dsl.Boosting:
		walkQueries(x.Positive, fn)
		walkQueries(x.Negative, fn)
	case *dsl.ScriptScore:
		walkQueries(x.Query, fn)
	}
}

// mltTerm is one candidate term (ScoreTerm).
type mltTerm struct {
	field, word string
	score       float32
}

// moreLikeThis compiles the query on this shard.
func (c *shardCtx) moreLikeThis(x *dsl.MoreLikeThis, boost float32, scores bool) (node, *apierr.Error) {
	fields, err := c.mltFields(x)
	if err != nil {
		return nil, err
	}
	skip := map[[2]string]bool{}
	for _, f := range fields {
		for w := range c.mltFreqs(x, f, x.UnlikeTexts, x.UnlikeDocs) {
			skip[[2]string{f.Path, w}] = true
		}
	}
	numDocs := c.numDocs()
	var cands []mltTerm
	for _, f := range fields {
		freqs := c.mltFreqs(x, f, x.LikeTexts, x.LikeDocs)
		words := make([]string, 0, len(freqs))
		for w := range freqs {
			words = append(words, w)
		}
		sort.Strings(words)
		for _, w := range words {
			tf := freqs[w]
			if x.MinTermFreq > 0 && tf < x.MinTermFreq || skip[[2]string{f.Path, w}] {
				continue
			}
			df := int(c.r.DocFreq(f.Path, w))
			if x.MinDocFreq > 0 && df < x.MinDocFreq || df > x.MaxDocFreq || df == 0 {
				continue
			}
			idf := float32(math.Log(float64(numDocs+1)/float64(df+1)) + 1)
			cands = append(cands, mltTerm{field: f.Path, word: w, score: float32(tf) * idf})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	if x.MaxQueryTerms > 0 && len(cands) > x.MaxQueryTerms {
		cands = cands[:x.MaxQueryTerms]
	}
	mlt := &dsl.Bool{Base: dsl.Base{Boost: 1}, AdjustPureNegative: true, MinimumShouldMatch: x.MinimumShouldMatch}
	for _, t := range cands {
		tb := float32(1)
		if x.BoostTerms != 0 {
			tb = t.score / cands[0].score * x.BoostTerms
		}
		mlt.Should = append(mlt.Should, &dsl.Term{Base: dsl.Base{Boost: tb}, Field: t.field, Value: xcontent.Value{Kind: xcontent.String, Str: t.word}})
	}
	if len(mlt.Should) == 0 {
		return &noneNode{reason: "no terms selected by more_like_this"}, nil
	}
	outer := &dsl.Bool{Base: dsl.Base{Boost: 1}, AdjustPureNegative: true, Should: []dsl.Query{mlt}}
	if !x.Include {
		var ids []string
		for _, it := range x.LikeDocs {
			if it.ID != "" && (it.Index == "" || it.Index == c.idx.Name) {
				ids = append(ids, it.ID)
			}
		}
		if len(ids) > 0 {
			outer.MustNot = []dsl.Query{&dsl.IDs{Base: dsl.Base{Boost: 1}, Values: ids}}
		}
	}
	return c.compile(outer, boost, scores)
}

// numDocs is the shard's live document count (IndexReader.numDocs).
func (c *shardCtx) numDocs() int {
	n := 0
	r := c.r
	all := r.AllLive()
	for d := int32(0); d < r.MaxDoc(); d++ {
		if all || r.Live(d) {
			n++
		}
	}
	return n
}

// mltFields resolves the query's fields: the listed ones, or every text
// and keyword field; other types fail unless fail_on_unsupported_field is
// false.
func (c *shardCtx) mltFields(x *dsl.MoreLikeThis) ([]*mapping.Field, *apierr.Error) {
	var out []*mapping.Field
	if x.Fields == nil {
		for _, path := range c.allFieldPaths() {
			if f := c.field(path); f != nil && (kindOf(f) == kindText || kindOf(f) == kindKeyword) {
				out = append(out, f)
			}
		}
		return out, nil
	}
	for _, name := range x.Fields {
		f := c.field(name)
		if f == nil {
			continue
		}
		if k := kindOf(f); k != kindText && k != kindKeyword {
			if x.FailOnUnsupportedField {
				return nil, c.failedToCreate(apierr.IllegalArgument("more_like_this only supports text/keyword fields: [%s]", name))
			}
			continue
		}
		out = append(out, f)
	}
	return out, nil
}

// allFieldPaths lists the mapping's leaf fields and multi-fields.
func (c *shardCtx) allFieldPaths() []string {
	var out []string
	var walk func(props map[string]*mapping.Field)
	walk = func(props map[string]*mapping.Field) {
		for _, f := range props {
			if f.IsObject() {
				walk(f.Props)
				continue
			}
			out = append(out, f.Path)
			for _, mf := range f.Multi {
				if !mf.Hidden {
					out = append(out, mf.Path)
				}
			}
		}
	}
	walk(c.m.Root.Props)
	sort.Strings(out)
	return out
}

// mltFreqs counts the terms of a field in the texts and documents:
// texts through the query's analyzer (else the field's search analyzer),
// documents' values through the field's own analyzer, noise words left out.
func (c *shardCtx) mltFreqs(x *dsl.MoreLikeThis, f *mapping.Field, texts []string, docs []*dsl.MLTItem) map[string]int {
	out := map[string]int{}
	add := func(text string, override string, index bool) {
		if kindOf(f) == kindKeyword {
			c.mltAdd(x, out, text)
			return
		}
		var a analysis.Analyzer
		if index {
			ia, ok := c.idx.Analyzer(f.Analyzer())
			if !ok {
				return
			}
			a = ia
		} else {
			sa, err := c.searchAnalyzer(f, override)
			if err != nil {
				return
			}
			a = sa
		}
		for _, t := range a.Analyze(nil, text) {
			c.mltAdd(x, out, t.Term)
		}
	}
	for _, t := range texts {
		add(t, x.Analyzer, false)
	}
	for _, it := range docs {
		src := it.Doc
		if src == nil {
			src = c.mltSource(it)
		}
		for _, v := range valuesAt(src, f.Path) {
			add(v, "", true)
		}
	}
	return out
}

// mltSource is the stored document an item names in this shard's index.
func (c *shardCtx) mltSource(it *dsl.MLTItem) jsonout.Object {
	name := it.Index
	if name == "" {
		name = c.idx.Name
	}
	return it.Sources[name]
}

// mltAdd counts a term unless it is a noise word (length limits, stop words).
func (c *shardCtx) mltAdd(x *dsl.MoreLikeThis, out map[string]int, term string) {
	n := len([]rune(term))
	if x.MinWordLength > 0 && n < x.MinWordLength || x.MaxWordLength > 0 && n > x.MaxWordLength {
		return
	}
	for _, s := range x.StopWords {
		if strings.EqualFold(s, term) {
			return
		}
	}
	out[term]++
}

// valuesAt lists the string forms of the values at a dotted path of a
// source (a multi-field path reads its parent's values).
func valuesAt(src jsonout.Object, path string) []string {
	var out []string
	eachSourceValue(src, path, func(v any) {
		switch x := v.(type) {
		case nil:
		case string:
			out = append(out, x)
		default:
			out = append(out, fmt.Sprint(x))
		}
	})
	if len(out) == 0 {
		if i := strings.LastIndexByte(path, '.'); i > 0 {
			return valuesAt(src, path[:i]) // a multi-field
		}
	}
	return out
}
