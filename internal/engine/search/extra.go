package search

import (
	"math"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/querystring"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// compileExtra handles the queries beyond the core set.
func (c *shardCtx) compileExtra(q dsl.Query, boost float32, scores bool) (node, *apierr.Error) {
	switch x := q.(type) {
	case *dsl.MatchPhrasePrefix:
		return c.phrasePrefix(x.Field, &x.Query, x.Analyzer, x.Slop, x.MaxExpansions, x.ZeroTerms, boost, scores)
	case *dsl.Intervals:
		return c.intervalsQuery(x, boost, scores)
	case *dsl.MatchBoolPrefix:
		return c.boolPrefix(x.Field, &x.Query, x.Analyzer, x.Operator, x.MinimumShouldMatch, fuzzyOpts{fz: x.Fuzziness, prefixLen: x.PrefixLength,
			maxExp: x.MaxExpansions, transpositions: x.FuzzyTranspositions}, boost, scores)
	case *dsl.SimpleQueryString:
		return c.simpleQueryString(x, boost, scores)
	case *dsl.FunctionScore:
		return c.functionScore(x, boost, scores)
	case *dsl.ScriptQuery:
		return c.scriptQuery(x, boost)
	case *dsl.ScriptScore:
		return c.scriptScoreQuery(x, boost, scores)
	case *dsl.Fuzzy:
		return c.fuzzyQuery(x, boost, scores)
	case *dsl.KNN: // the k-NN plugin's query (knn.go)
		return c.knnQuery(x, boost)
	case *dsl.RankFeature:
		return c.rankFeature(x, boost)
	case *dsl.TermsSet:
		return c.termsSet(x, boost, scores)
	case *dsl.DistanceFeature:
		return c.distanceFeature(x, boost)
	case *dsl.Boosting:
		return c.boosting(x, boost, scores)
	case *dsl.GeoDistance:
		return c.geoDistanceQuery(x, boost)
	case *dsl.GeoBoundingBox:
		return c.geoBoundingBoxQuery(x, boost)
	case *dsl.GeoPolygon:
		return c.geoPolygonQuery(x, boost)
	case *dsl.GeoShape:
		return c.geoShapeQuery(x, boost)
	case *dsl.HasChild:
		return c.hasChild(x, boost, scores)
	case *dsl.HasParent:
		return c.hasParent(x, boost, scores)
	case *dsl.ParentID:
		return c.parentID(x, boost, scores)
	case *dsl.Span:
		return c.spanQuery(x, boost, scores)
	case *dsl.MoreLikeThis:
		return c.moreLikeThis(x, boost, scores)
	case *dsl.Nested:
		f := c.field(x.Path)
		switch {
		case f != nil && f.Type == mapping.TypeNested:
			return c.nestedQuery(x, boost, scores)
		case x.IgnoreUnmapped:
			return &noneNode{reason: "unmapped nested path"}, nil
		}
		return nil, c.queryShardErr("[nested] failed to find nested object under path ["+x.Path+"]", nil)
	}
	return nil, apierr.Unsupported("the [" + q.Kind() + "] query")
}

// prefixTerms lists up to max terms of a field starting with prefix, in
// term order (the terms dictionary walk of MultiPhrasePrefixQuery).
func (c *shardCtx) prefixTerms(field, prefix string, max int) []string {
	var out []string
	c.r.Terms(field, func(t string) bool {
		if strings.HasPrefix(t, prefix) {
			out = append(out, t)
		}
		return true
	})
	sort.Strings(out)
	if max > 0 && len(out) > max {
		out = out[:max]
	}
	return out
}

// phrasePrefix is match_phrase_prefix: the last analysed term is a prefix
// expanded to max_expansions terms (MultiPhrasePrefixQuery). One term gives
// a disjunction of the expansions, as MultiPhraseQuery rewrites it.
func (c *shardCtx) phrasePrefix(field string, v *xcontent.Value, analyzer string, slop, maxExp int, zero dsl.ZeroTerms, boost float32, scores bool) (node, *apierr.Error) {
	f := c.field(field)
	switch kindOf(f) {
	case kindUnmapped, kindObject:
		return &noneNode{reason: "unmapped field [" + field + "]"}, nil
	case kindText:
	default:
		return c.matchField(field, v, analyzer, dsl.OperatorOr, "", zero, false, boost, scores)
	}
	a, err := c.searchAnalyzer(f, analyzer)
	if err != nil {
		return nil, err
	}
	toks := a.Analyze(nil, v.Text())
	if len(toks) == 0 {
		if zero == dsl.ZeroTermsAll {
			return c.matchAll(boost), nil
		}
		return &noneNode{reason: "Matching no documents because no terms present"}, nil
	}
	if maxExp <= 0 {
		maxExp = 50
	}
	last := toks[len(toks)-1]
	expansions := c.prefixTerms(f.Path, last.Term, maxExp)
	if len(expansions) == 0 {
		return &noneNode{reason: "No terms supplied for " + f.Path}, nil
	}
	if len(toks) == 1 {
		if len(expansions) == 1 {
			return c.termNode(f, expansions[0], boost, scores), nil
		}
		b := &boolNode{scores: scores}
		for _, t := range expansions {
			b.clauses = append(b.clauses, clause{occur: should, n: c.termNode(f, t, boost, scores)})
		}
		return b, nil
	}
	p := &phraseNode{r: c.r, field: f.Path, slop: slop, scores: scores && !c.skipScores, norms: hasNorms(f)}
	var all []string
	for _, t := range toks[:len(toks)-1] {
		p.terms = append(p.terms, t.Term)
		p.pos = append(p.pos, int32(t.Position))
		p.alts = append(p.alts, []string{t.Term})
		all = append(all, t.Term)
	}
	p.terms = append(p.terms, last.Term+"*")
	p.pos = append(p.pos, int32(last.Position))
	p.alts = append(p.alts, expansions)
	all = append(all, expansions...)
	if scores {
		p.sc = c.scorer(f.Path, boost, all...)
	} else if _, ok := c.r.FieldStats(f.Path); ok {
		p.sc = c.fakeScorer(f.Path, boost, len(all))
	}
	return p, nil
}

// simpleQueryString parses with querystring.ParseSimple (which never fails)
// and builds the clauses as query_string does, per field joined by a
// dis_max with tie breaker 1.
func (c *shardCtx) simpleQueryString(x *dsl.SimpleQueryString, boost float32, scores bool) (node, *apierr.Error) {
	ast := querystring.ParseSimple(x.Query, x.Flags, x.DefaultOperator)
	one := float32(1)
	qs := &dsl.QueryString{Analyzer: x.Analyzer, DefaultOperator: x.DefaultOperator, TieBreaker: &one, Lenient: x.Lenient}
	lenient := x.Lenient != nil && *x.Lenient
	fields := c.fieldList(x.Fields, &lenient)
	comp := &qsCompiler{c: c, q: qs, fields: fields, lenient: lenient, scores: scores}
	return comp.node(ast, boost)
}

// functionScore is function_score with weight, field_value_factor, decay and random_score
// functions, every score_mode and boost_mode, max_boost and min_score.
func (c *shardCtx) functionScore(x *dsl.FunctionScore, boost float32, scores bool) (node, *apierr.Error) {
	var inner node = c.matchAll(boost)
	if x.Query != nil {
		n, err := c.compile(x.Query, boost, scores)
		if err != nil {
			return nil, err
		}
		inner = n
	}
	fs := &funcScoreNode{inner: inner, scoreMode: x.ScoreMode, boostMode: x.BoostMode, maxBoost: float64(x.MaxBoost), minScore: x.MinScore, c: c}
	if fs.boostMode == "" {
		fs.boostMode = "multiply"
	}
	for _, fn := range x.Functions {
		sf := scoreFunc{weight: 1}
		if fn.Weight != nil {
			sf.weight, sf.hasWeight = float64(*fn.Weight), true
		}
		switch {
		case fn.RandomScore != nil:
			rf, err := c.newRandom(fn.RandomScore)
			if err != nil {
				return nil, err
			}
			sf.random = rf
		case fn.Decay != nil:
			d, err := c.newDecay(fn.Decay)
			if err != nil {
				return nil, err
			}
			sf.decay = d
		case fn.ScriptScore != nil:
			sfn, err := c.newScriptFunc(fn.ScriptScore, fn.FunctionName)
			if err != nil {
				return nil, err
			}
			sfn.node, sf.script = fs, sfn
		case fn.FieldValueFactor != nil:
			fvf := fn.FieldValueFactor
			f := c.field(fvf.Field)
			k := kindOf(f)
			if k != kindLong && k != kindDouble && k != kindDate && k != kindBool && !(k == kindUnmapped && fvf.Missing != nil) {
				if k == kindUnmapped {
					return nil, c.queryShardErr("Unable to find a field mapper for field ["+fvf.Field+"]. No 'missing' value defined.", nil)
				}
				return nil, apierr.IllegalArgument("field [%s] of type [%s] is not supported for field_value_factor", fvf.Field, f.Type)
			}
			sf.fvf, sf.kind = fvf, k
		case fn.Weight == nil:
			return nil, apierr.Unsupported("this function_score function")
		}
		if fn.Filter != nil {
			flt, err := c.compile(fn.Filter, 1, false)
			if err != nil {
				return nil, err
			}
			sf.filter = flt
		}
		fs.funcs = append(fs.funcs, sf)
	}
	return fs, nil
}

type scoreFunc struct {
	filter    node // nil: every document
	weight    float64
	hasWeight bool
	fvf       *dsl.FieldValueFactor
	kind      fieldKind
	decay     *decayFunc
	random    *randomFunc
	script    *scriptFunc
}

type funcScoreNode struct {
	inner     node
	funcs     []scoreFunc
	scoreMode string
	boostMode string
	maxBoost  float64
	minScore  *float32
	c         *shardCtx
	sub       float32 // the query score of the document being scored (script _score)
}

func (f *funcScoreNode) String() string { return "function score (" + f.inner.String() + ")" }

func (f *funcScoreNode) iter() iterator {
	fi := &funcScoreIter{n: f, inner: f.inner.iter()}
	for _, sf := range f.funcs {
		if sf.filter != nil {
			fi.filters = append(fi.filters, sf.filter.iter())
		} else {
			fi.filters = append(fi.filters, nil)
		}
	}
	return fi
}

// funcScoreIter scores the inner query's matches with the functions; with
// min_score it also drops documents below it.
type funcScoreIter struct {
	n       *funcScoreNode
	inner   iterator
	filters []iterator
	s       float32
}

func (it *funcScoreIter) doc() int32  { return it.inner.doc() }
func (it *funcScoreIter) next() int32 { return it.settle(it.inner.next()) }
func (it *funcScoreIter) advance(t int32) int32 {
	return it.settle(it.inner.advance(t))
}
func (it *funcScoreIter) cost() int64    { return it.inner.cost() }
func (it *funcScoreIter) score() float32 { return it.s }

func (it *funcScoreIter) settle(d int32) int32 {
	for d != noMore {
		it.s = it.compute(d)
		if it.n.minScore == nil || it.s >= *it.n.minScore {
			return d
		}
		d = it.inner.next()
	}
	return d
}

// compute is FunctionScoreQuery's scorer: the functions combined by
// score_mode in float64, then combined with the query score by boost_mode.
func (it *funcScoreIter) compute(d int32) float32 {
	sub := it.inner.score()
	it.n.sub = sub
	factor := 1.0
	if len(it.n.funcs) > 0 {
		factor = it.n.factor(d, func(i int) bool {
			fl := it.filters[i]
			if fl == nil {
				return true
			}
			fd := fl.doc()
			if fd < d {
				fd = fl.advance(d)
			}
			return fd == d
		})
	}
	return combine(it.n.boostMode, float64(sub), factor, it.n.maxBoost)
}

func (f *funcScoreNode) factor(d int32, matches func(i int) bool) float64 {
	switch f.scoreMode {
	case "first":
		for i := range f.funcs {
			if matches(i) {
				return f.funcs[i].value(f.c, d)
			}
		}
		return 1
	case "multiply", "":
		factor := 1.0
		for i := range f.funcs {
			if matches(i) {
				factor *= f.funcs[i].value(f.c, d)
			}
		}
		return factor
	}
	var total, weightSum float64
	switch f.scoreMode {
	case "max":
		total = -math.MaxFloat64
	case "min":
		total = math.MaxFloat64
	}
	count := 0
	for i := range f.funcs {
		if !matches(i) {
			continue
		}
		v := f.funcs[i].value(f.c, d)
		count++
		switch f.scoreMode {
		case "avg":
			total += v
			weightSum += f.funcs[i].weight
		case "sum":
			total += v
		case "max":
			total = math.Max(total, v)
		case "min":
			total = math.Min(total, v)
		}
	}
	if count == 0 {
		return 1
	}
	if f.scoreMode == "avg" {
		total /= weightSum
	}
	return total
}

// value is one function's value for a document: the weight, or the field
// value factor (times the weight when one is given).
func (sf *scoreFunc) value(c *shardCtx, d int32) float64 {
	if sf.script != nil {
		v := sf.script.value(c, d)
		if sf.hasWeight {
			v *= sf.weight
		}
		return v
	}
	if sf.random != nil {
		v := sf.random.value(c, d)
		if sf.hasWeight {
			v *= sf.weight
		}
		return v
	}
	if sf.decay != nil {
		v := sf.decay.value(c, d)
		if sf.hasWeight {
			v *= sf.weight
		}
		return v
	}
	if sf.fvf == nil {
		return sf.weight
	}
	var v float64
	found := false
	switch sf.kind {
	case kindDouble:
		if vs := c.r.Doubles(sf.fvf.Field, d, nil); len(vs) > 0 {
			sort.Float64s(vs)
			v, found = vs[0], true
		}
	default:
		if vs := c.r.Longs(sf.fvf.Field, d, nil); len(vs) > 0 {
			sort.Slice(vs, func(i, j int) bool { return vs[i] < vs[j] })
			v, found = float64(vs[0]), true
		}
	}
	if !found {
		if sf.fvf.Missing == nil {
			// OpenSearch fails the shard while scoring this document.
			if c.runErr == nil {
				c.runErr = apierr.New(apierr.TypeInternal, "Missing value for field ["+sf.fvf.Field+"]")
			}
			return 1
		}
		v = *sf.fvf.Missing
	}
	r := modify(sf.fvf.Modifier, v*float64(sf.fvf.Factor))
	if sf.hasWeight {
		r *= sf.weight
	}
	return r
}

func modify(m string, v float64) float64 {
	switch m {
	case "log":
		return math.Log10(v)
	case "log1p":
		return math.Log10(v + 1)
	case "log2p":
		return math.Log10(v + 2)
	case "ln":
		return math.Log(v)
	case "ln1p":
		return math.Log1p(v)
	case "ln2p":
		return math.Log(v + 2)
	case "square":
		return v * v
	case "sqrt":
		return math.Sqrt(v)
	case "reciprocal":
		return 1 / v
	}
	return v
}

// combine is CombineFunction: the query score and the function factor
// (capped by max_boost), rounded to float32.
func combine(mode string, q, f, maxBoost float64) float32 {
	f = math.Min(f, maxBoost)
	switch mode {
	case "replace":
		return float32(f)
	case "sum":
		return float32(q + f)
	case "avg":
		return float32((q + f) / 2)
	case "max":
		return float32(math.Max(q, f))
	case "min":
		return float32(math.Min(q, f))
	}
	return float32(q * f)
}

func (f *funcScoreNode) explain(doc int32) similarity.Explanation {
	sub := f.inner.explain(doc)
	if !sub.Matched {
		return sub
	}
	if ex, ok := f.explainScripts(doc, sub); ok {
		return ex
	}
	it := f.iter()
	if it.advance(doc) != doc {
		return similarity.NoMatch("function score, score is below min_score", sub)
	}
	s := it.score()
	fi := it.(*funcScoreIter)
	factor := 1.0
	if len(f.funcs) > 0 {
		factor = f.factor(doc, func(i int) bool {
			fl := fi.filters[i]
			return fl == nil || fl.advance(doc) == doc || fl.doc() == doc
		})
	}
	fe := similarity.Match(float32(factor), "function score, score mode ["+f.scoreMode+"]")
	return similarity.Match(s, "function score, product of:", sub,
		similarity.Match(float32(math.Min(factor, f.maxBoost)), "min of:", fe, similarity.Match(float32(f.maxBoost), "maxBoost")))
}

// resolveLookups fetches the values of every terms lookup in a query before
// any shard is locked (a lookup reads a document, maybe on a searched shard).
func resolveLookups(svc *indices.Service, q dsl.Query, out map[*dsl.Terms][]xcontent.Value) *apierr.Error {
	var err *apierr.Error
	visit := func(q dsl.Query) {
		if err == nil && q != nil {
			err = resolveLookups(svc, q, out)
		}
	}
	switch x := q.(type) {
	case *dsl.Terms:
		if x.Lookup != nil {
			vals, lerr := lookupTerms(svc, x.Lookup)
			if lerr != nil {
				return lerr
			}
			out[x] = vals
		}
	case *dsl.GeoShape:
		// The fetched shape is kept in the query: resolving again (a
		// rescore, a scroll page) finds it set.
		if x.Shape == nil && x.IndexedID != "" {
			return indexedShape(svc, x)
		}
	case *dsl.Bool:
		for _, l := range [][]dsl.Query{x.Must, x.Should, x.Filter, x.MustNot} {
			for _, sub := range l {
				visit(sub)
			}
		}
	case *dsl.ConstantScore:
		visit(x.Filter)
	case *dsl.DisMax:
		for _, sub := range x.Queries {
			visit(sub)
		}
	case *dsl.FunctionScore:
		visit(x.Query)
		for _, fn := range x.Functions {
			visit(fn.Filter)
		}
	case *dsl.Nested:
		visit(x.Query)
	case *dsl.HasChild:
		visit(x.Query)
	case *dsl.HasParent:
		visit(x.Query)
	case *dsl.ScriptScore:
		visit(x.Query)
	}
	return err
}

// lookupTerms reads the values of a terms lookup: the field at path of
// another document (realtime GET; a missing document gives no terms).
func lookupTerms(svc *indices.Service, l *dsl.TermsLookup) ([]xcontent.Value, *apierr.Error) {
	if svc == nil {
		return nil, apierr.Unsupported("terms lookups here")
	}
	// The lookup is a GET: an alias of one index reads that index, with
	// the alias's index routing.
	name, routing, terr := svc.ReadTarget(l.Index)
	if terr != nil {
		return nil, terr
	}
	if routing == "" {
		routing = l.Routing
	}
	x, ok := svc.Get(name)
	if !ok {
		return nil, apierr.IndexNotFound(l.Index, apierr.ResourceIndexExpression)
	}
	d, found := x.ShardFor(l.ID, routing).Get(l.ID, true)
	if !found {
		return nil, nil
	}
	src, err := xcontent.Parse(d.Source)
	if err != nil {
		return nil, nil
	}
	var out []xcontent.Value
	var walk func(v *xcontent.Value, rest string)
	walk = func(v *xcontent.Value, rest string) {
		switch v.Kind {
		case xcontent.Array:
			for i := range v.Items {
				walk(&v.Items[i], rest)
			}
		case xcontent.Object:
			for i := range v.Members {
				m := &v.Members[i]
				if m.Key == rest {
					walk(&m.Value, "")
				} else if strings.HasPrefix(rest, m.Key+".") {
					walk(&m.Value, rest[len(m.Key)+1:])
				}
			}
		case xcontent.Null:
		default:
			if rest == "" {
				out = append(out, *v)
			}
		}
	}
	walk(src, l.Path)
	return out, nil
}
